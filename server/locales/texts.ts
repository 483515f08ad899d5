import type { Lang } from '../../contract/common.ts';
import { LANGS, toBcp47 } from '../../contract/lang.ts';
import ch from './ch.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import kz from './kz.json' with { type: 'json' };
import type { textParams } from './params.ts';
import ru from './ru.json' with { type: 'json' };

/**
 * Every text the server sends (refusals, e-mails, receipts, reports, the head's SEO texts, the
 * sandbox bank's page), one file per language like the web's catalogs, grouped by feature. ru.json
 * is the source: the spec's Russian texts verbatim. The syntax is the web's (i18next): `{{name}}`
 * for a value, and a text that depends on a number has one key per plural form of its language
 * (`key_one`, `key_few`, `key_many`, `key_other`), chosen by the `count` value; a language whose
 * text does not change with the number writes the plain key. texts.test.ts keeps the four files'
 * keys, forms and placeholders equal.
 */
type Catalog = typeof ru;
type Messages = Record<string, Record<string, string>>;
export const serverCatalogs: Record<Lang, Messages> = { ru, en, kz, ch };

export type TextNamespace = keyof Catalog;

export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type PluralForm = (typeof PLURAL_FORMS)[number];
type BaseKey<K> = K extends `${infer B}_${PluralForm}` ? B : K;
/** A text's name in its namespace: its key in ru.json without a plural suffix. */
export type TextKey<N extends TextNamespace> = BaseKey<keyof Catalog[N] & string>;

type Declared<N, K> = N extends keyof typeof textParams
  ? K extends keyof (typeof textParams)[N]
    ? (typeof textParams)[N][K]
    : readonly []
  : readonly [];
/** The values a text takes: `count` (which also picks the plural form) is a number. */
type ParamsOf<Names extends readonly string[]> = { [P in Names[number]]: P extends 'count' ? number : string | number };
/** No argument for a text without placeholders, else an object with every one of them. */
export type TextArgs<N extends TextNamespace, K extends string> =
  Declared<N, K> extends readonly [] ? [] : [params: ParamsOf<Declared<N, K>>];

// Intl.PluralRules is costly to make and answers the same for a language: one per language.
const pluralRules = new Map<Lang, Intl.PluralRules>();
function pluralForm(lang: Lang, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(toBcp47(lang));
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

function lookup(lang: Lang, ns: string, key: string, count: number | undefined): string | undefined {
  const table = serverCatalogs[lang][ns];
  if (!table) return undefined;
  return (count === undefined ? undefined : table[`${key}_${pluralForm(lang, count)}`]) ?? table[`${key}_other`] ?? table[key];
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** A text with its `{{name}}` placeholders replaced by the values given. */
export function interpolate(text: string, params: Readonly<Record<string, string | number>>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name];
    // The types make every placeholder's value required; a text that names another is a broken file.
    if (value === undefined) throw new Error(`server text needs the value {{${name}}}`);
    return String(value);
  });
}

/** A server text in the given language (ru.json's when the language lacks it). */
export function serverText<N extends TextNamespace, K extends TextKey<N>>(ns: N, key: K, lang: Lang, ...args: TextArgs<N, K>): string {
  const params = (args[0] ?? {}) as Record<string, string | number>;
  const count = typeof params.count === 'number' ? params.count : undefined;
  const text = lookup(lang, ns, key, count) ?? lookup('ru', ns, key, count) ?? key;
  return interpolate(text, params);
}

/** The text of a refusal in the language its answer is given in (BusinessError's `text`). */
export const textOf =
  <N extends TextNamespace, K extends TextKey<N>>(ns: N, key: K, ...args: TextArgs<N, K>) =>
  (lang: Lang): string =>
    serverText(ns, key, lang, ...args);

/** A text in each language, for a field the wire sends localized ({ ru, en, kz, ch }). */
export function textInAll<N extends TextNamespace, K extends TextKey<N>>(ns: N, key: K, ...args: TextArgs<N, K>): Record<Lang, string> {
  return Object.fromEntries(LANGS.map((lang) => [lang, serverText(ns, key, lang, ...args)])) as Record<Lang, string>;
}

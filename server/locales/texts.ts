import type { Lang } from '../../contract/common.ts';
import ch from './ch.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import kz from './kz.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };

/**
 * The server's own texts (the errorText of a refusal), one file per language like the web's
 * catalogs, grouped by feature. ru.json is the source: the spec's Russian texts verbatim. Loaded
 * once with the module; texts.test.ts keeps the four files' keys equal.
 */
type Catalog = typeof ru;
export const serverCatalogs: Record<Lang, Catalog> = { ru, en, kz, ch };

export type TextNamespace = keyof Catalog;

/** A server text in the visitor's language. */
export function serverText<N extends TextNamespace>(ns: N, key: keyof Catalog[N] & string, lang: Lang): string {
  return (serverCatalogs[lang][ns] as Record<string, string>)[key] ?? (serverCatalogs.ru[ns] as Record<string, string>)[key] ?? key;
}

/** The text of a refusal in the language its answer is given in (BusinessError's `text`). */
export const textOf =
  <N extends TextNamespace>(ns: N, key: keyof Catalog[N] & string) =>
  (lang: Lang): string =>
    serverText(ns, key, lang);

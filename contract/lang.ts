/**
 * Languages and localized texts without zod: the web shell and the first screens import these,
 * so the first load does not carry the schema library (contract/common.ts re-exports them).
 */

/** The four storefront languages; ru is the default, en the fallback. */
export const LANGS = ['ru', 'en', 'kz', 'ch'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ru';

/** A text in every storefront language, as the spec's localized fields are sent. */
export type Localized = { ru: string; en: string; kz: string; ch: string };

/**
 * The one map from a language to its locale. The storefront's language codes are the spec's
 * (kz, ch), which are not the BCP 47 tags of Kazakh and Chinese (kk, zh); Intl, `<html lang>` and
 * hreflang need the real tags. The region fixes how the back office writes dates and numbers
 * (en-GB: day before month).
 */
const LOCALES: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB', kz: 'kk-KZ', ch: 'zh-CN' };

/** The language's BCP 47 tag without a region (ru, en, kk, zh): `<html lang>`, hreflang, collation, the storefront's dates. */
export function toBcp47(lang: Lang): string {
  return LOCALES[lang].split('-')[0] ?? lang;
}

/** The language's Intl locale with its region (ru-RU, en-GB, kk-KZ, zh-CN); any unknown language is ru's. */
export function intlLocale(lang: unknown): string {
  return LOCALES[normalizeLang(lang)];
}

/** Any unknown or missing locale maps to ru. */
export function normalizeLang(value: unknown): Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value) ? (value as Lang) : DEFAULT_LANG;
}

/**
 * The language an address shows, for the app (web/lib/lang.ts) and for the `<html lang>` the
 * server writes into the page alike: its `lang` query (`null`/`undefined` when absent), else for
 * the older order path /{lang}/order/view/{hash} (integration mode links there) its first
 * segment, else ru.
 */
export function langOfAddress(pathname: string, queryLang: unknown): Lang {
  if (queryLang !== null && queryLang !== undefined) return normalizeLang(queryLang);
  return normalizeLang(/^\/(ru|en|kz|ch)\/order\/view\//.exec(pathname)?.[1]);
}

/**
 * A stored text in one language, in the spec's fallback order: the language asked for, else
 * English (the spec's fallback), else Russian (the default), else any language that has it.
 */
export function pickLocalized(text: Partial<Record<string, string>> | null | undefined, lang: Lang): string {
  if (!text) return '';
  return text[lang] || text.en || text.ru || Object.values(text).find(Boolean) || '';
}

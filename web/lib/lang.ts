import { DEFAULT_LANG, type Lang, langOfAddress, normalizeLang } from '../../contract/lang.ts';

/** The language of a URL's query string: `lang`, with unknown or missing values meaning ru. */
export function langFromSearch(search: string): Lang {
  return normalizeLang(new URLSearchParams(search).get('lang'));
}

/**
 * The page's language: the `lang` query, or for the older order path /{lang}/order/view/{hash}
 * (which integration mode links to) the language in its first segment.
 */
export function langFromLocation(pathname: string, search: string): Lang {
  return langOfAddress(pathname, new URLSearchParams(search).get('lang'));
}

/** The query string with `lang` set, or removed for ru (the spec omits the default). */
export function searchWithLang(search: string, lang: Lang): string {
  const params = new URLSearchParams(search);
  if (lang === DEFAULT_LANG) params.delete('lang');
  else params.set('lang', lang);
  const text = params.toString();
  return text ? `?${text}` : '';
}

import { DEFAULT_LANG, normalizeLang } from '../contract/lang.ts';

/** The query of a page address with its `lang` put right, or undefined when it is right already. */
export function tidyLangSearch(url: string): string | undefined {
  const params = queryOf(url);
  const values = params.getAll('lang');
  if (values.length === 0) return undefined;
  // The page reads the first lang, as the app does (web/lib/lang.ts). An explicit lang=ru stays:
  // the search-engine head reads a missing lang as the setup's language (server/seo).
  const lang = normalizeLang(values[0]);
  if (values.length === 1 && values[0] === lang) return undefined;
  params.delete('lang');
  if (lang !== DEFAULT_LANG) params.set('lang', lang);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function queryOf(url: string): URLSearchParams {
  const at = url.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
}

/** The language of an address: its first `lang`, read as the app reads it (web/lib/lang.ts); unknown means ru. */
export function requestLangFromUrl(url: string) {
  return normalizeLang(queryOf(url).get('lang'));
}

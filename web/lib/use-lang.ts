import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { type Lang, normalizeLang } from '../../contract/lang.ts';
import { searchWithLang } from './lang.ts';

/**
 * The language the page is shown in. The URL's `lang` query is the source of truth; this is
 * i18next's current language, which follows the URL once the catalogs have loaded, so the
 * logo, titles and texts switch together.
 */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return normalizeLang(i18n.language);
}

/** The current URL in another language (the spec: `lang` omitted for ru, other query kept). */
export function useLangHref(): (lang: Lang) => string {
  const [pathname] = useLocation();
  const search = useSearch();
  return (lang) => `${pathname}${searchWithLang(search, lang)}${window.location.hash}`;
}

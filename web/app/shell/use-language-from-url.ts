import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { normalizeLang, toBcp47 } from '../../../contract/lang.ts';
import { langFromLocation } from '../../lib/lang.ts';

/**
 * The URL's `lang` query is the one source of the language: any navigation
 * that changes it (the switcher, back/forward, a pasted link) switches i18next, which loads
 * the catalogs first; `<html lang>` follows once the texts have changed.
 */
export function useLanguageFromUrl() {
  const [pathname] = useLocation();
  const search = useSearch();
  const lang = langFromLocation(pathname, search);
  const { i18n } = useTranslation();

  useEffect(() => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  }, [i18n, lang]);

  useEffect(() => {
    const apply = (language: string) => {
      document.documentElement.lang = toBcp47(normalizeLang(language));
    };
    apply(i18n.language);
    i18n.on('languageChanged', apply);
    return () => i18n.off('languageChanged', apply);
  }, [i18n]);
}

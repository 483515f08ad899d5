import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../contract/lang.ts';
import type ruCommon from '../locales/ru/common.json';
import { useLang } from './use-lang.ts';
import { useSetup } from './use-setup.ts';

export type PageTitleKey = keyof typeof ruCommon.titles;

/**
 * Sets document.title to the setup title in the current language + ' — ' + the route's title key
 * (spec section 2); the server writes the same title into the page's head (server/seo).
 */
export function usePageTitle(key: PageTitleKey) {
  const { t } = useTranslation('common');
  const lang = useLang();
  const { data: setup } = useSetup();
  const siteTitle = setup ? pickLocalized(setup.app.title, lang) : '';
  const pageTitle = t(`titles.${key}`);
  useEffect(() => {
    document.title = siteTitle ? `${siteTitle} — ${pageTitle}` : pageTitle;
  }, [siteTitle, pageTitle]);
}

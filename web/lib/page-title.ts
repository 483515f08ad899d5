import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../contract/lang.ts';
import type ruCommon from '../locales/ru/common.json';
import { useLocation } from 'wouter';
import { pageOf } from './navigation.tsx';
import { setPageTitle } from './page-change-announcer.tsx';
import { useLang } from './use-lang.ts';
import { useSetup } from './use-setup.ts';

export type PageTitleKey = keyof typeof ruCommon.titles;

/**
 * Sets document.title to the setup title in the current language + ' — ' + the route's title key
 * in that language; the server writes the same title into the page's head (server/seo). It is set
 * again for each page a screen shows (/event/a, then /event/b), so each gets announced.
 */
export function usePageTitle(key: PageTitleKey) {
  const { t } = useTranslation('common');
  const lang = useLang();
  const { data: setup } = useSetup();
  const page = pageOf(useLocation()[0]);
  const siteTitle = setup ? pickLocalized(setup.app.title, lang) : '';
  const pageTitle = t(`titles.${key}`);
  useEffect(() => {
    const title = siteTitle ? `${siteTitle} — ${pageTitle}` : pageTitle;
    setPageTitle(title, page);
  }, [siteTitle, pageTitle, page]);
}

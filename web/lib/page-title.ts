import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../contract/lang.ts';
import type ruCommon from '../locales/ru/common.json';
import { useLocation } from 'wouter';
import { pageOf } from './navigation.tsx';
import { useLang } from './use-lang.ts';
import { useSetup } from './use-setup.ts';

export type PageTitleKey = keyof typeof ruCommon.titles;

type TitleListener = (title: string, page: string) => void;
const titleListeners = new Set<TitleListener>();

/**
 * Calls `listener` each time a screen sets the document's title, with the page (`pageOf` its
 * path) the title is for; the shell announces a new page's title with it. Returns the unsubscribe.
 */
export function onPageTitle(listener: TitleListener): () => void {
  titleListeners.add(listener);
  return () => titleListeners.delete(listener);
}

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
    document.title = title;
    for (const listener of [...titleListeners]) listener(title, page);
  }, [siteTitle, pageTitle, page]);
}

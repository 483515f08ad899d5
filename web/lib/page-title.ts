import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../contract/lang.ts';
import type ruCommon from '../locales/ru/common.json';
import { useLang } from './use-lang.ts';
import { useSetup } from './use-setup.ts';

export type PageTitleKey = keyof typeof ruCommon.titles;

/**
 * Sets document.title to the setup title in the current language + ' — ' + the route's title,
 * or + ' — ' + `title` when the page has a name of its own (a rules document's infname).
 */
export function usePageTitle(key: PageTitleKey, title?: string) {
  const { t } = useTranslation('common');
  const lang = useLang();
  const { data: setup } = useSetup();
  const siteTitle = setup ? pickLocalized(setup.app.title, lang) : '';
  const pageTitle = title || t(`titles.${key}`);
  useEffect(() => {
    document.title = siteTitle ? `${siteTitle} — ${pageTitle}` : pageTitle;
  }, [siteTitle, pageTitle]);
}

import type { ResourceKey } from 'i18next';
import { createStaffI18n } from '../lib/staff-i18n.ts';

// The check-in page's texts.
export const {
  storedLang,
  rememberLang,
  init: initCheckinI18n,
} = createStaffI18n({
  catalogs: import.meta.glob<{ default: ResourceKey }>('../locales/*/checkin.json'),
  catalogOf: (language, namespace) => `../locales/${language}/${namespace}.json`,
  storageKey: 'checkin-lang',
  namespaces: ['checkin'],
});

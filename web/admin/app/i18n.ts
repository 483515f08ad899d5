import type { ResourceKey } from 'i18next';
import { createStaffI18n } from '../../lib/staff-i18n.ts';

// The back office's texts. The menu's labels come from every feature's catalog, so those load
// with the shell.
export const {
  storedLang,
  rememberLang,
  init: initAdminI18n,
} = createStaffI18n({
  // The ticket template's texts too: the desk prints tickets through the storefront's TicketSheet;
  // and the named-ticket page's: the desk takes named tickets' holders with its labels and words.
  catalogs: import.meta.glob<{ default: ResourceKey }>([
    '../../locales/*/admin*.json',
    '../../locales/*/ticket.json',
    '../../locales/*/nominal.json',
  ]),
  catalogOf: (language, namespace) => `../../locales/${language}/${namespace}.json`,
  storageKey: 'admin-lang',
  namespaces: [
    'admin',
    'admin-desk',
    'admin-register',
    'admin-orders',
    'admin-reports',
    'admin-halls',
    'admin-catalog',
    'admin-offers',
    'admin-loyalty',
    'admin-setup',
    'admin-sessions',
    'admin-print',
    'admin-groups',
    'ticket',
    'nominal',
  ],
});

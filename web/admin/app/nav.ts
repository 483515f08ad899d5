import { type Permission, type StaffRole, can } from '../../../contract/admin/roles.ts';

/**
 * The back office's menu: one row per page, with the permission its calls need, in sections of
 * the work they serve. A role sees only the entries it may use (the same table decides the
 * server's answers), and only the sections left with an entry.
 */
export type NavEntry = {
  path: string;
  labelKey: string;
  permission: Permission | null;
  /** another app of the site (the door), not a page of the back office */ app?: true;
};
export type NavSection = { key: 'sales' | 'catalog' | 'venue' | 'staff'; entries: readonly NavEntry[] };

/** The home page, above the sections. */
export const HOME: NavEntry = { path: '/', labelKey: 'nav.home', permission: null };

export const NAV: readonly NavSection[] = [
  {
    key: 'sales',
    entries: [
      { path: '/desk', labelKey: 'admin-desk:nav', permission: 'desk.sell' },
      { path: '/handout', labelKey: 'admin-print:nav', permission: 'desk.sell' },
      { path: '/orders', labelKey: 'admin-orders:nav', permission: 'orders.read' },
      { path: '/groups', labelKey: 'admin-groups:nav', permission: 'groups.manage' },
      { path: '/reports', labelKey: 'admin-reports:nav', permission: 'reports.read' },
      { path: '/reports/visits', labelKey: 'admin-reports:visits.nav', permission: 'reports.read' },
      { path: '/registry', labelKey: 'nav.registry', permission: 'reports.read' },
      { path: '/closing-receipts', labelKey: 'nav.closingReceipts', permission: 'reports.read' },
      { path: '/loyalty', labelKey: 'admin-loyalty:nav', permission: 'loyalty.read' },
    ],
  },
  {
    key: 'catalog',
    entries: [
      { path: '/catalog', labelKey: 'admin-catalog:nav', permission: 'catalog.write' },
      { path: '/offers', labelKey: 'admin-offers:nav', permission: 'catalog.write' },
    ],
  },
  {
    key: 'venue',
    entries: [
      { path: '/halls', labelKey: 'admin-halls:nav', permission: 'catalog.write' },
      { path: '/setup', labelKey: 'admin-setup:nav', permission: 'setup.write' },
      { path: '/checkin-devices', labelKey: 'nav.checkinDevices', permission: 'checkin.devices' },
      { path: '/checkin', labelKey: 'nav.checkin', permission: 'checkin.scan', app: true },
    ],
  },
  {
    key: 'staff',
    entries: [
      { path: '/staff', labelKey: 'nav.staff', permission: 'staff.manage' },
      { path: '/audit', labelKey: 'nav.audit', permission: 'audit.read' },
      { path: '/personal-data', labelKey: 'nav.personalData', permission: 'personalData.manage' },
      { path: '/account', labelKey: 'nav.account', permission: null },
    ],
  },
];

/** The sections a role sees, each with the entries it may use; a section left empty is dropped. */
export function navFor(role: StaffRole): NavSection[] {
  return NAV.map((section) => ({
    ...section,
    entries: section.entries.filter((entry) => entry.permission === null || can(role, entry.permission)),
  })).filter((section) => section.entries.length > 0);
}

/** Every entry a role sees, in the menu's order: the home page, then the sections'. */
export function navLinksFor(role: StaffRole): NavEntry[] {
  return [HOME, ...navFor(role).flatMap((section) => section.entries)];
}

/**
 * The permission a page of the back office needs, taken from the menu: its entry's, or for a page
 * under an entry (/orders/:id, /halls/blocks) the entry's, so the routes and the menu cannot
 * disagree. undefined: the menu has no such page (another app's entry, such as the door, is no
 * page of the back office).
 */
export function pagePermission(path: string): Permission | null | undefined {
  const top = `/${path.split('/')[1] ?? ''}`;
  const entry = [HOME, ...NAV.flatMap((section) => section.entries)].find((e) => e.path === top && !e.app);
  return entry?.permission;
}

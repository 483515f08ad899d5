import { type Permission, type StaffRole, can } from '../../../contract/admin/roles.ts';

/**
 * The back office's menu: one row per page, with the permission its calls need. A role sees only
 * the entries it may use (the same table decides the server's answers).
 */
export type NavEntry = { path: string; labelKey: string; permission: Permission | null };

export const NAV: readonly NavEntry[] = [
  { path: '/', labelKey: 'nav.home', permission: null },
  { path: '/staff', labelKey: 'nav.staff', permission: 'staff.manage' },
  { path: '/orders', labelKey: 'admin-orders:nav', permission: 'orders.read' },
  { path: '/catalog', labelKey: 'admin-catalog:nav', permission: 'catalog.write' },
  { path: '/reports', labelKey: 'admin-reports:nav', permission: 'reports.read' },
  { path: '/halls', labelKey: 'admin-halls:nav', permission: 'catalog.write' },
  { path: '/offers', labelKey: 'admin-offers:nav', permission: 'catalog.write' },
  { path: '/loyalty', labelKey: 'admin-loyalty:nav', permission: 'loyalty.read' },
  { path: '/setup', labelKey: 'admin-setup:nav', permission: 'setup.write' },
  { path: '/audit', labelKey: 'nav.audit', permission: 'audit.read' },
  { path: '/account', labelKey: 'nav.account', permission: null },
  { path: '/registry', labelKey: 'nav.registry', permission: 'reports.read' },
  { path: '/closing-receipts', labelKey: 'nav.closingReceipts', permission: 'reports.read' },
  { path: '/checkin-devices', labelKey: 'nav.checkinDevices', permission: 'checkin.devices' },
];

export function navFor(role: StaffRole): NavEntry[] {
  return NAV.filter((entry) => entry.permission === null || can(role, entry.permission));
}

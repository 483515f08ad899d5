/**
 * Staff roles and what each may do in the back office and at the door. One table decides every
 * staff call (server/admin/staff/guard.ts) and every menu entry of the back office, so a role
 * never sees an entry it would be refused. Zod-free: the back office's first load imports it.
 */
export const STAFF_ROLES = ['owner', 'manager', 'support', 'controller', 'cashier'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * owner: everything, staff management included; manager: catalog and orders; support: orders
 * and refunds; controller: door check-in only; cashier: the box office (selling at the desk).
 * Reports are for those who run the sale (owner, manager); check-in is open to every role, since
 * anyone on duty may stand at the door.
 */
export const PERMISSIONS = {
  'staff.manage': ['owner'],
  'audit.read': ['owner'],
  'orders.read': ['owner', 'manager', 'support'],
  'orders.write': ['owner', 'manager', 'support'],
  'orders.refund': ['owner', 'manager', 'support'],
  'reports.read': ['owner', 'manager'],
  'catalog.write': ['owner', 'manager'],
  // The storefront's look, languages and the venue's contacts and requisites: the owner's decision.
  'setup.write': ['owner'],
  'checkin.scan': ['owner', 'manager', 'support', 'controller', 'cashier'],
  // Selling at the box office: the cashier's job; those who run the sale may stand in for one.
  'desk.sell': ['owner', 'manager', 'cashier'],
  // Keys of scanning devices act at the door without a person signed in: made by those who run the sale.
  'checkin.devices': ['owner', 'manager'],
  // Support answers a holder who asks about their bonuses; cards are made, blocked and corrected by those who run the sale.
  'loyalty.read': ['owner', 'manager', 'support'],
  'loyalty.write': ['owner', 'manager'],
  // Cancelling or moving a session refunds or changes every order of it: those who run the sale decide.
  'sessions.change': ['owner', 'manager'],
  // Exchanging an order's tickets moves money both ways and places between sessions: those who run the sale.
  'orders.exchange': ['owner', 'manager'],
  // A visitor's request about their personal data (find, export, erase) and the consent texts:
  // the owner, who answers for the venue as the data's operator.
  'personalData.manage': ['owner'],
  // School and company groups: reserving places, invoices and bank statements, by those who run the sale.
  'groups.manage': ['owner', 'manager'],
  // Who waits for a sold-out session, their e-mails, removing one, and how long an offer holds places: those who run the sale.
  'waitlist.manage': ['owner', 'manager'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether a member of staff with this role may do what the permission names. */
export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

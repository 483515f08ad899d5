/**
 * Every action the audit log records, named as the log stores it (`area.verb`). The server's
 * AuditEntry takes only these, and the back office shows each by its name from the locale
 * catalogs (`admin` namespace, `audit.actions`), so an action written without a name fails a test.
 * Zod-free: the audit page imports it.
 */
export const AUDIT_ACTIONS = [
  'staff.sign-in',
  'staff.sign-in-failed',
  'staff.sign-in-refused-locked',
  'staff.lock',
  'staff.sign-out',
  'staff.sign-out-everywhere',
  'staff.password-change',
  'staff.totp-setup-start',
  'staff.totp-enable',
  'staff.totp-disable',
  'staff.add',
  'staff.update',
  'staff.password-reset',
  'staff.totp-reset',
  'settings.update',
  'order.resend-tickets',
  'order.cancel',
  'order.refund',
  'order.note',
  'checkin-device.create',
  'checkin-device.revoke',
  'hall.create',
  'hall.update',
  'hall.seats-block',
  'hall.seats-unblock',
  'promo-code.create',
  'promo-code.update',
  'promo-code.delete',
  'promo-code.batch-create',
  'special-offer.create',
  'special-offer.update',
  'special-offer.delete',
  'loyalty-card.create',
  'loyalty-card.update',
  'loyalty-card.block',
  'loyalty-card.unblock',
  'loyalty-card.correct',
  'image.upload',
  'setup.update',
  'catalog.event.create',
  'catalog.event.update',
  'catalog.event.publish',
  'catalog.event.unpublish',
  'catalog.event.delete',
  'catalog.kinds.create',
  'catalog.kinds.update',
  'catalog.kinds.delete',
  'catalog.mainMenus.create',
  'catalog.mainMenus.update',
  'catalog.mainMenus.delete',
  'catalog.subMenus.create',
  'catalog.subMenus.update',
  'catalog.subMenus.delete',
  'catalog.venues.create',
  'catalog.venues.update',
  'catalog.venues.delete',
  'catalog.tags.create',
  'catalog.tags.update',
  'catalog.tags.delete',
  'catalog.checkboxes.create',
  'catalog.checkboxes.update',
  'catalog.checkboxes.delete',
  'catalog.rules.create',
  'catalog.rules.update',
  'catalog.rules.delete',
  'catalog.zones.create',
  'catalog.zones.update',
  'catalog.zones.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const KNOWN: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

/** Whether the log's action is one the back office has a name for (older or foreign ones show raw). */
export function isAuditAction(action: string): action is AuditAction {
  return KNOWN.has(action);
}

import type { FastifyInstance } from 'fastify';
import { can } from '../../contract/admin/roles.ts';
import type { StoredSetup } from '../../contract/setup.ts';
import { checkinRoutes } from '../checkin/checkin.routes.ts';
import { createCheckinService } from '../checkin/checkin.service.ts';
import type { Db } from '../db/client.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { ReturnsService } from '../returns/returns.service.ts';
import { insertAuditEntry } from './audit/audit.repository.ts';
import { hallsRoutes } from './halls/halls.routes.ts';
import { createHallsDesk } from './halls/halls.service.ts';
import { createSeatBlocks } from './halls/seat-blocks.service.ts';
import { ordersDeskRoutes } from './orders/orders-desk.routes.ts';
import { type AuditWriter, createOrdersDesk } from './orders/orders-desk.service.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { createReportsService } from './reports/reports.service.ts';
import { checkinDevicesRoutes } from './checkin/checkin-devices.routes.ts';
import { registryReportsRoutes } from './registry/registry-reports.routes.ts';
import { resolveStaffSession } from './staff/guard.ts';
import type { ScryptCost } from './staff/password.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { catalogRoutes } from './catalog/catalog.routes.ts';
import { createEntryEditor } from './catalog/entries.service.ts';
import { createEventEditor } from './catalog/events.service.ts';
import { offersRoutes } from './offers/offers.routes.ts';
import { createPromoCodesDesk } from './offers/promo-codes.service.ts';
import { createSpecialOffersDesk } from './offers/special-offers.service.ts';
import { createSubscriptionsDesk } from './offers/subscriptions.service.ts';
import { createAccount } from './staff/account.service.ts';
import { createStaffManagement } from './staff/staff-management.service.ts';
import { accountRoutes, staffManagementRoutes, staffSessionRoutes } from './staff/staff.routes.ts';
import { createStaffSessions } from './staff/staff.service.ts';

export type AdminDeps = {
  db: Db;
  now: () => number;
  timeZone: string;
  /** Tests hash with a cheaper cost; production uses STAFF_SCRYPT_COST. */
  scryptCost?: ScryptCost | undefined;
  payments: PaymentsService;
  returns: ReturnsService;
  setup: { get(): Promise<StoredSetup> };
  /** The storefront's public address, for the links of a resent tickets e-mail. */
  publicUrl: string;
  /** Whether the Pushkin-card registry is configured (its failing reports page says so). */
  registryConfigured?: boolean;
};

/**
 * The back office's API under /api/admin: every feature registered here explicitly, one line each,
 * inside one plugin whose onRequest hook reads the staff session, so only admin calls look it up.
 */
export async function adminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const sessions = createStaffSessions({ db: deps.db, now: deps.now, timeZone: deps.timeZone, ...(deps.scryptCost ? { scryptCost: deps.scryptCost } : {}) });
  const management = createStaffManagement({ db: deps.db, now: deps.now, scryptCost: deps.scryptCost });
  const account = createAccount({ db: deps.db, now: deps.now, scryptCost: deps.scryptCost });
  const checkin = createCheckinService({ db: deps.db, now: deps.now, timeZone: deps.timeZone });
  const audit: AuditWriter = (tx, entry) => insertAuditEntry(tx, { ...entry, at: new Date(deps.now()) });
  await app.register(async (admin) => {
    admin.addHook('onRequest', resolveStaffSession(sessions));
    staffSessionRoutes(admin, { sessions });
    accountRoutes(admin, { account });
    staffManagementRoutes(admin, { management });
    auditRoutes(admin, { db: deps.db, timeZone: deps.timeZone });
    ordersDeskRoutes(admin, { desk: createOrdersDesk({ ...deps, audit: (tx, entry) => insertAuditEntry(tx, { ...entry, at: new Date(deps.now()) }) }) });
    reportsRoutes(admin, { reports: createReportsService({ db: deps.db, timeZone: deps.timeZone }) });
    checkinDevicesRoutes(admin, { checkin });
    registryReportsRoutes(admin, { db: deps.db, configured: deps.registryConfigured ?? false });
    hallsRoutes(admin, { halls: createHallsDesk({ db: deps.db, now: deps.now, timeZone: deps.timeZone, audit }), blocks: createSeatBlocks({ db: deps.db, now: deps.now, audit }) });
    const catalogDeps = { db: deps.db, now: deps.now, timeZone: deps.timeZone, audit: insertAuditEntry };
    catalogRoutes(admin, { events: createEventEditor(catalogDeps), entries: createEntryEditor(catalogDeps) });
    offersRoutes(admin, { promo: createPromoCodesDesk(catalogDeps), offers: createSpecialOffersDesk(catalogDeps), subscriptions: createSubscriptionsDesk(catalogDeps) });
    // The door's calls (/api/checkin/*) sit here too: a controller's staff session admits as well as a device key.
    checkinRoutes(admin, {
      checkin,
      staffOf: async (request) => (request.staff ? { id: request.staff.id, name: request.staff.name, mayScan: can(request.staff.role, 'checkin.scan') } : undefined),
    });
  });
}

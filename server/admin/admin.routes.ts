import type { FastifyInstance } from 'fastify';
import type { StoredSetup } from '../../contract/setup.ts';
import type { Db } from '../db/client.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { ReturnsService } from '../returns/returns.service.ts';
import { insertAuditEntry } from './audit/audit.repository.ts';
import { ordersDeskRoutes } from './orders/orders-desk.routes.ts';
import { createOrdersDesk } from './orders/orders-desk.service.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { createReportsService } from './reports/reports.service.ts';
import { resolveStaffSession } from './staff/guard.ts';
import type { ScryptCost } from './staff/password.ts';
import { auditRoutes } from './audit/audit.routes.ts';
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
};

/**
 * The back office's API under /api/admin: every feature registered here explicitly, one line each,
 * inside one plugin whose onRequest hook reads the staff session, so only admin calls look it up.
 */
export async function adminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const sessions = createStaffSessions({ db: deps.db, now: deps.now, timeZone: deps.timeZone, ...(deps.scryptCost ? { scryptCost: deps.scryptCost } : {}) });
  const management = createStaffManagement({ db: deps.db, now: deps.now, scryptCost: deps.scryptCost });
  const account = createAccount({ db: deps.db, now: deps.now, scryptCost: deps.scryptCost });
  await app.register(async (admin) => {
    admin.addHook('onRequest', resolveStaffSession(sessions));
    staffSessionRoutes(admin, { sessions });
    accountRoutes(admin, { account });
    staffManagementRoutes(admin, { management });
    auditRoutes(admin, { db: deps.db, timeZone: deps.timeZone });
    ordersDeskRoutes(admin, { desk: createOrdersDesk({ ...deps, audit: (tx, entry) => insertAuditEntry(tx, { ...entry, at: new Date(deps.now()) }) }) });
    reportsRoutes(admin, { reports: createReportsService({ db: deps.db, timeZone: deps.timeZone }) });
  });
}

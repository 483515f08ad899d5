import { waitlistAdminRoutes } from './waitlist/waitlist-admin.routes.ts';
import { createWaitlistAdmin } from './waitlist/waitlist-admin.service.ts';
import type { FastifyInstance } from 'fastify';
import type { StoredSetup } from '../../contract/setup.ts';
import { checkinRoutes } from '../checkin/checkin.routes.ts';
import { createCheckinService } from '../checkin/checkin.service.ts';
import type { Db } from '../db/client.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { ReturnsService } from '../returns/returns.service.ts';
import { createAuditService } from './audit/audit.service.ts';
import { setupAdminRoutes } from './setup/setup-admin.routes.ts';
import { createSetupEditor } from './setup/setup-admin.service.ts';
import { imagesRoutes } from './images/images.routes.ts';
import { createImageUploads } from './images/images.service.ts';
import { hallsRoutes } from './halls/halls.routes.ts';
import { createHallsDesk } from './halls/halls.service.ts';
import { createSeatBlocks } from './halls/seat-blocks.service.ts';
import { boxOfficeRoutes } from './box-office/box-office.routes.ts';
import { createBoxOffice } from './box-office/box-office.service.ts';
import { deskRegisterRoutes } from './box-office/desk-register.routes.ts';
import { createDeskRegister } from './box-office/desk-register.service.ts';
import { createDeskReturns } from './box-office/desk-returns.service.ts';
import type { ReceiptSettings } from '../payments/receipt-model.ts';
import { deskTicketsRoutes } from './box-office/desk-tickets.routes.ts';
import { createDeskTickets } from './box-office/desk-tickets.service.ts';
import { ordersDeskRoutes } from './orders/orders-desk.routes.ts';
import { orderExchangeRoutes } from './order-exchange/order-exchange.routes.ts';
import { createOrderExchange } from './order-exchange/order-exchange.service.ts';
import { personalDataRoutes } from '../personal-data/personal-data.routes.ts';
import type { PersonalDataService } from '../personal-data/personal-data.service.ts';
import { createSessionCancellation, type SessionCancellation } from './session-changes/session-cancel.service.ts';
import { sessionChangesRoutes } from './session-changes/session-changes.routes.ts';
import { createSessionPostponement } from './session-changes/session-postpone.service.ts';
import { createOrdersDesk } from './orders/orders-desk.service.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { createVisitsReport } from '../concessions/visits-report.ts';
import { visitsRoutes } from '../concessions/visits.routes.ts';
import { createReportsService } from './reports/reports.service.ts';
import { checkinDevicesRoutes } from './checkin/checkin-devices.routes.ts';
import { registryReportsRoutes } from './registry/registry-reports.routes.ts';
import { closingReceiptsRoutes } from './receipts/closing-receipts.routes.ts';
import type { ClosingReceiptsService } from '../receipts/closing-receipts.service.ts';
import { createRegistryReportsService } from './registry/registry-reports.service.ts';
import { assertGated, resolveStaffSession } from './staff/guard.ts';
import { createReauth } from './staff/reauth.ts';
import type { ScryptCost } from './staff/password.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import type { TicketPdfs } from '../tickets/ticket-pdf.service.ts';
import type { TicketVenue } from '../tickets/ticket-document.ts';
import { catalogRoutes } from './catalog/catalog.routes.ts';
import { createEntryEditor } from './catalog/entries.service.ts';
import { createEventEditor } from './catalog/events.service.ts';
import { loyaltyCardsRoutes } from './loyalty/loyalty-cards.routes.ts';
import { createLoyaltyDesk } from './loyalty/loyalty-cards.service.ts';
import { offersRoutes } from './offers/offers.routes.ts';
import { createPromoCodesDesk } from './offers/promo-codes.service.ts';
import { createSpecialOffersDesk } from './offers/special-offers.service.ts';
import { createSubscriptionsDesk } from './offers/subscriptions.service.ts';
import { createAccount } from './staff/account.service.ts';
import { createStaffManagement } from './staff/staff-management.service.ts';
import { accountRoutes, staffManagementRoutes, staffSessionRoutes } from './staff/staff.routes.ts';
import { homeRoutes } from './home/home.routes.ts';
import { type ServerFacts, createHome } from './home/home.service.ts';
import { createStaffSessions } from './staff/staff.service.ts';
import { groupsRoutes } from '../groups/groups.routes.ts';
import { createGroups } from '../groups/groups.service.ts';

export type AdminDeps = {
  db: Db;
  /** A visitor's request about their personal data, and the consent texts. */
  personalData: PersonalDataService;
  /** The tickets PDF of an order (the desk's download). */
  ticketPdfs: TicketPdfs;
  /** What every ticket prints of the venue (the desk's printed tickets). */
  ticketVenue: () => Promise<TicketVenue>;
  now: () => number;
  timeZone: string;
  /** Sign-in attempts per client address per window (STAFF_SIGN_IN_LIMIT). */
  signInLimit?: number | undefined;
  /** Tests hash with a cheaper cost; production uses STAFF_SCRYPT_COST. */
  scryptCost?: ScryptCost | undefined;
  payments: PaymentsService;
  returns: ReturnsService;
  setup: { get(): Promise<StoredSetup>; invalidate(): void };
  /** SETUP_FILE: what it sets wins over the setup page's saves. */
  setupFile?: string | undefined;
  /** The storefront's public address, for the links of a resent tickets e-mail. */
  publicUrl: string;
  /** Whether the Pushkin-card registry is configured (its failing reports page says so). */
  registryConfigured?: boolean;
  /** Closing receipts of prepaid tickets; undefined with the sandbox alone (it makes no receipts). */
  closingReceipts?: ClosingReceiptsService | undefined;
  /** What the server's configuration says of the owner's first steps (a real acquirer, the public address and mail). */
  serverFacts?: ServerFacts;
  /** The least milliseconds between two refunds a session's cancellation sends to one acquirer (tests: 0). */
  cancelRefundSpacingMs?: number | undefined;
  /** The receipts' tax, payment mode and format, for the desk's register (the acquirers' settings). */
  deskReceipt: ReceiptSettings;
  /** Where the demo's register driver is served (DEMO), for a desk with no register of its own; null: none. */
  demoRegister?: string | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Cancelling sessions, for its job (server/start.ts) that settles the orders of each cancellation. */
    sessionCancellation: SessionCancellation;
  }
}

/**
 * The back office's API under /api/admin: every feature registered here explicitly, one line each,
 * inside one plugin whose onRequest hook reads the staff session, so only admin calls look it up.
 */
export async function adminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const sessions = createStaffSessions({
    db: deps.db,
    now: deps.now,
    signInLimit: deps.signInLimit,
    ...(deps.scryptCost ? { scryptCost: deps.scryptCost } : {}),
  });
  const reauth = createReauth({ db: deps.db, now: deps.now, signInLimit: deps.signInLimit });
  const management = createStaffManagement({ db: deps.db, now: deps.now, reauth, scryptCost: deps.scryptCost });
  const account = createAccount({ db: deps.db, now: deps.now, reauth, scryptCost: deps.scryptCost });
  const checkin = createCheckinService({ db: deps.db, now: deps.now, timeZone: deps.timeZone });
  const audit = createAuditService({
    db: deps.db,
    now: deps.now,
    timeZone: deps.timeZone,
    currency: async () => (await deps.setup.get()).app.currency,
  });
  const sessionCancellation = createSessionCancellation({
    db: deps.db,
    now: deps.now,
    payments: deps.payments,
    returns: deps.returns,
    setup: deps.setup,
    timeZone: deps.timeZone,
    audit: audit.record,
    log: app.log,
    ...(deps.cancelRefundSpacingMs === undefined ? {} : { refundSpacingMs: deps.cancelRefundSpacingMs }),
  });
  app.decorate('sessionCancellation', sessionCancellation);
  await app.register(async (admin) => {
    // Every call here states who may make it (a gate among its onRequest hooks), and the gate runs
    // before the body is read: a caller without a staff session reaches no parsing or validation.
    admin.addHook('onRoute', assertGated);
    admin.addHook('onRequest', resolveStaffSession(sessions));
    staffSessionRoutes(admin, {
      sessions,
      venue: async () => ({ timeZone: deps.timeZone, currency: (await deps.setup.get()).app.currency }),
    });
    accountRoutes(admin, { account });
    staffManagementRoutes(admin, { management });
    homeRoutes(admin, {
      home: createHome({
        db: deps.db,
        now: deps.now,
        timeZone: deps.timeZone,
        setup: () => deps.setup.get(),
        server: deps.serverFacts ?? { paymentProvider: false, addressAndMail: false },
      }),
    });
    auditRoutes(admin, { audit });
    ordersDeskRoutes(admin, { desk: createOrdersDesk({ ...deps, audit: audit.record }) });
    orderExchangeRoutes(admin, {
      exchange: createOrderExchange({
        db: deps.db,
        now: deps.now,
        payments: deps.payments,
        setup: deps.setup,
        timeZone: deps.timeZone,
        publicUrl: deps.publicUrl,
        audit: audit.record,
      }),
    });
    personalDataRoutes(admin, { personalData: deps.personalData });
    sessionChangesRoutes(admin, {
      cancellation: sessionCancellation,
      postponement: createSessionPostponement({
        db: deps.db,
        now: deps.now,
        timeZone: deps.timeZone,
        publicUrl: deps.publicUrl,
        audit: audit.record,
      }),
    });
    waitlistAdminRoutes(admin, { waitlist: createWaitlistAdmin({ db: deps.db, now: deps.now, audit: audit.record }) });
    const register = createDeskRegister({
      db: deps.db,
      now: deps.now,
      receipt: deps.deskReceipt,
      audit: audit.record,
      demoDriver: deps.demoRegister ?? null,
    });
    boxOfficeRoutes(admin, {
      boxOffice: createBoxOffice({
        db: deps.db,
        now: deps.now,
        timeZone: deps.timeZone,
        payments: deps.payments,
        setup: deps.setup,
        audit: audit.record,
        register,
      }),
    });
    groupsRoutes(admin, {
      groups: createGroups({
        db: deps.db,
        now: deps.now,
        timeZone: deps.timeZone,
        payments: deps.payments,
        audit: audit.record,
        register,
        tax: deps.deskReceipt.tax,
      }),
    });
    deskRegisterRoutes(admin, {
      register,
      returns: createDeskReturns({ db: deps.db, register, returns: deps.returns, audit: audit.record, now: deps.now }),
    });
    deskTicketsRoutes(admin, {
      deskTickets: createDeskTickets({ db: deps.db, now: deps.now, venue: deps.ticketVenue, audit: audit.record }),
      ticketPdfs: deps.ticketPdfs,
    });
    reportsRoutes(admin, { reports: createReportsService({ db: deps.db, timeZone: deps.timeZone }) });
    visitsRoutes(admin, { visits: createVisitsReport({ db: deps.db, timeZone: deps.timeZone }) });
    checkinDevicesRoutes(admin, { checkin, audit });
    closingReceiptsRoutes(admin, { closingReceipts: deps.closingReceipts });
    registryReportsRoutes(admin, {
      registryReports: createRegistryReportsService({ db: deps.db, configured: deps.registryConfigured ?? false }),
    });
    hallsRoutes(admin, {
      halls: createHallsDesk({ db: deps.db, now: deps.now, timeZone: deps.timeZone, audit: audit.record }),
      blocks: createSeatBlocks({ db: deps.db, now: deps.now, audit: audit.record }),
    });
    const catalogDeps = { db: deps.db, now: deps.now, timeZone: deps.timeZone, audit: audit.record };
    catalogRoutes(admin, {
      events: createEventEditor({ ...catalogDeps, currency: async () => (await deps.setup.get()).app.currency }),
      entries: createEntryEditor(catalogDeps),
    });
    offersRoutes(admin, {
      promo: createPromoCodesDesk(catalogDeps),
      offers: createSpecialOffersDesk(catalogDeps),
      subscriptions: createSubscriptionsDesk(catalogDeps),
    });
    loyaltyCardsRoutes(admin, { loyalty: createLoyaltyDesk(catalogDeps) });
    setupAdminRoutes(admin, {
      editor: createSetupEditor({
        db: deps.db,
        now: deps.now,
        timeZone: deps.timeZone,
        setupFile: deps.setupFile,
        onSaved: () => deps.setup.invalidate(),
        audit: audit.record,
      }),
    });
    const images = createImageUploads({ db: deps.db, now: deps.now, audit: audit.record });
    admin.addHook('onClose', async () => images.close());
    await admin.register(imagesRoutes, { images });
    // The door's calls (/api/checkin/*) sit here too, behind the same gate: a staff session with
    // checkin.scan (and codes set up where the venue requires them) or a device key.
    checkinRoutes(admin, { checkin, audit: audit.record });
  });
}

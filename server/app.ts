import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode } from '../contract/errors.ts';
import { apiDocs } from './api-docs.ts';
import { errorAnswers } from './error-answers.ts';
import { requestLangFromUrl } from './lang-address.ts';
import { csrfGuard } from './security/csrf-guard.ts';
import { registerSpa } from './spa-serving.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { GracefulShutdown } from './graceful-shutdown.ts';
import { businessError } from './http.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { createTicketPdfs } from './tickets/ticket-pdf.service.ts';
import { ticketsPdfRoutes } from './tickets/tickets-pdf.routes.ts';
import { createCalendarFiles } from './tickets/calendar.service.ts';
import { WALLET_WEB_SERVICE_PATH, keepsakesRoutes } from './tickets/keepsakes.routes.ts';
import { loadPassSigner } from './tickets/wallet/pkpass.ts';
import { readWalletPems } from './tickets/wallet/wallet-config.ts';
import { createWalletPasses } from './tickets/wallet/wallet.service.ts';
import type { ScryptCost } from './admin/staff/password.ts';
import { afishaRoutes } from './afisha/afisha.routes.ts';
import { createAfishaService } from './afisha/afisha.service.ts';
import { createCatalogVersion } from './catalog/catalog-version.ts';
import { allowedHostsGuard, allowedHostsOf } from './security/allowed-hosts.ts';
import { createHoldGuard } from './security/hold-limits.ts';
import { rateLimits } from './security/rate-limits.ts';
import { exchangePayRoutes } from './admin/order-exchange/exchange-pay.routes.ts';
import { createReturnProof } from './payments/return-proof.ts';
import { createCsrf } from './security/csrf.ts';
import { nulGuard } from './security/nul-guard.ts';
import { createOrderBatcher } from './orders/order-batcher.ts';
import { createAdmission } from './security/admission.ts';
import { ORDER_CREATING_ROUTES, admitThrough, refusingServerFactory } from './security/admission-hooks.ts';
import { createNominalService } from './nominal/nominal.service.ts';
import { nominalRoutes } from './nominal/nominal.routes.ts';
import { createSetupService } from './setup/setup.service.ts';
import { setupRoutes } from './setup/setup.routes.ts';
import { createHealthService } from './setup/health.service.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { createMediaService } from './media/media.service.ts';
import { frameAncestorsHook } from './embed/frame-ancestors.ts';
import { pageHeadersHook, requestIdOf } from './security/page-headers.ts';
import { fastifyTrustProxy } from './security/trust-proxy.ts';
import { createIndexRenderer, seoRoutes } from './seo/seo.routes.ts';
import { createSeoService } from './seo/seo.service.ts';
import { orderViewRoutes } from './order-view/order-view.routes.ts';
import { createOrderViewService } from './order-view/order-view.service.ts';
import { createOffersService } from './offers/offers.service.ts';
import { createDiscountsService } from './loyalty/discounts.service.ts';
import { acquirerOrigins, createPaymentsStack } from './payments/payments-stack.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { sandboxBankRoutes } from './payments/sandbox/sandbox-bank.routes.ts';
import { captchaRoutes } from './captcha/captcha.routes.ts';
import { createCaptchaService } from './captcha/captcha.service.ts';
import { type RecaptchaVerifier, createGoogleRecaptchaVerifier } from './captcha/recaptcha.ts';
import { createSmartCaptchaVerifier } from './captcha/smartcaptcha.ts';
import { createCrmService } from './crm/crm.service.ts';
import { eventRoutes } from './event/event.routes.ts';
import { createStockReader } from './event/event-stock.ts';
import { createEventCatalog, createEventPages } from './event/event.service.ts';
import { quantityOrderRoutes } from './quantity-order/quantity-order.routes.ts';
import { createQuantityOrderService } from './quantity-order/quantity-order.service.ts';
import { publicBaseUrl } from './payments/payments-stack.ts';
import { createReturnsService } from './returns/returns.service.ts';
import { returnsRoutes } from './returns/returns.routes.ts';
import { selfExchangeRoutes } from './self-exchange/self-exchange.routes.ts';
import { createSelfExchange } from './self-exchange/self-exchange.service.ts';
import { createOrderExchange } from './admin/order-exchange/order-exchange.service.ts';
import { createSeatingService } from './seating/seating.service.ts';
import { seatingRoutes } from './seating/seating.routes.ts';
import { createSchemeOrderService } from './seating/scheme-order.service.ts';
import { createFirstAnswer } from './spa-first-answer.ts';
import { loggerOptions } from './log-output.ts';
import { createPersonalDataService } from './personal-data/personal-data.service.ts';
import { auditWriter } from './admin/audit/audit.service.ts';
import { createWaitlistMatcher, type WaitlistMatcher } from './waitlist/waitlist-job.ts';
import { createWaitlistTokens } from './waitlist/waitlist-token.ts';
import { createWaitlistService } from './waitlist/waitlist.service.ts';
import { waitlistRoutes } from './waitlist/waitlist.routes.ts';
import { createQueueService } from './queue/queue.service.ts';
import { queueRoutes } from './queue/queue.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The waiting list's matching job (server/start.ts runs it; tests run it with the app's clock). */
    waitlistMatcher: WaitlistMatcher;
  }
}

export type AppDeps = {
  db: Db;
  secret: string;
  /** The clock every rule reads; tests move it. */
  now?: () => number;
  /** Where the built SPA lives; undefined serves no SPA (API tests). */
  webDist?: string | undefined;
  /** Verifies invisible reCAPTCHA tokens; Google's siteverify unless a test replaces it. */
  recaptcha?: RecaptchaVerifier;
  /** Draws the image-captcha text; tests replace it to know the answer. */
  captchaText?: () => string;
  /** Draws the audio-captcha digits (5 of 0–9); tests replace it to know the answer. */
  captchaDigits?: () => string;
  /** The graceful stop of server/start.ts; its hooks go on first, before every other hook. */
  shutdown?: Pick<GracefulShutdown, 'register'>;
  /** Log lines for a person instead of JSON: the production entry sets it when stdout is a terminal. */
  terminalLog?: boolean;
  /** Where the log's JSON lines go instead of stdout: tests read what the production log would hold. */
  logStream?: { write(line: string): void };
  /** The cost of staff password hashes; tests pass a cheaper one (server/admin/staff/password.ts). */
  staffScryptCost?: ScryptCost;
  /**
   * Makes a stand-in for a desk register's driver, one per register name, served at
   * /demo-register/{name}/ when DEMO is on (the entry point passes the ATOL fake, so the demo's
   * desk prints without a register; the screen says so).
   */
  /** Makes the demo's register for a desk, working in the receipts' FFD version (RECEIPT_FFD). */
  demoRegister?: (ffd: '1.05' | '1.2') => DemoRegister;
};

/** A register driver's HTTP service answered in process (the demo's). */
export type DemoRegister = { handle(method: string, path: string, body: string): { status: number; body: string } };

/** The path the demo's register driver is served under. */
export const DEMO_REGISTER_PATH = '/demo-register';

/**
 * The longest a client may take to send a whole request (headers and body). Node's default of
 * 300 s let a slow client (slow-loris: a header line every few seconds) hold a socket for five
 * minutes; a thousand of them hold the server. Bodies are 256 kB but for a hall's plan (up to
 * 16 MB, a few MB in practice: seconds on an office connection).
 */
export const REQUEST_TIMEOUT_MS = 30_000;
/**
 * A socket with no traffic at all for this long is closed. Above the longest answer can take
 * (an order call may wait ORDER_QUEUE_TIMEOUT_MS, at most 60 s, for admission, then work).
 */
export const CONNECTION_TIMEOUT_MS = 120_000;
/** An idle keep-alive connection stays open this long: above the 60 s idle timeout of common load balancers, so they close first. */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Builds the storefront server: every feature registered explicitly, in order. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  // The app's page, once registerSpa has read it: the answer to a page address Fastify cannot decode.
  const badUrlPage: { html?: string } = {};
  // The security headers' setters, once their hooks are registered: for that page too.
  const securityHeaders: { set?: (request: FastifyRequest, reply: FastifyReply) => void } = {};
  // Admission control: an on-sale rush beyond the server's capacity is told to come back (429)
  // instead of queueing without bound inside the connection pool (docs/orders.md).
  const admission = createAdmission({
    concurrency: config.orderConcurrency,
    queue: config.orderQueue,
    queueTimeoutMs: config.orderQueueTimeoutMs,
  });
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.terminalLog === true, deps.logStream),
    bodyLimit: 256 * 1024,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // TRUST_PROXY: whose X-Forwarded-* to believe (none by default); request.ip and protocol follow it.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Named after the proxy's X-Request-Id when it sent a sane one; echoed in every answer (page-headers.ts).
    genReqId: requestIdOf,
    serverFactory: refusingServerFactory(admission, ORDER_CREATING_ROUTES),
    // A path Fastify cannot decode (a malformed percent sequence such as /%ZZ): the answer of
    // any other malformed request, or the 404 page for a page address, never Fastify's own body.
    // This answer skips the onSend hooks, so it sets the security headers itself.
    frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      const lang = requestLangFromUrl(request.url);
      if (request.method === 'GET' && !request.url.startsWith('/api/') && badUrlPage.html) {
        reply.code(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
        securityHeaders.set?.(request, reply);
        return reply.send(badUrlPage.html);
      }
      reply.code(400).type('application/json; charset=utf-8');
      securityHeaders.set?.(request, reply);
      return reply.send(businessError(ErrorCode.validation, lang));
    },
  });
  deps.shutdown?.register(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const now = deps.now ?? Date.now;
  const csrf = createCsrf(deps.secret, now);
  // Held in memory on the embedded database, read per call on a PostgreSQL server.
  const catalogVersion = await createCatalogVersion(deps.db);
  const setup = createSetupService({
    db: deps.db,
    setupFile: config.setupFile,
    now,
    log: app.log,
    timeZone: config.timezone,
    version: () => catalogVersion.current(),
  });
  // One venue time zone for every date the server formats or compares, and the one /api/setup
  // gives the pages: TIMEZONE, else the setup's app.timezone (docs/afisha.md, 'Time zone').
  const timeZone = await setup.venueTimeZone();

  // What every request goes through, in the order its hooks must run (each in its own file).
  await apiDocs(app);
  // Before anything builds a link from the request's host.
  allowedHostsGuard(app, allowedHostsOf(config), requestLangFromUrl);
  csrfGuard(app, csrf);
  admitThrough(app, admission, ORDER_CREATING_ROUTES);
  nulGuard(app);
  errorAnswers(app);
  rateLimits(app, deps.db, config.rateLimits, now);
  // Before frameAncestorsHook: it appends frame-ancestors to the page policy set here.
  const setPageHeaders = pageHeadersHook(app, {
    webDist: deps.webDist,
    formActions: acquirerOrigins(config),
    recaptchaEnabled: () =>
      setup.get().then(
        (s) => s.recaptcha.enabled,
        () => false,
      ),
    smartcaptchaEnabled: () =>
      setup.get().then(
        (s) => s.smartcaptcha.enabled && !s.recaptcha.enabled,
        () => false,
      ),
  });
  const setFrameAncestors = frameAncestorsHook(app, config.embedOrigins);
  securityHeaders.set = (request, reply) => {
    setPageHeaders(request, reply);
    setFrameAncestors(reply);
  };
  const crm = createCrmService({ db: deps.db, secret: config.crmSecret, now });
  const holds = createHoldGuard({ db: deps.db, limits: config.holdLimits });
  const captcha = createCaptchaService({
    db: deps.db,
    secret: deps.secret,
    now,
    drawText: deps.captchaText,
    drawDigits: deps.captchaDigits,
  });
  const recaptcha = deps.recaptcha ?? createGoogleRecaptchaVerifier(config.recaptchaSecret, { log: (message) => app.log.warn(message) });
  const smartcaptcha = createSmartCaptchaVerifier(config.smartcaptchaSecret, {
    url: config.smartcaptchaValidateUrl,
    log: (message) => app.log.warn(message),
  });

  const personalData = createPersonalDataService({
    db: deps.db,
    now,
    audit: auditWriter(now),
    retentionDays: config.personalDataRetentionDays,
    recaptchaEnabled: async () => (await setup.get()).recaptcha.enabled,
  });
  app.decorate('personalData', personalData);
  setupRoutes(app, { setup, csrf, health: createHealthService({ db: deps.db }), crm, consentTexts: personalData });
  captchaRoutes(app, { captcha });
  // The events' catalog part, per catalog version: for the event pages and the quantity orders.
  const eventCatalog = createEventCatalog({ db: deps.db, catalogVersion: () => catalogVersion.current() });
  const pages = createEventPages({ db: deps.db, catalog: eventCatalog, stock: await createStockReader(deps.db) });
  eventRoutes(app, { pages, setup, crm, now });
  // Quantity orders that need no transaction of their own go through the batcher: alone when the
  // database is free, several in one statement while it is busy (server/orders/order-batcher.ts).
  const orders = createOrderBatcher(deps.db, { lanes: config.orderBatchLanes, maxBatch: config.orderBatch });
  quantityOrderRoutes(app, {
    quantityOrders: createQuantityOrderService({
      db: deps.db,
      setup,
      captcha,
      recaptcha,
      smartcaptcha,
      holds,
      now,
      orders,
      catalog: eventCatalog,
    }),
    crm,
  });
  const { payments, providers, bank, assignMethods, closingReceipts } = createPaymentsStack(app, config, {
    db: deps.db,
    secret: deps.secret,
    now,
    setup,
    timeZone,
  });
  await assignMethods();
  paymentsRoutes(app, {
    payments,
    providers,
    publicUrl: config.publicUrl,
    returnProof: createReturnProof(deps.secret),
    now,
    isIntegration: async () => (await setup.get()).is_integration === 1,
    currency: async () => (await setup.get()).app.currency,
  });
  exchangePayRoutes(app, {
    db: deps.db,
    now,
    payments,
    returnProof: createReturnProof(deps.secret),
    publicUrl: config.publicUrl,
    timeZone,
    venue: async () => {
      const s = await setup.get();
      return { currency: s.app.currency, integration: s.is_integration === 1 };
    },
  });
  await sandboxBankRoutes(app, { bank });
  // What every ticket prints of the venue: the e-ticket page, the desk's printed ticket and the PDF.
  const ticketVenue = async () => {
    const s = await setup.get();
    return { organizer: s.organizer, currency: s.app.currency, timeZone };
  };
  const ticketPdfs = createTicketPdfs({ db: deps.db, now, venue: ticketVenue });
  app.decorate('ticketPdfs', ticketPdfs);
  ticketsPdfRoutes(app, { ticketPdfs });
  const baseUrl = publicBaseUrl(config);
  const walletPasses = config.wallet
    ? createWalletPasses({
        db: deps.db,
        now,
        venue: ticketVenue,
        signer: loadPassSigner(readWalletPems(config.wallet)),
        // Wallet talks to a web service over https only.
        webServiceUrl: config.publicUrl?.startsWith('https://') ? `${baseUrl}${WALLET_WEB_SERVICE_PATH}` : undefined,
        secret: deps.secret,
      })
    : undefined;
  app.decorate('walletPasses', walletPasses);
  keepsakesRoutes(app, {
    db: deps.db,
    now,
    wallet: walletPasses,
    calendar: createCalendarFiles({
      db: deps.db,
      now,
      timeZone,
      baseUrl,
      isIntegration: async () => (await setup.get()).is_integration === 1,
    }),
  });
  orderViewRoutes(app, {
    orderView: createOrderViewService({ db: deps.db, payments, now, timeZone, ticketVenue }),
    offers: createOffersService({ db: deps.db }),
    discounts: createDiscountsService({ db: deps.db }),
    payments,
    now,
    crm,
    walletPasses: walletPasses !== undefined,
  });
  nominalRoutes(app, { nominal: createNominalService({ db: deps.db, now, timezone: timeZone, setup, captcha, recaptcha, smartcaptcha }) });
  selfExchangeRoutes(app, {
    selfExchange: createSelfExchange({
      db: deps.db,
      now,
      engine: createOrderExchange({
        db: deps.db,
        now,
        payments,
        setup,
        timeZone,
        publicUrl: publicBaseUrl(config),
        audit: auditWriter(now),
      }),
    }),
  });
  const returns = createReturnsService({ db: deps.db, now, setup, payments, baseUrl: publicBaseUrl(config), timeZone });
  returnsRoutes(app, {
    returns,
  });
  const afisha = createAfishaService({ db: deps.db, setup: () => setup.current(), now, catalogVersion: () => catalogVersion.current() });
  afishaRoutes(app, { afisha });
  seatingRoutes(app, {
    seating: createSeatingService({ db: deps.db, now, timezone: timeZone, catalogVersion: () => catalogVersion.current() }),
    schemeOrders: createSchemeOrderService({ db: deps.db, setup, captcha, recaptcha, smartcaptcha, holds, now, timezone: timeZone }),
  });
  // The waiting list of sold-out sessions: the visitor's calls, and the job that offers places
  // coming back to the first in line (docs/waiting-list.md).
  const waitlistTokens = createWaitlistTokens(deps.secret);
  const waitlistLinks = { tokens: waitlistTokens, baseUrl: publicBaseUrl(config), timeZone };
  waitlistRoutes(app, {
    waitlist: createWaitlistService({
      db: deps.db,
      setup,
      captcha,
      recaptcha,
      smartcaptcha,
      now,
      windowMs: config.rateLimits.windowMs,
      ...waitlistLinks,
    }),
  });
  // The waiting room's line behind nginx's admission limit (docs/operations.md, "The waiting room").
  if (config.queue) queueRoutes(app, { queue: createQueueService({ db: deps.db, secret: deps.secret, now, ...config.queue }) });
  app.decorate('waitlistMatcher', createWaitlistMatcher({ db: deps.db, now, setup, ...waitlistLinks }));
  const seo = createSeoService({ db: deps.db, setup, now, consentTexts: personalData });
  seoRoutes(app, { seo, publicUrl: config.publicUrl });
  mediaRoutes(app, { media: createMediaService({ db: deps.db }) });
  await adminRoutes(app, {
    db: deps.db,
    personalData,
    ticketPdfs,
    ticketVenue,
    now,
    timeZone,
    scryptCost: deps.staffScryptCost,
    signInLimit: config.staffSignInLimit,
    payments,
    returns,
    setup,
    setupFile: config.setupFile,
    publicUrl: publicBaseUrl(config),
    registryConfigured: config.registry !== undefined,
    closingReceipts,
    serverFacts: {
      paymentProvider:
        config.acquirers !== undefined &&
        [config.acquirers.card, config.acquirers.qr, config.acquirers.pushkin].some((choice) => choice !== 'sandbox'),
      addressAndMail: config.publicUrl !== undefined && config.smtpUrl !== undefined,
    },
    deskReceipt: { ...config.receipt, timeZone },
    demoRegister: config.demo && deps.demoRegister ? DEMO_REGISTER_PATH : null,
  });
  if (config.demo && deps.demoRegister) {
    const make = deps.demoRegister;
    serveDemoRegister(app, () => make(config.receipt.ffd));
  }

  badUrlPage.html = await registerSpa(
    app,
    deps.webDist,
    createIndexRenderer({ seo, publicUrl: config.publicUrl }),
    createFirstAnswer(afisha),
  );
  return app;
}

/** Demo registers one server keeps at most (the path is public: a name beyond them is not served). */
const DEMO_REGISTERS_MAX = 100;

/**
 * The demo's register drivers, one per desk register (each has its own shift), on the back
 * office's own origin (no CORS, no loopback service to install).
 */
function serveDemoRegister(app: FastifyInstance, make: () => DemoRegister) {
  const drivers = new Map<string, DemoRegister>();
  const driverOf = (name: string) => {
    let driver = drivers.get(name);
    if (!driver && drivers.size < DEMO_REGISTERS_MAX) {
      driver = make();
      drivers.set(name, driver);
    }
    return driver;
  };
  const answer = (reply: FastifyReply, out: { status: number; body: string }) =>
    reply.code(out.status).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(out.body);
  const missing = { status: 404, body: '' };
  app.post<{ Params: { register: string } }>(`${DEMO_REGISTER_PATH}/:register/api/v2/requests`, async (request, reply) =>
    answer(reply, driverOf(request.params.register)?.handle('POST', '/api/v2/requests', JSON.stringify(request.body ?? null)) ?? missing),
  );
  app.get<{ Params: { register: string; uuid: string } }>(`${DEMO_REGISTER_PATH}/:register/api/v2/requests/:uuid`, async (request, reply) =>
    answer(
      reply,
      driverOf(request.params.register)?.handle('GET', `/api/v2/requests/${encodeURIComponent(request.params.uuid)}`, '') ?? missing,
    ),
  );
}

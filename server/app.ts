import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { isKnownRoute } from '../contract/routes.ts';
import { ErrorCode } from '../contract/errors.ts';
import { DEFAULT_LANG, normalizeLang } from '../contract/lang.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { isDatabaseBusy, isRefusedValue } from './db/errors.ts';
import type { GracefulShutdown } from './graceful-shutdown.ts';
import { BusinessError, businessError, requestLang } from './http.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import type { ScryptCost } from './admin/staff/password.ts';
import { afishaRoutes } from './afisha/afisha.routes.ts';
import { createAfishaService } from './afisha/afisha.service.ts';
import { createCatalogVersion } from './catalog/catalog-version.ts';
import { allowedHostsGuard, allowedHostsOf } from './security/allowed-hosts.ts';
import { createHoldGuard } from './security/hold-limits.ts';
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
import { frameAncestorsHook } from './embed/frame-ancestors.ts';
import { pageHeadersHook, requestIdOf } from './security/page-headers.ts';
import { fastifyTrustProxy } from './security/trust-proxy.ts';
import { type IndexRenderer, createIndexRenderer, seoRoutes } from './seo/seo.routes.ts';
import { createSeoService } from './seo/seo.service.ts';
import { orderViewRoutes } from './order-view/order-view.routes.ts';
import { acquirerOrigins, createPaymentsStack } from './payments/payments-stack.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { sandboxBankRoutes } from './payments/sandbox/sandbox-bank.routes.ts';
import { captchaRoutes } from './captcha/captcha.routes.ts';
import { createCaptchaService } from './captcha/captcha.service.ts';
import { type RecaptchaVerifier, createGoogleRecaptchaVerifier } from './captcha/recaptcha.ts';
import { createCrmService } from './crm/crm.service.ts';
import { eventRoutes } from './event/event.routes.ts';
import { createStockReader } from './event/event-stock.ts';
import { createEventCatalog } from './event/event.service.ts';
import { quantityOrderRoutes } from './quantity-order/quantity-order.routes.ts';
import { publicBaseUrl } from './payments/payments-stack.ts';
import { createReturnsService } from './returns/returns.service.ts';
import { returnsRoutes } from './returns/returns.routes.ts';
import { createSeatingService } from './seating/seating.service.ts';
import { seatingRoutes } from './seating/seating.routes.ts';
import { createTextCompressor, pickEncoding } from './text-compression.ts';
import { createFirstAnswer, type FirstAnswer } from './spa-first-answer.ts';
import { type SpaHints, createSpaHints } from './spa-hints.ts';
import { loggerOptions } from './log-output.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

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
  /** The cost of staff password hashes; tests pass a cheaper one (server/admin/staff/password.ts). */
  staffScryptCost?: ScryptCost;
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The longest a client may take to send a whole request (headers and body). Node's default of
 * 300 s let a slow client (slow-loris: a header line every few seconds) hold a socket for five
 * minutes; a thousand of them hold the server. Our largest body is 256 kB, sent in well under that.
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
  const admission = createAdmission({ concurrency: config.orderConcurrency, queue: config.orderQueue, queueTimeoutMs: config.orderQueueTimeoutMs });
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.terminalLog === true),
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
  const setup = createSetupService(deps.db, config.setupFile, { now, log: app.log, timeZone: config.timezone });
  // One venue time zone for every date the server formats or compares, and the one /api/setup
  // gives the pages: TIMEZONE, else the setup's app.timezone (docs/afisha.md, 'Time zone').
  const timeZone = await setup.venueTimeZone();
  // Held in memory on the embedded database, read per call on a PostgreSQL server.
  const catalogVersion = await createCatalogVersion(deps.db);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Storefront API', version: '0.1.0', description: 'Calls of the ticket storefront.' },
      components: {
        securitySchemes: {
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-TOKEN' },
          staffSession: { type: 'apiKey', in: 'cookie', name: 'staff_session' },
          deviceKey: { type: 'http', scheme: 'bearer', description: 'A check-in device key (ckd_…), made in the back office and shown once.' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Before anything builds a link from the request's host.
  allowedHostsGuard(app, allowedHostsOf(config), requestLangFromUrl);

  // Every state-changing call carries the CSRF token of GET /api/token and X-Requested-With.
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method) || !isApiPath(routedPath(request))) return;
    const token = request.headers['x-csrf-token'];
    const requestedWith = request.headers['x-requested-with'];
    if (requestedWith !== 'XMLHttpRequest' || !csrf.verify(token)) {
      return reply.code(403).send(businessError(ErrorCode.invalidCsrf, requestLangFromUrl(request.url)));
    }
  });

  admitThrough(app, admission, ORDER_CREATING_ROUTES);
  nulGuard(app);

  app.setErrorHandler((error: FastifyError | BusinessError, request, reply) => {
    const lang = requestLang(request);
    if (error instanceof BusinessError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send(error.toBody(lang));
    }
    if (error.validation) {
      return reply.code(400).send({ ...businessError(ErrorCode.validation, lang), fields: fieldErrors(error.validation) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type, a body over the limit: the client's fault, said plainly.
      return reply.code(status).send(businessError(ErrorCode.validation, lang));
    }
    if (isRefusedValue(error)) {
      request.log.warn({ err: error }, 'a value the database refused');
      return reply.code(400).send(businessError(ErrorCode.validation, lang));
    }
    if (isDatabaseBusy(error)) {
      // The database is overloaded (too many connections, a deadlock, a lost connection): the
      // statement changed nothing, so the client may send the request again (server/db/errors.ts).
      // 429 like admission control's refusal: the same -1029 answer the page already handles, and
      // nothing a client can send ever gets a 5xx.
      request.log.warn({ err: error }, 'database busy');
      return reply.code(429).header('retry-after', '1').send(businessError(ErrorCode.tooManyRequests, lang));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(businessError(ErrorCode.inner, lang));
  });

  // Before frameAncestorsHook: it appends frame-ancestors to the page policy set here.
  const setPageHeaders = pageHeadersHook(app, { webDist: deps.webDist, formActions: acquirerOrigins(config) });
  const setFrameAncestors = frameAncestorsHook(app, config.embedOrigins);
  securityHeaders.set = (request, reply) => {
    setPageHeaders(request, reply);
    setFrameAncestors(reply);
  };
  const crm = createCrmService(deps.db, config.crmSecret, now);
  const holds = createHoldGuard(deps.db, config.holdLimits);
  const captcha = createCaptchaService(deps.db, deps.secret, now, deps.captchaText, deps.captchaDigits);
  const recaptcha =
    deps.recaptcha ?? createGoogleRecaptchaVerifier(config.recaptchaSecret, { log: (message) => app.log.warn(message) });

  setupRoutes(app, { setup, csrf, db: deps.db, crm });
  captchaRoutes(app, { captcha });
  // The events' catalog part, per catalog version: for the event pages and the quantity orders.
  const eventCatalog = createEventCatalog({ db: deps.db, catalogVersion: () => catalogVersion.current() });
  eventRoutes(app, { db: deps.db, setup, crm, now, catalog: eventCatalog, stock: await createStockReader(deps.db) });
  // Quantity orders that need no transaction of their own go through the batcher: alone when the
  // database is free, several in one statement while it is busy (server/orders/order-batcher.ts).
  const orders = createOrderBatcher(deps.db, { lanes: config.orderBatchLanes, maxBatch: config.orderBatch });
  quantityOrderRoutes(app, { db: deps.db, setup, crm, captcha, recaptcha, holds, now, orders, catalog: eventCatalog });
  const { payments, providers, bank, assignMethods } = createPaymentsStack(app, config, { db: deps.db, secret: deps.secret, now, setup, timeZone });
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
  await sandboxBankRoutes(app, { bank });
  orderViewRoutes(app, { db: deps.db, payments, now, timeZone, crm, organizer: async () => (await setup.get()).organizer });
  nominalRoutes(app, { nominal: createNominalService({ db: deps.db, now, timezone: timeZone, setup, captcha, recaptcha }) });
  const returns = createReturnsService({ db: deps.db, now, setup, payments, baseUrl: publicBaseUrl(config), timeZone });
  returnsRoutes(app, {
    returns,
  });
  const afisha = createAfishaService({ db: deps.db, setup: () => setup.get(), now, catalogVersion: () => catalogVersion.current() });
  afishaRoutes(app, { afisha });
  seatingRoutes(app, { seating: createSeatingService({ db: deps.db, now, timezone: timeZone, catalogVersion: () => catalogVersion.current() }), db: deps.db, setup, captcha, recaptcha, holds, now });
  const seo = createSeoService(deps.db, setup, now);
  seoRoutes(app, { seo, publicUrl: config.publicUrl });
  await adminRoutes(app, {
    db: deps.db,
    now,
    timeZone,
    scryptCost: deps.staffScryptCost,
    payments,
    returns,
    setup,
    publicUrl: publicBaseUrl(config),
    registryConfigured: config.registry !== undefined,
  });

  badUrlPage.html = await registerSpa(app, deps.webDist, createIndexRenderer({ seo, publicUrl: config.publicUrl }), createFirstAnswer(afisha));
  return app;
}

/**
 * The fields a refused body got wrong, once each. The contract's rules carry error codes
 * ('required-fio', 'hash') that the pages turn into texts; a check of zod's own (a wrong type, a
 * missing key) carries English prose instead, which is sent as 'invalid'.
 */
function fieldErrors(issues: NonNullable<FastifyError['validation']>) {
  const seen = new Set<string>();
  const fields: { path: string; code: string }[] = [];
  for (const issue of issues) {
    const path = (issue.instancePath || '').replace(/^\//, '').replaceAll('/', '.');
    const code = issue.message && /^[\w.-]+$/.test(issue.message) ? issue.message : 'invalid';
    if (seen.has(`${path} ${code}`)) continue;
    seen.add(`${path} ${code}`);
    fields.push({ path, code });
  }
  return fields;
}

/**
 * The path the router matched: the route's own path (`/api/ticket/:hash`), or for an address no
 * route matches, the decoded path. Never the raw address: the router decodes it, so
 * `/%61pi/order/create` reaches /api/order/create, and a check on the raw text would miss it.
 */
function routedPath(request: FastifyRequest): string {
  if (request.routeOptions.url !== undefined) return request.routeOptions.url;
  const pathname = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/');
}

/** The query of a page address with its `lang` put right, or undefined when it is right already. */
export function tidyLangSearch(url: string): string | undefined {
  const params = queryOf(url);
  const values = params.getAll('lang');
  if (values.length === 0) return undefined;
  // The page reads the first lang, as the app does (web/lib/lang.ts). An explicit lang=ru stays:
  // the search-engine head reads a missing lang as the setup's language (server/seo).
  const lang = normalizeLang(values[0]);
  if (values.length === 1 && values[0] === lang) return undefined;
  params.delete('lang');
  if (lang !== DEFAULT_LANG) params.set('lang', lang);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function queryOf(url: string): URLSearchParams {
  const at = url.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
}

/** The language of an address: its first `lang`, read as the app reads it (web/lib/lang.ts); unknown means ru. */
function requestLangFromUrl(url: string) {
  return normalizeLang(queryOf(url).get('lang'));
}

/**
 * Serves the built SPA: hashed assets with a long cache, and index.html for every route of
 * the app, with the page's head tags for crawlers and link previews (server/seo). A path no
 * route matches still gets the app (it renders the 404 page) but with 404.
 */
async function registerSpa(app: FastifyInstance, webDist: string | undefined, renderIndex: IndexRenderer, firstAnswer: FirstAnswer): Promise<string | undefined> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  // The back office's own page (a second Vite entry): no search-engine head, hints or first answer.
  const adminFile = webDist ? path.join(webDist, 'admin', 'index.html') : undefined;
  const adminHtml = adminFile && existsSync(adminFile) ? readFileSync(adminFile, 'utf8') : undefined;
  // The door check-in page (a third entry), installable on a controller's phone.
  const checkinFile = webDist ? path.join(webDist, 'checkin', 'index.html') : undefined;
  const checkinHtml = checkinFile && existsSync(checkinFile) ? readFileSync(checkinFile, 'utf8') : undefined;
  const rulesLegacy = /^\/(ru|en|kz|ch)\/(rules|rules-agreement)\/?$/;
  // The listing's answer comes inside its page (firstAnswer), so its hints do not preload it.
  const hints: SpaHints = webDist && indexHtml ? createSpaHints(webDist, { listingInHtml: true }) : () => '';
  const compress = createTextCompressor();
  if (webDist && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || request.method !== 'GET' || !indexHtml) {
      return reply.code(404).send(businessError(ErrorCode.notFound, requestLang(request)));
    }
    if (adminHtml && (pathname === '/admin' || pathname.startsWith('/admin/'))) {
      return reply.code(200).header('cache-control', 'no-cache').header('x-robots-tag', 'noindex, nofollow').type('text/html; charset=utf-8').send(adminHtml);
    }
    if (checkinHtml && (pathname === '/checkin' || pathname.startsWith('/checkin/'))) {
      return reply.code(200).header('cache-control', 'no-cache').header('x-robots-tag', 'noindex, nofollow').type('text/html; charset=utf-8').send(checkinHtml);
    }
    // The older rules addresses move for good: a 301 carries their search ranking over.
    const legacy = rulesLegacy.exec(pathname);
    if (legacy) {
      const slug = legacy[2] === 'rules' ? 'purchase-terms' : 'privacy-policy';
      return reply.redirect(`/rules/${slug}${legacy[1] === 'ru' ? '' : `?lang=${legacy[1]}`}`, 301);
    }
    // A lang the app does not know (the page shows it in ru) or given several times moves to the
    // address the app would give the page.
    const tidy = tidyLangSearch(request.url);
    if (tidy !== undefined) return reply.redirect(`${sameOriginPath(pathname)}${tidy}`, 301);
    const rendered = await renderIndex(request, indexHtml, pathname);
    const lang = requestLangFromUrl(request.url);
    const first = await firstAnswer(pathname, lang);
    const pageHints = [hints(pathname, lang), first.head].filter(Boolean).join('\n    ');
    const html = withFirstAnswer(withHints(rendered?.html ?? indexHtml, pageHints), first.body);
    reply
      .code(rendered?.status ?? (isKnownRoute(pathname) ? 200 : 404))
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    // The page's head carries its SEO text and JSON-LD (an event page: ~70 kB): compressed, it
    // arrives in a tenth of the time on a phone's network (server/text-compression.ts).
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding) return reply.header('content-encoding', encoding).send(await compress(html, encoding));
    return reply.send(html);
  });
  return indexHtml;
}

/**
 * A path as a redirect target that stays on this site. Browsers read a Location starting with `//`
 * (or `/\\`, a backslash counting as a slash, or either after a stripped tab or newline) as
 * another host, so a request for `//evil.example/?lang=xx` must not move to `//evil.example/`:
 * the leading run of slashes, backslashes and whitespace collapses to one slash.
 */
export function sameOriginPath(pathname: string): string {
  return `/${pathname.replace(/^[\s/\\]+/, '')}`;
}

// Function replacements below: the inserted text is data (catalog texts), and a replacement
// string would read its `$&`, `$'` or `` $` `` as patterns and copy parts of the page into it.

/** The page's first API answer (server/spa-first-answer.ts) goes last in <body>. */
function withFirstAnswer(html: string, answer: string): string {
  return answer ? html.replace('</body>', () => `  ${answer}\n  </body>`) : html;
}

/** The page's preload hints go last in <head>, after Vite's own entry script and preloads. */
function withHints(html: string, hints: string): string {
  return hints ? html.replace('</head>', () => `  ${hints}\n  </head>`) : html;
}

export const DEFAULT_WEB_DIST = path.join(ROOT, 'dist');

import { mkdir } from 'node:fs/promises';
import { type AppDeps, buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { REQUEST_LIMITS, openDb, openPostgres, statementsSent } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { createGracefulShutdown } from './graceful-shutdown.ts';
import { migrate } from './db/migrate.ts';
import { CLEANUP_INTERVAL_MS, cleanUpTables } from './jobs/cleanup.ts';
import { expireUnpaidOrders } from './jobs/expiry.ts';
import { JOBS_STOP_WAIT_MS, startJobs } from './jobs/jobs.ts';
import { walletJobs } from './tickets/wallet/wallet-jobs.ts';
import { lapseDueExchanges } from './admin/order-exchange/exchange-payment.ts';
import { reconcileStalePayments } from './jobs/reconcile-payments.ts';
import type { RegistryConfig } from './registry/registry-client.ts';
import { createRegistrySender, rrnReaderOf } from './registry/registry-job.ts';
import type { ClosingReceiptsService } from './receipts/closing-receipts.service.ts';
import { deliverDueMail } from './mail/mail-worker.ts';
import { yookassaRefundRrnReader } from './payments/yookassa/yookassa-refund-rrn.ts';
import { createMailTransport } from './mail/transport.ts';
import { loadSecret } from './security/secret.ts';
import { trustProxyWarning } from './security/trust-proxy.ts';
import { resolveSetup } from './setup/setup.service.ts';
import { RECAPTCHA_WARNING } from './personal-data/personal-data.service.ts';
import { DEFAULT_WEB_DIST } from './spa-serving.ts';

/**
 * What a test launcher may replace in a running server. Code only, never configuration: no
 * environment variable reaches these, so a production start (server/main.ts) cannot turn them on.
 */
export type ServerOverrides = Pick<AppDeps, 'captchaText' | 'captchaDigits' | 'demoRegister' | 'staffScryptCost'>;

/**
 * Fills a database that has no catalog yet (DEMO on); answers whether it did. The entry point
 * composes it in (main.ts passes the demo's loader), so server/ never imports demo/.
 */
export type EmptyDatabaseFiller = (db: Db, now: Date) => Promise<boolean>;

/**
 * Opens the database, migrates, fills an empty one (DEMO), checks the setup, starts the jobs and
 * listens; SIGINT and SIGTERM shut it down gracefully (server/graceful-shutdown.ts). server/main.ts
 * calls it with the environment's config; the image-captcha e2e server (e2e/captcha-server.ts)
 * also passes a fixed captcha text and fixed audio-captcha digits, and the browser tests' main
 * server (e2e/main-server.ts) the tests' password cost.
 */
export async function startServer(
  config: Config,
  fillEmpty: EmptyDatabaseFiller | undefined,
  overrides: ServerOverrides = {},
): Promise<void> {
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  // One process at a time on the embedded database's files (server/db/data-dir-lock.ts).
  const dataDirLock = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
  // Requests' statements run under time limits on a PostgreSQL server (REQUEST_LIMITS: a frozen
  // server answers 'busy' instead of holding requests forever)...
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    limits: REQUEST_LIMITS,
  });
  // ...but migrations and the demo catalog may take longer: a connection of their own, no limits.
  const maintenance = config.databaseUrl ? await openPostgres(config.databaseUrl, 1) : db;
  try {
    await migrate(maintenance);
    if (config.demo && fillEmpty && (await fillEmpty(maintenance, new Date())))
      console.log('Filled the empty database with the demo catalog.');
    // A broken setup stops the start here, naming the field, rather than failing visitors later.
    const resolved = await resolveSetup(maintenance, config.setupFile);
    // A service outside Russia sees the visitor's address and browser: said at every start.
    if (resolved.recaptcha.enabled) console.warn(RECAPTCHA_WARNING);
  } finally {
    if (maintenance !== db) await maintenance.close();
  }
  const proxyWarning = trustProxyWarning(config.trustProxy);
  if (proxyWarning) console.warn(proxyWarning);
  const secret = await loadSecret(db, config.secret);
  const shutdown = createGracefulShutdown();
  const app = await buildApp(config, {
    db,
    secret,
    webDist: DEFAULT_WEB_DIST,
    shutdown,
    terminalLog: process.stdout.isTTY === true,
    ...overrides,
  });

  // Background jobs: every one is safe on several instances (SKIP LOCKED claims), so each
  // instance with JOBS on runs them all.
  const mail = createMailTransport(config);
  const jobs = config.jobs
    ? startJobs(
        [
          { name: 'reservation-expiry', intervalMs: 10_000, run: () => expireUnpaidOrders(db, new Date()) },
          {
            name: 'mail-outbox',
            intervalMs: config.mailOutboxIntervalMs,
            run: () =>
              deliverDueMail(db, mail, {
                now: Date.now,
                from: config.mailFrom,
                log: app.log,
                attachmentsOf: (row) => (row.order_id ? app.ticketPdfs.mailAttachments(row.order_id) : Promise.resolve([])),
              }),
          },
          {
            name: 'refunds',
            intervalMs: 60_000,
            run: async () => [await app.payments.processRefunds(), await app.payments.checkSentRefunds()],
          },
          // Settles the orders of cancelled sessions: claimed with SKIP LOCKED and a lease, so any number of instances share it.
          { name: 'session-cancellations', intervalMs: 5_000, run: () => app.sessionCancellation.runDue() },
          // Exchanges whose higher price was not paid in time give their held places back.
          { name: 'exchange-lapses', intervalMs: 60_000, run: () => lapseDueExchanges({ db, now: Date.now, payments: app.payments }) },
          // Offers places that came back to the first in line of each sold-out session; SKIP LOCKED and a lock per session.
          { name: 'waitlist', intervalMs: config.waitlistIntervalMs, run: () => app.waitlistMatcher.run() },
          { name: 'payment-rrn', intervalMs: 60_000, run: () => app.payments.lookUpRrns() },
          { name: 'payment-reconciliation', intervalMs: 60_000, run: () => reconcileStalePayments(db, app.payments, Date.now) },
          // Nightly in effect: it anonymises what fell past the retention period since the last run,
          // and an hourly tick keeps that small whenever the instance started.
          { name: 'personal-data-retention', intervalMs: 3_600_000, run: () => app.personalData.runRetention() },
          {
            name: 'table-cleanup',
            intervalMs: CLEANUP_INTERVAL_MS,
            run: () =>
              cleanUpTables(db, new Date(), {
                rateLimitWindowMs: config.rateLimits.windowMs,
                burstWindowMs: config.holdLimits.burstWindowMs,
              }),
          },
          ...(app.closingReceipts
            ? [{ name: 'closing-receipts', intervalMs: 60_000, run: () => (app.closingReceipts as ClosingReceiptsService).run() }]
            : []),
          ...(config.wallet && app.walletPasses?.updatable ? walletJobs(db, app.walletPasses, config.wallet) : []),
          ...(config.registry
            ? [
                {
                  name: 'registry-reports',
                  intervalMs: 15_000,
                  run: () =>
                    createRegistrySender({
                      db,
                      config: config.registry as RegistryConfig,
                      now: Date.now,
                      readRrn: rrnReaderOf(app.paymentProviders),
                      readRefundRrn: yookassaRefundRrnReader(config.acquirers),
                    }).run(),
                },
              ]
            : []),
        ],
        app.log,
      )
    : undefined;

  // SIGTERM (a deploy, a scale-down) and SIGINT: requests under way finish, new ones are told to
  // try again (503 -1029), then jobs, mail, the app, the database and the DATA_DIR lock close.
  const stop = (signal: string) =>
    void shutdown
      .shutdown(signal, [
        { name: 'jobs', run: () => jobs?.stop(), limitMs: JOBS_STOP_WAIT_MS + 1_000 },
        { name: 'mail', run: () => mail.close() },
        { name: 'app', run: () => app.close() },
        // A database's close may end with a checkpoint: more room than the other steps.
        { name: 'database', run: () => db.close(), limitMs: 6_000 },
        { name: 'DATA_DIR lock', run: () => dataDirLock?.release() },
      ])
      .then(() => process.exit(0));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (config.dbStatementReport) process.on('SIGUSR2', () => process.stderr.write(`db-statements ${statementsSent()}\n`));

  // An on-sale rush opens a thousand connections within a second; Node's default accept queue of
  // 511 would drop the rest of the burst and leave those buyers waiting for TCP's 1-second SYN
  // retry. The kernel caps this at net.core.somaxconn.
  const address = await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  console.log(`Storefront is running at ${shown} (database: ${db.kind === 'pglite' ? config.dataDir : 'PostgreSQL server'})`);
}

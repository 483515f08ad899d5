import { mkdir } from 'node:fs/promises';
import { loadDemoIfEmpty } from '../demo/load.ts';
import { DEFAULT_WEB_DIST, buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { loadSecret } from './security/secret.ts';
import { resolveSetup } from './setup/setup.service.ts';
import { expireUnpaidOrders } from './jobs/expiry.ts';
import { startJobs } from './jobs/jobs.ts';
import { deliverDueMail } from './mail/mail-worker.ts';
import { createMailTransport } from './mail/transport.ts';

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  await migrate(db);
  if (config.demo && (await loadDemoIfEmpty(db, new Date()))) console.log('Filled the empty database with the demo catalog.');
  // A broken setup stops the start here, naming the field, rather than failing visitors later.
  await resolveSetup(db, config.setupFile);
  const secret = await loadSecret(db, config.secret);
  const app = await buildApp(config, { db, secret, webDist: DEFAULT_WEB_DIST });

  // Background jobs: every one is safe on several instances (SKIP LOCKED claims), so each
  // instance with JOBS on runs them all.
  const mail = createMailTransport(config);
  const jobs = config.jobs
    ? startJobs(
        [
          { name: 'reservation-expiry', intervalMs: 10_000, run: () => expireUnpaidOrders(db, new Date()) },
          { name: 'mail-outbox', intervalMs: 5_000, run: () => deliverDueMail(db, mail, { now: Date.now, from: config.mailFrom, log: app.log }) },
          { name: 'refunds', intervalMs: 60_000, run: () => app.payments.processRefunds() },
        ],
        app.log,
      )
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    await jobs?.stop();
    mail.close();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  console.log(`Storefront is running at ${shown} (database: ${db.kind === 'pglite' ? config.dataDir : 'PostgreSQL server'})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

/**
 * Starts the storefront server for the browser tests: main.ts, or the entry script given as the
 * first argument (e2e/main-server.ts, main.ts's start at the tests' password cost;
 * e2e/captcha-server.ts), on E2E_PORT (set by playwright.config.ts) with a fresh data folder,
 * removed when the server stops, so every run starts from the demo. Its e-mail goes by SMTP to a
 * mail catcher in this process, which the specs read at E2E_MAIL_PORT (default E2E_PORT + 1), see
 * e2e/mail-catcher.ts.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailCatcher } from './mail-catcher.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-e2e-'));
const port = process.env.E2E_PORT ?? '8181';
const mail = await startMailCatcher(Number(process.env.E2E_MAIL_PORT ?? Number(port) + 1));

const entry = path.resolve(root, process.argv[2] ?? 'main.ts');

// The data folder: a copy of the one e2e/start-servers.ts filled once for all its servers
// (E2E_DATA_TEMPLATE), or filled here (e2e/data-folder.ts).
const template = process.env.E2E_DATA_TEMPLATE;
// The filling's modules (the embedded database, the demo, the staff accounts: a CPU second to load)
// are loaded only where it is done here.
if (template) cpSync(template, dataDir, { recursive: true });
else await (await import('./data-folder.ts')).fillDataFolder(dataDir);

const server = spawn(process.execPath, [entry], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    // Links in e-mails must open the server the browser tests talk to.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: mail.smtpUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The widget test (e2e/embed-widget.spec.ts) serves a venue's site on port + 2, and
    // only that site may frame the storefront.
    EMBED_ORIGINS: process.env.EMBED_ORIGINS ?? `http://127.0.0.1:${Number(port) + 2}`,
    // Every spec's visitor comes from 127.0.0.1, in parallel: the per-client hold limits and the
    // adaptive captcha are off unless a spec's server turns them on (tested through the API).
    HOLD_LIMIT_ORDERS: process.env.HOLD_LIMIT_ORDERS ?? '0',
    HOLD_LIMIT_PLACES: process.env.HOLD_LIMIT_PLACES ?? '0',
    ORDER_BURST_CAPTCHA: process.env.ORDER_BURST_CAPTCHA ?? '0',
    // So are the per-client rate limits: the specs together fetch more captchas and press Pay
    // more often from that one address than a person would.
    CAPTCHA_RATE_LIMIT: process.env.CAPTCHA_RATE_LIMIT ?? '0',
    // Every spec signs its staff in from this one address.
    STAFF_SIGN_IN_LIMIT: process.env.STAFF_SIGN_IN_LIMIT ?? '10000',
    PAY_RATE_LIMIT: process.env.PAY_RATE_LIMIT ?? '0',
    // The specs wait for e-mails; the outbox sends them within half a second, not five.
    MAIL_OUTBOX_INTERVAL_MS: process.env.MAIL_OUTBOX_INTERVAL_MS ?? '500',
    RETURN_RATE_LIMIT: process.env.RETURN_RATE_LIMIT ?? '0',
  },
});

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  cleanUp();
  const exitCode = code ?? (signal ? 1 : 0);
  // A catcher with a connection left open must not keep this process (and the run) waiting.
  setTimeout(() => process.exit(exitCode), 5000).unref();
  void mail.close().finally(() => process.exit(exitCode));
});

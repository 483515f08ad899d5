/**
 * Starts the storefront server for the browser tests: server/main.ts on E2E_PORT (default 8181)
 * with a fresh data folder, removed when the server stops, so every run starts from the demo.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-e2e-'));

const server = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '8181',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The widget test (e2e/embed-widget.spec.ts) serves a venue's site on the next port, and
    // only that site may frame the storefront.
    EMBED_ORIGINS: process.env.EMBED_ORIGINS ?? `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + 1}`,
  },
});

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});

/**
 * Starts the browser tests' servers side by side (Playwright starts its webServer entries one after
 * another, and each spends most of its start opening, migrating and filling its embedded database):
 * one e2e/start-server.ts per entry of E2E_SERVERS (JSON, `[{ entry, port, env }]`, set by
 * playwright.config.ts), each on its own port with its own data folder. Prints READY_LINE once every
 * server answers /healthz, which Playwright waits for. If one exits, the others are stopped and this
 * exits non-zero; SIGTERM or SIGINT stops them all (each removes its data folder) before it exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillDataFolder } from './data-folder.ts';

const READY_LINE = 'e2e servers ready';

type ServerSpec = { entry: string; port: number; env?: Record<string, string> };

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const specs = JSON.parse(process.env.E2E_SERVERS ?? '[]') as ServerSpec[];
if (specs.length === 0) throw new Error('E2E_SERVERS names no server');

// Migrating a data folder and loading the demo into it costs an embedded database tens of seconds
// of CPU: with several servers, one folder is filled here and each server starts on a copy of it
// (e2e/start-server.ts). Removed once every server answers, or when this process stops.
const template = specs.length > 1 ? mkdtempSync(path.join(tmpdir(), 'storefront-e2e-template-')) : undefined;
const removeTemplate = () => {
  if (template) rmSync(template, { recursive: true, force: true });
};
if (template) await fillDataFolder(template);

let stopping = false;
const children: ChildProcess[] = specs.map((spec) => {
  const child = spawn(process.execPath, [path.join(root, 'e2e', 'start-server.ts'), spec.entry], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...spec.env, E2E_PORT: String(spec.port), ...(template ? { E2E_DATA_TEMPLATE: template } : {}) },
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`the e2e server ${spec.entry} on port ${spec.port} exited (${signal ?? code}) before the run ended`);
    void stopAll(1);
  });
  return child;
});

async function stopAll(code: number) {
  stopping = true;
  const exits = children
    .filter((c) => c.exitCode === null && c.signalCode === null)
    .map((c) => new Promise((resolve) => c.once('exit', resolve)));
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(exits);
  removeTemplate();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll(0));

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
}

const pending = new Set(specs.map((s) => s.port));
while (pending.size > 0 && !stopping) {
  for (const port of [...pending]) if (await healthy(port)) pending.delete(port);
  if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 200));
}
removeTemplate();
if (!stopping) console.log(`${READY_LINE}: ports ${specs.map((s) => s.port).join(', ')}`);

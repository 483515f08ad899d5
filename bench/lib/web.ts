import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './server.ts';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
let built = false;

/** Builds the web app into dist/ once per run (BENCH_SKIP_BUILD=1 keeps an existing build). */
export function ensureBuilt(log: (line: string) => void) {
  if (built) return;
  if (process.env.BENCH_SKIP_BUILD === '1' && existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    built = true;
    return;
  }
  log('building the web app (vite build)');
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('vite build failed');
  built = true;
}

export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `not available: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`;
}

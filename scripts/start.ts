// `npm start`: builds the web app when its sources are newer than the build, then starts the
// server in this process (so Ctrl-C reaches its graceful shutdown directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'index.html');
const sources = ['web', 'contract', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Building the web app...');
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../main.ts');

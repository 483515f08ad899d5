// `npm run dev`: the API server on PORT (default 8080) and Vite's dev server with hot reload on
// 5173, which proxies /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=contract', '--watch-path=demo', 'main.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(path.join(root, 'node_modules', '.bin', 'vite'), [], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

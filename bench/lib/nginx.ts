import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort } from './ports.ts';
import { ROOT } from './server.ts';

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export type RunningNginx = { url: string; stop(): void };

/** Whether Debian's nginx is installed (apt-get install nginx-light). */
export const nginxAvailable = () => existsSync(NGINX);

/**
 * Starts the shipped nginx config (deploy/nginx/) in front of `upstream` (host:port), on a free
 * loopback port, with the admission capacity set to `ratePerSecond`. Only upstream.conf, the listen
 * address, the pid file and the rates are replaced. `perAddressPerMinute` replaces the per-address
 * order limit: a load generator is one address, where a surge is thousands.
 */
export async function startNginx(options: {
  upstream: string;
  ratePerSecond: number;
  perAddressPerMinute?: number;
}): Promise<RunningNginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-nginx-'));
  chmodSync(prefix, 0o755);
  cpSync(path.join(ROOT, 'deploy', 'nginx'), prefix, { recursive: true });
  const port = await freePort();
  const edit = (file: string, from: RegExp, to: string) => {
    const full = path.join(prefix, file);
    const text = readFileSync(full, 'utf8');
    if (!from.test(text)) throw new Error(`deploy/nginx/${file} no longer has ${from}`);
    writeFileSync(full, text.replace(from, to));
  };
  writeFileSync(path.join(prefix, 'upstream.conf'), `upstream storefront {\n  server ${options.upstream};\n  keepalive 64;\n}\n`);
  edit('nginx.conf', /^pid .*;$/m, `pid ${path.join(prefix, 'nginx.pid')};`);
  edit('storefront.conf', /listen 80;/, `listen 127.0.0.1:${port} backlog=4096;`);
  edit('admission.conf', /zone=admission:1m rate=\d+r\/s;/, `zone=admission:1m rate=${Math.max(1, Math.round(options.ratePerSecond))}r/s;`);
  if (options.perAddressPerMinute)
    edit('admission.conf', /zone=buy_per_address:10m rate=\d+r\/m;/, `zone=buy_per_address:10m rate=${options.perAddressPerMinute}r/m;`);
  const started = spawnSync(NGINX, ['-p', `${prefix}/`, '-c', 'nginx.conf'], { stdio: 'ignore' });
  if (started.status !== 0) {
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`nginx did not start (exit ${started.status})`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      spawnSync(NGINX, ['-p', `${prefix}/`, '-c', 'nginx.conf', '-s', 'stop'], { stdio: 'ignore' });
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

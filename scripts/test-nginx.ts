// npm run test:nginx: the shipped nginx config (deploy/nginx/) checked and run with Debian's nginx
// in front of a small local server: `nginx -t` on it (with the TLS example included, on a
// throw-away certificate), then requests: a normal one passes with X-Forwarded-* set, hashed
// assets come from nginx with a year's cache, an oversized body is refused, past the admission
// capacity an event page gets the waiting page (503, Retry-After) and the order call 429 with
// Retry-After, and one address's payments past its limit get 429. Then the waiting room's pass:
// without the pass secret no pass is accepted; with it (written as compose writes it, nginx
// reloaded) a pass the app signs lets a visitor through the full admission limit, and a forged,
// tampered or expired pass is treated as none; the line's calls are limited per address. Last,
// the waiting page in Chromium in front of the real app: visitors see their place and are let
// in first come, first served (skipped, with a note, where Chromium is missing). Only
// upstream.conf, the listen address, the pid file and the admission rate are replaced (the rate
// set low on purpose), and the pass secret written.
//
// Exit codes: 0 passed, 1 failed, 77 skipped (nginx cannot be installed: 'SKIPPED' says why).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { queuePassSignature } from '../server/queue/queue.service.ts';
import { freePort } from '../tests/pg-cluster.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = 77;
const failures: string[] = [];
let passed = 0;

function check(name: string, ok: boolean, detail = '') {
  if (ok) passed++;
  else failures.push(`${name}${detail ? `: ${detail}` : ''}`);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${!ok && detail ? ` (${detail})` : ''}`);
}

function ensureNginx() {
  const has = () => spawnSync('sh', ['-c', 'command -v nginx || test -x /usr/sbin/nginx'], { stdio: 'ignore' }).status === 0;
  if (has()) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { env, stdio: 'ignore' }).status === 0;
  if (!install()) spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
  if (!has() && !install()) {
    console.log('SKIPPED: apt-get install nginx-light failed');
    process.exit(SKIP);
  }
}

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** The backend: answers what it was sent (path and the forwarded headers), counting requests. */
async function startBackend(port: number) {
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests++;
    let size = 0;
    request.on('data', (chunk: Buffer) => (size += chunk.length));
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          url: request.url,
          size,
          forwardedFor: request.headers['x-forwarded-for'],
          forwardedProto: request.headers['x-forwarded-proto'],
          forwardedHost: request.headers['x-forwarded-host'],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { requests: () => requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function main() {
  ensureNginx();
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'storefront-nginx-'));
  chmodSync(prefix, 0o755);
  const backendPort = await freePort();
  const nginxPort = await freePort();
  const backend = await startBackend(backendPort);
  const pid = path.join(prefix, 'nginx.pid');
  try {
    cpSync(path.join(ROOT, 'deploy', 'nginx'), prefix, { recursive: true });
    // A developer's own pass secret, if their checkout has one, is not the shipped config.
    rmSync(path.join(prefix, 'secrets', 'queue-pass.conf'), { force: true });
    writeFileSync(path.join(prefix, 'upstream.conf'), `upstream storefront {\n  server 127.0.0.1:${backendPort};\n  keepalive 8;\n}\n`);
    const edit = (file: string, from: RegExp, to: string) => {
      const full = path.join(prefix, file);
      const text = readFileSync(full, 'utf8');
      if (!from.test(text)) throw new Error(`${file} no longer has ${from}`);
      writeFileSync(full, text.replace(from, to));
    };
    edit('nginx.conf', /^pid .*;$/m, `pid ${pid};`);
    edit('storefront.conf', /listen 80;/, `listen 127.0.0.1:${nginxPort};`);
    // The capacity set low on purpose: one new buyer a minute beyond the burst.
    edit('admission.conf', /zone=admission:1m rate=\d+r\/s;/, 'zone=admission:1m rate=1r/m;');
    // The TLS example, on a throw-away certificate, is part of the config test.
    const tls = path.join(prefix, 'tls');
    mkdirSync(tls);
    const cert = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(tls, 'privkey.pem'),
        '-out',
        path.join(tls, 'fullchain.pem'),
      ],
      { stdio: 'ignore' },
    );
    if (cert.status === 0) {
      const tlsPort = await freePort();
      writeFileSync(
        path.join(prefix, 'tls.conf'),
        readFileSync(path.join(prefix, 'tls.conf.example'), 'utf8')
          .replace('listen 443 ssl http2;', `listen 127.0.0.1:${tlsPort} ssl http2;`)
          .replaceAll('/etc/nginx/tls/', `${tls}/`),
      );
      edit('nginx.conf', /include storefront\.conf;/, 'include storefront.conf;\n  include tls.conf;');
    }

    const test = spawnSync(NGINX, ['-t', '-p', `${prefix}/`, '-c', 'nginx.conf'], { encoding: 'utf8' });
    check('nginx -t accepts the shipped config', test.status === 0, test.stderr.trim());
    if (test.status !== 0) return;
    const start = spawnSync(NGINX, ['-p', `${prefix}/`, '-c', 'nginx.conf'], { stdio: 'ignore' });
    if (start.status !== 0) throw new Error(`nginx did not start (exit ${start.status})`);
    const base = `http://127.0.0.1:${nginxPort}`;
    await new Promise((r) => setTimeout(r, 200));

    // A normal request passes, with the forwarded headers the app's TRUST_PROXY reads.
    const normal = await fetch(`${base}/contacts`);
    const echoed = (await normal.json()) as { forwardedFor?: string; forwardedProto?: string; forwardedHost?: string };
    check('a normal request passes to the app', normal.status === 200);
    check(
      'X-Forwarded-For, -Proto and -Host are set',
      echoed.forwardedFor === '127.0.0.1' && echoed.forwardedProto === 'http' && echoed.forwardedHost === `127.0.0.1`,
      JSON.stringify(echoed),
    );

    // Hashed assets from nginx's files, cached for a year; a missing one goes to the app.
    mkdirSync(path.join(prefix, 'web', 'assets'), { recursive: true });
    writeFileSync(path.join(prefix, 'web', 'assets', 'index-abc123.js'), 'console.log(1);\n');
    chmodSync(path.join(prefix, 'web'), 0o755);
    chmodSync(path.join(prefix, 'web', 'assets'), 0o755);
    const before = backend.requests();
    const asset = await fetch(`${base}/assets/index-abc123.js`);
    check(
      'an asset comes from nginx',
      asset.status === 200 && (await asset.text()) === 'console.log(1);\n' && backend.requests() === before,
    );
    check(
      'an asset is cached for a year, immutable',
      asset.headers.get('cache-control') === 'public, max-age=31536000, immutable',
      String(asset.headers.get('cache-control')),
    );
    const missing = await fetch(`${base}/assets/not-built-here.js`);
    check('an asset nginx lacks is asked of the app', missing.status === 200 && backend.requests() === before + 1);

    // Request size.
    const big = await fetch(`${base}/api/admin/images`, { method: 'POST', body: Buffer.alloc(11 * 1024 * 1024) }).catch(() => undefined);
    check('a body over 10 MB is refused with 413', big?.status === 413, String(big?.status));

    // The waiting room: the burst (100) passes, then event pages get the waiting page from nginx.
    let lastPage: Response | undefined;
    let pagesPassed = 0;
    for (let i = 0; i < 105; i++) {
      lastPage = await fetch(`${base}/event/concert-${i}`);
      if (lastPage.status === 200) pagesPassed++;
      else break;
    }
    check('the admission burst passes to the app', pagesPassed === 101, `${pagesPassed} passed`);
    const body = lastPage ? await lastPage.text() : '';
    check(
      'past the capacity an event page gets the waiting page (503)',
      lastPage?.status === 503 && body.includes('location.reload()') && body.includes('/api/queue/status'),
      String(lastPage?.status),
    );
    check('the waiting page says Retry-After', lastPage?.headers.get('retry-after') === '5');
    const served = backend.requests();
    const orderPage = await fetch(`${base}/order/abc`);
    check('an order page waits too, without the app', orderPage.status === 503 && backend.requests() === served);
    const order = await fetch(`${base}/api/order/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const orderBody = (await order.json()) as { errorCode?: string };
    check(
      'past the capacity the order call gets 429 with Retry-After',
      order.status === 429 && order.headers.get('retry-after') === '5' && orderBody.errorCode === '-1029',
      `${order.status} ${JSON.stringify(orderBody)}`,
    );
    const other = await fetch(`${base}/api/afisha?lang=ru`);
    check('other calls still pass', other.status === 200);

    // Per address: payments past the limit (burst 10) get 429 with Retry-After.
    let payStatus = 0;
    let payPassed = 0;
    for (let i = 0; i < 15; i++) {
      const pay = await fetch(`${base}/api/order/pay`, { method: 'POST', body: '{}' });
      payStatus = pay.status;
      await pay.arrayBuffer();
      if (pay.status === 200) payPassed++;
      else {
        check('one address past its payment limit gets 429 with Retry-After', pay.status === 429 && pay.headers.get('retry-after') === '5');
        break;
      }
    }
    check('one address has a burst of payments', payPassed === 11, `${payPassed} passed, last ${payStatus}`);

    await checkQueuePass(base, prefix, backend);
    await checkWaitingPageInBrowser(base, prefix);
  } finally {
    spawnSync(NGINX, ['-p', `${prefix}/`, '-c', 'nginx.conf', '-s', 'stop'], { stdio: 'ignore' });
    await backend.close();
    rmSync(prefix, { recursive: true, force: true });
  }
}

/** A fetch that failed because the server closed the connection under it (undici's cause). */
function connectionReset(error: unknown) {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET';
}

/**
 * The waiting room's pass, past the admission capacity (the checks above used it up): the pass the
 * app signs (server/queue/queue.service.ts) as nginx checks it, with the shipped config and secret.
 */
async function checkQueuePass(base: string, prefix: string, backend: Awaited<ReturnType<typeof startBackend>>) {
  const secret = 'test-pass-secret-'.padEnd(64, '0');
  const inFuture = Math.floor(Date.now() / 1000) + 600;
  const passCookie = (signature: string, expires: number) => `queue_pass=${signature}; queue_pass_expires=${expires}`;
  const page = async (cookie: string, name = 'with-pass') => {
    const response = await fetch(`${base}/event/${name}`, { headers: { cookie } });
    await response.arrayBuffer();
    return response.status;
  };

  // The shipped config, no secret written: no pass is accepted, not even one signed with an empty secret.
  check(
    'without the pass secret, a pass signed with an empty one waits',
    (await page(passCookie(queuePassSignature(inFuture, ''), inFuture))) === 503,
  );
  check('without the pass secret, no pass is accepted', (await page(passCookie(queuePassSignature(inFuture, secret), inFuture))) === 503);

  // The secret written as compose writes it at start (deploy/nginx/secrets/queue-pass.conf.example).
  writeFileSync(path.join(prefix, 'secrets', 'queue-pass.conf'), `set $queue_pass_secret "${secret}";\n`);
  const reload = spawnSync(NGINX, ['-p', `${prefix}/`, '-c', 'nginx.conf', '-s', 'reload'], { encoding: 'utf8' });
  check('nginx reloads with the pass secret', reload.status === 0, reload.stderr.trim());
  const valid = passCookie(queuePassSignature(inFuture, secret), inFuture);
  let status = 0;
  // A reload replaces the workers within a moment; until then the old ones answer. An old worker
  // closes its idle keep-alive connection as it goes, and a request sent on it just then is reset
  // (ECONNRESET): that is the reload, not an answer, so it is asked again.
  for (let i = 0; i < 50 && status !== 200; i++) {
    status = await page(valid).catch((error: unknown) => {
      if (connectionReset(error)) return 0;
      throw error;
    });
    if (status !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  check('a pass the app signed lets its visitor in past the capacity', status === 200, String(status));

  const before = backend.requests();
  let passedWithPass = 0;
  for (let i = 0; i < 150; i++) if ((await page(valid, `concert-${i}`)) === 200) passedWithPass++;
  check(
    'a pass lets its visitor through more than the whole admission burst, each page from the app',
    passedWithPass === 150 && backend.requests() === before + 150,
    `${passedWithPass} of 150 passed`,
  );
  check('without the pass the same page still waits', (await page('')) === 503);

  const expired = Math.floor(Date.now() / 1000) - 5;
  const forged: [string, string][] = [
    ['signed with another secret', passCookie(queuePassSignature(inFuture, 'another-secret-'.padEnd(64, '1')), inFuture)],
    ['its expiry moved on under the same signature', passCookie(queuePassSignature(inFuture, secret), inFuture + 3600)],
    ['expired, though signed', passCookie(queuePassSignature(expired, secret), expired)],
    ['not a signature at all', passCookie('not-a-pass', inFuture)],
    ['the signature without its expiry', `queue_pass=${queuePassSignature(inFuture, secret)}`],
  ];
  for (const [name, cookie] of forged) check(`a pass ${name} is treated as none: the waiting page`, (await page(cookie)) === 503);

  // The line's calls reach the app past the capacity, limited per address (burst 20).
  let queuePassed = 0;
  let lastQueue: Response | undefined;
  for (let i = 0; i < 30; i++) {
    lastQueue = await fetch(`${base}/api/queue/status?ticket=1.2.3`);
    const answer = await lastQueue.text();
    if (lastQueue.status === 200) queuePassed++;
    else {
      check(
        "one address past the line's call limit gets 429 -1029 with Retry-After",
        lastQueue.status === 429 && lastQueue.headers.get('retry-after') === '5' && answer.includes('-1029'),
        `${lastQueue.status} ${answer}`,
      );
      break;
    }
  }
  check("the line's calls pass to the app past the capacity, with a burst per address", queuePassed === 21, `${queuePassed} passed`);
}

/**
 * The waiting page in Chromium, in front of the real app (node main.ts, embedded database, the
 * line at one ticket every 4 s): three visitors arriving one after another, each in a browser of
 * their own, see their place in line and are let in in the order they came. The admission
 * capacity is used up by the checks above, so every page starts at the waiting page.
 */
async function checkWaitingPageInBrowser(base: string, prefix: string) {
  const BROWSER = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
  if (spawnSync('test', ['-x', BROWSER]).status !== 0) {
    console.log(`note: the waiting page's browser check skipped (no Chromium at ${BROWSER})`);
    return;
  }
  const appPort = await freePort();
  const data = mkdtempSync(path.join(os.tmpdir(), 'storefront-nginx-app-'));
  // The embedded database, whatever this machine's environment says.
  const { DATABASE_URL: _unused, ...env } = process.env;
  const app = spawn(process.execPath, ['main.ts'], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: data,
      DEMO: '0',
      JOBS: '0',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      QUEUE_PASS_SECRET: 'test-pass-secret-'.padEnd(64, '0'),
      QUEUE_ADMIT_PER_SECOND: '0.25',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => app.once('exit', resolve));
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  try {
    browser = await chromium.launch({ executablePath: BROWSER, args: ['--no-sandbox'] });
    let healthy = false;
    for (let i = 0; i < 240 && !healthy; i++) {
      healthy = await fetch(`http://127.0.0.1:${appPort}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await new Promise((r) => setTimeout(r, 500));
    }
    if (!healthy) throw new Error('the app did not start for the browser check');
    writeFileSync(path.join(prefix, 'upstream.conf'), `upstream storefront {\n  server 127.0.0.1:${appPort};\n  keepalive 8;\n}\n`);
    spawnSync(NGINX, ['-p', `${prefix}/`, '-c', 'nginx.conf', '-s', 'reload'], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 1000));

    const visitors = [];
    for (let i = 0; i < 3; i++) {
      const page = await (await browser.newContext()).newPage();
      const first = await page.goto(`${base}/event/rush-${i}`);
      // Its ticket is taken (the place shown) before the next visitor arrives. The checks above
      // used up this address's burst of the line's calls: the page's first call may get 429, and
      // it asks again 10 s later, keeping its place.
      await page.locator('#place').filter({ hasText: 'Ahead of you' }).waitFor({ timeout: 30_000 });
      visitors.push({ page, status: first?.status(), place: (await page.locator('#place').textContent()) ?? '', admittedAt: 0 });
    }
    check(
      'each visitor first gets the waiting page',
      visitors.every((v) => v.status === 503),
      visitors.map((v) => v.status).join(' '),
    );
    check(
      'the waiting page shows each visitor their place in line, in its four languages',
      visitors.every(
        (v) =>
          /Перед вами в очереди: \d+/.test(v.place) &&
          /Ahead of you: \d+/.test(v.place) &&
          /Алдыңызда: \d+/.test(v.place) &&
          v.place.includes('分钟'),
      ),
      visitors.map((v) => v.place).join(' | '),
    );
    const live = await visitors[0]?.page.getByRole('status').textContent();
    check('a screen reader hears the place (a status live region)', Boolean(live?.includes('Ahead of you')), String(live));

    const started = Date.now();
    while (visitors.some((v) => !v.admittedAt) && Date.now() - started < 60_000) {
      for (const v of visitors) {
        if (v.admittedAt) continue;
        const waiting = await v.page.evaluate(() => document.getElementById('place') !== null).catch(() => true);
        if (!waiting) v.admittedAt = Date.now();
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const order = visitors.map((v) => v.admittedAt);
    check(
      'the visitors are let in first come, first served',
      order.every((at) => at > 0) && (order[0] ?? 0) < (order[1] ?? 0) && (order[1] ?? 0) < (order[2] ?? 0),
      order.map((at) => (at ? `${at - started} ms` : 'never')).join(', '),
    );
  } finally {
    await browser?.close();
    // An app that never started (a bad environment) has exited already: nothing to stop.
    if (app.exitCode === null && app.signalCode === null) app.kill('SIGTERM');
    await exited;
    rmSync(data, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  console.error(error);
}
console.log(`test:nginx: ${passed} checks passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);

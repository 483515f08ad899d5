// npm run test:image: the container image's smoke test (docs/operations.md, "Run with containers").
// Builds the repository's Containerfile with podman, runs it on a read-only root filesystem against
// a throw-away PostgreSQL on this machine, buys a ticket through its API (token, order, payment at
// the sandbox bank: paid), stops it with SIGTERM (a graceful stop exits 0), starts it again and
// finds the paid order. These machines cannot pull images, so the base is built from Debian's
// packages (mmdebstrap --variant=minbase bookworm, podman import) plus the Node 24 binary of the
// project's own `node` dependency and npm from the npm registry; a venue builds on the public Node
// image (the Containerfile's default BASE) instead.
//
// Exit codes: 0 passed, 1 failed, 77 skipped (podman cannot run here: the reason is printed on a
// line starting with 'SKIPPED'; .ci/run counts it as neither a pass nor a failure).
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createDemoOrder } from '../bench/lib/demo.ts';
import { type Client, createClient, json } from '../bench/lib/http.ts';
import { OrderStatus } from '../contract/order-status.ts';
import { createDatabase, freePort, startCluster } from '../tests/pg-cluster.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = 77;
/** podman as these machines run it: root, runc, no systemd cgroups; the defaults are refused here. */
const PODMAN = ['--runtime', 'runc', '--cgroup-manager=cgroupfs'];
const ULIMITS = ['--ulimit', 'nofile=4096:4096', '--ulimit', 'nproc=4096:4096'];
const MINBASE = 'localhost/storefront-minbase:bookworm';
const NODE_BASE = 'localhost/storefront-node-base:24';
const IMAGE = 'localhost/storefront:test';
/** The user the Containerfile runs as. */
const APP_UID = 10001;

const started = performance.now();
const log = (line: string) => console.log(`[test:image ${((performance.now() - started) / 1000).toFixed(0)}s] ${line}`);

function skip(reason: string): never {
  console.log(`SKIPPED: ${reason}`);
  process.exit(SKIP);
}

function run(cmd: string, args: string[], options: { quiet?: boolean; input?: string } = {}): string {
  const result = spawnSync(cmd, args, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    input: options.input,
    stdio: options.quiet ? ['pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'inherit'],
  });
  if (result.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} exited ${result.status ?? result.signal}: ${(result.stderr ?? '').slice(-2000)}`);
  return result.stdout;
}

const podman = (args: string[], options: { quiet?: boolean } = {}) => run('podman', [...PODMAN, ...args], options);
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/** podman, runc and mmdebstrap from Debian's packages when missing; skips when they cannot be had or podman cannot run. */
function ensureTools() {
  if (process.getuid?.() !== 0) skip('podman runs as root on these machines; this user is not root');
  const missing = ['podman', 'runc', 'mmdebstrap'].filter((c) => !has(c));
  if (missing.length) {
    log(`installing ${missing.join(', ')} from Debian's packages`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () =>
      spawnSync('apt-get', ['install', '-y', '-qq', 'podman', 'runc', 'mmdebstrap'], { env, stdio: 'ignore' }).status === 0;
    if (!install()) {
      spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
      if (!install()) skip('apt-get install podman runc mmdebstrap failed');
    }
  }
  const probe = spawnSync('podman', [...PODMAN, 'info', '--format', '{{.Store.GraphDriverName}}'], { encoding: 'utf8' });
  if (probe.status !== 0)
    skip(`podman ${PODMAN.join(' ')} info failed: ${(probe.stderr || probe.stdout).trim().split('\n').slice(-3).join(' ')}`);
}

/** The Debian base: minbase bookworm from Debian's packages, imported once and kept (it changes only with Debian's point releases). */
function ensureMinbase(work: string) {
  if (spawnSync('podman', [...PODMAN, 'image', 'exists', MINBASE]).status === 0) return;
  log('mmdebstrap --variant=minbase bookworm (once per machine)');
  const tar = path.join(work, 'minbase.tar');
  run('mmdebstrap', ['--variant=minbase', '--quiet', 'bookworm', tar], { quiet: true });
  podman(['import', '--change', 'CMD ["/bin/bash"]', tar, MINBASE], { quiet: true });
  rmSync(tar, { force: true });
}

/**
 * The stand-in for the public Node 24 image: the Debian base, the Node 24 binary the project's
 * `node` dependency installed, and npm from the npm registry (the version this machine runs),
 * laid out as the public image has them (/usr/local/bin).
 */
function buildNodeBase(work: string) {
  const context = path.join(work, 'node-base');
  mkdirSync(context, { recursive: true });
  const nodeBinary = path.join(ROOT, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(nodeBinary)) throw new Error(`${nodeBinary} is missing: run npm ci first`);
  const version = run(nodeBinary, ['--version'], { quiet: true }).trim();
  if (!version.startsWith('v24.')) throw new Error(`the project's node dependency is ${version}, not Node 24`);
  run('cp', [nodeBinary, path.join(context, 'node')]);
  const npmVersion = run('npm', ['--version'], { quiet: true }).trim();
  run('npm', ['pack', `npm@${npmVersion}`, '--pack-destination', context, '--silent'], { quiet: true });
  const packed = `npm-${npmVersion}.tgz`;
  mkdirSync(path.join(context, 'npm'));
  run('tar', ['-xzf', path.join(context, packed), '-C', path.join(context, 'npm'), '--strip-components=1']);
  // This machine's trust store (its network may pass through a proxy with a CA of its own): the
  // public Node image trusts the public CAs; the stand-in trusts what this machine trusts.
  const trust = '/etc/ssl/certs/ca-certificates.crt';
  if (existsSync(trust)) run('cp', [trust, path.join(context, 'ca-certificates.crt')]);
  else writeFileSync(path.join(context, 'ca-certificates.crt'), '');
  log(`node base: ${MINBASE} + Node ${version} + npm ${npmVersion}`);
  podman(
    [
      'build',
      '--network',
      'host',
      ...ULIMITS,
      '--build-arg',
      `MINBASE=${MINBASE}`,
      '-f',
      path.join(ROOT, 'deploy', 'image-test', 'node-base.Containerfile'),
      '-t',
      NODE_BASE,
      context,
    ],
    { quiet: true },
  );
}

async function waitHealthy(base: string, name: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < until) {
    const state = podman(['inspect', '--format', '{{.State.Status}}', name], { quiet: true }).trim();
    if (state !== 'running') throw new Error(`the container is ${state}:\n${podman(['logs', name], { quiet: true })}`);
    try {
      const answer = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3000) });
      last = `${answer.status} ${await answer.text()}`;
      if (answer.status === 200) return;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`GET /healthz did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`);
}

async function viewOrder(client: Client, hash: string): Promise<{ status: number; hash: string }> {
  const answer = await client.post('/api/order/view', { hash, lang: 'ru' });
  if (answer.status !== 200) throw new Error(`POST /api/order/view answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return json<{ status: number; hash: string }>(answer);
}

/** Pays the order at the sandbox bank as a buyer does: the payment call, then the bank page's 'pay'. */
async function payOrder(client: Client, hash: string): Promise<void> {
  const paid = await client.post('/api/order/pay', { hash, lang: 'ru', bank_data: { id: 1 } });
  if (paid.status !== 200) throw new Error(`POST /api/order/pay answered ${paid.status}: ${paid.text.slice(0, 300)}`);
  const body = json<{ form_bank?: { MdOrder?: string }; bankUrl?: string }>(paid);
  const id = body.form_bank?.MdOrder ?? /\/sandbox\/pay\/([\w-]+)/.exec(body.bankUrl ?? '')?.[1];
  if (!id) throw new Error(`POST /api/order/pay named no sandbox payment: ${paid.text.slice(0, 300)}`);
  const done = await client.post(`/sandbox/pay/${id}/complete`, { choice: 'pay' });
  if (done.status !== 303) throw new Error(`the sandbox bank's pay answered ${done.status}: ${done.text.slice(0, 300)}`);
}

async function main() {
  ensureTools();
  const work = mkdtempSync(path.join(os.tmpdir(), 'storefront-image-'));
  const name = `storefront-image-test-${process.pid}`;
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
  try {
    // The stand-in base is this machine's to make (Debian's mirror, the npm registry): when it
    // cannot be made here, the image cannot be tested here, which is a skip, not the product's failure.
    try {
      ensureMinbase(work);
      buildNodeBase(work);
    } catch (error) {
      skip(
        `the test's base image could not be made on this machine: ${error instanceof Error ? error.message.split('\n').slice(-3).join(' ') : String(error)}`,
      );
    }
    log('podman build (Containerfile, BASE = the node base)');
    // npm's cache of this machine, lent to the build's RUN steps, so a build downloads only what it lacks.
    const npmCache = path.join(os.homedir(), '.npm', '_cacache');
    mkdirSync(npmCache, { recursive: true });
    podman(
      [
        'build',
        '--network',
        'host',
        ...ULIMITS,
        '--volume',
        `${npmCache}:/root/.npm/_cacache`,
        '--build-arg',
        `BASE=${NODE_BASE}`,
        '-f',
        'Containerfile',
        '-t',
        IMAGE,
        '.',
      ],
      { quiet: true },
    );
    const size = Number(podman(['image', 'inspect', '--format', '{{.Size}}', IMAGE], { quiet: true }).trim());
    log(`image built: ${(size / 1024 / 1024).toFixed(0)} MiB`);

    cluster = await startCluster({ durable: true });
    const database = await createDatabase(cluster.url, 'image');
    const data = path.join(work, 'data');
    mkdirSync(data);
    chownSync(data, APP_UID, APP_UID);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    podman(
      [
        'run',
        '-d',
        '--name',
        name,
        '--network',
        'host',
        ...ULIMITS,
        '--read-only',
        '--tmpfs',
        '/tmp:rw,size=64m,mode=1777',
        '-v',
        `${data}:/data`,
        '-e',
        `DATABASE_URL=${database.url}`,
        '-e',
        `PORT=${port}`,
        '-e',
        'HOST=127.0.0.1',
        '-e',
        'LOG_LEVEL=warn',
        IMAGE,
      ],
      { quiet: true },
    );
    await waitHealthy(base, name);
    log('started on the read-only root: /healthz answers 200');
    const uid = podman(['exec', name, 'id', '-u'], { quiet: true }).trim();
    if (uid !== String(APP_UID)) throw new Error(`the server runs as uid ${uid}, not ${APP_UID}`);
    const write = spawnSync('podman', [...PODMAN, 'exec', name, 'touch', '/app/written'], { encoding: 'utf8' });
    if (write.status === 0) throw new Error('the root filesystem is writable');

    const client = createClient(base);
    const hash = await createDemoOrder(client, 1);
    await payOrder(client, hash);
    const before = await viewOrder(client, hash);
    if (before.status !== OrderStatus.paid) throw new Error(`the order is ${before.status} after the payment, not paid`);
    log(`order ${hash} bought and paid through the container`);
    client.close();

    podman(['stop', '--time', '30', name], { quiet: true });
    const exit = podman(['inspect', '--format', '{{.State.ExitCode}}', name], { quiet: true }).trim();
    if (exit !== '0')
      throw new Error(`SIGTERM: the server exited ${exit}, not 0:\n${podman(['logs', '--tail', '30', name], { quiet: true })}`);
    log('stopped by SIGTERM, exit 0');
    podman(['start', name], { quiet: true });
    await waitHealthy(base, name);
    const again = createClient(base);
    const after = await viewOrder(again, hash);
    again.close();
    if (after.status !== OrderStatus.paid || after.hash !== hash)
      throw new Error(`after the restart the order is ${JSON.stringify(after).slice(0, 200)}`);
    log('restarted: the paid order is found');
    await database.drop().catch(() => undefined);
  } finally {
    spawnSync('podman', [...PODMAN, 'rm', '-f', '-t', '5', name], { stdio: 'ignore' });
    // The build stage's image and the replaced images (untagged) would pile up run after run.
    spawnSync('podman', [...PODMAN, 'image', 'prune', '-f'], { stdio: 'ignore' });
    cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  await main();
  console.log('test:image passed');
} catch (error) {
  console.error(`test:image FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

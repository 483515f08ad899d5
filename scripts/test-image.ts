// npm run test:image: the container image and compose.yaml, end to end (docs/operations.md, "Run
// with containers"). Builds the repository's Containerfile with podman, checks that the image's
// Node is not held at exit by name lookups nobody answers, then brings up compose.yaml
// itself with podman-compose (PostgreSQL, two app instances, nginx with deploy/nginx/, the web
// assets' copier, the backup job; generated secrets) and checks it: every service healthy, the apps
// as uid 10001 on a read-only root, a ticket bought and paid through nginx (token, order, payment
// at the sandbox bank), a hashed asset served by nginx from its volume, each app instance answering
// alone behind nginx while the other is stopped by SIGTERM (exit 0), the backup job's dump, then
// `down` and `up` again: the paid order and the dump are still there (the volumes persist).
// Everything the project made (containers, volumes, network) is removed at the end, also on failure.
//
// These machines cannot pull images, so the images compose.yaml names by default are replaced by
// local stand-ins through its variables (STOREFRONT_IMAGE, POSTGRES_IMAGE, NGINX_IMAGE), all made
// from Debian's packages (mmdebstrap --variant=minbase bookworm, podman import): the app's base
// (plus the Node 24 binary of the project's own `node` dependency and npm from the npm registry),
// PostgreSQL 15 and nginx (one minbase with postgresql-15 and nginx-light, then
// deploy/image-test/postgres.Containerfile and nginx.Containerfile). A venue uses the public
// images (the defaults).
//
// podman-compose 1.0.3 (Debian bookworm) orders the services by depends_on but does not wait for
// its conditions, and podman runs healthchecks on a systemd timer these machines lack: so this
// test runs each service's healthcheck (the command compose.yaml gives it) with `podman healthcheck
// run` until it passes, and waits for web-assets to exit 0 (docs/operations.md says what that
// means for a venue running podman-compose).
//
// Exit codes: 0 passed, 1 failed, 77 skipped (podman or podman-compose cannot run here: the reason
// is printed on a line starting with 'SKIPPED'; .ci/run counts it as neither a pass nor a failure).
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createDemoOrder } from '../bench/lib/demo.ts';
import { type Client, createClient, json } from '../bench/lib/http.ts';
import { OrderStatus } from '../contract/order-status.ts';
import { freePort } from '../tests/pg-cluster.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = 77;
/** podman as these machines run it: root, runc, no systemd cgroups; the defaults are refused here. */
const PODMAN = ['--runtime', 'runc', '--cgroup-manager=cgroupfs'];
/** The container limits these machines allow (podman's default nofile/nproc limits are refused). */
const ULIMITS = { nofile: '4096:4096', nproc: '4096:4096' };
const ULIMIT_ARGS = Object.entries(ULIMITS).flatMap(([name, value]) => ['--ulimit', `${name}=${value}`]);
const MINBASE = 'localhost/storefront-minbase:bookworm';
const NODE_BASE = 'localhost/storefront-node-base:24';
const IMAGE = 'localhost/storefront:test';
const STAND_INS = path.join(ROOT, 'deploy', 'image-test');
/** The user the Containerfile runs as. */
const APP_UID = 10001;

const started = performance.now();
const log = (line: string) => console.log(`[test:image ${((performance.now() - started) / 1000).toFixed(0)}s] ${line}`);

function skip(reason: string): never {
  console.log(`SKIPPED: ${reason}`);
  process.exit(SKIP);
}

type RunOptions = { quiet?: boolean; input?: string; env?: NodeJS.ProcessEnv };

function run(cmd: string, args: string[], options: RunOptions = {}): string {
  const result = spawnSync(cmd, args, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    input: options.input,
    env: options.env ?? process.env,
    stdio: options.quiet ? ['pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'inherit'],
  });
  if (result.status !== 0)
    throw new Error(
      `${cmd} ${args.join(' ').slice(0, 300)} exited ${result.status ?? result.signal}: ${`${result.stdout ?? ''}\n${result.stderr ?? ''}`.trim().slice(-2000)}`,
    );
  return result.stdout;
}

const podman = (args: string[], options: RunOptions = {}) => run('podman', [...PODMAN, ...args], options);
/** podman, answering its exit status instead of throwing (for what is expected to fail or to be gone). */
const podmanStatus = (args: string[]) => spawnSync('podman', [...PODMAN, ...args], { encoding: 'utf8' });
const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/**
 * How long the image's Node takes to exit, in seconds, while lookups of a name are under way that
 * its name server takes and never answers (Node's exit waits for them: getaddrinfo blocks a thread
 * of libuv's pool). One process inside a container of the image is that name server on
 * 127.0.0.1:53, the container's only one; it starts a second Node that asks four lookups (the
 * pool's four threads) and calls process.exit(0) 100 ms later, and times it from there to its exit.
 * With glibc's default (5 s a try, two tries) it takes 10 s; the image's RES_OPTIONS bound it.
 */
function exitWithUnansweredLookups(): number {
  const asker = "for(let i=0;i<4;i++)require('dns').lookup('db',()=>{});setTimeout(()=>{console.log('exiting');process.exit(0)},100)";
  const server = `
    const { spawn } = require('node:child_process');
    const socket = require('node:dgram').createSocket('udp4');
    socket.bind(53, '127.0.0.1', () => {
      const child = spawn(process.execPath, ['-e', ${JSON.stringify(asker)}], { stdio: ['ignore', 'pipe', 'inherit'] });
      let exiting;
      child.stdout.on('data', () => (exiting ??= performance.now()));
      child.on('exit', (code) => {
        console.log(JSON.stringify({ code, seconds: (performance.now() - exiting) / 1000 }));
        process.exit(0);
      });
    });`;
  // Root in the container for the port under 1024; the image's entry is replaced by this script.
  const output = podman(['run', '--rm', ...ULIMIT_ARGS, '--user', '0', '--dns', '127.0.0.1', IMAGE, 'node', '-e', server], { quiet: true });
  const result = JSON.parse(output.trim().split('\n').at(-1) ?? '') as { code: number; seconds: number };
  if (result.code !== 0 || !Number.isFinite(result.seconds)) throw new Error(`the lookups' Node exited ${result.code}: ${output}`);
  return result.seconds;
}

const TOOLS = ['podman', 'runc', 'mmdebstrap', 'podman-compose', 'catatonit'];

/** podman, runc, mmdebstrap, podman-compose and catatonit (compose's `init: true`) from Debian's packages when missing; skips when they cannot be had or podman cannot run. */
function ensureTools() {
  if (process.getuid?.() !== 0) skip('podman runs as root on these machines; this user is not root');
  const missing = TOOLS.filter((c) => !has(c));
  if (missing.length) {
    log(`installing ${missing.join(', ')} from Debian's packages`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => spawnSync('apt-get', ['install', '-y', '-qq', ...TOOLS], { env, stdio: 'ignore' }).status === 0;
    if (!install()) {
      spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
      if (!install()) skip(`apt-get install ${TOOLS.join(' ')} failed`);
    }
  }
  const probe = spawnSync('podman', [...PODMAN, 'info', '--format', '{{.Store.GraphDriverName}}'], { encoding: 'utf8' });
  if (probe.status !== 0)
    skip(`podman ${PODMAN.join(' ')} info failed: ${(probe.stderr || probe.stdout).trim().split('\n').slice(-3).join(' ')}`);
  const compose = spawnSync('podman-compose', ['version'], { encoding: 'utf8' });
  if (compose.status !== 0) skip(`podman-compose version failed: ${(compose.stderr || compose.stdout).trim().slice(-300)}`);
}

/** A Debian bookworm minbase with `packages` (mmdebstrap --include), imported as `tag`; made once per machine (it changes only with Debian's point releases). */
function ensureDebianImage(work: string, tag: string, packages: string[] = []) {
  if (podmanStatus(['image', 'exists', tag]).status === 0) return;
  log(`mmdebstrap --variant=minbase bookworm${packages.length ? ` --include=${packages.join(',')}` : ''} (once per machine)`);
  const tar = path.join(work, 'debian.tar');
  run('mmdebstrap', ['--variant=minbase', '--quiet', ...(packages.length ? [`--include=${packages.join(',')}`] : []), 'bookworm', tar], {
    quiet: true,
  });
  podman(['import', '--change', 'CMD ["/bin/bash"]', tar, tag], { quiet: true });
  rmSync(tar, { force: true });
}

/** What the stand-ins for the public PostgreSQL and nginx images are made of: one Debian minbase with both (one mmdebstrap run, not two). */
const SERVICES_PACKAGES = ['postgresql-15', 'nginx-light'];

/**
 * A stand-in for a public image compose.yaml names: deploy/image-test/<name>.Containerfile on the
 * Debian minbase with SERVICES_PACKAGES. Tagged with a hash of its Containerfile, its files and
 * the packages, so it is built once per machine and again when they change.
 */
function ensureStandIn(work: string, name: string, files: string[] = []): string {
  const containerfile = path.join(STAND_INS, `${name}.Containerfile`);
  const hash = createHash('sha256');
  for (const file of [containerfile, ...files.map((f) => path.join(STAND_INS, f))]) hash.update(readFileSync(file));
  hash.update(SERVICES_PACKAGES.join(','));
  const tag = `localhost/storefront-test-${name}:${hash.digest('hex').slice(0, 12)}`;
  if (podmanStatus(['image', 'exists', tag]).status === 0) return tag;
  const base = `localhost/storefront-test-services:${createHash('sha256').update(SERVICES_PACKAGES.join(',')).digest('hex').slice(0, 12)}`;
  ensureDebianImage(work, base, SERVICES_PACKAGES);
  const context = path.join(work, name);
  mkdirSync(context, { recursive: true });
  for (const file of files) writeFileSync(path.join(context, file), readFileSync(path.join(STAND_INS, file)));
  log(`stand-in ${tag}: ${base} + ${name}.Containerfile`);
  podman(['build', '--network', 'none', ...ULIMIT_ARGS, '--build-arg', `SERVICES_BASE=${base}`, '-f', containerfile, '-t', tag, context], {
    quiet: true,
  });
  return tag;
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
      ...ULIMIT_ARGS,
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

/** compose.yaml's services that have a healthcheck, which this test runs itself (see the top). */
const HEALTHCHECKED = ['db', 'app1', 'app2'] as const;
type Service = (typeof HEALTHCHECKED)[number] | 'nginx' | 'backup' | 'web-assets';

/**
 * compose.yaml run by podman-compose as a project of its own (`-p`), with the secrets generated
 * for this run, the stand-in images through compose.yaml's image variables, nginx on a free port,
 * and podman configured (CONTAINERS_CONF) as these machines need it.
 */
function composeProject(work: string, images: { storefront: string; postgres: string; nginx: string }, port: number) {
  const project = `storefront-image-test-${process.pid}`;
  const containersConf = path.join(work, 'containers.conf');
  writeFileSync(
    containersConf,
    [
      '[containers]',
      `default_ulimits = [${Object.entries(ULIMITS)
        .map(([name, value]) => `"${name}=${value}"`)
        .join(', ')}]`,
      '[engine]',
      'runtime = "runc"',
      'cgroup_manager = "cgroupfs"',
      '',
    ].join('\n'),
  );
  const secret = (bytes: number) => randomBytes(bytes).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONTAINERS_CONF: containersConf,
    SECRET: secret(32),
    POSTGRES_PASSWORD: secret(16),
    QUEUE_PASS_SECRET: secret(32),
    STOREFRONT_IMAGE: images.storefront,
    POSTGRES_IMAGE: images.postgres,
    NGINX_IMAGE: images.nginx,
    HTTP_PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The demo catalog, so there is something to buy (a venue leaves DEMO off).
    DEMO: 'true',
  };
  const compose = (args: string[]) =>
    run('podman-compose', ['-p', project, '-f', path.join(ROOT, 'compose.yaml'), ...args], { quiet: true, env });
  const label = `label=io.podman.compose.project=${project}`;
  const container = (service: Service) => {
    const names = podman(
      ['ps', '-a', '--filter', label, '--filter', `label=com.docker.compose.service=${service}`, '--format', '{{.Names}}'],
      {
        quiet: true,
      },
    )
      .trim()
      .split('\n')
      .filter(Boolean);
    const [name] = names;
    if (names.length !== 1 || !name) throw new Error(`compose service ${service}: ${names.length} containers (${names.join(', ')})`);
    return name;
  };
  const state = (service: Service) =>
    podman(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}}', container(service)], { quiet: true }).trim();
  const logs = (service: Service) => {
    const answer = podmanStatus(['logs', '--tail', '30', container(service)]);
    return `${answer.stdout}${answer.stderr}`;
  };

  /** `up -d` with the images built here, then every service as compose.yaml's depends_on conditions ask: healthy, web-assets done. */
  async function up() {
    compose(['up', '-d', '--no-build']);
    const until = Date.now() + 240_000;
    const pending = new Set<Service>(HEALTHCHECKED);
    let assetsCopied = false;
    while (pending.size || !assetsCopied) {
      if (Date.now() > until)
        throw new Error(
          `compose up: not healthy within 240 s: ${[...pending].join(', ')}${assetsCopied ? '' : ', web-assets not done'}\n${[...pending].map((s) => `--- ${s}: ${state(s)}\n${logs(s)}`).join('\n')}`,
        );
      for (const service of [...pending])
        if (podmanStatus(['healthcheck', 'run', container(service)]).status === 0) pending.delete(service);
      if (!assetsCopied) {
        const [status, code] = state('web-assets').split(' ');
        if (status === 'exited' && code !== '0') throw new Error(`web-assets exited ${code}:\n${logs('web-assets')}`);
        assetsCopied = status === 'exited';
      }
      if (pending.size || !assetsCopied) await new Promise((r) => setTimeout(r, 2000));
    }
    // nginx has no healthcheck in compose.yaml: it is up when it answers on the published port.
    let last = 'no answer';
    while (Date.now() < until) {
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5000) });
        last = `${answer.status} ${(await answer.text()).slice(0, 200)}`;
        if (answer.status === 200) return;
      } catch (error) {
        last = String(error);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    throw new Error(`nginx: GET /healthz on port ${port} did not answer 200 (last: ${last})\n${state('nginx')}\n${logs('nginx')}`);
  }

  /**
   * Stops one app's container as `compose stop` does (SIGTERM, 30 s): it must exit 0 within that
   * time (throws with the end of its log otherwise). How long its parts took, and a step that
   * failed or ran past its limit (server/graceful-shutdown.ts logs them), are printed: such a stop
   * still counts, as it does for compose.
   */
  function stop(service: Service) {
    podman(['stop', '--time', '30', container(service)], { quiet: true });
    const exit = state(service).split(' ')[1] ?? '';
    const tail = logs(service);
    if (exit !== '0') throw new Error(`SIGTERM: ${service} exited ${exit}, not 0; the end of its log:\n${tail}`);
    for (const line of tail.match(/^(shutdown: .*|SIGTERM: stopped .*)$/gm) ?? []) log(`${service}: ${line}`);
  }

  /** The project's containers stopped gracefully, then `down` (which keeps the volumes). */
  function down() {
    const names = podman(['ps', '--filter', label, '--format', '{{.Names}}'], { quiet: true }).trim().split('\n').filter(Boolean);
    if (names.length) podman(['stop', '--time', '30', ...names], { quiet: true });
    compose(['down']);
  }

  /** Everything the project made, whatever state a failure left it in: containers, volumes, its network; answers what could not be removed. */
  function remove(): string[] {
    spawnSync('podman-compose', ['-p', project, '-f', path.join(ROOT, 'compose.yaml'), 'down', '--volumes'], { env, stdio: 'ignore' });
    const list = (args: string[]) => (podmanStatus(args).stdout ?? '').trim().split('\n').filter(Boolean);
    for (const name of list(['ps', '-a', '--filter', label, '--format', '{{.Names}}'])) podmanStatus(['rm', '-f', '-t', '5', name]);
    for (const name of list(['volume', 'ls', '--filter', label, '--format', '{{.Name}}'])) podmanStatus(['volume', 'rm', '-f', name]);
    for (const name of list(['network', 'ls', '--filter', label, '--format', '{{.Name}}'])) podmanStatus(['network', 'rm', '-f', name]);
    const left = [
      ...list(['ps', '-a', '--filter', label, '--format', '{{.Names}}']),
      ...list(['volume', 'ls', '--filter', label, '--format', '{{.Name}}']),
      ...list(['network', 'ls', '--filter', label, '--format', '{{.Name}}']),
    ];
    return left;
  }

  const exec = (service: Service, args: string[]) => podman(['exec', container(service), ...args], { quiet: true });
  return { project, up, stop, down, remove, exec, container, state, logs };
}

/**
 * The first order of a stack just started. A 429 -1029 ("try again", Retry-After) is what a busy
 * app answers (the event's read or the order; an app whose first connections wait on the network's
 * name server while the project's other containers join it), and a buyer's page tries again: so
 * does this, for up to a minute, each time in the log. Anything else, or a minute of 429s, fails
 * with the services' last log lines.
 */
async function firstOrder(order: () => Promise<string>, logs: () => string): Promise<string> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      return await order();
    } catch (error) {
      const busy = error instanceof Error && /answered 429: .*"-1029"/.test(error.message);
      if (!busy || Date.now() > until)
        throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logs()}`, { cause: error });
      const call = error.message.slice(0, error.message.indexOf(' answered'));
      log(`the first order's ${call} was answered 429 -1029 (try again): trying again in 2 s, as the page would`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

/** The paid order as the buyer finds it again through nginx. */
async function expectPaid(base: string, hash: string, when: string) {
  const client = createClient(base);
  try {
    const order = await viewOrder(client, hash);
    if (order.status !== OrderStatus.paid || order.hash !== hash)
      throw new Error(`${when}: the order is ${JSON.stringify(order).slice(0, 200)}`);
  } finally {
    client.close();
  }
}

async function main() {
  ensureTools();
  const work = mkdtempSync(path.join(os.tmpdir(), 'storefront-image-'));
  let project: ReturnType<typeof composeProject> | undefined;
  let leftBehind: string[] = [];
  try {
    // The stand-in images are this machine's to make (Debian's mirror, the npm registry): when
    // they cannot be made here, compose cannot be tested here, which is a skip, not the product's failure.
    let postgres: string;
    let nginx: string;
    try {
      ensureDebianImage(work, MINBASE);
      buildNodeBase(work);
      postgres = ensureStandIn(work, 'postgres', ['postgres-entrypoint.sh']);
      nginx = ensureStandIn(work, 'nginx');
    } catch (error) {
      skip(
        `the test's base images could not be made on this machine: ${error instanceof Error ? error.message.split('\n').slice(-3).join(' ') : String(error)}`,
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
        ...ULIMIT_ARGS,
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
    // A stop must not wait on the network's name server: past compose's 30 s the app is killed.
    const lookupExit = exitWithUnansweredLookups();
    if (lookupExit >= 5)
      throw new Error(
        `with lookups its name server does not answer, the image's Node took ${lookupExit.toFixed(1)} s to exit (RES_OPTIONS lost?)`,
      );
    log(`with lookups its name server does not answer, the image's Node exits in ${lookupExit.toFixed(1)} s`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    project = composeProject(work, { storefront: IMAGE, postgres, nginx }, port);
    const stack = project;
    log(`podman-compose -p ${stack.project} up (compose.yaml; ${postgres}, ${nginx})`);
    await stack.up();
    log('db, app1 and app2 healthy (their compose healthchecks), web-assets copied');

    for (const app of ['app1', 'app2'] as const) {
      const uid = stack.exec(app, ['id', '-u']).trim();
      if (uid !== String(APP_UID)) throw new Error(`${app} runs as uid ${uid}, not ${APP_UID}`);
      if (podmanStatus(['exec', stack.container(app), 'touch', '/app/written']).status === 0)
        throw new Error(`${app}'s root filesystem is writable`);
      // compose's `init: true`: an init is PID 1 (it reaps strays and passes SIGTERM on), Node its child.
      const pid1 = stack.exec(app, ['cat', '/proc/1/cmdline']).split('\0')[0] ?? '';
      if (pid1 === '' || pid1 === 'node' || pid1.endsWith('/node'))
        throw new Error(`${app}'s PID 1 is ${JSON.stringify(pid1)}, not an init`);
    }
    if (podmanStatus(['exec', stack.container('nginx'), 'touch', '/etc/written']).status === 0)
      throw new Error("nginx's root filesystem is writable");
    log(`app1 and app2 run as uid ${APP_UID} under an init on read-only roots, nginx read-only too`);

    const client = createClient(base);
    const hash = await firstOrder(
      () => createDemoOrder(client, 1),
      () => (['app1', 'app2', 'nginx'] as const).map((s) => `--- ${s}:\n${stack.logs(s)}`).join('\n'),
    );
    await payOrder(client, hash);
    const paid = await viewOrder(client, hash);
    if (paid.status !== OrderStatus.paid) throw new Error(`the order is ${paid.status} after the payment, not paid`);
    log(`order ${hash} bought and paid through nginx (port ${port})`);

    // A hashed asset of the built web app, from nginx's own copy (web-assets filled its volume from the image).
    const assets = stack.exec('nginx', ['ls', '/etc/nginx/storefront/web/assets']).trim().split('\n');
    const asset = assets.find((name) => name.endsWith('.js'));
    if (!asset) throw new Error(`nginx's web volume holds no script: ${assets.join(' ')}`);
    const inImage = stack.exec('app1', ['cat', `/app/dist/assets/${asset}`]);
    const checkAsset = async (when: string) => {
      const answer = await fetch(`${base}/assets/${asset}`);
      const body = await answer.text();
      if (answer.status !== 200 || body !== inImage || answer.headers.get('cache-control') !== 'public, max-age=31536000, immutable')
        throw new Error(
          `${when}: GET /assets/${asset} through nginx answered ${answer.status}, cache-control ${answer.headers.get('cache-control')}, ${body.length} bytes (the image's: ${inImage.length})`,
        );
    };
    await checkAsset('both apps up');
    log(`/assets/${asset} served by nginx, as in the image, cached for a year`);

    // app1 alone behind nginx: app2 stopped as compose stops it.
    stack.stop('app2');
    await expectPaid(base, hash, 'app2 stopped');
    const second = await createDemoOrder(client, 2);
    client.close();
    log(`app2 stopped by SIGTERM (exit 0); app1 alone answers through nginx (order ${second} made)`);

    // The backup job's own script, run once now instead of at 02:30.
    const backup = stack.exec('backup', ['storefront-backup', 'once']).trim();
    const dump = /^backup: (\/backups\/storefront-[\d-]+\.dump)$/m.exec(backup)?.[1];
    if (!dump) throw new Error(`storefront-backup once said: ${backup}`);
    const contents = stack.exec('backup', ['pg_restore', '--list', dump]);
    if (!/TABLE DATA public orders /.test(contents)) throw new Error(`${dump} holds no orders table data:\n${contents.slice(0, 500)}`);
    log(`backup job: ${dump} written, pg_restore lists the orders' data`);

    stack.down();
    log('compose down (volumes kept)');
    await stack.up();
    log('compose up again: healthy');
    await expectPaid(base, hash, 'after down and up');
    const dumps = stack.exec('backup', ['ls', '/backups']).trim().split('\n');
    if (!dumps.includes(path.basename(dump))) throw new Error(`after down and up /backups holds ${dumps.join(' ')}`);
    log('the paid order and the dump are still there');

    // app2 alone behind nginx: app1 stopped.
    stack.stop('app1');
    await expectPaid(base, hash, 'app1 stopped');
    log('app1 stopped by SIGTERM (exit 0); app2 alone answers through nginx');

    // Both stopped: the assets still come from nginx, the API does not answer.
    stack.stop('app2');
    await checkAsset('both apps stopped');
    const noApp = await fetch(`${base}/api/order/view`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hash, lang: 'ru' }),
    });
    if (noApp.status < 502 || noApp.status > 504) throw new Error(`with both apps stopped the API answered ${noApp.status}, not 502-504`);
    log(`both apps stopped: nginx still serves the asset; the API answers ${noApp.status}`);
  } finally {
    if (project) {
      leftBehind = project.remove();
      if (leftBehind.length) console.error(`test:image: could not remove ${leftBehind.join(', ')}`);
      else log('removed the project: containers, volumes, network');
    }
    // The build stage's image and the replaced images (untagged) would pile up run after run.
    spawnSync('podman', [...PODMAN, 'image', 'prune', '-f'], { stdio: 'ignore' });
    rmSync(work, { recursive: true, force: true });
  }
  if (leftBehind.length) throw new Error(`the project's ${leftBehind.join(', ')} could not be removed`);
}

try {
  await main();
  console.log('test:image passed');
} catch (error) {
  console.error(`test:image FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

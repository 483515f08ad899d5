import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCatalog } from '../../server/catalog/import.ts';
import { type Db, openDb } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { processCpuMs } from './cpu.ts';
import { freshDatabase } from './pg.ts';
import { freePort, waitForHttp } from './ports.ts';
import { ONE_ADDRESS_LIMITS_OFF } from '../../tests/spawn-server.ts';

export const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type DbKind = 'pglite' | 'postgres';
export const DB_LABEL: Record<DbKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

export type Running = {
  url: string;
  pid: number;
  /** Resident memory of the process now and at its peak, MiB (Linux /proc). */
  memory(): { rssMb: number; peakRssMb: number };
  /**
   * Starts the peak (VmHWM) again from the resident memory now, so a later peak is that of what
   * follows, not the start's (an embedded database's migrations and demo catalog peak far above
   * where the server then stays). False where the kernel does not allow it.
   */
  resetPeak(): boolean;
  /** User + system CPU time of the process so far, ms (Linux /proc); null when unknown. */
  cpuMs(): number | null;
  /** SQL statements the process has sent so far (it answers SIGUSR2 with them); null when it does not answer. */
  statements(): Promise<number | null>;
  /** Stops the process; `inspect` then reads its database (the embedded one can only be opened once the server is gone). */
  stop<T>(inspect?: (db: Db) => Promise<T>): Promise<T | undefined>;
  /** Whether the process is still running, and the end of what it wrote to stderr. */
  alive(): boolean;
  stderr(): string;
  /** Kills the process with SIGKILL (a crash: nothing of it runs to an end) and waits until it is gone; its database stays. */
  kill(): Promise<void>;
  /** Starts the server again on the same database, port and settings (after kill or a crash); answers once it is up. */
  restart(): Promise<void>;
};

type Spawned = { child: ChildProcess; stderr: () => string; statements: () => Promise<number | null> };

function spawnNode(script: string, env: Record<string, string>): Spawned {
  // BENCH_CPU_PROF=<dir>: the servers write a V8 CPU profile there when they stop (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let waiting: ((count: number) => void)[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    stderr = (stderr + text).slice(-4000);
    for (const match of text.matchAll(/^db-statements (\d+)$/gm)) {
      const answered = waiting;
      waiting = [];
      for (const resolve of answered) resolve(Number(match[1]));
    }
  });
  // server/start.ts answers SIGUSR2 with `db-statements <n>` when DB_STATEMENT_REPORT is on.
  const statements = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || !child.pid) return resolve(null);
      const timer = setTimeout(() => resolve(null), 2000);
      waiting.push((count) => {
        clearTimeout(timer);
        resolve(count);
      });
      child.kill('SIGUSR2');
    });
  return { child, stderr: () => stderr, statements };
}

function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
}

// Linux: writing 5 to clear_refs resets the process's peak resident memory to its current one.
function resetPeakOf(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

type Opener = () => Promise<Db>;

async function started(
  launch: () => Spawned,
  url: string,
  what: string,
  timeoutMs: number,
  cleanup: () => Promise<void>,
  open?: Opener,
): Promise<Running> {
  let spawned = launch();
  const up = async () => {
    const { child } = spawned;
    try {
      await waitForHttp(url, { timeoutMs, alive: () => child.exitCode === null && child.signalCode === null, what });
    } catch (error) {
      await stopChild(child);
      await cleanup();
      throw new Error(`${(error as Error).message}\n${spawned.stderr()}`, { cause: error });
    }
  };
  await up();
  return {
    url: url.replace(/\/[^/]*$/, ''),
    get pid() {
      return spawned.child.pid ?? 0;
    },
    memory: () => memoryOf(spawned.child.pid ?? 0),
    resetPeak: () => resetPeakOf(spawned.child.pid ?? 0),
    cpuMs: () => processCpuMs(spawned.child.pid ?? 0),
    statements: () => spawned.statements(),
    alive: () => spawned.child.exitCode === null && spawned.child.signalCode === null,
    stderr: () => spawned.stderr(),
    async kill() {
      const { child } = spawned;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await exited;
    },
    async restart() {
      spawned = launch();
      await up();
    },
    async stop<T>(inspect?: (db: Db) => Promise<T>) {
      await stopChild(spawned.child);
      try {
        if (!inspect || !open) return undefined;
        const db = await open();
        try {
          return await inspect(db);
        } finally {
          await db.close();
        }
      } finally {
        await cleanup();
      }
    },
  };
}

/**
 * Starts the storefront (main.ts) in its own process on a free port, on a fresh embedded
 * database or a fresh database of the throw-away PostgreSQL cluster. With `catalog`, that catalog
 * is imported first (so the demo is not loaded); else the demo fills the empty database. `prepare`
 * writes what else a part needs into the migrated database before the start.
 */
export async function startStorefront(options: {
  db: DbKind;
  catalog?: unknown;
  /** More settings; a function when they name the server's own address (its port is chosen here). */
  env?: Record<string, string> | ((port: number) => Record<string, string>);
  prepare?: (db: Db) => Promise<void>;
}): Promise<Running> {
  const port = await freePort();
  let dbEnv: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (options.db === 'postgres') {
    const database = await freshDatabase();
    dbEnv = { DATABASE_URL: database.url };
    cleanup = database.drop;
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));
    dbEnv = { DATA_DIR: dataDir };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  const open = () => openDb({ databaseUrl: dbEnv.DATABASE_URL, dataDir: dbEnv.DATA_DIR, poolSize: 2 });
  if (options.catalog || options.prepare) {
    const db = await open();
    try {
      await migrate(db);
      if (options.catalog) await importCatalog(db, options.catalog);
      // Rows a part needs before the start (a member of staff); the demo still fills an empty catalog.
      await options.prepare?.(db);
    } finally {
      await db.close();
    }
  }
  const env = typeof options.env === 'function' ? options.env(port) : options.env;
  const launch = () =>
    spawnNode(path.join(ROOT, 'main.ts'), {
      PORT: String(port),
      HOST: '127.0.0.1',
      // Request logs at info would measure the log pipe; a venue's on-sale server logs warnings.
      LOG_LEVEL: 'warn',
      DB_STATEMENT_REPORT: '1',
      SECRET: 'bench-secret-'.padEnd(40, 'b'),
      DEMO: options.catalog ? '0' : '1',
      // Every simulated buyer comes from this one address.
      ...ONE_ADDRESS_LIMITS_OFF,
      ...dbEnv,
      ...env,
    });
  // Filling an empty embedded database with the demo (a 21,000-seat arena) takes a while on a busy machine.
  return started(launch, `http://127.0.0.1:${port}/healthz`, 'the storefront', 300_000, cleanup, open);
}

/** Starts the bare Fastify baseline (bench/bare-server.ts) serving the given answers. */
export async function startBareServer(answers: Record<string, unknown>): Promise<Running> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-bare-'));
  const file = path.join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const launch = () => spawnNode(path.join(ROOT, 'bench', 'bare-server.ts'), { PORT: String(port), BARE_ANSWERS: file });
  return started(launch, `http://127.0.0.1:${port}/ready`, 'the bare Fastify server', 30_000, async () =>
    rmSync(dir, { recursive: true, force: true }),
  );
}

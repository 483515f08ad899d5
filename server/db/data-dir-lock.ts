import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) in DATA_DIR belongs to one process at a time: two servers (or a
 * server and the catalog import) writing the same files corrupt them, and PGlite itself takes no
 * lock. Whoever opens DATA_DIR first writes its pid to DATA_DIR/storefront.pid, created with
 * O_EXCL; a second process finds the file, sees the pid alive and refuses to start. A pid file
 * left by a process that died without removing it (a crash, SIGKILL, a power cut) is stale: its
 * pid is gone, or now belongs to a process started after the file was written (pids are reused,
 * in a container after every restart), and the next process takes it over.
 */
export const LOCK_FILE = 'storefront.pid';

export class DataDirLocked extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another storefront process (pid ${pid}, ${path.join(dataDir, LOCK_FILE)}): ` +
        'the embedded database can be opened by one process at a time. Stop that process first, or give this one another DATA_DIR ' +
        '(several instances need a PostgreSQL server: DATABASE_URL).',
    );
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

export type DataDirLock = { readonly file: string; release(): void };

/** Takes DATA_DIR for this process, or throws DataDirLocked naming the process that has it. */
export function lockDataDir(dataDir: string, pid: number = process.pid): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  // A takeover of a stale file runs under a second O_EXCL file, so two processes that both find
  // the same stale file cannot both take it (the second would remove the first one's new file).
  const takeover = `${file}.takeover`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (createWithPid(file, pid)) return holding(file, pid);
    const holder = readPid(file);
    if (holder !== undefined && holder !== pid && isAlive(holder, file)) throw new DataDirLocked(dataDir, holder);
    if (holder === undefined && ageMs(file) < 2000) {
      // Gone meanwhile, or just created and its pid not written yet: look again.
      sleepMs(20);
      continue;
    }
    if (!createWithPid(takeover, pid)) {
      removeIfOlderThan(takeover, 10_000); // left by a process that died while taking over
      sleepMs(20);
      continue;
    }
    try {
      // Still the same stale holder? Then it is ours to replace.
      if (readPid(file) === holder) removeQuietly(file);
    } finally {
      removeQuietly(takeover);
    }
  }
  throw new Error(`Could not take ${file}: it keeps changing (another process is starting on DATA_DIR ${dataDir}?)`);
}

function holding(file: string, pid: number): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own file: after a takeover by someone else it is theirs.
    if (readPid(file) === pid) removeQuietly(file);
  };
  // process.exit() (a failed start, the end of a graceful shutdown) runs 'exit' listeners only.
  process.on('exit', release);
  return { file, release };
}

function createWithPid(file: string, pid: number): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` runs and is the process that wrote `file` (not a later process given the same pid). */
function isAlive(pid: number, file: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStartedAt(pid);
  if (started === undefined) return true;
  let written: number;
  try {
    written = statSync(file).mtimeMs;
  } catch {
    return false;
  }
  // Started after the file was written: a reused pid. A second of slack for clock-tick rounding.
  return started <= written + 1000;
}

/** When a process started (ms since the epoch), from Linux's /proc; undefined elsewhere. */
function processStartedAt(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is field 3,
    // starttime field 22, in clock ticks since boot (USER_HZ, 100 on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    if (!Number.isFinite(ticks) || !Number.isFinite(bootSeconds)) return undefined;
    return bootSeconds * 1000 + ticks * 10;
  } catch {
    return undefined;
  }
}

/** How long ago the file was written; 0 when it is gone. */
function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function removeQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // Gone already.
  }
}

function removeIfOlderThan(file: string, ms: number) {
  try {
    if (Date.now() - statSync(file).mtimeMs > ms) unlinkSync(file);
  } catch {
    // Gone already.
  }
}

function sleepMs(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

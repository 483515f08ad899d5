import { chmodSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the suite's processes keep their temporary files (TMPDIR for everything `npm test`
 * starts): PGlite data folders of the spawned servers and the browser tests' servers, the
 * PostgreSQL cluster, the CLIs' folders: tens of thousands of small files a run. On a disk's file
 * system a file's creation costs a search of its inode bitmap that grows with the files deleted
 * shortly before (ext4 skips recently deleted inodes); a memory file system keeps the same files
 * with nothing to search (figures: docs/codebase.md, "Temporary files in memory").
 *
 * Used only when it has room for a whole run (SCRATCH_MIN_FREE_BYTES: a container's 64 MB
 * /dev/shm does not), else the suite keeps the system's temporary folder.
 */

/** A run's temporary files at their peak, with room to spare (measured: see docs/codebase.md). */
export const SCRATCH_MIN_FREE_BYTES = 3 * 1024 ** 3;
const MEMORY_FILE_SYSTEM = '/dev/shm';
const PREFIX = 'storefront-tests-';
/** A run's folder: the prefix, the pid of the run's `npm test` process, mkdtemp's suffix. */
const RUN_FOLDER = new RegExp(`^${PREFIX}(\\d+)-`);

/** The free bytes of a folder's file system, or undefined when it cannot be read (none there). */
function freeBytes(dir: string): number | undefined {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/** Whether a process still runs (it may be another user's: then it runs too). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A folder of this run on the memory file system, or undefined where there is none with room.
 * Removes the folders of earlier runs whose process has gone (a run stopped with a signal
 * leaves its folder, which would hold the machine's memory until it restarts).
 */
export function createScratchDir(parent = MEMORY_FILE_SYSTEM, minFree = SCRATCH_MIN_FREE_BYTES): string | undefined {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return undefined;
  }
  for (const name of names) {
    const pid = Number(RUN_FOLDER.exec(name)?.[1]);
    if (pid > 0 && !running(pid)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  const free = freeBytes(parent);
  if (free === undefined || free < minFree) return undefined;
  const dir = mkdtempSync(path.join(parent, `${PREFIX}${process.pid}-`));
  // Open to every user, sticky, as /tmp is: the tests' PostgreSQL runs as its own user when the
  // suite runs as root (tests/pg-cluster.ts) and makes its cluster's folder in here.
  chmodSync(dir, 0o1777);
  return dir;
}

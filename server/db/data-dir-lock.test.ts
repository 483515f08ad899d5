import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLocked, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'storefront-lock-'));
  file = path.join(dir, LOCK_FILE);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has exited (and been reaped), so nothing runs under it now. */
function deadPid(): number {
  const result = spawnSync('true');
  if (!result.pid) throw new Error('could not run true');
  return result.pid;
}

describe('lockDataDir', () => {
  it('writes the pid to DATA_DIR/storefront.pid and removes it on release', () => {
    const lock = lockDataDir(dir);
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a second process while the first is alive, naming its pid', () => {
    const first = lockDataDir(dir);
    expect(() => lockDataDir(dir, process.pid + 100_000)).toThrow(DataDirLocked);
    expect(() => lockDataDir(dir, process.pid + 100_000)).toThrow(`in use by another storefront process (pid ${process.pid}`);
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid}\n`);
    first.release();
  });

  it.each([
    { description: 'a pid that no longer runs', content: () => `${deadPid()}\n`, age: 0 },
    {
      description: 'a pid now reused by a process started after the file was written',
      content: () => `${process.ppid}\n`,
      age: 10 * 365 * 86_400_000,
    },
    { description: 'a file without a pid, left long ago', content: () => '', age: 60_000 },
  ])('takes over a stale file: $description', ({ content, age }) => {
    writeFileSync(file, content());
    if (age > 0) utimesSync(file, new Date(Date.now() - age), new Date(Date.now() - age));
    const lock = lockDataDir(dir);
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
  });

  it('leaves a file another process has taken over since', () => {
    const lock = lockDataDir(dir);
    writeFileSync(file, `${process.ppid}\n`);
    lock.release();
    expect(readFileSync(file, 'utf8')).toBe(`${process.ppid}\n`);
  });
});

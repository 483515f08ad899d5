import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScratchDir } from './scratch-dir.ts';

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(path.join(tmpdir(), 'scratch-parent-'));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

describe('the run’s scratch folder', () => {
  it('is a new folder of this process on a file system with room', () => {
    const dir = createScratchDir(parent, 1);
    expect(dir).toBeDefined();
    expect(path.dirname(dir as string)).toBe(parent);
    expect(path.basename(dir as string)).toMatch(new RegExp(`^storefront-tests-${process.pid}-`));
    // Like /tmp: any user may make files in it (the tests' PostgreSQL runs as its own user).
    expect(statSync(dir as string).mode & 0o7777).toBe(0o1777);
  });

  it('is none where the file system has less room than a run needs, or is not there', () => {
    expect(createScratchDir(parent, Number.MAX_SAFE_INTEGER)).toBeUndefined();
    expect(readdirSync(parent)).toEqual([]);
    expect(createScratchDir(path.join(parent, 'missing'), 1)).toBeUndefined();
  });

  it('removes the folders of runs whose process has gone, and keeps a running one’s and others', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid as number;
    const stale = path.join(parent, `storefront-tests-${gone}-abc123`);
    const live = path.join(parent, `storefront-tests-${process.pid}-def456`);
    const other = path.join(parent, 'someone-else');
    for (const dir of [stale, live, other]) mkdirSync(path.join(dir, 'inside'), { recursive: true });
    createScratchDir(parent, Number.MAX_SAFE_INTEGER);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});

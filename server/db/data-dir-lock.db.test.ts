import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../../tests/harness.ts';
import { type SpawnedServer, spawnServer } from '../../tests/spawn-server.ts';

// Two servers on one DATA_DIR: the second refuses to start and the first goes on unharmed.
let dir: string;
let first: SpawnedServer | undefined;
beforeAll(async () => {
  dir = await migratedDataDir(mkdtempSync(path.join(tmpdir(), 'storefront-two-')));
});
afterAll(async () => {
  if (first && first.child.exitCode === null) {
    first.child.kill('SIGKILL');
    await first.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR is opened by one process at a time', () => {
  it('refuses a second server on the same DATA_DIR while the first runs, and frees it when the first stops', async () => {
    first = await spawnServer({ DATA_DIR: dir });
    const pidFile = path.join(dir, 'storefront.pid');
    expect(readFileSync(pidFile, 'utf8')).toBe(`${first.child.pid}\n`);

    const refused = await spawnServer({ DATA_DIR: dir }).then(
      () => undefined,
      (error: { code?: number; output?: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.output).toContain(`is in use by another storefront process (pid ${first.child.pid}`);
    expect(refused?.output).not.toMatch(/^\s+at /m);

    // The first server still answers, and still holds the file.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(readFileSync(pidFile, 'utf8')).toBe(`${first.child.pid}\n`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(pidFile)).toBe(false);

    // Now the directory is free again.
    const second = await spawnServer({ DATA_DIR: dir });
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});

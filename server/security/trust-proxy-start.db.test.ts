import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../../tests/harness.ts';
import { type SpawnedServer, killLeftovers, spawnServer } from '../../tests/spawn-server.ts';

// The production entry: TRUST_PROXY=true starts (a proxy that cannot be bypassed may need it) but
// says on its first lines why it lets a client choose its own address, and what to set instead.
const dirs: string[] = [];
const servers: SpawnedServer[] = [];
afterAll(async () => {
  await killLeftovers(...servers);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function startWith(trustProxy: string): Promise<string> {
  // On a migrated folder: a first start on an empty one is server/log-output.db.test.ts's.
  const dir = await migratedDataDir(mkdtempSync(path.join(tmpdir(), 'storefront-proxy-')));
  dirs.push(dir);
  const server = await spawnServer({ DATA_DIR: dir, TRUST_PROXY: trustProxy }, 150_000);
  servers.push(server);
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  return server.output();
}

describe('a start behind a proxy', () => {
  // Not warning for a hop count or addresses: trustProxyWarning's cases in trust-proxy.api.test.ts.
  it('warns when TRUST_PROXY is true, and starts', async () => {
    expect(await startWith('true')).toMatch(/Warning: TRUST_PROXY=true believes the leftmost X-Forwarded-For address/);
  }, 180_000);
});

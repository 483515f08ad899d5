import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDataDir } from '../../tests/harness.ts';
import { type SpawnedServer, killLeftovers, spawnServer } from '../../tests/spawn-server.ts';
import { shopper } from '../../tests/spawned-orders.ts';
import { insertQuantityCatalog, sessionWhen } from '../quantity-order/quantity-fixtures.ts';

const CLI = path.join(import.meta.dirname, 'backup-cli.ts');
const ENV = { HOLD_LIMIT_ORDERS: '0', HOLD_LIMIT_PLACES: '0', ORDER_BURST_CAPTCHA: '0' };

/** `npm run backup|restore -- FILE` as a venue runs it. */
function cli(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const { DATABASE_URL: _embedded, ...inherited } = process.env;
  const result = spawnSync(process.execPath, [CLI, command, file], { env: { ...inherited, ...env }, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

let root: string;
let when: { day: string; time: string };
const servers: SpawnedServer[] = [];
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'storefront-backup-'));
  const db = await openMigratedDataDir(path.join(root, 'data'));
  await insertQuantityCatalog(db, { capacity: 100 });
  when = await sessionWhen(db, 9200);
  await db.close();
}, 60_000);
afterAll(async () => {
  await killLeftovers(...servers);
  rmSync(root, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  it('restores a backup that then serves the same orders; refuses to copy a DATA_DIR a server is writing', async () => {
    const data = path.join(root, 'data');
    const file = path.join(root, 'backup.tar.gz');
    const first = await spawnServer({ DATA_DIR: data, ...ENV });
    servers.push(first);
    const shop = await shopper(first, when);
    const hashes = [await shop.order(1), await shop.order(2), await shop.order(3)];
    const views = await Promise.all(hashes.map((hash) => shop.view(hash)));

    const refused = cli('backup', file, { DATA_DIR: data });
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('is in use by another storefront process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const made = cli('backup', file, { DATA_DIR: data });
    expect(made.status, made.output).toBe(0);

    const restoredDir = path.join(root, 'restored');
    const restored = cli('restore', file, { DATA_DIR: restoredDir });
    expect(restored.status, restored.output).toBe(0);
    // Never over a database.
    const again = cli('restore', file, { DATA_DIR: restoredDir });
    expect(again.status).toBe(1);
    expect(again.output).toContain('is not empty');

    const second = await spawnServer({ DATA_DIR: restoredDir, ...ENV });
    servers.push(second);
    const restoredShop = await shopper(second, when);
    // The same orders, but for the seconds of their reservation that ran meanwhile.
    const timeless = (view: unknown) =>
      JSON.parse(JSON.stringify(view, (key, value: unknown) => (key === 'reserveTime' ? undefined : value))) as unknown;
    for (const [i, hash] of hashes.entries()) expect(timeless(await restoredShop.view(hash))).toEqual(timeless(views[i]));
    // And it goes on selling.
    expect(await restoredShop.order(4)).toMatch(/\w/);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});

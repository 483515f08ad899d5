import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, findBinDir } from '../../tests/pg-cluster.ts';
import { type SpawnedServer, killLeftovers, spawnServer } from '../../tests/spawn-server.ts';
import { shopper } from '../../tests/spawned-orders.ts';
import { insertQuantityCatalog, sessionWhen } from '../quantity-order/quantity-fixtures.ts';
import { openPostgres } from './client.ts';
import { migrate } from './migrate.ts';

const CLI = path.join(import.meta.dirname, 'backup-cli.ts');
const ENV = { HOLD_LIMIT_ORDERS: '0', HOLD_LIMIT_PLACES: '0', ORDER_BURST_CAPTCHA: '0' };

/** `npm run backup|restore -- FILE` on a PostgreSQL server, with the cluster's own client tools. */
function cli(command: 'backup' | 'restore', file: string, databaseUrl: string) {
  const result = spawnSync(process.execPath, [CLI, command, file], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PG_BIN: findBinDir() },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

let root: string;
const drops: (() => Promise<void>)[] = [];
const servers: SpawnedServer[] = [];
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'storefront-pgdump-'));
});
afterAll(async () => {
  await killLeftovers(...servers);
  for (const drop of drops) await drop();
  rmSync(root, { recursive: true, force: true });
});

describe('backup and restore of a PostgreSQL database (pg_dump, pg_restore)', () => {
  it('restores a dump into a new database that then serves the same orders', async () => {
    const source = await createDatabase(inject('pgUrl'), 'bk');
    drops.push(source.drop);
    const db = await openPostgres(source.url, 1);
    await migrate(db);
    await insertQuantityCatalog(db, { capacity: 100 });
    const when = await sessionWhen(db, 9200);
    await db.close();

    const first = await spawnServer({ DATABASE_URL: source.url, ...ENV });
    servers.push(first);
    const shop = await shopper(first, when);
    const hashes = [await shop.order(1), await shop.order(2), await shop.order(3)];
    const views = await Promise.all(hashes.map((hash) => shop.view(hash)));
    // pg_dump takes a consistent snapshot: the server need not stop.
    const file = path.join(root, 'storefront.dump');
    const made = cli('backup', file, source.url);
    expect(made.status, made.output).toBe(0);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const target = await createDatabase(inject('pgUrl'), 'rs');
    drops.push(target.drop);
    const restored = cli('restore', file, target.url);
    expect(restored.status, restored.output).toBe(0);

    const second = await spawnServer({ DATABASE_URL: target.url, ...ENV });
    servers.push(second);
    const restoredShop = await shopper(second, when);
    const timeless = (view: unknown) =>
      JSON.parse(JSON.stringify(view, (key, value: unknown) => (key === 'reserveTime' ? undefined : value))) as unknown;
    for (const [i, hash] of hashes.entries()) expect(timeless(await restoredShop.view(hash))).toEqual(timeless(views[i]));
    // Sequences came along: a new order gets a new number, not one of the restored orders'.
    expect(await restoredShop.order(4)).toMatch(/\w/);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});

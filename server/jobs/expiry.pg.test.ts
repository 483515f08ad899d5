import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertMiniCatalog } from '../../tests/fixtures.ts';
import { openTestDb } from '../../tests/harness.ts';
import type { Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { remaining, testOrder } from '../orders/order-test-kit.ts';
import { placeOrder } from '../orders/orders.service.ts';
import { expireUnpaidOrders } from './expiry.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so two workers never overlap there.
let db: Db;
beforeEach(async () => {
  db = await openTestDb();
  await migrate(db);
});
afterEach(() => db.close());

/** One expiry worker: runs small batches until nothing is left, counting what it released. */
async function worker(at: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const released = await expireUnpaidOrders(db, at, 3);
    if (released === 0) return total;
    total += released;
  }
}

describe('reservation expiry with two workers (PostgreSQL)', () => {
  it('releases each expired order exactly once and puts every place back', async () => {
    await insertMiniCatalog(db, { capacity: 300 });
    const start = new Date('2026-11-21T10:00:00Z');
    const orders = await Promise.all(
      Array.from({ length: 60 }, (_, i) => db.transaction((tx) => placeOrder(tx, testOrder([{ quantity: 1 + (i % 3) }], start)))),
    );
    const held = 300 - ((await remaining(db)).session ?? 0);
    expect(held).toBe(120);
    // One order still has time left and must stay.
    const keep = await db.transaction((tx) => placeOrder(tx, testOrder([{ quantity: 1 }], new Date(start.getTime() + 10 * 60_000))));

    const at = new Date(start.getTime() + 15 * 60_000);
    const [a, b, c] = await Promise.all([worker(at), worker(at), worker(at)]);
    expect(a + b + c).toBe(60);

    expect((await remaining(db)).session).toBe(300 - 1);
    const { rows } = await db.query<{ status: number; n: number }>(
      'select status, count(*)::int as n from orders where released_at is not null group by status',
    );
    expect(rows).toEqual([{ status: 90, n: 60 }]);
    const kept = await db.query<{ status: number; released_at: Date | null }>('select status, released_at from orders where id = $1', [
      keep.id,
    ]);
    expect(kept.rows[0]).toEqual({ status: 20, released_at: null });
    expect(orders).toHaveLength(60);
    // Running again releases nothing more.
    expect(await worker(at)).toBe(0);
    expect((await remaining(db)).session).toBe(299);
  });
});

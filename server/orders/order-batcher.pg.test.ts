import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { createOrderBatcher } from './order-batcher.ts';
import { openMiniCatalogDb, remaining, soldPlaces, testOrder } from './order-test-kit.ts';

// Real PostgreSQL only: several calls of orders sent together race for the same session's row.
let db: Db;
beforeEach(async () => {
  db = await openMiniCatalogDb({ capacity: 20 });
});
afterEach(() => db.close());

describe('orders sent together: no oversell under concurrency (PostgreSQL)', () => {
  it('sells exactly the last 20 places to 300 concurrent buyers of two servers and refuses the other 280', async () => {
    const servers = [createOrderBatcher(db, { lanes: 4, maxBatch: 20 }), createOrderBatcher(db, { lanes: 4, maxBatch: 20 })];
    const results = await Promise.allSettled(
      Array.from({ length: 300 }, (_, i) => (servers[i % 2] ?? servers[0])?.place(testOrder([{ quantity: 1 }]))),
    );

    expect(await soldPlaces(db)).toBe(20);
    expect((await remaining(db)).session).toBe(0);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(280);
    for (const failure of refused) expect(failure.reason).toMatchObject({ code: '-1010' });
    // Refused orders left nothing behind; the sold ones have one ticket each.
    expect((await db.query('select 1 from orders')).rows).toHaveLength(20);
    expect((await db.query('select 1 from tickets')).rows).toHaveLength(20);
    // Orders did go together.
    expect(servers.reduce((sum, s) => sum + s.stats().calls, 0)).toBeLessThan(300);
  });

  it('never goes below zero when buyers of 1–3 places race for the last 20, and sells while orders fit', async () => {
    const batcher = createOrderBatcher(db, { lanes: 3, maxBatch: 10 });
    const results = await Promise.allSettled(Array.from({ length: 300 }, (_, i) => batcher.place(testOrder([{ quantity: 1 + (i % 3) }]))));
    const left = (await remaining(db)).session ?? -1;
    expect(left).toBeGreaterThanOrEqual(0);
    // Places go back only when no order could take them: every refused order needed more than was left.
    const smallestRefused = Math.min(...results.flatMap((r, i) => (r.status === 'rejected' ? [1 + (i % 3)] : [])));
    expect(left).toBeLessThan(smallestRefused);
    expect(await soldPlaces(db)).toBe(20 - left);
    const ordered = await db.query<{ quantity: number; tickets: number }>(
      'select l.quantity, (select count(*)::int from tickets t where t.order_line_id = l.id) as tickets from order_lines l',
    );
    for (const row of ordered.rows) expect(row.tickets).toBe(row.quantity);
  });
});

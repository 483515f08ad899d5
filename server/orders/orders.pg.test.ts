import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertMiniCatalog } from '../../tests/fixtures.ts';
import { openTestDb } from '../../tests/harness.ts';
import type { Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { remaining, soldPlaces, testOrder } from './order-test-kit.ts';
import { placeOrder, releaseOrder } from './orders.service.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so rows never contend there.
let db: Db;
beforeEach(async () => {
  db = await openTestDb();
  await migrate(db);
});
afterEach(() => db.close());

describe('no oversell under concurrency (PostgreSQL)', () => {
  it('sells exactly the last 20 places to 300 concurrent buyers and refuses the other 280', async () => {
    await insertMiniCatalog(db, { capacity: 20 });
    const results = await Promise.allSettled(
      Array.from({ length: 300 }, () => db.transaction((tx) => placeOrder(tx, testOrder([{ quantity: 1 }])))),
    );
    expect(await soldPlaces(db)).toBe(20);
    expect((await remaining(db)).session).toBe(0);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(280);
    for (const failure of refused) expect(failure.reason).toMatchObject({ code: '-1010' });
  });

  it('never goes below zero when buyers of 1–3 places race for the last 20', async () => {
    await insertMiniCatalog(db, { capacity: 20 });
    await Promise.allSettled(
      Array.from({ length: 300 }, (_, i) => db.transaction((tx) => placeOrder(tx, testOrder([{ quantity: 1 + (i % 3) }])))),
    );
    const left = (await remaining(db)).session ?? -1;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(await soldPlaces(db)).toBe(20 - left);
  });

  it('leaves each of 10 seats in at most one order when 200 buyers race for them', async () => {
    await insertMiniCatalog(db, { capacity: 1000 });
    const seats = Array.from({ length: 10 }, (_, i) => 9001 + i);
    await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => {
        const pick = [seats[i % 10] as number, seats[(i * 7 + 3) % 10] as number];
        const unique = [...new Set(pick)];
        return db.transaction((tx) => placeOrder(tx, testOrder(unique.map((seatId) => ({ seatId })))));
      }),
    );
    const { rows } = await db.query<{ seat_id: number; holders: number }>(
      'select seat_id, count(*)::int as holders from order_lines where seat_id is not null and not released group by seat_id',
    );
    for (const row of rows) expect(row.holders).toBe(1);
    const seatsSold = rows.length;
    expect(seatsSold).toBeGreaterThan(0);
    // Every seat sold also took one place of the session, and nothing else did.
    expect((await remaining(db)).session).toBe(1000 - seatsSold);
  });

  it('releases an order once when two expiry workers race for it', async () => {
    await insertMiniCatalog(db, { capacity: 20 });
    const placed = await db.transaction((tx) => placeOrder(tx, testOrder([{ quantity: 5 }])));
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => db.transaction((tx) => releaseOrder(tx, placed.id, new Date(), 'expired'))),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect((await remaining(db)).session).toBe(20);
  });
});

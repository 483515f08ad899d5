import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { openMiniCatalogDb, remaining, testOrder } from './order-test-kit.ts';
import { placeOrder } from './orders.service.ts';

// Migration 0730: order_lines.session_id has a guard on sessions instead of a foreign key.
// Both databases (PGlite in the api project, PostgreSQL in api-pg).
let db: Db;
beforeEach(async () => {
  db = await openMiniCatalogDb();
});
afterEach(() => db.close());

const addSession = (id: number) =>
  db.query(`insert into sessions (id, event_id, starts_at, capacity, remaining) values ($1, 9000, now() + interval '8 days', 5, 5)`, [id]);

describe('a session that order lines name stays (migration 0730)', () => {
  it('refuses to delete a session with order lines, as the foreign key did (23503), and keeps it', async () => {
    await placeOrder(db, testOrder([{ quantity: 2 }]));
    await expect(db.query('delete from sessions where id = $1', [9000])).rejects.toMatchObject({ code: '23503' });
    // Also through the event's cascade, and when changing its id.
    await expect(db.query('delete from events where id = $1', [9000])).rejects.toMatchObject({ code: '23503' });
    await expect(db.query('update sessions set id = $2 where id = $1', [9000, 9100])).rejects.toMatchObject({ code: '23503' });
    expect((await remaining(db)).session).toBe(18);
  });

  it('deletes a session no order line names, and changes nothing else', async () => {
    await placeOrder(db, testOrder([{ quantity: 1 }]));
    await addSession(9001);
    await db.query('update sessions set capacity = 6, remaining = 6 where id = $1', [9001]);
    await db.query('delete from sessions where id = $1', [9001]);
    expect((await db.query('select id from sessions order by id')).rows).toEqual([{ id: 9000 }]);
  });

  it('refuses a line for a session that does not exist as places gone, and writes nothing', async () => {
    await expect(placeOrder(db, testOrder([{ quantity: 1, sessionId: 9999 }]))).rejects.toMatchObject({ code: '-1010' });
    const counts = await db.query<{ orders: number; lines: number; tickets: number }>(
      'select (select count(*)::int from orders) as orders, (select count(*)::int from order_lines) as lines, (select count(*)::int from tickets) as tickets',
    );
    expect(counts.rows[0]).toEqual({ orders: 0, lines: 0, tickets: 0 });
  });
});

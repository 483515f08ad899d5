import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { openMiniCatalogDb, testOrder } from './order-test-kit.ts';
import { placeOrder } from './orders.service.ts';

// Real PostgreSQL only: a catalog delete racing an order (migration 0730's guard instead of a foreign key).
let db: Db;
beforeEach(async () => {
  db = await openMiniCatalogDb();
});
afterEach(() => db.close());

describe('deleting a session while an order for it commits (PostgreSQL)', () => {
  it('waits for the order and then refuses (23503): no order line is left without its session', async () => {
    let deletion: Promise<unknown> | undefined;
    let settled = false;
    // Whether the delete had settled while the order's transaction was still open (read before its
    // commit: once it commits, the delete may settle before this test's next line runs).
    let settledBeforeCommit = true;
    await db.transaction(async (tx) => {
      await placeOrder(tx, testOrder([{ quantity: 1 }]));
      deletion = db.query('delete from sessions where id = $1', [9000]);
      deletion.then(
        () => (settled = true),
        () => (settled = true),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      settledBeforeCommit = settled;
    });
    expect(settledBeforeCommit).toBe(false);
    await expect(deletion).rejects.toMatchObject({ code: '23503' });
    const orphans = await db.query<{ n: number }>(
      'select count(*)::int as n from order_lines l where not exists (select 1 from sessions s where s.id = l.session_id)',
    );
    expect(orphans.rows[0]?.n).toBe(0);
  });

  it('refuses an order whose session a committed delete removed first (places gone), writing nothing', async () => {
    let placing: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('delete from sessions where id = $1', [9000]);
      placing = placeOrder(db, testOrder([{ quantity: 1 }]));
      placing.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await expect(placing).rejects.toMatchObject({ code: '-1010' });
    const lines = await db.query<{ n: number }>('select count(*)::int as n from order_lines');
    expect(lines.rows[0]?.n).toBe(0);
  });
});

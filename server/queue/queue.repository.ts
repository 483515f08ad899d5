import type { Queryable } from '../db/client.ts';

/** The cursor as stored, with the number of the last ticket taken (0 before the first). */
export type QueueCursorRow = { serving: number; advanced_at: Date | null; issued: number };

/** A new ticket's number: one more than the last one taken, by any instance. */
export async function takeTicketNumber(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`select nextval('queue_ticket_seq')::text as n`);
  return Number(rows[0]?.n);
}

export async function findQueueCursor(db: Queryable): Promise<QueueCursorRow> {
  const { rows } = await db.query<{ serving: number; advanced_at: Date | null; issued: string }>(
    `select c.serving, c.advanced_at,
            (select case when is_called then last_value else 0 end from queue_ticket_seq)::text as issued
       from queue_cursor c where c.id = 1`,
  );
  const row = rows[0];
  if (!row) throw new Error('queue_cursor has no row (migration 1540 not applied?)');
  return { serving: Number(row.serving), advanced_at: row.advanced_at, issued: Number(row.issued) };
}

/**
 * Stores the cursor moved on to `serving` at `at`, only if no other instance moved it since
 * `seen` (they compute the same pace from the same row; the first to write wins, the others read
 * its value next time).
 */
export async function advanceQueueCursor(db: Queryable, serving: number, at: Date, seen: Date | null): Promise<void> {
  await db.query(
    `update queue_cursor set serving = greatest(serving, $1), advanced_at = $2
      where id = 1 and advanced_at is not distinct from $3`,
    [serving, at, seen],
  );
}

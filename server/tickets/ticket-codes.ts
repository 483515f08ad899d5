import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/client.ts';

/**
 * A 16-digit ticket code (first digit non-zero): about 2^53 values, so a collision between a
 * venue's tickets is astronomically rare, and numeric codes are the densest in Code 128.
 */
export function newTicketCode(): string {
  const head = randomInt(1, 10).toString();
  const rest = Array.from({ length: 3 }, () => randomInt(0, 100_000).toString().padStart(5, '0')).join('');
  return head + rest;
}

/** Gives every ticket of an order its unique scanned code, once (codes already issued stay). */
export async function issueTicketCodes(tx: Queryable, orderId: number): Promise<number> {
  const { rows } = await tx.query<{ id: number }>('select id from tickets where order_id = $1 and code is null order by id for update', [orderId]);
  for (const ticket of rows) {
    // The guard skips a code some other ticket already has; the next try draws a new one.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { rowCount } = await tx.query(
        'update tickets set code = $2 where id = $1 and code is null and not exists (select 1 from tickets where code = $2)',
        [ticket.id, newTicketCode()],
      );
      if (rowCount > 0) break;
    }
  }
  return rows.length;
}

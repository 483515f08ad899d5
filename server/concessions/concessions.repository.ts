import type { Holder } from '../../contract/nominal.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import type { Queryable } from '../db/client.ts';
import { TICKET_VALID } from '../orders/order-status-sql.ts';

/**
 * Serialises the monthly-limit checks of one category and month until the transaction ends: two
 * orders confirming the same holder at once would otherwise both count the other's tickets as
 * absent. Other categories and months never wait.
 */
export async function lockConcessionMonth(tx: Queryable, categoryId: number, month: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('concession-month'), hashtext($1))`, [`${categoryId}:${month}`]);
}

/**
 * The holders of the category's tickets in a venue-local month ('YYYY-MM') that count against a
 * monthly limit: of orders confirmed or paid, on places still held, not returned; `except` the
 * order being confirmed.
 */
export async function findMonthHolders(
  q: Queryable,
  input: { categoryId: number; month: string; timeZone: string; exceptOrderId: number },
): Promise<Holder[]> {
  const { rows } = await q.query<{ holder: Holder }>(
    `select t.holder
     from tickets t
     join orders o on o.id = t.order_id
     join order_lines l on l.id = t.order_line_id
     join sessions s on s.id = l.session_id
     where l.category_id = $1 and to_char(s.starts_at at time zone $3, 'YYYY-MM') = $2
       and o.id <> $4 and o.status in (${OrderStatus.confirmed}, ${OrderStatus.paid}) and not l.released
       and t.status in (${TICKET_VALID}) and t.holder is not null`,
    [input.categoryId, input.month, input.timeZone, input.exceptOrderId],
  );
  return rows.map((r) => r.holder);
}

import type { Holder } from '../../contract/nominal.ts';
import type { Queryable } from '../db/client.ts';
import { TICKET_VALID } from '../orders/order-status-sql.ts';

export async function findTicketByHash(
  db: Queryable,
  hash: string,
): Promise<{ id: number; order_id: number; order_line_id: number; holder: Holder | null } | undefined> {
  const { rows } = await db.query<{ id: number; order_id: number; order_line_id: number; holder: Holder | null }>(
    'select id, order_id, order_line_id, holder from tickets where hash = $1',
    [hash],
  );
  return rows[0];
}

/**
 * When a returned ticket went back: its latest return request that did not lapse, confirmed (or,
 * for staff and automatic returns, made); null when none records it.
 */
export async function findTicketReturnedAt(db: Queryable, ticketId: number): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date }>(
    `select coalesce(q.confirmed_at, q.created_at) as at
     from return_request_tickets rt join return_requests q on q.id = rt.request_id
     where rt.ticket_id = $1 and q.lapsed_at is null
     order by q.id desc limit 1`,
    [ticketId],
  );
  return rows[0]?.at ?? null;
}

/** The hashes of an order's tickets that still admit (valid or admitted); returned tickets lost their page. */
export async function findAdmittingTicketHashes(tx: Queryable, orderId: number): Promise<string[]> {
  const { rows } = await tx.query<{ hash: string }>(
    `select hash from tickets where order_id = $1 and status in (${TICKET_VALID}) order by id`,
    [orderId],
  );
  return rows.map((r) => r.hash);
}

/** The order's tickets that have no code yet, locked. */
export async function lockTicketsWithoutCode(tx: Queryable, orderId: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>('select id from tickets where order_id = $1 and code is null order by id for update', [
    orderId,
  ]);
  return rows.map((r) => r.id);
}

/** Gives a ticket without a code this one, unless another ticket already has it; answers whether it did. */
export async function setTicketCodeIfFree(tx: Queryable, id: number, code: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    // A code a duplicate replaced stays out of use: the door names it as replaced.
    'update tickets set code = $2 where id = $1 and code is null and not exists (select 1 from tickets where code = $2) and not exists (select 1 from ticket_replaced_codes where code = $2)',
    [id, code],
  );
  return rowCount > 0;
}

export type DocumentTicketRow = {
  id: number;
  order_line_id: number;
  hash: string;
  code: string | null;
  status: number;
  holder: Holder | null;
};

/** An order's tickets with what their printed form needs, in ticket order. */
export async function findDocumentTickets(db: Queryable, orderId: number): Promise<DocumentTicketRow[]> {
  const { rows } = await db.query<DocumentTicketRow>(
    'select id, order_line_id, hash, code, status, holder from tickets where order_id = $1 order by id',
    [orderId],
  );
  return rows;
}

import type { DuplicatePolicy } from '../../../contract/admin/desk-tickets-rules.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import type { Queryable } from '../../db/client.ts';
import { TICKET_VALID } from '../../orders/order-status-sql.ts';

export type HandoutOrderRow = {
  id: number;
  number: number;
  email: string | null;
  buyer_name: string | null;
  channel: 'web' | 'desk';
  total: number;
  paid_at: Date | null;
  events: Record<string, string>[];
  tickets: number;
};

// A paid order with what the hand-out list shows: its events and the tickets that still admit.
const HANDOUT = `select o.id, o.number, o.email, o.buyer_name, o.channel, o.total, o.paid_at,
    coalesce((select jsonb_agg(distinct e.name) from order_lines l join sessions s on s.id = l.session_id join events e on e.id = s.event_id where l.order_id = o.id), '[]'::jsonb) as events,
    (select count(*)::int from tickets t where t.order_id = o.id and t.status in (${TICKET_VALID}) and t.code is not null) as tickets
  from orders o`;

/** Paid orders found by their number, a ticket's code (current, or one a duplicate replaced) or the buyer's e-mail, newest first. */
export async function findHandoutOrders(
  db: Queryable,
  by: 'number' | 'code' | 'email',
  value: string,
  limit: number,
): Promise<HandoutOrderRow[]> {
  const where = {
    number: 'o.number = $1::bigint',
    code: `o.id = (select order_id from tickets where code = $1 union all select t.order_id from ticket_replaced_codes r join tickets t on t.id = r.ticket_id where r.code = $1 limit 1)`,
    email: 'lower(o.email) = lower($1)',
  }[by];
  const { rows } = await db.query<HandoutOrderRow>(
    `${HANDOUT} where ${where} and o.status = ${OrderStatus.paid} order by o.id desc limit ${limit}`,
    [value],
  );
  return rows;
}

export async function findHandoutOrder(db: Queryable, orderId: number): Promise<HandoutOrderRow | undefined> {
  const { rows } = await db.query<HandoutOrderRow>(`${HANDOUT} where o.id = $1 and o.status = ${OrderStatus.paid}`, [orderId]);
  return rows[0];
}

export type PrintState = { ticket_id: number; prints: number; last_printed_at: Date | null; admitted: boolean };

/** How often the desk printed each of an order's tickets, when last, and whether the door admitted it. */
export async function findPrintStates(db: Queryable, orderId: number): Promise<Map<number, PrintState>> {
  const { rows } = await db.query<PrintState>(
    `select t.id as ticket_id, count(p.id)::int as prints, max(p.printed_at) as last_printed_at, exists (select 1 from checkins c where c.ticket_id = t.id) as admitted
     from tickets t left join ticket_prints p on p.ticket_id = t.id where t.order_id = $1 group by t.id`,
    [orderId],
  );
  return new Map(rows.map((r) => [r.ticket_id, r]));
}

/** The order's tickets that may be printed (coded, not returned) among these ids, locked for the print; with their prints so far. */
export async function lockPrintableTickets(
  tx: Queryable,
  orderId: number,
  ticketIds: readonly number[],
): Promise<{ id: number; code: string; prints: number }[]> {
  const { rows } = await tx.query<{ id: number; code: string }>(
    `select id, code from tickets where order_id = $1 and id = any($2::int[]) and status in (${TICKET_VALID}) and code is not null order by id for update`,
    [orderId, [...ticketIds]],
  );
  const { rows: counts } = await tx.query<{ ticket_id: number; prints: number }>(
    'select ticket_id, count(*)::int as prints from ticket_prints where ticket_id = any($1::int[]) group by ticket_id',
    [rows.map((r) => r.id)],
  );
  const printed = new Map(counts.map((c) => [c.ticket_id, c.prints]));
  return rows.map((r) => ({ ...r, prints: printed.get(r.id) ?? 0 }));
}

export async function insertTicketPrint(
  tx: Queryable,
  p: { ticketId: number; at: Date; staffId: number; staffName: string; duplicate: boolean; codeReplaced: boolean },
): Promise<void> {
  await tx.query(
    'insert into ticket_prints (ticket_id, printed_at, staff_id, staff_name, duplicate, code_replaced) values ($1, $2, $3, $4, $5, $6)',
    [p.ticketId, p.at, p.staffId, p.staffName, p.duplicate, p.codeReplaced],
  );
}

/** Gives a ticket a new code unless another ticket has it, keeping the old one as replaced; answers whether it did. */
export async function replaceTicketCode(tx: Queryable, ticketId: number, oldCode: string, newCode: string, at: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update tickets set code = $3 where id = $1 and code = $2
       and not exists (select 1 from tickets where code = $3) and not exists (select 1 from ticket_replaced_codes where code = $3)`,
    [ticketId, oldCode, newCode],
  );
  if (rowCount === 0) return false;
  await tx.query('insert into ticket_replaced_codes (code, ticket_id, replaced_at) values ($1, $2, $3)', [oldCode, ticketId, at]);
  return true;
}

export async function findDuplicatePolicy(db: Queryable): Promise<DuplicatePolicy> {
  const { rows } = await db.query<{ duplicate_policy: DuplicatePolicy }>('select duplicate_policy from ticket_print_settings');
  return rows[0]?.duplicate_policy ?? 'keep';
}

/** Sets the venue's duplicate choice; answers the one it replaced. */
export async function updateDuplicatePolicy(tx: Queryable, policy: DuplicatePolicy): Promise<DuplicatePolicy> {
  const before = await findDuplicatePolicy(tx);
  await tx.query('update ticket_print_settings set duplicate_policy = $1', [policy]);
  return before;
}

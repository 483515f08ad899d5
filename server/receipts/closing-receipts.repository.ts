import { OrderStatus } from '../../contract/order-status.ts';
import type { Queryable } from '../db/client.ts';
import { TICKET_VALID } from '../orders/order-status-sql.ts';

/**
 * The payment of an order whose sale receipt was a full prepayment: it paid the order (a success
 * refunded as late or for a changed order has a decline reason) and its receipt went to the
 * acquirer. Only such a payment calls for a closing receipt; the sandbox sends no receipts.
 */
const PREPAID_PAYMENT = `select p.id from payments p join sale_receipts sr on sr.payment_id = p.id
  where p.order_id = o.id and p.status = 'succeeded' and p.decline_reason is null and sr.payment_mode = 'full_prepayment'
  order by p.id limit 1`;

async function insertReceipt(
  tx: Queryable,
  r: { key: string; orderId: number; paymentId: number; reason: 'admission' | 'session-end'; at: Date },
): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into closing_receipts (key, order_id, payment_id, reason, next_attempt_at, created_at) values ($1, $2, $3, $4, $5, $5)
     on conflict (key) do nothing returning id`,
    [r.key, r.orderId, r.paymentId, r.reason, r.at],
  );
  return rows[0]?.id;
}

/**
 * Queues the closing receipt of a ticket the door just admitted, in the admission's transaction:
 * nothing when its order's payment was not a full prepayment, or when the ticket was settled
 * already (its session's end came first). Answers whether one was queued.
 */
export async function enqueueAdmissionClosing(tx: Queryable, ticketId: number, at: Date): Promise<boolean> {
  const { rows } = await tx.query<{ order_id: number; payment_id: number }>(
    `select o.id as order_id, p.id as payment_id
     from tickets t join orders o on o.id = t.order_id and o.status = ${OrderStatus.paid}
     join lateral (${PREPAID_PAYMENT}) p on true
     where t.id = $1 and not exists (select 1 from closing_receipt_units u where u.ticket_id = t.id)`,
    [ticketId],
  );
  const sale = rows[0];
  if (!sale) return false;
  const id = await insertReceipt(tx, {
    key: `ticket:${ticketId}`,
    orderId: sale.order_id,
    paymentId: sale.payment_id,
    reason: 'admission',
    at,
  });
  if (id === undefined) return false;
  const { rowCount } = await tx.query('insert into closing_receipt_units (receipt_id, ticket_id) values ($1, $2) on conflict do nothing', [
    id,
    ticketId,
  ]);
  if (rowCount === 1) return true;
  await tx.query('delete from closing_receipts where id = $1', [id]);
  return false;
}

export type EndedSale = { session_id: number; order_id: number; payment_id: number };

/**
 * Orders with something of a session still unsettled once the session's day ended in the venue's
 * time zone (sessions have no end time, so the day's end stands for it): a ticket not returned
 * and not settled, or an attached service of one of its lines. Cancelled sessions deliver nothing.
 */
export async function findEndedUnsettledSales(q: Queryable, now: Date, timeZone: string, limit: number): Promise<EndedSale[]> {
  const { rows } = await q.query<EndedSale>(
    `select distinct l.session_id, o.id as order_id, p.id as payment_id
     from order_lines l
     join sessions s on s.id = l.session_id and not s.is_cancelled
     join orders o on o.id = l.order_id and o.status = ${OrderStatus.paid}
     join lateral (${PREPAID_PAYMENT}) p on true
     where ((s.starts_at at time zone $2)::date + 1)::timestamp at time zone $2 <= $1
       and (exists (select 1 from tickets t where t.order_line_id = l.id and t.status in (${TICKET_VALID})
                    and not exists (select 1 from closing_receipt_units u where u.ticket_id = t.id))
         or exists (select 1 from order_services os where os.parent_line_id = l.id and os.status in (${TICKET_VALID})
                    and not exists (select 1 from closing_receipt_units u where u.service_id = os.id)))
     order by o.id, l.session_id
     limit $3`,
    [now, timeZone, limit],
  );
  return rows;
}

/**
 * Queues the closing receipt of what an order still has unsettled of an ended session: its
 * tickets not returned nor settled at the door, and its attached services. Answers whether one was queued.
 */
export async function enqueueSessionEndClosing(tx: Queryable, sale: EndedSale, at: Date): Promise<boolean> {
  const id = await insertReceipt(tx, {
    key: `session:${sale.session_id}:order:${sale.order_id}`,
    orderId: sale.order_id,
    paymentId: sale.payment_id,
    reason: 'session-end',
    at,
  });
  if (id === undefined) return false;
  const tickets = await tx.query(
    `insert into closing_receipt_units (receipt_id, ticket_id)
     select $1, t.id from tickets t join order_lines l on l.id = t.order_line_id
     where l.order_id = $2 and l.session_id = $3 and t.status in (${TICKET_VALID})
     order by t.id
     on conflict do nothing`,
    [id, sale.order_id, sale.session_id],
  );
  const services = await tx.query(
    `insert into closing_receipt_units (receipt_id, service_id)
     select $1, os.id from order_services os join order_lines l on l.id = os.parent_line_id
     where l.order_id = $2 and l.session_id = $3 and os.status in (${TICKET_VALID})
     order by os.id
     on conflict do nothing`,
    [id, sale.order_id, sale.session_id],
  );
  if ((tickets.rowCount ?? 0) + (services.rowCount ?? 0) > 0) return true;
  await tx.query('delete from closing_receipts where id = $1', [id]);
  return false;
}

export type ClaimedClosing = {
  id: number;
  order_id: number;
  payment_id: number;
  attempts: number;
  provider: string;
  provider_ref: string | null;
};

/**
 * Claims up to `limit` due closing receipts: each one's next attempt moves to `leaseUntil`, so
 * another instance does not send it meanwhile (SKIP LOCKED: instances never wait for each other).
 */
export async function claimDueClosings(q: Queryable, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedClosing[]> {
  const { rows } = await q.query<ClaimedClosing>(
    `with due as (
       select id from closing_receipts where sent_at is null and next_attempt_at <= $1
       order by next_attempt_at, id limit $3 for update skip locked)
     update closing_receipts c set attempts = c.attempts + 1, next_attempt_at = $2
     from due, payments p where c.id = due.id and p.id = c.payment_id
     returning c.id, c.order_id, c.payment_id, c.attempts, p.provider, p.provider_ref`,
    [now, leaseUntil, limit],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** What a closing receipt settles. */
export async function findClosingUnits(q: Queryable, receiptId: number): Promise<{ ticketIds: number[]; serviceIds: number[] }> {
  const { rows } = await q.query<{ ticket_id: number | null; service_id: number | null }>(
    'select ticket_id, service_id from closing_receipt_units where receipt_id = $1 order by ticket_id, service_id',
    [receiptId],
  );
  return {
    ticketIds: rows.flatMap((r) => (r.ticket_id === null ? [] : [r.ticket_id])),
    serviceIds: rows.flatMap((r) => (r.service_id === null ? [] : [r.service_id])),
  };
}

/** The acquirer took the closing receipt. Guarded by the claim's attempt. */
export async function markClosingSent(q: Queryable, id: number, attempts: number, amount: number, at: Date): Promise<void> {
  await q.query(
    'update closing_receipts set sent_at = $4, amount = $3, last_error = null where id = $1 and attempts = $2 and sent_at is null',
    [id, attempts, amount, at],
  );
}

/** Sending failed: tried again at `retryAt`, the reason kept for staff. */
export async function markClosingFailed(q: Queryable, id: number, attempts: number, retryAt: Date, error: string): Promise<void> {
  await q.query('update closing_receipts set next_attempt_at = $3, last_error = $4 where id = $1 and attempts = $2 and sent_at is null', [
    id,
    attempts,
    retryAt,
    error.slice(0, 1000),
  ]);
}

export type UnsentClosingRow = {
  id: number;
  reason: 'admission' | 'session-end';
  order_number: number;
  event_name: Record<string, string>;
  provider: string;
  tickets: number;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Date;
};

/** Closing receipts not yet taken by their acquirer: the failing ones first, then the oldest. */
export async function findUnsentClosings(q: Queryable, limit: number): Promise<UnsentClosingRow[]> {
  const { rows } = await q.query<UnsentClosingRow>(
    `select c.id, c.reason, o.number as order_number, e.name as event_name, p.provider,
            (select count(*)::int from closing_receipt_units u where u.receipt_id = c.id and u.ticket_id is not null) as tickets,
            c.attempts, c.next_attempt_at, c.last_error, c.created_at
     from closing_receipts c
     join orders o on o.id = c.order_id
     join events e on e.id = o.event_id
     join payments p on p.id = c.payment_id
     where c.sent_at is null
     order by (c.last_error is null), c.created_at, c.id limit $1`,
    [limit],
  );
  return rows;
}

/** How many closing receipts wait, and how many of them failed at their last attempt. */
export async function countUnsentClosings(q: Queryable): Promise<{ pending: number; failing: number }> {
  const { rows } = await q.query<{ pending: number; failing: number }>(
    `select count(*)::int as pending, (count(*) filter (where last_error is not null))::int as failing from closing_receipts where sent_at is null`,
  );
  return rows[0] ?? { pending: 0, failing: 0 };
}

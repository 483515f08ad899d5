import { OrderStatus } from '../../../contract/order-status.ts';
import type { Queryable } from '../../db/client.ts';
import { UNPAID } from '../../orders/order-status-sql.ts';

type Texts = Record<string, string>;

export type ChangeSessionRow = {
  id: number;
  event_id: number;
  starts_at: Date;
  has_time: boolean;
  is_cancelled: boolean;
  full_return_until: Date | null;
  event_name: Texts;
};

/** A session with its event's name, locked for the rest of the transaction when asked (it serialises with order placement's guarded update). */
export async function findChangeSession(db: Queryable, id: number, lock = false): Promise<ChangeSessionRow | undefined> {
  const { rows } = await db.query<ChangeSessionRow>(
    `select s.id, s.event_id, s.starts_at, s.has_time, s.is_cancelled, s.full_return_until, e.name as event_name
     from sessions s join events e on e.id = s.event_id where s.id = $1${lock ? ' for update of s' : ''}`,
    [id],
  );
  return rows[0];
}

/** Where the money of an order came from, as the cancellation's figures group it. */
export type PaymentType = 'card' | 'sbp' | 'pushkin' | 'desk';

export type SessionOrderRow = {
  id: number;
  status: number;
  channel: 'web' | 'desk';
  /** The kind of the acquirer payment that paid the order (null: none, a desk order or unpaid). */
  pay_kind: string | null;
  /** Tickets (places) of the session the order holds and has not returned. */
  places: number;
};

/**
 * The orders a cancellation of the session settles: paid ones (refunded) and unpaid ones whose
 * places are still held (released). Ordered by id, the order the job works in.
 */
export async function findSessionOrders(db: Queryable, sessionId: number): Promise<SessionOrderRow[]> {
  const { rows } = await db.query<SessionOrderRow>(
    `select o.id, o.status, o.channel,
       (select p.kind from payments p where p.order_id = o.id and p.status = 'succeeded' and p.decline_reason is null
        order by p.finished_at, p.id limit 1) as pay_kind,
       (select coalesce(sum(l.quantity - l.returned_quantity), 0)::int from order_lines l where l.order_id = o.id and l.session_id = $1) as places
     from orders o
     where exists (select 1 from order_lines l where l.order_id = o.id and l.session_id = $1)
       and (o.status = ${OrderStatus.paid} or (o.status in (${UNPAID}) and o.released_at is null))
     order by o.id`,
    [sessionId],
  );
  return rows;
}

/** Stops the sale of a session at once: order placement's guarded updates refuse a cancelled session. */
export async function markSessionCancelled(tx: Queryable, sessionId: number): Promise<boolean> {
  const { rowCount } = await tx.query('update sessions set is_cancelled = true where id = $1 and not is_cancelled', [sessionId]);
  return rowCount > 0;
}

export async function insertCancellation(
  tx: Queryable,
  c: { sessionId: number; staffId: number | null; staffName: string; reason: string; planned: unknown; at: Date },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into session_cancellations (session_id, staff_id, staff_name, reason, planned, created_at)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [c.sessionId, c.staffId, c.staffName, c.reason, JSON.stringify(c.planned), c.at],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into session_cancellations returned no row');
  return id;
}

/** One row per order the job must settle, written with the cancellation itself. */
export async function insertCancellationOrders(tx: Queryable, cancellationId: number, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.query(
    `insert into session_cancellation_orders (cancellation_id, order_id)
     select $1, x from unnest($2::int[]) as x order by x
     on conflict (cancellation_id, order_id) do nothing`,
    [cancellationId, orderIds],
  );
}

export type CancellationRow = {
  id: number;
  session_id: number;
  staff_name: string;
  reason: string;
  planned: unknown;
  created_at: Date;
  finished_at: Date | null;
};

export async function findCancellation(db: Queryable, sessionId: number): Promise<CancellationRow | undefined> {
  const { rows } = await db.query<CancellationRow>(
    'select id, session_id, staff_name, reason, planned, created_at, finished_at from session_cancellations where session_id = $1',
    [sessionId],
  );
  return rows[0];
}

export type ClaimedCancelOrder = {
  id: number;
  cancellation_id: number;
  order_id: number;
  session_id: number;
  attempts: number;
  staff_id: number | null;
  reason: string;
};

/**
 * Claims order rows due for settling, across every cancellation under way, with FOR UPDATE SKIP
 * LOCKED and a lease: several runners never take one row at once, and a row whose runner died
 * comes back when its lease ends.
 */
export async function claimCancelOrders(tx: Queryable, at: Date, leaseUntil: Date, limit: number): Promise<ClaimedCancelOrder[]> {
  const { rows } = await tx.query<ClaimedCancelOrder>(
    `with due as (
       select id from session_cancellation_orders
       where status = 'pending' and (lease_until is null or lease_until <= $1)
       order by id limit $3 for update skip locked
     )
     update session_cancellation_orders o set lease_until = $2, attempts = o.attempts + 1
     from due, session_cancellations c
     where o.id = due.id and c.id = o.cancellation_id
     returning o.id, o.cancellation_id, o.order_id, c.session_id, o.attempts, c.staff_id, c.reason`,
    [at, leaseUntil, limit],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** The row again inside the settling transaction, locked: only a row still pending is settled. */
export async function lockPendingCancelOrder(tx: Queryable, id: number): Promise<boolean> {
  const { rows } = await tx.query(`select id from session_cancellation_orders where id = $1 and status = 'pending' for update`, [id]);
  return rows.length > 0;
}

export async function markCancelOrderDone(
  tx: Queryable,
  r: {
    id: number;
    outcome: 'refund' | 'desk' | 'release' | 'none';
    paymentType: PaymentType | null;
    amount: number;
    tickets: number;
    requestId: number | null;
    refundId: number | null;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `update session_cancellation_orders set status = 'done', outcome = $2, payment_type = $3, amount = $4, tickets = $5,
       request_id = $6, refund_id = $7, done_at = $8, lease_until = null, last_error = null
     where id = $1`,
    [r.id, r.outcome, r.paymentType, r.amount, r.tickets, r.requestId, r.refundId, r.at],
  );
}

/** A settling that threw: tried again after `retryAt`, or failed for good (null) with the error kept for the report. */
export async function markCancelOrderFailure(db: Queryable, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db.query(
    `update session_cancellation_orders set last_error = $2, lease_until = $3, status = case when $3::timestamptz is null then 'failed' else status end
     where id = $1 and status = 'pending'`,
    [id, error, retryAt],
  );
}

/** Marks cancellations with no order left pending as finished. */
export async function finishCancellations(db: Queryable, at: Date): Promise<void> {
  await db.query(
    `update session_cancellations c set finished_at = $1
     where finished_at is null and not exists (select 1 from session_cancellation_orders o where o.cancellation_id = c.id and o.status = 'pending')`,
    [at],
  );
}

export type CancelOrderReportRow = {
  /** A desk sale's refund the cashier has paid out at the desk. */
  paid_out_at_desk: boolean;
  order_id: number;
  number: number;
  email: string;
  status: 'pending' | 'done' | 'failed';
  outcome: 'refund' | 'desk' | 'release' | 'none' | null;
  payment_type: PaymentType | null;
  amount: number;
  tickets: number;
  attempts: number;
  last_error: string | null;
  refund_status: string | null;
  refund_error: string | null;
};

/** Every order of a cancellation with how it was settled and where its refund stands. */
export async function findCancelOrders(db: Queryable, cancellationId: number): Promise<CancelOrderReportRow[]> {
  const { rows } = await db.query<CancelOrderReportRow>(
    `select co.order_id, o.number, o.email, co.status, co.outcome, co.payment_type, co.amount, co.tickets, co.attempts, co.last_error,
       r.status as refund_status, r.last_error as refund_error,
       exists (select 1 from desk_refunds d where d.return_request_id = co.request_id) as paid_out_at_desk
     from session_cancellation_orders co
     join orders o on o.id = co.order_id
     left join refunds r on r.id = co.refund_id
     where co.cancellation_id = $1 order by co.id`,
    [cancellationId],
  );
  return rows;
}

/** A postponement: the session's new start and its full-return deadline, with the history row. */
export async function moveSession(
  tx: Queryable,
  p: {
    sessionId: number;
    oldStartsAt: Date;
    newStartsAt: Date;
    fullReturnUntil: Date;
    staffId: number | null;
    staffName: string;
    at: Date;
  },
): Promise<number> {
  await tx.query('update sessions set starts_at = $2, full_return_until = $3 where id = $1', [
    p.sessionId,
    p.newStartsAt,
    p.fullReturnUntil,
  ]);
  const { rows } = await tx.query<{ id: number }>(
    `insert into session_postponements (session_id, old_starts_at, new_starts_at, full_return_until, staff_id, staff_name, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [p.sessionId, p.oldStartsAt, p.newStartsAt, p.fullReturnUntil, p.staffId, p.staffName, p.at],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into session_postponements returned no row');
  return id;
}

export type PaidOrderMailRow = { id: number; number: number; email: string; lang: string; hash: string };

/** The paid orders holding valid tickets of the session, whose buyers are told of a change. */
export async function findPaidOrdersOfSession(db: Queryable, sessionId: number): Promise<PaidOrderMailRow[]> {
  const { rows } = await db.query<PaidOrderMailRow>(
    `select o.id, o.number, o.email, o.lang, o.hash from orders o
     where o.status = ${OrderStatus.paid}
       and exists (select 1 from order_lines l where l.order_id = o.id and l.session_id = $1 and l.quantity > l.returned_quantity)
     order by o.id`,
    [sessionId],
  );
  return rows;
}

/** The order's number, buyer address and language, for the cancellation's e-mail. */
export async function findOrderMailFields(
  db: Queryable,
  orderId: number,
): Promise<{ number: number; email: string; lang: string } | undefined> {
  const { rows } = await db.query<{ number: number; email: string; lang: string }>('select number, email, lang from orders where id = $1', [
    orderId,
  ]);
  return rows[0];
}

/** How a paid order was paid: its channel, and the acquirer payment's kind and provider (none for a desk sale). */
export async function findOrderPayment(
  db: Queryable,
  orderId: number,
): Promise<{ channel: 'web' | 'desk'; kind: string | null; provider: string | null } | undefined> {
  const { rows } = await db.query<{ channel: 'web' | 'desk'; kind: string | null; provider: string | null }>(
    `select o.channel, p.kind, p.provider from orders o
     left join lateral (select kind, provider from payments where order_id = o.id and status = 'succeeded' and decline_reason is null
                        order by finished_at, id limit 1) p on true
     where o.id = $1`,
    [orderId],
  );
  return rows[0];
}

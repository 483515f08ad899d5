import type { Queryable } from '../db/client.ts';
import type { PaymentAction } from './provider.ts';

export type PaymentMethodRow = {
  id: number;
  provider: string;
  kind: 'card' | 'redirect' | 'qr' | 'pushkin';
  protocol_type: number;
  protocol_kind: number;
  name: Record<string, string>;
  description: Record<string, string>;
  sortnum: number;
  is_active: boolean;
};

export type PaymentRow = {
  id: number;
  public_id: string;
  order_id: number;
  method_id: number;
  provider: string;
  kind: PaymentMethodRow['kind'];
  amount: number;
  status: 'created' | 'pending' | 'succeeded' | 'declined' | 'failed' | 'canceled';
  provider_ref: string | null;
  decline_reason: string | null;
  redirect_url: string | null;
  form_fields: Record<string, string> | null;
  created_at: Date;
  finished_at: Date | null;
  refunded_amount: number;
  /** When the acquirer confirmed the cancel of a canceled payment (null: still to ask). */
  cancel_confirmed_at: Date | null;
  /** What the acquirer told the visitor to do, kept so a repeated Pay answers the same link (null before it answered). */
  action: PaymentAction | null;
  /** The currency it was charged in (null: a payment from before it was kept, RUB). */
  currency: string | null;
  /** How often the RRN was asked for (rrn_due_at: when next). */
  rrn_attempts: number;
  /** The exchange whose price difference this payment pays (null: a payment of the order itself). */
  exchange_id: number | null;
};

export type RefundRow = {
  id: number;
  payment_id: number;
  amount: number;
  reason: string;
  idempotency_key: string;
  /** pending: to send; sent: the acquirer took it and has not finished; done; failed: the acquirer cancelled every attempt. */
  status: 'pending' | 'sent' | 'done' | 'failed';
  attempts: number;
  /** The attempt the acquirer knows it by (a new one after the acquirer cancelled the last). */
  provider_attempt: number;
  check_after: Date | null;
  provider_status: string | null;
  last_error: string | null;
  next_attempt_at: Date;
  provider_ref: string | null;
  created_at: Date;
  done_at: Date | null;
};

/**
 * The idempotency keys of the refunds the payments service makes on its own, of a whole payment
 * that could not pay its order (applyOutcome): `late:` a success for an order already paid or no
 * longer payable, `changed:` a success for a payment cancelled by a change of the order's sum.
 * Ticket returns use `return:{requestId}`. The order view finds the automatic ones by these keys
 * (through the refunds' unique key index; refunds have no index by payment).
 */
export const AUTOMATIC_REFUND_KEY_PREFIXES = ['late:', 'changed:'] as const;
export const automaticRefundKey = (prefix: (typeof AUTOMATIC_REFUND_KEY_PREFIXES)[number], publicId: string) => `${prefix}${publicId}`;

/** The active methods an order may use: Pushkin-card orders pay only by the Pushkin card. */
export async function findPaymentMethods(db: Queryable, pushkinOrder: boolean): Promise<PaymentMethodRow[]> {
  const { rows } = await db.query<PaymentMethodRow>(
    `select * from payment_methods where is_active and (kind = 'pushkin') = $1 order by sortnum, id`,
    [pushkinOrder],
  );
  return rows;
}

export async function insertPayment(
  tx: Queryable,
  p: {
    publicId: string;
    orderId: number;
    methodId: number;
    provider: string;
    kind: string;
    amount: number;
    currency: string;
    at: Date;
    exchangeId?: number | null;
  },
): Promise<PaymentRow> {
  const { rows } = await tx.query<PaymentRow>(
    `insert into payments (public_id, order_id, method_id, provider, kind, amount, currency, created_at, exchange_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
    [p.publicId, p.orderId, p.methodId, p.provider, p.kind, p.amount, p.currency, p.at, p.exchangeId ?? null],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into payments returned no row');
  return row;
}

export async function findPaymentByPublicId(db: Queryable, publicId: string, lock = false): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<PaymentRow>(`select * from payments where public_id = $1${lock ? ' for update' : ''}`, [publicId]);
  return rows[0];
}

export async function findPaymentsOfOrder(db: Queryable, orderId: number): Promise<PaymentRow[]> {
  const { rows } = await db.query<PaymentRow>('select * from payments where order_id = $1 order by id', [orderId]);
  return rows;
}

/**
 * Cancels the order's payments that have not reached an outcome (created: being sent to the
 * acquirer; pending: the visitor is at the bank), inside the caller's transaction, which holds
 * the order's row lock. The acquirer is asked afterwards (payments.cancelAtAcquirer).
 */
export async function cancelOpenPayments(tx: Queryable, orderId: number): Promise<number> {
  const { rowCount } = await tx.query(
    `update payments set status = 'canceled', decline_reason = 'order-changed', finished_at = now()
     where order_id = $1 and status in ('created', 'pending')`,
    [orderId],
  );
  return rowCount;
}

/** The order's open payments (created: being registered with the acquirer; pending: at the bank), locked. */
export async function findOpenPayments(tx: Queryable, orderId: number): Promise<PaymentRow[]> {
  const { rows } = await tx.query<PaymentRow>(
    `select * from payments where order_id = $1 and status in ('created', 'pending') order by id for update`,
    [orderId],
  );
  return rows;
}

/**
 * Cancels the given open payments because the visitor chose to pay another way (no failure
 * reason: nothing went wrong, so no declined page). The acquirer is asked afterwards.
 */
export async function cancelReplacedPayments(tx: Queryable, ids: readonly number[], at: Date): Promise<void> {
  await tx.query(
    `update payments set status = 'canceled', finished_at = $2 where id = any($1::int[]) and status in ('created', 'pending')`,
    [ids, at],
  );
}

/** Records what the acquirer answered: the payment is now pending at the bank with this link. */
export async function markPaymentPending(db: Queryable, id: number, providerRef: string, action: PaymentAction): Promise<boolean> {
  const { rowCount } = await db.query(
    `update payments set status = 'pending', provider_ref = $2, redirect_url = $3, form_fields = $4, action = $5
     where id = $1 and status = 'created'`,
    [
      id,
      providerRef,
      action.type === 'form' ? action.action : action.url,
      action.type === 'form' ? JSON.stringify(action.fields) : null,
      JSON.stringify(action),
    ],
  );
  return rowCount > 0;
}

/** Canceled payments of an order whose cancel the acquirer has not confirmed yet. */
export async function findUnconfirmedCancels(db: Queryable, orderId: number): Promise<PaymentRow[]> {
  const { rows } = await db.query<PaymentRow>(
    `select * from payments where order_id = $1 and status = 'canceled' and cancel_confirmed_at is null and provider_ref is not null order by id`,
    [orderId],
  );
  return rows;
}

/** A payment the acquirer refused to register ends failed (only while still 'created'). */
export async function markPaymentFailed(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query(`update payments set status = 'failed', finished_at = $2 where id = $1 and status = 'created'`, [id, at]);
}

/** Keeps the acquirer's reference of a payment cancelled while it was being registered, so its late outcome is recognised. */
export async function keepProviderRef(db: Queryable, id: number, providerRef: string): Promise<void> {
  await db.query('update payments set provider_ref = coalesce(provider_ref, $2) where id = $1', [id, providerRef]);
}

/** Records an acquirer's notification once per provider and event id; answers false for one seen before. */
export async function insertNotification(
  tx: Queryable,
  n: { provider: string; eventId: string; at: Date; body: unknown },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `insert into payment_notifications (provider, event_id, received_at, body) values ($1, $2, $3, $4)
         on conflict do nothing`,
    [n.provider, n.eventId, n.at, JSON.stringify(n.body ?? null)],
  );
  return rowCount > 0;
}

export async function linkNotificationToPayment(tx: Queryable, provider: string, eventId: string, paymentId: number): Promise<void> {
  await tx.query('update payment_notifications set payment_id = $3 where provider = $1 and event_id = $2', [provider, eventId, paymentId]);
}

/** The acquirer confirmed the cancel of a canceled payment; the first confirmation's time stays. */
export async function confirmPaymentCancel(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query('update payments set cancel_confirmed_at = coalesce(cancel_confirmed_at, $2) where id = $1', [id, at]);
}

/** A canceled payment the acquirer captured anyway: succeeded, its money owed back (order-changed). */
export async function markCanceledPaymentCaptured(
  tx: Queryable,
  p: { id: number; amount: number; providerRef: string; at: Date },
): Promise<void> {
  await tx.query(
    `update payments set status = 'succeeded', amount = $2, provider_ref = coalesce(provider_ref, $3), decline_reason = 'order-changed',
             cancel_confirmed_at = coalesce(cancel_confirmed_at, $4) where id = $1`,
    [p.id, p.amount, p.providerRef, p.at],
  );
}

export async function markPaymentDeclined(tx: Queryable, p: { id: number; reason: string; providerRef: string; at: Date }): Promise<void> {
  await tx.query(
    `update payments set status = 'declined', decline_reason = $2, finished_at = $3, provider_ref = coalesce(provider_ref, $4) where id = $1`,
    [p.id, p.reason, p.at, p.providerRef],
  );
}

/** A captured payment; `reason` is set when the order could not take the money (it goes back). */
export async function markPaymentSucceeded(
  tx: Queryable,
  p: { id: number; amount: number; providerRef: string; reason: string | null; rrn: string | null; at: Date },
): Promise<void> {
  await tx.query(
    `update payments set status = 'succeeded', amount = $2, finished_at = $3, provider_ref = coalesce(provider_ref, $4),
           decline_reason = $5, rrn = coalesce(rrn, $6) where id = $1`,
    [p.id, p.amount, p.at, p.providerRef, p.reason, p.rrn],
  );
}

export async function findRefundIdByKey(tx: Queryable, key: string): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>('select id from refunds where idempotency_key = $1', [key]);
  return rows[0]?.id;
}

/** Takes `amount` from what a succeeded payment may still refund; answers false when that would exceed what was captured. */
export async function takeRefundableAmount(tx: Queryable, paymentId: number, amount: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update payments set refunded_amount = refunded_amount + $2
       where id = $1 and status = 'succeeded' and refunded_amount + $2 <= amount`,
    [paymentId, amount],
  );
  return rowCount > 0;
}

export async function insertRefund(
  tx: Queryable,
  r: { paymentId: number; amount: number; reason: string; key: string; at: Date },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into refunds (payment_id, amount, reason, idempotency_key, next_attempt_at, created_at)
       values ($1, $2, $3, $4, $5, $5) returning id`,
    [r.paymentId, r.amount, r.reason, r.key, r.at],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into refunds returned no row');
  return id;
}

export type ClaimedRefund = RefundRow & { provider: string; provider_payment_ref: string | null; currency: string | null };

/**
 * Claims pending refunds that are due (or the given ones) with FOR UPDATE SKIP LOCKED and a
 * five-minute lease, so several instances never send one twice at once.
 */
export async function claimDueRefunds(tx: Queryable, at: Date, limit: number, ids?: readonly number[]): Promise<ClaimedRefund[]> {
  const { rows } = await tx.query<ClaimedRefund>(
    `with due as (
           select id from refunds
           where status = 'pending' and ${ids ? 'id = any($3::int[])' : 'next_attempt_at <= $1'}
           order by id limit $2 for update skip locked
         )
         update refunds r set attempts = attempts + 1, next_attempt_at = $1::timestamptz + interval '5 minutes'
         from due, payments p
         where r.id = due.id and p.id = r.payment_id
         returning r.*, p.provider, p.provider_ref as provider_payment_ref, p.currency`,
    ids ? [at, limit, ids] : [at, limit],
  );
  return rows;
}

/**
 * Claims refunds the acquirer took but had not finished, whose read-back is due, with SKIP LOCKED
 * and a five-minute lease on check_after.
 */
export async function claimSentRefunds(tx: Queryable, at: Date, limit: number): Promise<ClaimedRefund[]> {
  const { rows } = await tx.query<ClaimedRefund>(
    `with due as (
           select id from refunds where status = 'sent' and check_after <= $1
           order by check_after, id limit $2 for update skip locked
         )
         update refunds r set check_after = $1::timestamptz + interval '5 minutes'
         from due, payments p
         where r.id = due.id and p.id = r.payment_id
         returning r.*, p.provider, p.provider_ref as provider_payment_ref, p.currency`,
    [at, limit],
  );
  return rows;
}

/** The acquirer finished the refund. */
export async function markRefundDone(
  db: Queryable,
  id: number,
  refundRef: string,
  at: Date,
  providerStatus: string | null = null,
): Promise<void> {
  await db.query(
    `update refunds set status = 'done', provider_ref = $2, done_at = $3, last_error = null, check_after = null, provider_status = coalesce($4, provider_status)
     where id = $1 and status <> 'done'`,
    [id, refundRef, at, providerStatus],
  );
}

/** The acquirer took the refund and has not finished it: read it back at checkAfter. */
export async function markRefundSent(
  db: Queryable,
  id: number,
  refundRef: string,
  providerStatus: string,
  checkAfter: Date,
): Promise<void> {
  await db.query(
    `update refunds set status = 'sent', provider_ref = $2, provider_status = $3, check_after = $4, last_error = null
     where id = $1 and status in ('pending', 'sent')`,
    [id, refundRef, providerStatus, checkAfter],
  );
}

/**
 * The acquirer cancelled the refund: sent again under the next attempt at retryAt, or, with no
 * retryAt (its attempts are spent), failed for staff to settle.
 */
export async function markRefundCanceled(
  db: Queryable,
  id: number,
  error: string,
  providerStatus: string,
  retryAt: Date | null,
): Promise<void> {
  await db.query(
    retryAt
      ? `update refunds set status = 'pending', provider_attempt = provider_attempt + 1, next_attempt_at = $4, check_after = null,
               last_error = $2, provider_status = $3 where id = $1 and status in ('pending', 'sent')`
      : `update refunds set status = 'failed', check_after = null, last_error = $2, provider_status = $3 where id = $1 and status in ('pending', 'sent')`,
    retryAt ? [id, error, providerStatus, retryAt] : [id, error, providerStatus],
  );
}

/**
 * The acquirer told of a refund (a notification): the read-back of the matching unfinished
 * refunds (by the refund's reference, or every one of the payment) is made due now.
 */
export async function makeRefundChecksDue(
  db: Queryable,
  provider: string,
  news: { providerRef?: string; refundRef?: string },
  at: Date,
): Promise<number> {
  const { rowCount } = await db.query(
    `update refunds r set check_after = $4 from payments p
     where p.id = r.payment_id and p.provider = $1 and r.status = 'sent'
       and (($2::text is not null and p.provider_ref = $2) or ($3::text is not null and r.provider_ref = $3))`,
    [provider, news.providerRef ?? null, news.refundRef ?? null, at],
  );
  return rowCount;
}

/** A paid payment whose RRN is to be asked for after the notification was answered. */
export async function scheduleRrnLookup(tx: Queryable, id: number, at: Date): Promise<void> {
  await tx.query('update payments set rrn_due_at = $2 where id = $1 and rrn is null', [id, at]);
}

/** Payments whose RRN lookup is due, claimed with SKIP LOCKED and a five-minute lease. */
export async function claimDueRrnLookups(tx: Queryable, at: Date, limit: number): Promise<PaymentRow[]> {
  const { rows } = await tx.query<PaymentRow>(
    `with due as (select id from payments where rrn_due_at <= $1 order by rrn_due_at limit $2 for update skip locked)
     update payments p set rrn_due_at = $1::timestamptz + interval '5 minutes', rrn_attempts = rrn_attempts + 1
     from due where p.id = due.id returning p.*`,
    [at, limit],
  );
  return rows;
}

/** The RRN lookup ended: the RRN found (or none, when the acquirer has none or the attempts are spent). */
export async function finishRrnLookup(db: Queryable, id: number, rrn: string | null): Promise<void> {
  await db.query('update payments set rrn = coalesce(rrn, $2), rrn_due_at = null where id = $1', [id, rrn]);
}

export async function scheduleRefundRetry(db: Queryable, id: number, error: string, nextAttemptAt: Date): Promise<void> {
  await db.query('update refunds set last_error = $2, next_attempt_at = $3 where id = $1', [id, error, nextAttemptAt]);
}

export async function findRefundStatus(db: Queryable, id: number): Promise<RefundRow['status'] | undefined> {
  const { rows } = await db.query<{ status: RefundRow['status'] }>('select status from refunds where id = $1', [id]);
  return rows[0]?.status;
}

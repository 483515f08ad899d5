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
};

export type RefundRow = {
  id: number;
  payment_id: number;
  amount: number;
  reason: string;
  idempotency_key: string;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
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
  p: { publicId: string; orderId: number; methodId: number; provider: string; kind: string; amount: number; at: Date },
): Promise<PaymentRow> {
  const { rows } = await tx.query<PaymentRow>(
    `insert into payments (public_id, order_id, method_id, provider, kind, amount, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning *`,
    [p.publicId, p.orderId, p.methodId, p.provider, p.kind, p.amount, p.at],
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
  await tx.query(`update payments set status = 'canceled', finished_at = $2 where id = any($1::int[]) and status in ('created', 'pending')`, [ids, at]);
}

/** Records what the acquirer answered: the payment is now pending at the bank with this link. */
export async function markPaymentPending(
  db: Queryable,
  id: number,
  providerRef: string,
  action: PaymentAction,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update payments set status = 'pending', provider_ref = $2, redirect_url = $3, form_fields = $4, action = $5
     where id = $1 and status = 'created'`,
    [id, providerRef, action.type === 'form' ? action.action : action.url, action.type === 'form' ? JSON.stringify(action.fields) : null, JSON.stringify(action)],
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

import type { DeclineReason, PaymentKind } from '../../../contract/payment.ts';
import type { CurrencyCode } from '../../../contract/setup.ts';
import type { Queryable } from '../../db/client.ts';

/** The sandbox acquirer's own books (sandbox_acquirer_* tables), apart from the storefront's payments. */
export type SandboxPayment = {
  id: string;
  merchant_ref: string;
  kind: PaymentKind;
  amount: number;
  currency: CurrencyCode;
  description: string;
  status: 'new' | 'paid' | 'declined' | 'canceled';
  decline_reason: DeclineReason | null;
  return_url: string;
  fail_url: string;
  created_at: Date;
  expires_at: Date;
  refunded: number;
};

export async function findSandboxPayment(db: Queryable, id: string): Promise<SandboxPayment | undefined> {
  const { rows } = await db.query<SandboxPayment>('select * from sandbox_acquirer_payments where id = $1', [id]);
  return rows[0];
}

/** Registers a payment; the same merchant reference registered twice answers the first registration's id. */
export async function insertSandboxPayment(
  db: Queryable,
  p: {
    id: string;
    merchantRef: string;
    kind: PaymentKind;
    amount: number;
    currency: CurrencyCode;
    description: string;
    returnUrl: string;
    at: Date;
    expiresAt: Date;
  },
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `insert into sandbox_acquirer_payments (id, merchant_ref, kind, amount, currency, description, return_url, fail_url, created_at, expires_at)
         values ($1, $2, $3, $4, $9, $5, $6, $6, $7, $8)
         on conflict (merchant_ref) do update set merchant_ref = excluded.merchant_ref
         returning id`,
    [p.id, p.merchantRef, p.kind, p.amount, p.description, p.returnUrl, p.at, p.expiresAt, p.currency],
  );
  return rows[0]?.id;
}

/** Finishes a new payment (paid or declined); one already finished stays as it is. */
export async function finishSandboxPayment(
  db: Queryable,
  id: string,
  f: { status: 'paid' | 'declined'; reason: string | null; at: Date },
): Promise<void> {
  await db.query(
    `update sandbox_acquirer_payments set status = $2, decline_reason = $3, finished_at = $4
         where id = $1 and status = 'new'`,
    [id, f.status, f.reason, f.at],
  );
}

export async function cancelSandboxPayment(db: Queryable, id: string, at: Date): Promise<void> {
  await db.query(`update sandbox_acquirer_payments set status = 'canceled', finished_at = $2 where id = $1 and status = 'new'`, [id, at]);
}

export async function sandboxRefundExists(tx: Queryable, idempotencyKey: string): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>('select id from sandbox_acquirer_refunds where id = $1', [idempotencyKey]);
  return rows.length > 0;
}

/** Takes a refund from a paid payment; answers false when it is not paid or the refund exceeds what is left. */
export async function takeSandboxRefund(tx: Queryable, paymentId: string, amount: number): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update sandbox_acquirer_payments set refunded = refunded + $2
           where id = $1 and status = 'paid' and refunded + $2 <= amount`,
    [paymentId, amount],
  );
  return rowCount > 0;
}

export async function insertSandboxRefund(tx: Queryable, r: { id: string; paymentId: string; amount: number; at: Date }): Promise<void> {
  await tx.query('insert into sandbox_acquirer_refunds (id, payment_id, amount, created_at) values ($1, $2, $3, $4)', [
    r.id,
    r.paymentId,
    r.amount,
    r.at,
  ]);
}

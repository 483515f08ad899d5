import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DeclineReason, PaymentKind } from '../../../contract/payment.ts';
import type { CurrencyCode } from '../../../contract/setup.ts';
import type { Db } from '../../db/client.ts';
import {
  type SandboxPayment,
  cancelSandboxPayment,
  findSandboxPayment,
  finishSandboxPayment,
  insertSandboxPayment,
  insertSandboxRefund,
  sandboxRefundExists,
  takeSandboxRefund,
} from './sandbox-bank.repository.ts';

export type { SandboxPayment };

/**
 * The built-in test acquirer: the "bank side" of the sandbox. It keeps its own books
 * (sandbox_acquirer_* tables), shows the bank page, and on the visitor's choice sends a signed
 * notification to the storefront's notification endpoint, exactly as a real acquirer's callback
 * would. The storefront talks to it only through the sandbox provider (sandbox-provider.ts).
 */

export type SandboxNotification = {
  event_id: string;
  payment_id: string;
  order_ref: string;
  status: 'paid' | 'declined';
  amount: number;
  reason: string;
  signature: string;
};

/** The bank's signing key, shared with the merchant (derived from the server secret). */
export function sandboxKey(secret: string): string {
  return createHmac('sha256', secret).update('sandbox-acquirer').digest('base64url');
}

function canonical(n: Omit<SandboxNotification, 'signature'>): string {
  return [n.event_id, n.payment_id, n.order_ref, n.status, String(n.amount), n.reason].join('|');
}

export function signSandboxNotification(key: string, body: Omit<SandboxNotification, 'signature'>): SandboxNotification {
  return { ...body, signature: createHmac('sha256', key).update(canonical(body)).digest('hex') };
}

export function verifySandboxSignature(key: string, body: SandboxNotification): boolean {
  const expected = Buffer.from(createHmac('sha256', key).update(canonical(body)).digest('hex'));
  const given = Buffer.from(body.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Signs the fields of the card form, so the visitor cannot change what the bank page charges. */
export function signForm(key: string, paymentId: string, amount: number): string {
  return createHmac('sha256', key).update(`form|${paymentId}|${amount}`).digest('hex');
}

export class SandboxBankError extends Error {}

export type SandboxBank = ReturnType<typeof createSandboxBank>;

export function createSandboxBank(deps: {
  db: Db;
  key: string;
  now: () => number;
  /** Posts a notification to the merchant; answers whether the merchant accepted it. */
  deliver: (notification: SandboxNotification) => Promise<boolean>;
}) {
  const { db, key, now } = deps;

  async function find(id: string): Promise<SandboxPayment | undefined> {
    return findSandboxPayment(db, id);
  }

  return {
    key,
    find,

    async register(input: {
      merchantRef: string;
      kind: PaymentKind;
      amount: number;
      currency: CurrencyCode;
      description: string;
      returnUrl: string;
      expiresAt: Date;
    }) {
      // Registering the same merchant reference twice answers the first registration.
      const id = `sbx_${randomBytes(12).toString('hex')}`;
      const registered = await insertSandboxPayment(db, { ...input, id, at: new Date(now()) });
      return { id: registered ?? id };
    },

    /**
     * The visitor's choice on the bank page: pay, or one of the decline reasons. A payment is
     * finished once; choosing again changes nothing and answers the first outcome. Past the
     * booking's expiry the bank declines with 'booking-expired' whatever was chosen.
     */
    async complete(id: string, choice: 'pay' | DeclineReason): Promise<SandboxPayment> {
      const at = new Date(now());
      const current = await find(id);
      if (!current) throw new SandboxBankError('unknown payment');
      const expired = current.expires_at.getTime() <= at.getTime();
      const status = choice === 'pay' && !expired ? 'paid' : 'declined';
      const reason = status === 'paid' ? null : expired && choice === 'pay' ? 'booking-expired' : choice;
      await finishSandboxPayment(db, id, { status, reason, at });
      const finished = await find(id);
      if (!finished) throw new SandboxBankError('unknown payment');
      await this.notify(finished);
      return finished;
    },

    /**
     * The merchant cancels a registered payment that is not paid yet (as an acquirer's
     * "decline/reverse an unpaid order" call): its page then refuses to pay. A payment already
     * paid or declined stays as it is; the answer is the payment's state after the call.
     */
    async cancel(id: string): Promise<SandboxPayment> {
      await cancelSandboxPayment(db, id, new Date(now()));
      const after = await find(id);
      if (!after) throw new SandboxBankError('unknown payment');
      return after;
    },

    /**
     * Sends (or re-sends) the notification of a finished payment; a failed delivery is only logged.
     * A cancel is the merchant's own request, so it is not notified back.
     */
    async notify(payment: SandboxPayment): Promise<boolean> {
      if (payment.status === 'new' || payment.status === 'canceled') return false;
      const body = signSandboxNotification(key, {
        event_id: `${payment.id}:${payment.status}`,
        payment_id: payment.id,
        order_ref: payment.merchant_ref,
        status: payment.status,
        amount: payment.amount,
        reason: payment.decline_reason ?? '',
      });
      return deps.deliver(body).catch(() => false);
    },

    async refund(input: { paymentId: string; amount: number; idempotencyKey: string }): Promise<{ refundRef: string }> {
      return db.transaction(async (tx) => {
        if (await sandboxRefundExists(tx, input.idempotencyKey)) return { refundRef: input.idempotencyKey };
        if (!(await takeSandboxRefund(tx, input.paymentId, input.amount)))
          throw new SandboxBankError('refund refused: not paid or above the captured amount');
        await insertSandboxRefund(tx, { id: input.idempotencyKey, paymentId: input.paymentId, amount: input.amount, at: new Date(now()) });
        return { refundRef: input.idempotencyKey };
      });
    },
  };
}

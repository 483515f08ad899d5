import QRCode from 'qrcode';
import { isDeclineReason } from '../../../contract/payment.ts';
import type { CancelOutcome, PaymentProvider, ProviderOutcome, VerifiedNotification } from '../provider.ts';
import { ProviderError } from '../provider.ts';
import { type SandboxBank, type SandboxNotification, SandboxBankError, signForm, verifySandboxSignature } from './sandbox-bank.ts';

export const SANDBOX = 'sandbox';

/**
 * Our side of the sandbox acquirer: the same calls a real acquirer's provider makes over HTTPS
 * (register, status, refund), made to the in-process bank.
 */
export function createSandboxProvider(bank: SandboxBank): PaymentProvider {
  return {
    id: SANDBOX,

    async startPayment(input) {
      const { id } = await bank.register({
        merchantRef: input.merchantRef,
        kind: input.kind,
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        returnUrl: input.returnUrl,
        expiresAt: input.expiresAt,
      });
      const lang = input.lang === 'ru' ? '' : `?lang=${input.lang}`;
      switch (input.kind) {
        case 'card':
          // A 3-D Secure style hand-over: the storefront posts these fields to the bank page.
          return {
            providerRef: id,
            action: {
              type: 'form',
              action: `${input.origin}/sandbox/pay${lang}`,
              fields: { MdOrder: id, amount: String(input.amount), signature: signForm(bank.key, id, input.amount) },
            },
          };
        case 'qr': {
          const url = `${input.origin}/sandbox/qr/${id}${lang}`;
          const image = await QRCode.toDataURL(url, { width: 240, margin: 1, errorCorrectionLevel: 'M' });
          return { providerRef: id, action: { type: 'qr', url, image } };
        }
        case 'redirect':
        case 'pushkin':
          return { providerRef: id, action: { type: 'redirect', url: `${input.origin}/sandbox/pay/${id}${lang}` } };
      }
    },

    async checkStatus(payment): Promise<ProviderOutcome> {
      const found = await bank.find(payment.providerRef);
      if (!found || found.merchant_ref !== payment.merchantRef) throw new ProviderError('unknown payment at the sandbox bank');
      if (found.status === 'paid') return { status: 'succeeded', amount: found.amount };
      if (found.status === 'declined') return { status: 'declined', reason: found.decline_reason ?? 'card-data' };
      return { status: 'pending' };
    },

    async cancel(payment): Promise<CancelOutcome> {
      const found = await bank.find(payment.providerRef);
      if (!found || found.merchant_ref !== payment.merchantRef) throw new ProviderError('unknown payment at the sandbox bank');
      const after = await bank.cancel(found.id);
      if (after.status === 'paid') return { status: 'succeeded', amount: after.amount };
      if (after.status === 'declined') return { status: 'declined', reason: after.decline_reason ?? 'card-data' };
      return { status: 'canceled' };
    },

    verifyNotification(body): VerifiedNotification | null {
      if (!isNotification(body) || !verifySandboxSignature(bank.key, body)) return null;
      if (body.status === 'declined' && !isDeclineReason(body.reason)) return null;
      return {
        eventId: body.event_id,
        providerRef: body.payment_id,
        merchantRef: body.order_ref,
        outcome:
          body.status === 'paid'
            ? { status: 'succeeded', amount: body.amount }
            : { status: 'declined', reason: isDeclineReason(body.reason) ? body.reason : 'card-data' },
      };
    },

    async refund(input) {
      try {
        const { refundRef } = await bank.refund({
          paymentId: input.providerRef,
          amount: input.amount,
          idempotencyKey: input.idempotencyKey,
        });
        // The sandbox bank refunds at once: its answer is final.
        return { refundRef, status: 'done' as const, detail: 'refunded' };
      } catch (error) {
        if (error instanceof SandboxBankError) throw new ProviderError(error.message);
        throw error;
      }
    },
  };
}

function isNotification(body: unknown): body is SandboxNotification {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return (
    typeof b.event_id === 'string' &&
    typeof b.payment_id === 'string' &&
    typeof b.order_ref === 'string' &&
    (b.status === 'paid' || b.status === 'declined') &&
    typeof b.amount === 'number' &&
    Number.isInteger(b.amount) &&
    typeof b.reason === 'string' &&
    typeof b.signature === 'string'
  );
}

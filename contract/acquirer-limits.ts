import type { PaymentKind } from './payment.ts';

/**
 * What an acquirer refuses on its side, checked before it is called, so the visitor reads why at
 * once instead of «Банк временно недоступен». The storefront's own rules (an e-mail of 6–70
 * characters) stay as they are; these narrow them for one acquirer only.
 */
export type AcquirerLimits = {
  /** The longest receipt e-mail the acquirer takes (T-Bank's Receipt.Email: 64 characters). */
  receiptEmailMax?: number;
  /** The smallest sum, in minor units, per payment kind (T-Bank's SBP: 10 ₽). */
  minAmount?: Partial<Record<PaymentKind, number>>;
};

/** T-Bank's reference: Receipt.Email maxLength 64; error 3016, an SBP sum outside 10 ₽ … 1,000,000 ₽. */
export const TBANK_LIMITS: AcquirerLimits = { receiptEmailMax: 64, minAmount: { qr: 1000 } };

/** Why an acquirer would refuse this payment, or null: the server's texts name each reason. */
export type AcquirerRefusal = 'receiptEmailTooLong' | 'belowMinimum';

export function acquirerRefusal(
  limits: AcquirerLimits | undefined,
  payment: { kind: PaymentKind; amount: number; email: string },
): AcquirerRefusal | null {
  if (!limits) return null;
  const min = limits.minAmount?.[payment.kind];
  if (min !== undefined && payment.amount < min) return 'belowMinimum';
  if (limits.receiptEmailMax !== undefined && payment.email.length > limits.receiptEmailMax) return 'receiptEmailTooLong';
  return null;
}

/** Whether the order page offers a method for this sum at all (a sum below its minimum hides it). */
export function methodOffered(limits: AcquirerLimits | undefined, payment: { kind: PaymentKind; amount: number }): boolean {
  const min = limits?.minAmount?.[payment.kind];
  return min === undefined || payment.amount >= min;
}

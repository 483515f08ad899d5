import { z } from 'zod';
import { MAX_INT4, langField, orderHash } from './common.ts';

/**
 * The reasons of the declined page, in its order. The
 * acquirer reports one of them; 'booking-expired' is also ours when a payment came too late.
 */
export const DECLINE_REASONS = ['card-data', 'no-3ds', 'insufficient-funds', 'online-blocked', 'input-timeout', 'booking-expired'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const declineReason = z.enum(DECLINE_REASONS);

export function isDeclineReason(value: unknown): value is DeclineReason {
  return typeof value === 'string' && (DECLINE_REASONS as readonly string[]).includes(value);
}

/**
 * Why a payment attempt did not pay the order, as the declined page shows it: the bank's decline
 * reasons, and ours alone: 'order-changed', the order's sum changed (offers, promo code, bonuses)
 * while the payment was pending, so the payment was cancelled and any money taken is refunded.
 * No acquirer reports 'order-changed', so the bank pages offer only DECLINE_REASONS.
 */
export const FAILURE_REASONS = [...DECLINE_REASONS, 'order-changed'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
export const failureReason = z.enum(FAILURE_REASONS);

/** The payment flows a method uses (design 'Payments'). */
export const PAYMENT_KINDS = ['card', 'redirect', 'qr', 'pushkin'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** bank_data of the order view and payment calls: the payment type the visitor picked. */
export const bankData = z
  .object({
    id: z.coerce.number().int().nonnegative().max(MAX_INT4),
    name: z.string().max(200).optional(),
    type: z.union([z.string().max(50), z.number()]).optional(),
  })
  .partial({ id: true });
export type BankData = z.infer<typeof bankData>;

/** POST /api/order/pay */
export const payRequest = z.object({
  hash: orderHash,
  lang: langField,
  bank_data: bankData.nullish(),
});
export const payResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  form_qr_url: z.string().optional(),
  form_qr_code: z.string().optional(),
  form_action: z.string().optional(),
  form_bank: z.record(z.string(), z.string()).optional(),
  bankUrl: z.string().optional(),
  /** Present when the order still awaits named-ticket data: the client goes to nominal-tickets. */
  hash: z.string().optional(),
});
export type PayResponse = z.infer<typeof payResponse>;

/**
 * POST /api/order/status: a number, 0 while the order is not yet paid.
 * Non-zero stops the QR polling: 1 paid, 2 the last payment was declined, 3 the order was
 * cancelled (its reservation ended), 4 the last payment was cancelled because the order's sum
 * changed (the page reloads the order, which shows the new sum to pay).
 */
export { OrderPayState } from './payment-state.ts';
export const orderStatusRequest = z.object({ hash: orderHash, lang: langField.optional() });
export const orderStatusResponse = z.number().int();

/** POST /api/order/number: the order number, and for the declined page the last decline reason. */
export const orderNumberRequest = z.object({ hash: orderHash, lang: langField });
export const orderNumberResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  num: z.number().int(),
  /** The reason of the last declined (or cancelled) payment, '' when none is known. */
  reason: z.union([failureReason, z.literal('')]),
  /** The number of that payment attempt within the order (1, 2, ...), 0 when none. */
  payment_num: z.number().int(),
});

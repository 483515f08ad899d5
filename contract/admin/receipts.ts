import { z } from 'zod';

/** GET /api/admin/receipts/closing: closing receipts of prepaid tickets that their acquirer has not taken yet. */
export const unsentClosingReceipt = z.object({
  id: z.number().int(),
  /** admission: a ticket admitted at the door; session-end: what an order left unused when its session's day ended. */
  reason: z.enum(['admission', 'session-end']),
  orderNumber: z.number().int(),
  event: z.string(),
  /** The acquirer it goes through (tbank, yookassa, …). */
  provider: z.string(),
  tickets: z.number().int(),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  /** Why the last attempt failed; null while it has not been tried or has not failed. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type UnsentClosingReceipt = z.infer<typeof unsentClosingReceipt>;

export const closingReceiptsResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  /** Closing receipts waiting, failing or not. */
  pending: z.number().int(),
  /** Of those, how many failed at their last attempt. */
  failing: z.number().int(),
  /** The unsent ones, failing first, oldest first. */
  receipts: z.array(unsentClosingReceipt),
});
export type ClosingReceiptsResponse = z.infer<typeof closingReceiptsResponse>;

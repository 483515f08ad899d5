import { z } from 'zod';
import { langField, localized, recordId } from '../common.ts';

/**
 * Schemas of cancelling and postponing a session (/api/admin/sessions/:id/...). Amounts are
 * kopecks; instants are ISO 8601 with their offset (the back office sends the venue's wall time
 * converted with the venue's zone).
 */

export const SESSION_CHANGE_LIMITS = { reasonMax: 500 } as const;
/** Where the money of a refunded order came from: acquirer card, SBP, Pushkin card, the desk. */
export const CANCEL_PAYMENT_TYPES = ['card', 'sbp', 'pushkin', 'desk'] as const;

const text = (max: number, code: string) => z.string({ error: code }).trim().min(1, code).max(max, code);
const instant = (code: string) => z.iso.datetime({ offset: true, error: code });

export const sessionIdParams = z.object({ id: z.coerce.number().pipe(recordId) });

const figures = z.object({ orders: z.number(), tickets: z.number(), amount: z.number() });
const byType = z.object({ card: figures, sbp: figures, pushkin: figures, desk: figures });
const plan = z.object({
  refund: figures.extend({ byType }),
  release: z.object({ orders: z.number(), tickets: z.number() }),
  fingerprint: z.string(),
});

const sessionView = z.object({
  id: z.number(),
  eventId: z.number(),
  eventName: localized,
  startsAt: z.string(),
  hasTime: z.boolean(),
  cancelled: z.boolean(),
  fullReturnUntil: z.string().nullable(),
});

export const cancelPreviewResponse = z.object({ errorCode: z.string(), errorText: z.string(), session: sessionView, plan });
export type CancelPreviewResponse = z.infer<typeof cancelPreviewResponse>;

export const cancelSessionRequest = z.object({
  reason: text(SESSION_CHANGE_LIMITS.reasonMax, 'required-reason'),
  /** The dry run's fingerprint: the cancellation is refused if the orders changed since. */
  fingerprint: z.string({ error: 'fingerprint' }).min(1, 'fingerprint').max(64, 'fingerprint'),
  lang: langField,
});
export type CancelSessionRequest = z.input<typeof cancelSessionRequest>;

export const cancelSessionResponse = z.object({ errorCode: z.string(), errorText: z.string(), cancellationId: z.number(), plan });

export const cancellationStatusResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  session: sessionView,
  cancellation: z
    .object({
      id: z.number(),
      createdAt: z.string(),
      finishedAt: z.string().nullable(),
      staffName: z.string(),
      reason: z.string(),
      planned: plan,
      progress: z.object({ total: z.number(), done: z.number(), failed: z.number(), pending: z.number() }),
      refunded: figures.extend({ byType }),
      released: z.number(),
      /** atDesk: desk sales whose refund is due at the desk; paidOutAtDesk: of those, paid out by a cashier. */
      refunds: z.object({ done: z.number(), pending: z.number(), failed: z.number(), atDesk: z.number(), paidOutAtDesk: z.number() }),
      problems: z.array(
        z.object({
          orderId: z.number(),
          number: z.number(),
          email: z.string(),
          paymentType: z.enum(CANCEL_PAYMENT_TYPES).nullable(),
          amount: z.number(),
          state: z.enum(['failed', 'retrying', 'refund-retrying']),
          error: z.string(),
        }),
      ),
    })
    .nullable(),
});
export type CancellationStatusResponse = z.infer<typeof cancellationStatusResponse>;

export const postponeSessionRequest = z.object({
  startsAt: instant('starts-at'),
  /** Until when every ticket of the session may be returned in full. */
  fullReturnUntil: instant('full-return-until'),
  lang: langField,
});
export type PostponeSessionRequest = z.input<typeof postponeSessionRequest>;

export const postponeSessionResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  session: sessionView,
  /** How many buyers are e-mailed the new date. */
  mailed: z.number(),
});

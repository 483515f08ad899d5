import { z } from 'zod';
import { emailSchema } from '../buyer.ts';
import { langField, localized, recordId } from '../common.ts';
import { DESK_LIMITS, ORDER_STATES, TICKET_STATES } from './orders-rules.ts';

/** Schemas of the orders desk's calls (GET/POST /api/admin/orders...). Amounts are kopecks. */

const text = (max: number, code: string) => z.string({ error: code }).trim().min(1, code).max(max, code);

export const orderSearchQuery = z.object({
  q: z.string().max(DESK_LIMITS.queryMax, 'query').default(''),
  limit: z.coerce.number().int('limit').min(1, 'limit').max(DESK_LIMITS.pageSizeMax, 'limit').optional(),
  cursor: z
    .string()
    .max(200, 'cursor')
    .regex(/^[\w-]*$/, 'cursor')
    .optional(),
  lang: langField,
});

const orderState = z.enum(Object.values(ORDER_STATES) as [string, ...string[]]);

export const orderSearchResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  orders: z.array(
    z.object({
      id: z.number(),
      number: z.number(),
      state: orderState,
      createdAt: z.string(),
      paidAt: z.string().nullable(),
      buyerName: z.string(),
      email: z.string(),
      phone: z.string(),
      total: z.number(),
      eventName: localized,
      tickets: z.number(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type OrderSearchResponse = z.infer<typeof orderSearchResponse>;

export const orderIdParams = z.object({ id: z.coerce.number().pipe(recordId) });
export const langQuery = z.object({ lang: langField });

export const deskOrderResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  order: z.object({
    id: z.number(),
    hash: z.string(),
    number: z.number(),
    state: orderState,
    lang: z.string(),
    createdAt: z.string(),
    reservedUntil: z.string(),
    paidAt: z.string().nullable(),
    canceledAt: z.string().nullable(),
    /** Who cancelled it, as a code: 'staff' or 'expired' (the reserve time ran out). */
    cancelReason: z.string().nullable(),
    /** The words of the member of staff who cancelled it. */
    staffCancelReason: z.string().nullable(),
    buyerName: z.string(),
    phone: z.string(),
    email: z.string(),
    pushkinCard: z.boolean(),
    subtotal: z.number(),
    serviceFee: z.number(),
    servicesTotal: z.number(),
    discount: z.number(),
    total: z.number(),
    eventName: localized,
  }),
  lines: z.array(
    z.object({
      id: z.number(),
      sessionId: z.number(),
      startsAt: z.string(),
      category: z.record(z.string(), z.string()),
      quantity: z.number(),
      returned: z.number(),
      unitPrice: z.number(),
      unitFee: z.number(),
      amount: z.number(),
      seat: z.string().nullable(),
      standing: z.record(z.string(), z.string()).nullable(),
    }),
  ),
  tickets: z.array(
    z.object({ id: z.number(), lineId: z.number(), code: z.string().nullable(), state: z.enum(TICKET_STATES), holder: z.string() }),
  ),
  payments: z.array(
    z.object({
      id: z.number(),
      method: z.record(z.string(), z.string()),
      kind: z.string(),
      status: z.string(),
      amount: z.number(),
      refunded: z.number(),
      declineReason: z.string().nullable(),
      createdAt: z.string(),
      finishedAt: z.string().nullable(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number(),
      amount: z.number(),
      /** pending (to send), sent (the acquirer has not finished it), done, failed (the acquirer refused every attempt: staff settle it). */
      status: z.string(),
      createdAt: z.string(),
      doneAt: z.string().nullable(),
      /** Why the last attempt did not go through (the acquirer's refusal), for staff; null once done. */
      lastError: z.string().nullable().default(null),
      ticketIds: z.array(z.number()),
      byStaff: z.boolean(),
      staffId: z.number().nullable(),
      percent: z.number().nullable(),
      staffReason: z.string().nullable(),
      reason: z.record(z.string(), z.string()).nullable(),
    }),
  ),
  mails: z.array(
    z.object({
      id: z.number(),
      to: z.string(),
      subject: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      attempts: z.number(),
      lastError: z.string().nullable(),
    }),
  ),
  notes: z.array(
    z.object({ id: z.number(), staffId: z.number().nullable(), staffName: z.string(), body: z.string(), createdAt: z.string() }),
  ),
});
export type DeskOrderResponse = z.infer<typeof deskOrderResponse>;

export const resendTicketsRequest = z.object({ to: emailSchema.nullish(), lang: langField });
export const resendTicketsResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  to: z.string(),
  mailId: z.number().nullable(),
});

/** Corrects the buyer's e-mail of an order (the spec's e-mail rule), with the reason staff give. */
export const orderEmailRequest = z.object({ email: emailSchema, reason: text(DESK_LIMITS.reasonMax, 'required-reason'), lang: langField });
export const orderEmailResponse = z.object({ errorCode: z.string(), errorText: z.string(), email: z.string() });

export const cancelOrderRequest = z.object({ reason: text(DESK_LIMITS.reasonMax, 'required-reason'), lang: langField });
export const cancelOrderResponse = z.object({ errorCode: z.string(), errorText: z.string(), state: z.literal('canceled') });

/**
 * A staff refund: every ticket still valid ('all') or chosen ones; `percent` sets the share by
 * hand instead of the refund policy's, and then needs a reason (always recorded).
 */
export const staffRefundRequest = z.object({
  ticketIds: z.union([z.literal('all'), z.array(recordId).min(1, 'tickets').max(500, 'tickets')]),
  percent: z.number().int('percent').min(0, 'percent').max(100, 'percent').nullable().default(null),
  reason: text(DESK_LIMITS.reasonMax, 'required-reason'),
  reasonId: recordId.default(4),
  lang: langField,
});
/** The refund's figures before it is made (the confirmation shows them): the same tickets and share as the refund. */
export const refundQuoteRequest = staffRefundRequest.pick({ ticketIds: true, percent: true, lang: true });
export const refundQuoteResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  amount: z.number(),
  tickets: z.array(z.object({ id: z.number(), percent: z.number(), amount: z.number() })),
  services: z.array(z.object({ name: z.record(z.string(), z.string()), amount: z.number() })),
});
export const staffRefundResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  requestId: z.number(),
  amount: z.number(),
  status: z.number(),
  bonusesRestored: z.number(),
  bonusesRevoked: z.number(),
});

export const orderNoteRequest = z.object({ body: text(DESK_LIMITS.noteMax, 'required-note'), lang: langField });
export const orderNoteResponse = z.object({ errorCode: z.string(), errorText: z.string(), id: z.number() });

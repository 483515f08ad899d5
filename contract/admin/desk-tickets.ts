import { z } from 'zod';
import { langField, localized, recordId } from '../common.ts';
import { ticketDocument } from '../ticket-schema.ts';
import { DUPLICATE_POLICIES } from './desk-tickets-rules.ts';

/** Schemas of the desk's printed tickets and hand-out (GET/POST /api/admin/desk/orders...). */

/** What the cashier typed or the USB scanner typed: an order number, a ticket's code (its QR or barcode), or an e-mail. */
export const deskOrdersQuery = z.object({
  q: z.string().trim().min(1, 'query').max(254, 'query'),
  lang: langField,
});

const deskOrderSummary = z.object({
  id: z.number(),
  number: z.number(),
  email: z.string(),
  buyerName: z.string(),
  channel: z.enum(['web', 'desk']),
  /** Kopecks. */
  total: z.number(),
  paidAt: z.string().nullable(),
  events: z.array(localized),
  /** Tickets that still admit. */
  tickets: z.number(),
});
export type DeskOrderSummary = z.infer<typeof deskOrderSummary>;

export const deskOrdersResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  /** How the query was read. */
  matchedBy: z.enum(['number', 'code', 'email']),
  orders: z.array(deskOrderSummary),
});
export type DeskOrdersResponse = z.infer<typeof deskOrdersResponse>;

export const deskOrderParams = z.object({ id: z.coerce.number().pipe(recordId) });

const printedTicket = z.object({
  ticketId: z.number(),
  document: ticketDocument,
  /** The code's picture as the e-ticket page shows it (a data URL), '' for a ticket without a code. */
  image: z.string(),
  /** How many times the desk printed it before, and when last. */
  prints: z.number(),
  lastPrintedAt: z.string().nullable(),
  admitted: z.boolean(),
});
export type DeskOrderTicket = z.infer<typeof printedTicket>;

export const deskOrderResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  order: deskOrderSummary,
  duplicatePolicy: z.enum(DUPLICATE_POLICIES),
  tickets: z.array(printedTicket),
});
export type DeskOrderResponse = z.infer<typeof deskOrderResponse>;

export const deskPrintRequest = z.object({
  ticketIds: z.array(recordId).min(1, 'ticketIds').max(200, 'ticketIds'),
  lang: langField,
});
export type DeskPrintRequest = z.input<typeof deskPrintRequest>;

export const deskPrintResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  duplicatePolicy: z.enum(DUPLICATE_POLICIES),
  /** The tickets to print now, each marked a duplicate when the desk printed it before. */
  tickets: z.array(printedTicket.extend({ duplicate: z.boolean() })),
});
export type DeskPrintResponse = z.infer<typeof deskPrintResponse>;

export const printSettingsRequest = z.object({ duplicatePolicy: z.enum(DUPLICATE_POLICIES, { error: 'duplicatePolicy' }) });
export const printSettingsResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  duplicatePolicy: z.enum(DUPLICATE_POLICIES),
});
export type PrintSettingsResponse = z.infer<typeof printSettingsResponse>;

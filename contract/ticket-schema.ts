import { z } from 'zod';
import { localized, partialLocalized } from './common.ts';
import { currencyCode } from './setup.ts';
import type { TicketDocument } from './ticket-model.ts';

/** The ticket template's document on the wire (contract/ticket-model.ts says what each field is). */
export const ticketDocument = z.object({
  hash: z.string(),
  code: z.string(),
  codeKind: z.enum(['qr', 'barcode', 'none']),
  series: z.string(),
  number: z.string(),
  organizer: partialLocalized,
  organizerInn: z.string(),
  event: localized,
  day: localized,
  weekday: localized,
  time: z.string(),
  place: localized,
  address: localized,
  category: localized,
  seat: z.object({ sector: localized, row: z.string(), seat: z.string() }).nullable(),
  price: z.number().int(),
  currency: currencyCode,
  holder: z.string().nullable(),
  orderNumber: z.number().int(),
}) satisfies z.ZodType<TicketDocument>;

import { z } from 'zod';
import { emailSchema, phoneSchema, pushkinNameSchema, pushkinPhoneSchema, pushkinPatronymicSchema, pushkinSurnameSchema } from '../buyer.ts';
import { langField, localized, recordId } from '../common.ts';
import { DESK_LIMITS } from './box-office-rules.ts';

/** Schemas of the box office's calls (GET/POST /api/admin/desk/...). Amounts are kopecks. */

const kopecks = z.number({ error: 'amount' }).int('amount').min(0, 'amount').max(DESK_LIMITS.tenderedMax, 'amount');
const optionalDigits = (max: number, code: string) =>
  z
    .string({ error: code })
    .trim()
    .regex(new RegExp(`^\\d{0,${max}}$`), code)
    .transform((value) => (value === '' ? undefined : value))
    .optional();

export const deskSessionsQuery = z.object({
  q: z.string().trim().max(DESK_LIMITS.queryMax, 'query').default(''),
  lang: langField,
});

const deskSession = z.object({
  id: z.number(),
  eventId: z.number(),
  /** The storefront's event hash: the seat map comes from the storefront's own scheme call. */
  eventHash: z.string(),
  eventName: localized,
  startsAt: z.string(),
  /** The venue's day (YYYY-MM-DD) and time (HH:MM) of the session; time '' for a whole-day ticket. */
  day: z.string(),
  time: z.string(),
  free: z.number(),
  useSeatMap: z.boolean(),
  namedTickets: z.boolean(),
  pushkin: z.boolean(),
  ordinary: z.boolean(),
});
export type DeskSession = z.infer<typeof deskSession>;

export const deskSessionsResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  /** The venue's today (YYYY-MM-DD): sessions of this day come first. */
  today: z.string(),
  sessions: z.array(deskSession),
});
export type DeskSessionsResponse = z.infer<typeof deskSessionsResponse>;

export const deskSessionParams = z.object({ id: z.coerce.number().pipe(recordId) });

export const deskSessionResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  session: deskSession.extend({
    orderLimit: z.number(),
    prices: z.array(
      z.object({
        id: z.number(),
        categoryName: localized,
        zoneName: localized.nullable(),
        amount: z.number(),
        /** 0: any card, 1: the Pushkin card only, 2: never the Pushkin card. */
        pushkin: z.union([z.literal(0), z.literal(1), z.literal(2)]),
        isGroup: z.boolean(),
        /** Places left at this price when it has its own limit, else null. */
        free: z.number().nullable(),
      }),
    ),
  }),
});
export type DeskSessionResponse = z.infer<typeof deskSessionResponse>;

const cardSlip = { rrn: optionalDigits(DESK_LIMITS.rrnMax, 'rrn'), last4: optionalDigits(4, 'last4') };

export const deskPayment = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('cash'), tendered: kopecks.optional() }),
    z.object({ kind: z.literal('card'), ...cardSlip }),
    z.object({
      kind: z.literal('pushkin'),
      surname: pushkinSurnameSchema,
      name: pushkinNameSchema,
      patronymic: z.union([z.literal(''), pushkinPatronymicSchema]).default(''),
      /** The holder's mobile phone: the registry's report names the buyer by it. */
      phone: pushkinPhoneSchema,
      ...cardSlip,
    }),
    z.object({ kind: z.literal('split'), cash: kopecks, tendered: kopecks.optional(), ...cardSlip }),
  ],
  { error: 'payment' },
);
export type DeskPayment = z.infer<typeof deskPayment>;

export const deskSaleRequest = z
  .object({
    sessionId: recordId,
    /** Quantities per price (a hall without a seat map), or seats of the map, not both. */
    lines: z.array(z.object({ priceId: recordId, quantity: z.number().int('quantity').min(1, 'quantity').max(1000, 'quantity') })).max(50, 'lines').default([]),
    seats: z.array(z.object({ seatId: recordId, priceId: recordId })).max(200, 'seats').default([]),
    /** Only when the buyer wants the tickets sent. */
    email: z.union([z.literal(''), emailSchema]).default(''),
    phone: z.union([z.literal(''), phoneSchema]).default(''),
    payment: deskPayment,
    /** The total the screen showed: refused when the server's differs, so the cashier takes what the receipt says. */
    expectedTotal: kopecks,
    lang: langField,
  })
  .refine((sale) => (sale.lines.length > 0) !== (sale.seats.length > 0), { message: 'lines', path: ['lines'] });
export type DeskSaleRequest = z.input<typeof deskSaleRequest>;

export const deskSaleResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  order: z.object({ id: z.number(), number: z.number(), hash: z.string(), total: z.number(), tickets: z.number() }),
  payments: z.array(z.object({ method: z.enum(['cash', 'card', 'pushkin']), amount: z.number() })),
  change: z.number(),
});
export type DeskSaleResponse = z.infer<typeof deskSaleResponse>;

import { z } from 'zod';
import {
  emailSchema,
  phoneSchema,
  pushkinNameSchema,
  pushkinPhoneSchema,
  pushkinPatronymicSchema,
  pushkinSurnameSchema,
} from '../buyer.ts';
import { langField, localized, recordId } from '../common.ts';
import { holderInput, nominalCheckbox, nominalCountry, nominalDocType, nominalRegion } from '../nominal.ts';
import { DESK_LIMITS } from './box-office-rules.ts';
import { registerName } from './desk-register.ts';

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
    /** A named-ticket event: what each holder must give (the storefront's flags and lists); null otherwise. */
    named: z
      .object({
        needage: z.number().int().min(0).max(2),
        needmiddlename: z.number().int().min(0).max(1),
        needdocument: z.number().int().min(0).max(1),
        needcountry: z.number().int().min(0).max(1),
        needregion: z.number().int().min(0).max(1),
        /** The venue's today (YYYY-MM-DD): a birth date after it is refused. */
        today: z.string(),
        docTypes: z.array(nominalDocType),
        countries: z.array(nominalCountry),
        regions: z.array(nominalRegion),
        checkboxes: z.array(nominalCheckbox),
      })
      .nullable(),
    prices: z.array(
      z.object({
        id: z.number(),
        categoryId: z.number(),
        categoryName: localized,
        /** The hall zone the price is of on a seated event (null: any place); the seat picker prices a seat by its zone. */
        zoneId: z.number().nullable(),
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
    lines: z
      .array(z.object({ priceId: recordId, quantity: z.number().int('quantity').min(1, 'quantity').max(1000, 'quantity') }))
      .max(50, 'lines')
      .default([]),
    seats: z
      .array(z.object({ seatId: recordId, priceId: recordId }))
      .max(200, 'seats')
      .default([]),
    /** Only when the buyer wants the tickets sent. */
    email: z.union([z.literal(''), emailSchema]).default(''),
    phone: z.union([z.literal(''), phoneSchema]).default(''),
    payment: deskPayment,
    /** The total the screen showed: refused when the server's differs, so the cashier takes what the receipt says. */
    expectedTotal: kopecks,
    /**
     * A named-ticket event: one holder per place, in the order the sale lists its places (line by
     * line, a line's quantity in a row; or seat by seat), checked by the storefront's rules
     * (contract/admin/desk-holders.ts). Empty for any other event.
     */
    holders: z.array(holderInput).max(1000, 'holders').default([]),
    /** The named-ticket consents the holder gave (the ids of the boxes ticked). */
    consents: z.array(recordId).max(100, 'consents').default([]),
    /** The desk's register (the page's setting): its shift takes the money and its sale receipt becomes the register's task. */
    register: registerName.optional(),
    lang: langField,
  })
  .refine((sale) => sale.lines.length > 0 !== sale.seats.length > 0, { message: 'lines', path: ['lines'] });
export type DeskSaleRequest = z.input<typeof deskSaleRequest>;

export const deskSaleResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  order: z.object({ id: z.number(), number: z.number(), hash: z.string(), total: z.number(), tickets: z.number() }),
  payments: z.array(z.object({ method: z.enum(['cash', 'card', 'pushkin']), amount: z.number() })),
  change: z.number(),
  /** The sale receipt's task for the register (null: no register named, or nothing to pay). */
  receiptTask: z.number().nullable(),
});
export type DeskSaleResponse = z.infer<typeof deskSaleResponse>;

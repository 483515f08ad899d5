import { z } from 'zod';
import { langField, recordId } from '../common.ts';

/**
 * Exchanging tickets of a paid order for others of the same event (another session, seat or
 * category): the quote and the exchange take the same body; the exchange also carries the
 * difference staff saw, and is refused (-2663) when it moved since. Amounts are kopecks.
 */
export const EXCHANGE_LIMITS = {
  /** Tickets one exchange moves at most (an order's tickets are far fewer). */
  ticketsMax: 100,
  /** Hours the buyer has to pay a higher price's difference (never past the new session's start). */
  payHours: 24,
} as const;

/** A new place: a price of the session, and a seat of its hall for a seated event (null otherwise). */
const newPlace = z.object({ priceId: recordId, seatId: recordId.nullable().default(null) });

export const exchangeQuoteRequest = z.object({
  ticketIds: z.array(recordId).min(1, 'tickets').max(EXCHANGE_LIMITS.ticketsMax, 'tickets'),
  sessionId: recordId,
  places: z.array(newPlace).min(1, 'places').max(EXCHANGE_LIMITS.ticketsMax, 'places'),
  lang: langField,
});
export type ExchangeQuoteRequest = z.infer<typeof exchangeQuoteRequest>;

export const exchangeRequest = exchangeQuoteRequest.extend({
  /** The difference staff were shown (new less old; negative: refunded to the buyer). */
  expectedDifference: z.number().int('expectedDifference'),
});
export type ExchangeRequest = z.infer<typeof exchangeRequest>;

const quoteShape = {
  /** What the old tickets were paid, after the order's discount. */
  oldAmount: z.number(),
  /** What the new places cost now (price and service fee). */
  newAmount: z.number(),
  /** newAmount less oldAmount: above 0 the buyer pays it, below 0 it is refunded. */
  difference: z.number(),
  tickets: z.array(z.object({ id: z.number(), amount: z.number() })),
  places: z.array(z.object({ priceId: z.number(), seatId: z.number().nullable(), amount: z.number() })),
};

export const exchangeQuoteResponse = z.object({ errorCode: z.string(), errorText: z.string(), ...quoteShape });
export type ExchangeQuoteResponse = z.infer<typeof exchangeQuoteResponse>;

export const exchangeResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  exchangeId: z.number(),
  /** done: the new tickets admit now; awaiting-payment: the buyer was sent a link to pay the difference. */
  status: z.enum(['done', 'awaiting-payment']),
  ...quoteShape,
  newTicketIds: z.array(z.number()),
  /** The refund of a lower price's difference: pending at the acquirer or done; null when nothing is refunded. */
  refund: z.enum(['pending', 'done']).nullable(),
  payUntil: z.string().nullable(),
});
export type ExchangeResponse = z.infer<typeof exchangeResponse>;

/** The sessions and prices an order's tickets may be exchanged to (the exchange form's choices). */
export const exchangeOptionsResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  useSeatMap: z.boolean(),
  /** The event's storefront hash and name: a seated session's hall map is the storefront's (/api/scheme). */
  eventHash: z.string(),
  eventName: z.record(z.string(), z.string()),
  sessions: z.array(
    z.object({
      id: z.number(),
      startsAt: z.string(),
      hasTime: z.boolean(),
      remaining: z.number(),
      prices: z.array(
        z.object({
          id: z.number(),
          categoryId: z.number(),
          categoryName: z.record(z.string(), z.string()),
          /** The hall zone the price is of on a seated event (null: any place); a seat is priced by its zone. */
          zoneId: z.number().nullable(),
          zoneName: z.record(z.string(), z.string()).nullable(),
          amount: z.number(),
          fee: z.number(),
        }),
      ),
    }),
  ),
});
export type ExchangeOptionsResponse = z.infer<typeof exchangeOptionsResponse>;

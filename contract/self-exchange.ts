/**
 * Buyers' self-service exchange from the order page (the order's link is its key, as for returns):
 * the same exchange as staff make (contract/admin/order-exchange.ts), when the event allows it and
 * before its deadline (contract/self-exchange-rules.ts). Amounts are kopecks.
 */
import { z } from 'zod';
import { exchangeOptionsResponse, exchangeQuoteRequest, exchangeQuoteResponse, exchangeResponse } from './admin/order-exchange.ts';
import { orderHash } from './common.ts';

export const selfExchangeOptionsRequest = z.object({ hash: orderHash, lang: exchangeQuoteRequest.shape.lang });

export const selfExchangeQuoteRequest = exchangeQuoteRequest.extend({ hash: orderHash });
export type SelfExchangeQuoteRequest = z.infer<typeof selfExchangeQuoteRequest>;

export const selfExchangeRequest = selfExchangeQuoteRequest.extend({
  /** The difference the buyer was shown (new less old; negative: refunded); refused (-1036) when it moved since. */
  expectedDifference: z.number().int('expectedDifference'),
});
export type SelfExchangeRequest = z.infer<typeof selfExchangeRequest>;

const texts = z.record(z.string(), z.string());

export const selfExchangeOptionsResponse = exchangeOptionsResponse.extend({
  /** Why the buyer cannot exchange now (-1030 not allowed, -1031 deadline passed, -1034 the order), null when they can. */
  refusal: z.string().nullable(),
  /** The event's setting: buyers may exchange until so many hours before their session; null: they may not. */
  hoursBefore: z.number().nullable(),
  /** The earliest moment one of the tickets below can no longer be exchanged; null when the event does not allow it. */
  deadline: z.string().nullable(),
  /** The order's tickets the buyer may exchange: admitting, not used at the door, not group tickets, of a session to come. */
  tickets: z.array(
    z.object({
      id: z.number(),
      sessionId: z.number(),
      startsAt: z.string(),
      hasTime: z.boolean(),
      categoryName: texts,
      zoneName: texts.nullable(),
      rowLabel: z.string().nullable(),
      seatLabel: z.string().nullable(),
      /** Each ticket's deadline: its session's start less the event's hours. */
      deadline: z.string().nullable(),
    }),
  ),
});
export type SelfExchangeOptions = z.infer<typeof selfExchangeOptionsResponse>;

export const selfExchangeQuoteResponse = exchangeQuoteResponse;
export type SelfExchangeQuote = z.infer<typeof selfExchangeQuoteResponse>;

export const selfExchangeResponse = exchangeResponse.extend({
  /** A higher price: the page of the difference's payment (the link the e-mail carries too); null otherwise. */
  payPath: z.string().nullable(),
});
export type SelfExchangeResult = z.infer<typeof selfExchangeResponse>;

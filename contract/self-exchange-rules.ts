/**
 * Buyers' self-service exchange: the rule the server and the order page both apply. Zod-free, so
 * the order page's first load imports it.
 */
import { ErrorCode } from './errors.ts';

export const SELF_EXCHANGE_LIMITS = {
  /** The latest deadline a venue may set: a month before the session. */
  hoursBeforeMax: 720,
} as const;

/** The moment a ticket of a session starting at `startsAt` can no longer be exchanged by its buyer. */
export function selfExchangeDeadline(startsAt: Date, hoursBefore: number): Date {
  return new Date(startsAt.getTime() - hoursBefore * 3_600_000);
}

/**
 * Why the buyer may not exchange tickets of sessions starting at `startsAt` now, or null when
 * they may: the event must allow it (`hoursBefore` set) and every ticket's deadline lie ahead.
 */
export function selfExchangeRefusal(
  hoursBefore: number | null | undefined,
  startsAt: readonly Date[],
  at: Date,
): typeof ErrorCode.selfExchangeOff | typeof ErrorCode.selfExchangeDeadline | null {
  if (hoursBefore === null || hoursBefore === undefined) return ErrorCode.selfExchangeOff;
  if (startsAt.some((s) => selfExchangeDeadline(s, hoursBefore).getTime() <= at.getTime())) return ErrorCode.selfExchangeDeadline;
  return null;
}

/** The places the buyer chose for the tickets given up: a price each, and a seat of the hall on a seated event. */
export type ExchangePlacesChoice = {
  ticketIds: readonly number[];
  places: readonly { priceId: number; seatId: number | null }[];
};

/**
 * Why the places chosen cannot stand for the tickets, or null when they can: one place per ticket,
 * each with a price; on a seated event each with its own seat, no seat twice (-1038), elsewhere
 * no seat at all (-1035). The order page enables its quote by it and the server refuses by it
 * before the exchange's engine checks the seats against the hall and the prices.
 */
export function exchangePlacesRefusal(
  seated: boolean,
  choice: ExchangePlacesChoice,
): typeof ErrorCode.selfExchangePlaces | typeof ErrorCode.selfExchangeSeats | null {
  const refusal = seated ? ErrorCode.selfExchangeSeats : ErrorCode.selfExchangePlaces;
  const { ticketIds, places } = choice;
  if (places.length !== ticketIds.length || places.some((p) => p.priceId <= 0)) return refusal;
  const seats = places.flatMap((p) => (p.seatId === null ? [] : [p.seatId]));
  if (!seated) return seats.length === 0 ? null : refusal;
  return seats.length === places.length && new Set(seats).size === seats.length ? null : refusal;
}

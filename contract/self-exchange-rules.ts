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

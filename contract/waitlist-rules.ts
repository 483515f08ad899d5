/**
 * The waiting list's plain rules (zod-free, so the event page reads them without the schema):
 * how many places one entry may ask for, the entry states the back office shows, and how long an
 * offer holds its places when the venue set nothing.
 */
export const WAITLIST_MAX_PLACES = 10;

export const WAITLIST_STATES = ['waiting', 'offered', 'bought', 'expired', 'unsubscribed', 'removed'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

/** An offer's hold when neither the event nor the venue set one (minutes). */
export const WAITLIST_DEFAULT_HOLD_MINUTES = 30;
/** The hold time staff may set (minutes). */
export const WAITLIST_HOLD_MIN = 5;
export const WAITLIST_HOLD_MAX = 1440;

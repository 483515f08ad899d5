import { z } from 'zod';
import { localized, recordId } from '../common.ts';
import { WAITLIST_HOLD_MAX, WAITLIST_HOLD_MIN, WAITLIST_STATES } from '../waitlist-rules.ts';

/**
 * The back office's waiting list of a session (/api/admin/sessions/:id/waitlist): who waits, for
 * how many places, their state, and how long an offer holds its places (per event, or the venue's
 * default). Instants are ISO 8601.
 */
export const waitlistSessionParams = z.object({ id: z.coerce.number().pipe(recordId) });
export const waitlistEntryParams = z.object({ id: z.coerce.number().pipe(recordId), entryId: z.coerce.number().pipe(recordId) });

const entry = z.object({
  id: z.number(),
  email: z.string(),
  places: z.number(),
  zoneId: z.number().nullable(),
  sectorId: z.number().nullable(),
  /** The price category asked for (a quantity session); null: none asked, the first ordinary price. */
  categoryName: localized.nullable(),
  /** The zone (price level) and the sector asked for (a seated hall); null: any. */
  zoneName: localized.nullable(),
  sectorName: localized.nullable(),
  lang: z.string(),
  state: z.enum(WAITLIST_STATES),
  joinedAt: z.string(),
  offeredUntil: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The offer's order, for a link to it in the orders desk. */
  orderId: z.number().nullable(),
  orderNumber: z.number().nullable(),
  /** Place in line (1 = first) while waiting or holding an offer; null once out of the line. */
  position: z.number().nullable(),
});
export type WaitlistEntryView = z.infer<typeof entry>;

const hold = z.object({
  /** The event's own hold time (minutes), or null: the venue's applies. */
  eventMinutes: z.number().nullable(),
  /** The venue's default (minutes), or null: the built-in default applies. */
  venueMinutes: z.number().nullable(),
  /** What applies to this session's offers now. */
  minutes: z.number(),
  defaultMinutes: z.number(),
});

export const waitlistResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  session: z.object({
    id: z.number(),
    eventId: z.number(),
    venueId: z.number(),
    eventName: localized,
    startsAt: z.string(),
    remaining: z.number(),
    /** A seated hall's session: entries may ask for a zone or sector, not a category. */
    seated: z.boolean(),
  }),
  entries: z.array(entry),
  hold,
});
export type WaitlistResponse = z.infer<typeof waitlistResponse>;

const minutes = z
  .number({ error: 'hold-minutes' })
  .int('hold-minutes')
  .min(WAITLIST_HOLD_MIN, 'hold-minutes')
  .max(WAITLIST_HOLD_MAX, 'hold-minutes')
  .nullable();

/** Sets the event's hold time and/or the venue's default; null clears one (the next level applies). */
export const waitlistHoldRequest = z
  .object({ eventMinutes: minutes.optional(), venueMinutes: minutes.optional() })
  .refine((body) => body.eventMinutes !== undefined || body.venueMinutes !== undefined, {
    message: 'hold-minutes',
    path: ['eventMinutes'],
  });
export type WaitlistHoldRequest = z.infer<typeof waitlistHoldRequest>;

export const waitlistRemoveResponse = z.object({ errorCode: z.string(), errorText: z.string(), removed: z.boolean() });

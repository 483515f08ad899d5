import { z } from 'zod';
import { emailSchema } from './buyer.ts';
import { captchaFields } from './captcha.ts';
import { langField, recordId } from './common.ts';
import { WAITLIST_MAX_PLACES } from './waitlist-rules.ts';

export * from './waitlist-rules.ts';

/**
 * POST /api/waitlist/join: a visitor joins the waiting list of a sold-out session with an e-mail
 * and how many places; in a seated hall the places are seats side by side, optionally in one zone
 * (price level) or sector. The same schema checks the page's form and the server's call.
 */
export const waitlistJoinRequest = captchaFields.extend({
  sessionId: recordId,
  /** Lower case as well: one address, one place in a session's line, however it is typed. */
  email: emailSchema.transform((email) => email.toLowerCase()),
  places: z.coerce
    .number({ error: 'waitlist-places' })
    .int('waitlist-places')
    .min(1, 'waitlist-places')
    .max(WAITLIST_MAX_PLACES, 'waitlist-places'),
  zoneId: recordId.optional(),
  sectorId: recordId.optional(),
  /**
   * A quantity session's visitor category (price category) the places are to be held at; left
   * out, the event's first ordinary price. A seated hall's seats take their zone's price.
   */
  categoryId: recordId.optional(),
  lang: langField,
});
export type WaitlistJoinRequest = z.infer<typeof waitlistJoinRequest>;
export type WaitlistJoinInput = z.input<typeof waitlistJoinRequest>;

export const waitlistJoinResponse = z.object({ errorCode: z.string(), errorText: z.string(), position: z.number().int() });

/** POST /api/waitlist/unsubscribe: the signed token of the confirmation e-mail's link; no sign-in. */
export const waitlistUnsubscribeRequest = z.object({ token: z.string().min(1).max(200), lang: langField });
export const waitlistUnsubscribeResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  /** False when the entry had already left the line (bought, expired, removed or unsubscribed before). */
  unsubscribed: z.boolean(),
});

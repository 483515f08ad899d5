/**
 * Error codes of the back office's API, answered in the storefront's shape
 * `{ errorCode, errorText, fields? }` so the web's API client and field-error mapping serve both
 * apps. Codes -2000..-2099: staff accounts, sessions and the guard; -2100..-2199: the orders
 * desk, staff refunds and reports; -2300..-2399: halls and seats blocked per session; -2400..-2449:
 * promo codes and special offers; -2460..-2479: uploaded images and the storefront setup;
 * -2500..-2519: loyalty cards; -2600..-2649: the box office. Only the
 * codes live here: each one's text is the server's (server/locales, namespace `adminErrors`).
 */
export const AdminErrorCode = {
  // --- staff accounts, sessions, guard (-2000..-2099) ---
  /** Unknown e-mail, wrong password or a disabled account: one answer, so none can be told apart. */
  invalidCredentials: '-2000',
  /** No session, or it has expired or been signed out. */
  signInRequired: '-2001',
  /** Signed in, but the role does not allow this call. */
  forbidden: '-2002',
  // -2003 is retired: a lock (per e-mail and address) answers -2000, as an unknown e-mail does.
  /** The account has one-time codes turned on and the sign-in came without one. */
  totpRequired: '-2004',
  /** The one-time code is wrong or expired. */
  totpInvalid: '-2005',
  /** The venue requires one-time codes and this member has not set them up yet: only that is allowed. */
  totpSetupRequired: '-2006',
  /** The venue requires one-time codes: they cannot be turned off. */
  totpRequiredByVenue: '-2007',
  /** Another member of staff has this e-mail already. */
  emailTaken: '-2008',
  /** The change would leave the back office without an active owner. */
  lastOwner: '-2009',
  /** No member of staff has this id. */
  staffNotFound: '-2010',
  /** The current password given to change it is wrong. */
  wrongCurrentPassword: '-2011',
  /** One-time codes are on already (turn them off first) or were not started (start the set-up). */
  totpStateConflict: '-2012',
  /** The new password is common, too repetitive, or made of the account's own e-mail or name: the field says which. */
  weakPassword: '-2013',
  /** Resetting an owner's password needs the password of the owner doing it. */
  ownerConfirmRequired: '-2014',
  // --- orders desk, staff refunds, reports (-2100..-2199) ---
  /** Only an unpaid order can be cancelled; a paid one is refunded. */
  orderNotCancelable: '-2100',
  /** Tickets are sent and refunded only for a paid order. */
  orderNotPaid: '-2101',
  /** The tickets e-mail has nowhere to go: the order has no address and none was given. */
  noEmail: '-2102',
  /** A report's period ends before it starts or is longer than REPORT_MAX_DAYS. */
  reportRange: '-2103',
  // --- catalog editing (-2250..-2299; -2200..-2219 are the door's, contract/errors.ts) ---
  /** The entry was not saved: the fields say what to correct. */
  catalogInvalid: '-2251',
  /** No catalog entry has this id. */
  catalogNotFound: '-2252',
  /** An event with orders is never deleted: unpublishing takes it off sale. */
  catalogEventHasOrders: '-2253',
  /** The event is part of a subscription's composition: take it out of the subscription first. */
  catalogEventInSubscription: '-2254',
  /** A kind, menu, venue, tag, checkbox, rules document or zone still in use is never deleted: the text names what uses it. */
  catalogEntryInUse: '-2255',
  /**
   * The save or publication waits for the member's confirmation: the answer's `warnings` list
   * what to confirm (a free price, a session in the past, an event no visitor can see, a price
   * changed on an event with orders), each on its field; the same request with `confirm: true`
   * goes through. Nothing is saved until then.
   */
  catalogNeedsConfirmation: '-2256',
  // --- halls, seats blocked per session (-2300..-2399) ---
  /** Held or sold seats cannot be blocked: the text names them. */
  seatsNotFree: '-2300',
  /** Some of the seats are blocked already (to change a reason, unblock first): the text names them. */
  seatsAlreadyBlocked: '-2301',
  /** Some of the seats to unblock are not blocked: the text names them. */
  seatsNotBlocked: '-2302',
  /** A seat id is not a seat of the session's hall. */
  seatsNotInHall: '-2303',
  /** Someone saved the entry after it was loaded: the text names who and when. */
  catalogStale: 'catalog-stale',
  /** The hall was not saved: the catalog's rules refused it (the text lists why). */
  hallRefused: '-2305',
  /** The pasted or uploaded text is not JSON of the chosen format. */
  hallSourceInvalid: '-2306',
  /** A replaced hall leaves out seats that orders name: the text names them. */
  hallSoldSeatsRemoved: '-2307',
  /**
   * The session has fewer places left than seats to block (places sold outside the map, or a
   * capacity below the hall's seats): a block takes a place, so the text says how many are left.
   */
  seatsNoPlacesLeft: '-2308',
  /** The hall's text is longer than the hall calls take (HALL_LIMITS): the text names the limit. */
  hallSourceTooLarge: '-2309',
  // --- promo codes and special offers (-2400..-2449) ---
  /** A code some order has held is never deleted: it is switched off instead. */
  promoCodeUsed: '-2400',
  /** The code's text and discount stay once an order has held it: the fields say which. */
  promoTermsLocked: '-2401',
  /** An offer some order has taken is never deleted: it is switched off instead. */
  offerUsed: '-2402',
  /** The offer's total for sale would be below what orders hold: the text says how many. */
  offerStockBelowOrders: '-2403',
  /** No promo code, batch or special offer has this id. */
  offerNotFound: '-2404',
  /** A subscription that has orders keeps every event of its composition: the text names them. */
  subscriptionItemSold: '-2405',
  // --- uploaded images, the storefront setup (-2460..-2479) ---
  /** The upload is larger than MEDIA_MAX_BYTES (contract/media.ts). */
  imageTooLarge: '-2460',
  /** The upload is not a picture in a format the pages can show. */
  imageNotImage: '-2461',
  /** SVG is refused: it can carry scripts. */
  imageSvg: '-2462',
  /** The picture would decode to more than MEDIA_MAX_PIXELS pixels. */
  imageTooManyPixels: '-2463',
  /** The file starts as a picture but its data is broken or cut short. */
  imageCorrupt: '-2464',
  /** Other pictures are being processed and the line of uploads is full: try again in a few seconds (429, Retry-After). */
  imagesBusy: '-2465',
  // --- loyalty cards (-2500..-2519) ---
  /** No loyalty card has this id. */
  loyaltyCardNotFound: '-2500',
  /** A debit would take bonuses the card has not got free: the text says how many it may take. */
  loyaltyBalanceShort: '-2501',
  // --- the box office (-2600..-2649) ---
  /** No session has this id, or its event is gone. */
  deskSessionNotFound: '-2600',
  /** The session is cancelled or its day is over: the desk sells a session until the end of its day. */
  deskNotOnSale: '-2601',
  /** The prices changed since the screen showed them: the text gives the total as it is now. */
  deskTotalChanged: '-2602',
  /** The cash handed over is less than the cash due. */
  deskTenderedShort: '-2603',
  /** A split's cash must be more than nothing and less than the total. */
  deskSplitInvalid: '-2604',
  /** The event or the price does not take the Pushkin card, or the card pays for more than one ticket. */
  deskPushkinRefused: '-2605',
  /** A named-ticket event: its holders' data is taken on the storefront's form, not at the desk yet. */
  deskNamedTickets: '-2606',
  /** A line names a price not sold for the session (or for the chosen payment), or a seat not in its hall. */
  deskBadPlace: '-2607',
  /** The event is sold with the Pushkin card only. */
  deskPushkinOnly: '-2608',
} as const;
export type AdminErrorCodeValue = (typeof AdminErrorCode)[keyof typeof AdminErrorCode];

const ADMIN_CODES: ReadonlySet<string> = new Set(Object.values(AdminErrorCode));

export function isAdminErrorCode(code: string): code is AdminErrorCodeValue {
  return ADMIN_CODES.has(code);
}

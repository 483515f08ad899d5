/**
 * Error codes of the back office's API, answered in the storefront's shape
 * `{ errorCode, errorText, fields? }` so the web's API client and field-error mapping serve both
 * apps. Codes -2000..-2099: staff accounts, sessions and the guard; -2100..-2199: the orders
 * desk, staff refunds and reports; -2300..-2399: halls and seats blocked per session; -2400..-2449:
 * promo codes and special offers; -2460..-2479: uploaded images and the storefront setup;
 * -2500..-2519: loyalty cards; -2600..-2649: the box office; -2650..-2669: cancelling and postponing a session;
 * -2700..-2719: concessions and the visits statistics (a report's period refusal is -2103, shared with the other reports);
 * -2720..-2749: groups, invoices and bank statements; -2750..-2769: personal data (visitors' requests, consent texts);
 * -2770..-2779: the waiting list of a session; -2790..-2799: the consent texts' editor. Only the
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
  /**
   * The member's password was set by an owner (on adding them or a reset) and is temporary: until
   * they change it, their session may only change it, see who they are and sign out.
   */
  passwordChangeRequired: '-2015',
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
  /** No longer answered: a named-ticket event is sold at the desk with its holders (-2642). Kept so the code is never reused. */
  deskNamedTickets: '-2606',
  /** A line names a price not sold for the session (or for the chosen payment), or a seat not in its hall. */
  deskBadPlace: '-2607',
  /** The event is sold with the Pushkin card only. */
  deskPushkinOnly: '-2608',
  // --- cancelling and postponing a session (-2650..-2669) ---
  /** No session has this id. */
  changeSessionNotFound: '-2650',
  /** The session is cancelled already: it is neither cancelled again nor moved. */
  sessionCancelled: '-2651',
  /** A new start in the past, or the same as the current one. */
  postponeDateInvalid: '-2652',
  /** The full-return deadline is in the past or after the new start. */
  postponeDeadlineInvalid: '-2653',
  /** The orders changed since the dry run staff confirmed: they must look at the figures again. */
  cancelPreviewStale: '-2654',
  /** The order has no refund due at the desk (none, or paid out already). */
  deskRefundNotDue: '-2655',
  // --- exchanging an order's tickets (-2660..-2669) ---
  /** A ticket named is not one of the order's tickets that admit (returned, exchanged, requested, admitted at the door), or named twice. */
  exchangeTicketsInvalid: '-2660',
  /** The new session is not one of the order's event, is cancelled, or has started. */
  exchangeSessionInvalid: '-2661',
  /** The new places do not match the tickets (one place per ticket), or name a price or seat the session does not sell. */
  exchangePlacesInvalid: '-2662',
  /** The difference changed since staff saw it (prices or the order moved): they must look again. */
  exchangeQuoteStale: '-2663',
  /** The order cannot be exchanged: not paid online by card or SBP (Pushkin card, box office), or group tickets. */
  exchangeNotPossible: '-2664',
  /** An exchange of this order is already waiting for its difference to be paid. */
  exchangeWaiting: '-2665',
  // --- the waiting list of a session (-2770..-2779) ---
  /** No session has this id. */
  waitlistSessionNotFound: '-2770',
  /** No waiting-list entry of this session has this id. */
  waitlistEntryNotFound: '-2771',
  /** The entry has left the line already (bought, expired, unsubscribed or removed). */
  waitlistEntryGone: '-2772',
  // --- the desk's cash register, shifts and returns (-2630..-2649) ---
  /** A shift is already open on this register. */
  deskShiftOpen: '-2630',
  /** No shift is open on this register (close, X report, cash in or out, a return). */
  deskShiftNotOpen: '-2631',
  /** No receipt task has this id (or it belongs to another register). */
  deskTaskNotFound: '-2632',
  /** The task is not in a state that allows this (sent already, done, or not failed for a retry). */
  deskTaskState: '-2633',
  /** No ticket has this code. */
  deskTicketNotFound: '-2634',
  /** A refund at a share set by hand needs a reason. */
  deskOverrideReason: '-2635',
  /** A cash refund larger than the cash the shift's drawer holds. */
  deskCashShort: '-2636',
  /** Hand-out at the desk: no paid order with tickets that admit answers the number, code or e-mail given. */
  deskOrderNotFound: '-2640',
  /** Printing at the desk: a ticket named is not one of the order's tickets that admit. */
  deskTicketNotPrintable: '-2641',
  /** Named-ticket sale at the desk: the holders' data is missing or does not match the tickets. */
  deskHoldersInvalid: '-2642',
  /** A correction receipt's grounds are incomplete: the number for an instruction (or under FFD 1.05), a real day not in the future. */
  deskCorrectionInvalid: '-2643',

  // --- personal data (-2750..-2769) ---
  /** A visitor's request: neither an e-mail nor a phone to look for, or both. */
  personalDataQuery: '-2750',
  /** Erasing a visitor's data needs a reason (the request it answers). */
  personalDataReason: '-2751',
  /** No order holds this e-mail or phone. */
  personalDataNotFound: '-2752',
  /** A consent text needs a body and a title in every language. */
  consentTextInvalid: '-2753',
  // --- the consent texts' editor (-2790..-2799) ---
  /** A new consent text was written over a version that is no longer the current one: another member published meanwhile. */
  consentTextStale: '-2790',
  // --- groups, invoices, bank statements (-2720..-2749) ---
  /** No group has this id. */
  groupNotFound: '-2720',
  /** Invoices need the venue's bank details: the setup has none yet. */
  groupBankDetailsMissing: '-2721',
  /** The group is paid already, or its deadline passed and its places went back on sale. */
  groupNotPayable: '-2722',
  /** The session is not on sale for a group: not found, cancelled or over. */
  groupNotOnSale: '-2723',
  /** A price or seat that is not of this session, or the companions' price is not among the group's. */
  groupBadPlace: '-2724',
  /** The payment deadline is past, further than the longest allowed, or after the session begins. */
  groupDeadline: '-2725',
  /** The file is not a 1CClientBankExchange statement this server reads: the detail says why. */
  statementUnreadable: '-2726',
  /** The statement is of another account than the venue's settlement account. */
  statementWrongAccount: '-2727',
  /** The act is made after the visit: the session has not begun yet, or the group is not paid. */
  groupActTooEarly: '-2728',
  /** Named-ticket events take the holders' data on the storefront's form only. */
  groupNamedTickets: '-2729',
  /** A private person's payment needs a fiscal receipt: name the desk's register that prints it. */
  groupReceiptRegister: '-2730',
} as const;
export type AdminErrorCodeValue = (typeof AdminErrorCode)[keyof typeof AdminErrorCode];

const ADMIN_CODES: ReadonlySet<string> = new Set(Object.values(AdminErrorCode));

export function isAdminErrorCode(code: string): code is AdminErrorCodeValue {
  return ADMIN_CODES.has(code);
}

/** Error codes; '0' means success. */
export const ErrorCode = {
  ok: '0',
  invalidCsrf: '-1000',
  invalidRecaptcha: '-1001',
  validation: '-1002',
  notFound: '-1004',
  placesGone: '-1010',
  seatUnavailable: '-1011',
  reserveExpired: '-1012',
  orderCanceled: '-1013',
  returnNotAllowed: '-1020',
  returnExpired: '-1021',
  returnLinkInvalid: '-1022',
  ticketsNotReturnable: '-1023',
  /** A ticket admitted at the door is used: the visitor cannot return it (staff can, with a reason). */
  ticketUsed: '-1024',
  /** A returned ticket's page: the ticket no longer admits; the answer says when it was returned. */
  ticketReturned: '-1025',
  tooManyRequests: '-1029',
  /** Buyers' self-service exchange (-1030..-1039): the event does not let its buyers exchange tickets themselves. */
  selfExchangeOff: '-1030',
  /** The exchange's deadline (so many hours before the tickets' session) has passed. */
  selfExchangeDeadline: '-1031',
  /** A ticket chosen cannot be exchanged: used at the door, returned, exchanged, requested for return, or not the order's. */
  selfExchangeTickets: '-1032',
  /** The session chosen is not on sale: cancelled, started, of another event, or its sale has not opened. */
  selfExchangeSession: '-1033',
  /** The order cannot be exchanged by its buyer: unpaid, paid by Pushkin card or at the box office, or group tickets. */
  selfExchangeOrder: '-1034',
  /** The places chosen do not fit the tickets or the session (one place per ticket, a price the session sells). */
  selfExchangePlaces: '-1035',
  /** The price difference moved since it was shown: the page shows the new one. */
  selfExchangeStale: '-1036',
  /** An exchange of this order already waits for its difference to be paid. */
  selfExchangeWaiting: '-1037',
  /** A seated event's exchange: not exactly one seat of the session's hall, in a zone its price is of, for each ticket. */
  selfExchangeSeats: '-1038',
  /** A seat chosen for the exchange was taken by another order meanwhile: nothing changed, the buyer picks another. */
  selfExchangeSeatTaken: '-1039',
  /** Personal data (-1050..-1059): a consent to the processing of personal data the form asks for was not given. */
  consentRequired: '-1050',
  /** Concessions (-1040..-1049): the category does not apply on the session's day (its weekdays or days of the month). */
  concessionNotThatDay: '-1040',
  /** A named ticket's holder already has the category's monthly limit of tickets in the session's month. */
  concessionMonthlyLimit: '-1041',
  /** A named ticket's holder is outside the category's age range on the session's day. */
  concessionAge: '-1042',
  /** Waiting list (-1060..-1069): the session still has places (buy them instead), or is not on sale. */
  waitlistNotSoldOut: '-1060',
  /** The same e-mail is already in line (or holds an offer) for this session. */
  waitlistAlreadyJoined: '-1061',
  /** The unsubscribe link is broken or not this server's. */
  waitlistLinkInvalid: '-1062',
  /** The zone or sector asked for is not of this session's hall. */
  waitlistPlaceInvalid: '-1063',
  /** The visitor category asked for has no ordinary price for this session, or the session has a seat map. */
  waitlistCategoryInvalid: '-1064',
  /** The waiting room (-1070..-1079): a queue ticket this server did not sign. */
  queueTicketInvalid: '-1070',
  /** A queue ticket older than its lifetime: the page takes a new one. */
  queueTicketExpired: '-1071',
  inner: '-9999',
  limit: '-9998',
  payment: '-9997',
  unknownBank: '-9996',
  noBank: '-9995',
  /** Door check-in (-2200..-2219): neither a staff session nor a live device key came with the scan. */
  checkinSignInRequired: '-2200',
  /** A staff session whose role may not admit visitors. */
  checkinForbidden: '-2201',
  /** Timed entry (-2210..-2219): only a signed-in member of staff may admit a ticket outside its entry window, never a device key. */
  checkinOverrideForbidden: '-2210',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

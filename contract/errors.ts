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
  inner: '-9999',
  limit: '-9998',
  payment: '-9997',
  unknownBank: '-9996',
  noBank: '-9995',
  /** Door check-in (-2200..-2219): neither a staff session nor a live device key came with the scan. */
  checkinSignInRequired: '-2200',
  /** A staff session whose role may not admit visitors. */
  checkinForbidden: '-2201',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];


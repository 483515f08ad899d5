/**
 * Rules of the orders desk that the server and the admin pages share. Zod-free, so the pages
 * import them without loading zod.
 */
export const DESK_LIMITS = {
  /** Results per page of the order search, and the most a client may ask for. */
  pageSize: 20,
  pageSizeMax: 50,
  /** Text searches (e-mail, names) need this many characters, so a prefix stays selective. */
  textMin: 2,
  queryMax: 100,
  /** A phone is searched by the beginning of its digits, from this many digits. */
  phoneDigitsMin: 4,
  noteMax: 2000,
  reasonMax: 500,
} as const;

/** The length of a ticket's scanned code (server/tickets/ticket-codes.ts issues 16 digits). */
export const TICKET_CODE_LENGTH = 16;

/** What a ticket is, for staff: its order's state and its own return status together. */
export const TICKET_STATES = [
  'held',
  'canceled',
  'valid',
  'return-requested',
  'returned',
  'refund-pending',
  'exchanged',
  'exchange-awaiting-payment',
] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** The order statuses (10 named data awaited, 20 awaiting payment, 30 paid, 90 canceled). */
export const ORDER_STATES = { 10: 'reserved', 20: 'awaiting-payment', 30: 'paid', 90: 'canceled' } as const;
export type OrderState = (typeof ORDER_STATES)[keyof typeof ORDER_STATES];

export function orderState(status: number): OrderState {
  return ORDER_STATES[status as keyof typeof ORDER_STATES] ?? 'canceled';
}

/** A ticket's state from its order's status and its return status (0, 50, 60, 70, 80, 90). */
export function ticketState(orderStatus: number, ticketStatus: number): TicketState {
  if (orderStatus === 10 || orderStatus === 20) return 'held';
  if (orderStatus !== 30) return 'canceled';
  if (ticketStatus === 60) return 'return-requested';
  if (ticketStatus === 70) return 'returned';
  if (ticketStatus === 80) return 'refund-pending';
  if (ticketStatus === 90) return 'exchanged';
  if (ticketStatus === 50) return 'exchange-awaiting-payment';
  return 'valid';
}

/** The kinds of key one search text is tried as; the server runs every kind that fits. */
export type SearchKeys = {
  orderNumber: number | null;
  ticketCode: string | null;
  /** Beginnings of a phone's digits to try: as typed, and with a leading 8 read as the country code 7. */
  phonePrefixes: string[];
  /** Lower-cased, for e-mail and name prefixes; null when too short. */
  text: string | null;
  /**
   * The text and, for two words or more, the same words with the last one first and with the
   * first one last, lower-cased: a name is found whichever way round it was typed and stored
   * ("Павел Сергеев" finds "Сергеев Павел"); empty when text is null.
   */
  names: string[];
};

/**
 * Reads a search text as every key it could be: digits are an order number, a ticket code (16
 * digits) and a phone's beginning (a leading 8 also read as the country code 7); any text of two
 * characters or more is an e-mail or a buyer's or holder's name beginning.
 */
export function searchKeys(query: string): SearchKeys {
  const q = query.trim().replace(/\s+/g, ' ');
  const digits = q.replace(/[\s()+-]/g, '');
  const allDigits = /^\d+$/.test(digits);
  const orderNumber = allDigits && digits.length <= 9 ? Number(digits) : null;
  const ticketCode = allDigits && digits.length === TICKET_CODE_LENGTH ? digits : null;
  const phonePrefixes: string[] = [];
  if (allDigits && digits.length >= DESK_LIMITS.phoneDigitsMin && digits.length <= 15) {
    phonePrefixes.push(digits);
    if (digits.startsWith('8')) phonePrefixes.push(`7${digits.slice(1)}`);
  }
  const text = !allDigits && q.length >= DESK_LIMITS.textMin ? q.toLowerCase() : null;
  const words = text?.split(' ') ?? [];
  const names =
    text === null
      ? []
      : [...new Set([text, [...words.slice(-1), ...words.slice(0, -1)].join(' '), [...words.slice(1), ...words.slice(0, 1)].join(' ')])];
  return { orderNumber, ticketCode, phonePrefixes, text, names };
}

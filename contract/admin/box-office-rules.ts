/**
 * The box office's rules that the cashier's screen and the server both read. Zod-free: the
 * cashier's screen checks a sale with them before it is sent. Amounts are kopecks.
 */

/** How a desk sale is paid: cash, the desk's bank terminal, the venue's Pushkin-card terminal, or cash and card together. */
export const DESK_PAYMENT_KINDS = ['cash', 'card', 'pushkin', 'split'] as const;
export type DeskPaymentKind = (typeof DESK_PAYMENT_KINDS)[number];

export const DESK_LIMITS = {
  /** The event search: at most this many characters. */
  queryMax: 100,
  /** Sessions the cashier's list shows at once. */
  sessionsMax: 60,
  /** The terminal's reference number (RRN) of a card payment: 12 digits by the card schemes' rule, fewer accepted. */
  rrnMax: 12,
  /** Cash handed over by the buyer: at most 10 000 000 ₽ in kopecks, far above any sale. */
  tenderedMax: 1_000_000_000,
} as const;

/** The change to hand back: what was tendered above the cash due, never negative. */
export function changeDue(cashDue: number, tendered: number | undefined): number {
  return tendered === undefined ? 0 : Math.max(0, tendered - cashDue);
}

/**
 * The parts of a sale's total by payment method: the whole total in cash, on the card terminal
 * or the Pushkin terminal; a split takes `cash` in cash and the rest by card. Undefined when the
 * split's cash is not a part of the total (zero, or the whole of it or more).
 */
export function paymentParts(
  total: number,
  kind: DeskPaymentKind,
  splitCash = 0,
): { cash: number; card: number; pushkin: number } | undefined {
  if (kind === 'cash') return { cash: total, card: 0, pushkin: 0 };
  if (kind === 'card') return { cash: 0, card: total, pushkin: 0 };
  if (kind === 'pushkin') return { cash: 0, card: 0, pushkin: total };
  if (!Number.isInteger(splitCash) || splitCash <= 0 || splitCash >= total) return undefined;
  return { cash: splitCash, card: total - splitCash, pushkin: 0 };
}

/**
 * The refund rules of a return (docs/returns.md). Pure functions of the event's settings, the
 * session's start and the moment of the request, so they are tested as tables.
 */

export type RefundPolicy = 'full' | 'culture-law';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Russian law on culture (art. 52.1 of the Fundamentals of the legislation on culture): a visitor
 * returning a ticket at least 10 days before the event gets 100 %, 5 to 9 days 50 %, 3 to 4 days
 * 30 %, and nothing under 3 days. Whole days between the request and the session's start.
 */
export const CULTURE_LAW_SCHEDULE: readonly { minDays: number; percent: number }[] = [
  { minDays: 10, percent: 100 },
  { minDays: 5, percent: 50 },
  { minDays: 3, percent: 30 },
];

/** Under the law nothing is refunded in the last 3 days, so a return is not offered then. */
export const CULTURE_LAW_LAST_HOURS = 3 * 24;

export type EventRefundSettings = {
  policy: RefundPolicy;
  /** The venue's own deadline: returns close this many hours before the session (0: at its start). */
  returnHoursBefore: number;
  /** Whether the service fee is refunded (at the same percent as the ticket). */
  refundServiceFee: boolean;
};

/** When returns of a session close. */
export function returnDeadline(startsAt: Date, settings: Pick<EventRefundSettings, 'policy' | 'returnHoursBefore'>): Date {
  const hours =
    settings.policy === 'culture-law' ? Math.max(settings.returnHoursBefore, CULTURE_LAW_LAST_HOURS) : settings.returnHoursBefore;
  return new Date(startsAt.getTime() - hours * HOUR_MS);
}

/** Whole seconds left until the deadline, 0 once it passed. */
export function secondsLeft(deadline: Date, at: Date): number {
  return Math.max(0, Math.floor((deadline.getTime() - at.getTime()) / 1000));
}

/** The percent of the price a return at `at` refunds (before the deadline; after it, none is offered). */
export function refundPercent(policy: RefundPolicy, startsAt: Date, at: Date): number {
  if (policy === 'full') return 100;
  const days = Math.floor((startsAt.getTime() - at.getTime()) / DAY_MS);
  return CULTURE_LAW_SCHEDULE.find((step) => days >= step.minDays)?.percent ?? 0;
}

/** What the visitor actually paid for the order's discountable part (tickets and services). */
export type OrderDiscount = { discountable: number; discount: number };

/**
 * The refund of one ticket in kopecks: the ticket's price less its share of the order's
 * discount (a promo code or bonuses cover tickets and services in proportion), times the
 * percent, plus the service fee at the same percent when the venue refunds fees. Rounded down,
 * so the refunds of an order's tickets never add up to more than was paid.
 */
export function ticketRefund(
  ticket: { unitPrice: number; unitFee: number },
  percent: number,
  refundServiceFee: boolean,
  order: OrderDiscount,
): number {
  const parts = ticketRefundParts(ticket, percent, refundServiceFee, order);
  return parts.price + parts.fee;
}

/** The refund of one ticket split into the ticket's part and its service fee's (the refund receipt lists them apart). */
export function ticketRefundParts(
  ticket: { unitPrice: number; unitFee: number },
  percent: number,
  refundServiceFee: boolean,
  order: OrderDiscount,
): { price: number; fee: number } {
  const net =
    order.discount > 0 && order.discountable > 0
      ? Math.floor((ticket.unitPrice * Math.max(0, order.discountable - order.discount)) / order.discountable)
      : ticket.unitPrice;
  const price = Math.floor((net * percent) / 100);
  const fee = refundServiceFee ? Math.floor((ticket.unitFee * percent) / 100) : 0;
  return { price, fee };
}

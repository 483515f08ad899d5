/**
 * Which attached services (toping) go back with returned tickets, what they refund, and how
 * loyalty bonuses follow a return (docs/returns.md, 'Services and bonuses'). Pure functions,
 * tested as tables beside this file.
 */
import { serviceGoesBack } from '../../contract/return-rules.ts';

export type ServiceOfLine = { id: number; lineId: number; offerId: number; seatTied: boolean; amount: number; status: number };
export type TicketOfLine = { id: number; lineId: number; status: number };

/**
 * The tickets each service depends on. A service tied to a seat belongs to one place: the j-th
 * service of an offer on a line (by id) goes with the j-th ticket of that line (by id), since a
 * seat-tied offer is sold at most once per place. A service not tied to a seat (parking, a
 * programme) belongs to the line as a whole: it depends on every ticket of the line.
 */
export function serviceTicketIds(services: readonly ServiceOfLine[], tickets: readonly TicketOfLine[]): Map<number, number[]> {
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  const result = new Map<number, number[]>();
  const rank = new Map<string, number>();
  for (const s of [...services].sort(byId)) {
    const lineTickets = tickets.filter((t) => t.lineId === s.lineId).sort(byId);
    const all = lineTickets.map((t) => t.id);
    if (!s.seatTied) {
      result.set(s.id, all);
      continue;
    }
    const key = `${s.lineId}:${s.offerId}`;
    const j = rank.get(key) ?? 0;
    rank.set(key, j + 1);
    const ticket = lineTickets[j];
    result.set(s.id, ticket ? [ticket.id] : all);
  }
  return result;
}

/**
 * The services a return of `chosen` tickets gives back, by the rule the return screen applies too
 * (contract/return-rules.ts, serviceGoesBack), in id order.
 */
export function servicesGoingBack(
  services: readonly ServiceOfLine[],
  tickets: readonly TicketOfLine[],
  chosen: readonly number[],
): ServiceOfLine[] {
  const leaving = new Set(chosen);
  const status = new Map(tickets.map((t) => [t.id, t.status]));
  const depends = serviceTicketIds(services, tickets);
  return services
    .filter((s) => serviceGoesBack({ status: s.status, ticketIds: depends.get(s.id) ?? [] }, leaving, status))
    .sort((a, b) => a.id - b.id);
}

/**
 * What a returned service refunds, in kopecks: what was paid for it, its price less its share of
 * the order's discount (a promo code and bonuses cover tickets and services in proportion),
 * rounded down. In full whatever the ticket's refund percent: a service not yet rendered may be
 * refused at any time (Russian consumer protection law, art. 32), the law on culture's
 * schedule concerns tickets only.
 */
export function serviceRefund(amount: number, order: { discountable: number; discount: number }): number {
  if (order.discount <= 0 || order.discountable <= 0) return amount;
  return Math.floor((amount * Math.max(0, order.discountable - order.discount)) / order.discountable);
}

/**
 * The part of the order's list price a return gives back, the base for giving back bonuses paid
 * with: each ticket's price at its refund percent (rounded down), and the returned services' prices.
 */
export function returnedShare(tickets: readonly { unitPrice: number; percent: number }[], services: readonly { price: number }[]): number {
  return tickets.reduce((sum, t) => sum + Math.floor((t.unitPrice * t.percent) / 100), 0) + services.reduce((sum, x) => sum + x.price, 0);
}

/**
 * Bonuses to give back for the returned part: the bonuses the order was paid with, in
 * proportion to the share of the order's discountable price returned so far (cumulative, so
 * the rounding never gives back more than was spent, and a whole return gives back all).
 */
export function bonusesToRestore(input: { spent: number; discountable: number; returnedShare: number; alreadyRestored: number }): number {
  if (input.spent <= 0 || input.discountable <= 0) return 0;
  const share = Math.min(input.returnedShare, input.discountable);
  const target = Math.floor((input.spent * share) / input.discountable);
  return Math.max(0, Math.min(input.spent, target) - input.alreadyRestored);
}

/**
 * Accrued bonuses to take back: those accrued on the money now refunded, in proportion to the
 * order's total (cumulative; rounded up, so a whole refund takes back every accrued bonus).
 */
export function bonusesToRevoke(input: { accrued: number; total: number; refunded: number; alreadyRevoked: number }): number {
  if (input.accrued <= 0 || input.total <= 0) return 0;
  const refunded = Math.min(input.refunded, input.total);
  const target = Math.min(input.accrued, Math.ceil((input.accrued * refunded) / input.total));
  return Math.max(0, target - input.alreadyRevoked);
}

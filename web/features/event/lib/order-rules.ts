import type { CalendarEntry, PriceEntry, TicketInfo } from '../../../../contract/event.ts';
import { PUSHKIN_TICKETS_PER_ORDER, pricesForPayment, unitServiceFee } from '../../../../contract/event-prices.ts';
import { toKopecks, toRoubles } from '../../../../contract/format-price.ts';
import { type Lang, pickLocalized } from '../../../../contract/lang.ts';

/**
 * The rules of the event page, as pure functions so they are
 * tested as tables and the components only wire them up.
 */

/** Categories shown before 'more categories' when rowcount < 1 (the spec leaves the value open). */
export const DEFAULT_ROWCOUNT = 5;

export type Quantities = Readonly<Record<number, number>>;

/** The dates of the calendar in their order, each once. */
export function calendarDays(calendar: readonly CalendarEntry[]): string[] {
  return [...new Set(calendar.map((c) => c.event_day))];
}

export function timesOfDay(calendar: readonly CalendarEntry[], day: string | undefined): CalendarEntry[] {
  return day === undefined ? [] : calendar.filter((c) => c.event_day === day);
}

/** After a date is chosen: its only time is chosen with it; with several the visitor picks one. */
export function timeAfterDateChoice(calendar: readonly CalendarEntry[], day: string): CalendarEntry | undefined {
  const times = timesOfDay(calendar, day);
  return times.length === 1 ? times[0] : undefined;
}

/**
 * The prices of one session: the day's prices, with a session's own price replacing the
 * day-wide one of the same category and zone; filtered by the payment method.
 */
export function sessionPrices(prices: readonly PriceEntry[], entry: CalendarEntry | undefined, pushkin: boolean): PriceEntry[] {
  if (!entry) return [];
  const ofDay = prices.filter((p) => p.action_day === entry.event_day && (p.calendar_id === 0 || p.calendar_id === entry.calendar_id));
  const key = (p: PriceEntry) => `${p.clientcategory_id}:${p.zonelevel_id}:${p.useproculture}`;
  const own = new Set(ofDay.filter((p) => p.calendar_id === entry.calendar_id).map(key));
  return pricesForPayment(
    ofDay.filter((p) => p.calendar_id === entry.calendar_id || !own.has(key(p))),
    pushkin,
  );
}

export const isGroupPrice = (p: PriceEntry) => p.passagequant > 0;

/**
 * The ticket limit of a session: min(time quantity, per-order limit), or in subscription mode
 * the visits left (never above the places left); 1 with the Pushkin card.
 */
export function ticketLimit(input: {
  entry: CalendarEntry | undefined;
  demquantlimit: number;
  subscriptionMode: boolean;
  subscriptionQuant: number;
  pushkin: boolean;
}): number {
  if (!input.entry) return 0;
  const places = Math.max(0, input.entry.quant);
  let limit = input.subscriptionMode ? Math.min(input.subscriptionQuant, places) : Math.min(places, input.demquantlimit);
  if (input.pushkin) limit = Math.min(limit, PUSHKIN_TICKETS_PER_ORDER);
  return Math.max(0, limit);
}

export function countOf(quantities: Quantities, prices: readonly PriceEntry[]): number {
  return prices.reduce((sum, p) => sum + (quantities[p.price_id] ?? 0), 0);
}

/** Remaining stock of a limited category for a session; undefined when the category has none. */
export function categoryStock(info: TicketInfo, entry: CalendarEntry | undefined, priceId: number): number | undefined {
  if (!entry) return undefined;
  return info.pricelimits.find((l) => l.calendar_id === entry.calendar_id && l.price_id === priceId)?.quant;
}

/**
 * The quantity after pressing plus on a category: needprice n > 0 makes 0 jump to n; nothing
 * beyond the room left in the order or the category's own stock. Undefined when plus is not possible.
 */
export function increment(current: number, price: PriceEntry, room: number, stock: number | undefined): number | undefined {
  const next = current === 0 && price.needprice > 1 ? price.needprice : current + 1;
  const step = next - current;
  if (step > room) return undefined;
  if (stock !== undefined && next > stock) return undefined;
  return next;
}

/** The quantity after pressing minus: below needprice it drops to 0 (spec: minimum enforced when decreasing). */
export function decrement(current: number, price: PriceEntry): number {
  if (current <= 0) return 0;
  const next = current - 1;
  return price.needprice > 1 && next < price.needprice ? 0 : next;
}

/** Service fee of one place in kopecks (a percent fee travels as a percent: 12.5 is 1250 basis points). */
export function unitFee(price: PriceEntry): number {
  return unitServiceFee(toKopecks(price.price), toKopecks(price.priceservise), price.currency_id);
}

/** The sum, the service fee and the total to pay, in kopecks (display only; the server decides). */
export function totals(quantities: Quantities, prices: readonly PriceEntry[]) {
  let sum = 0;
  let fee = 0;
  for (const p of prices) {
    const q = quantities[p.price_id] ?? 0;
    sum += q * toKopecks(p.price);
    fee += q * unitFee(p);
  }
  return { sum, fee, total: sum + fee };
}

/**
 * When the order form shows: subscription mode with tickets; a free event with
 * tickets; group mode with group tickets and a total (or free); otherwise a total above 0.
 */
export function showOrderForm(input: {
  subscriptionMode: boolean;
  free: boolean;
  groupMode: boolean;
  quantity: number;
  groupQuantity: number;
  total: number;
}): boolean {
  if (input.subscriptionMode) return input.quantity > 0;
  if (input.free && input.quantity > 0) return true;
  if (input.groupMode && input.groupQuantity > 0 && (input.total > 0 || input.free)) return true;
  return input.total > 0;
}

/** Group mode is on only while the session still has ordinary places (spec: off when that quantity is 0). */
export function groupModeAvailable(entry: CalendarEntry | undefined, groupPrices: readonly PriceEntry[]): boolean {
  return entry !== undefined && entry.quant > 0 && entry.groupquant > 0 && groupPrices.length > 0;
}

/** Categories shown before 'more categories': rowcount, or the default when rowcount < 1. */
export function initialRows(rowcount: number): number {
  return rowcount >= 1 ? rowcount : DEFAULT_ROWCOUNT;
}

/** The lines sent to POST /api/order/create. */
export function orderLines(quantities: Quantities, prices: readonly PriceEntry[], entry: CalendarEntry, subscritId: number | undefined) {
  return prices
    .filter((p) => (quantities[p.price_id] ?? 0) > 0)
    .map((p) => {
      const quantity = quantities[p.price_id] ?? 0;
      return {
        day: entry.event_day,
        time: entry.event_time,
        actionId: p.action_id,
        categoryId: p.clientcategory_id,
        zoneId: p.zonelevel_id,
        quantity,
        sum: toRoubles(quantity * toKopecks(p.price)),
        seatId: 0 as const,
        ...(subscritId === undefined ? {} : { subscrit_id: subscritId }),
      };
    });
}

/** The documents the chosen concession categories ask for at the door, each once, in the visitor's language. */
export function documentsToBring(prices: readonly PriceEntry[], quantities: Quantities, lang: Lang): string[] {
  const texts = prices.filter((p) => (quantities[p.price_id] ?? 0) > 0).map((p) => pickLocalized(p.document ?? {}, lang));
  return [...new Set(texts.filter(Boolean))];
}

/**
 * The visitor categories a waiting-list sign-up may ask for on a sold-out session: each category
 * with an ordinary price (card payment, not a group price), once, in the page's order, named in
 * the visitor's language. The server checks the same choice against the session's prices.
 */
export function waitlistCategories(prices: readonly PriceEntry[], entry: CalendarEntry, lang: Lang): { id: number; name: string }[] {
  const out = new Map<number, string>();
  for (const p of sessionPrices(prices, entry, false)) {
    if (!isGroupPrice(p) && !out.has(p.clientcategory_id)) out.set(p.clientcategory_id, pickLocalized(p.category, lang));
  }
  return [...out].map(([id, name]) => ({ id, name }));
}

/**
 * The event page's price and payment rules without zod: the page's first render uses them, the
 * server decides with the same ones; contract/event.ts re-exports them beside its schemas.
 */

/** Pushkin card: one ticket per order. */
export const PUSHKIN_TICKETS_PER_ORDER = 1;

/**
 * Whether a price fits a payment method by its useproculture flag: the Pushkin card takes 0 and
 * 1, an ordinary card 0 and 2.
 */
export const priceFitsPayment = (useproculture: number, pushkin: boolean) => useproculture === 0 || useproculture === (pushkin ? 1 : 2);

/** Prices a payment method may use (priceFitsPayment). */
export function pricesForPayment<T extends { useproculture: number }>(prices: readonly T[], pushkin: boolean): T[] {
  return prices.filter((p) => priceFitsPayment(p.useproculture, pushkin));
}

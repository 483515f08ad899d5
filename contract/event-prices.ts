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

/** Service-fee kinds of a price (currency_id on the wire): 1 an amount, 2 a percent of the price. */
export const FEE_AMOUNT = 1;
export const FEE_PERCENT = 2;

/**
 * The service fee for one place, in kopecks. A percent fee is stored in basis points
 * (1250 = 12.5 %) and rounded half up to whole kopecks, once per place.
 */
export function unitServiceFee(price: number, fee: number, kind: number): number {
  if (kind === FEE_PERCENT) return Math.floor((price * fee + 5000) / 10000);
  return fee;
}

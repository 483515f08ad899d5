/**
 * The event page's price rule without zod: the page's first render uses it;
 * contract/event.ts re-exports it beside its schemas.
 */

/** Prices a payment method may use: the Pushkin card takes 0 and 1, an ordinary card 0 and 2. */
export function pricesForPayment<T extends { useproculture: number }>(prices: readonly T[], pushkin: boolean): T[] {
  return prices.filter((p) => p.useproculture === 0 || p.useproculture === (pushkin ? 1 : 2));
}

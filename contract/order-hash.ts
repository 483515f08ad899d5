/**
 * The shape of an order's or a ticket's hash: at least 128 random bits, URL-safe, since the hash
 * is the only way to reach an order and must not be guessable. The one rule: contract/common.ts builds the `orderHash` schema from it, and the
 * pages check a link's hash with `isOrderHash` without loading zod (zod-free, like lang.ts).
 */
export const ORDER_HASH_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Whether a hash from a link can name an order or a ticket at all; one that cannot is not found. */
export function isOrderHash(value: string): boolean {
  return ORDER_HASH_PATTERN.test(value);
}

import { DISCOUNT_CODE_MAX, PROMO_MIN_LENGTH } from '../order-rules.ts';

/**
 * Rules of promo codes and special offers in the back office, shared by the forms and the server.
 * Zod-free, so the pages and the tests read them without the schemas.
 */

/**
 * Letters and digits of generated codes: no 0/O, 1/I/L, so a code read aloud or typed from
 * paper is not mistaken: 31 symbols.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A batch: at most this many codes at once. */
export const BATCH_MAX = 10_000;
/** The random part of a generated code: at least 6 symbols (31^6, about 887 million), at most 16. */
export const BATCH_LENGTH_MIN = 6;
export const BATCH_LENGTH_MAX = 16;
/** A batch's prefix: at most this many characters (the random part follows it). */
export const BATCH_PREFIX_MAX = 20;
/** Characters a promo code typed by a manager may have: it is upper-cased, letters of any script, digits, - and _. */
export const PROMO_CODE_PATTERN = /^[\p{Lu}\p{Nd}_-]+$/u;
export { DISCOUNT_CODE_MAX, PROMO_MIN_LENGTH };

/** A percent code's value is stored in basis points (1000 = 10 %): at most 100 %. */
export const PERCENT_BASIS_MAX = 10_000;
/** The largest amount of an amount code or an offer, in kopecks (ten million roubles). */
export const AMOUNT_MAX = 1_000_000_000;
/** A list page of promo codes. */
export const PROMO_PAGE_SIZE = 50;

export const PROMO_STATES = ['all', 'active', 'expired', 'inactive'] as const;
export type PromoState = (typeof PROMO_STATES)[number];

/** A promo code as the manager typed it, as stored: trimmed and upper-case. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

/**
 * A code's state at a moment: switched off by staff, past its end, not started yet, or active.
 * `at` and the dates are epoch milliseconds.
 */
export function promoState(
  code: { active: boolean; validFrom: number | null; validUntil: number | null },
  at: number,
): 'inactive' | 'expired' | 'upcoming' | 'active' {
  if (!code.active) return 'inactive';
  if (code.validUntil !== null && code.validUntil <= at) return 'expired';
  if (code.validFrom !== null && code.validFrom > at) return 'upcoming';
  return 'active';
}

/** Typed percent (12.5) to basis points (1250), and back; undefined when it is not a number. */
export const percentToBasis = (percent: number) => Math.round(percent * 100);
export const basisToPercent = (basis: number) => basis / 100;
/** Typed roubles (150.5) to kopecks (15050), and back. */
export const roublesToKopecks = (roubles: number) => Math.round(roubles * 100);
export const kopecksToRoubles = (kopecks: number) => kopecks / 100;

/** Whether a batch's codes fit a promo code: prefix and random part together, within the code's limits. */
export const batchCodeLength = (prefix: string, length: number) => prefix.trim().length + length;
export const batchFits = (prefix: string, length: number) => {
  const total = batchCodeLength(prefix, length);
  return total >= PROMO_MIN_LENGTH && total <= DISCOUNT_CODE_MAX;
};

/**
 * An offer's places in orders and what is left: the stock column counts what is left to sell, so
 * the total a manager edits is that plus what orders hold (paid, or unpaid and still held).
 */
export const offerStockTotal = (left: number | null, inOrders: number) => (left === null ? null : left + inOrders);

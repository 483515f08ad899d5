/**
 * The order page's rules that the server decides with too, without zod:
 * the order and ticket pages import values from here, never from order-view.ts, whose schemas
 * load on demand (eslint ZOD_FREE_VIEWS).
 */

/** The fields of an offer (contract/order-view.ts `offer`) that pick it for one ticket row. */
type OfferKeyFields = { parent_id: number; price_id: number };
/** And those its limits are read from. */
type OfferLimits = OfferKeyFields & { limit: number; row_limit: number };

/**
 * Per price id, the offers chosen may not go above the offer's
 * limit. `taken` counts what the order would then hold beyond what it has (the offers chosen in
 * the browser, the items of one add call on the server); `limit` is what it may still take. The
 * browser and the server decide with this one rule.
 */
export const withinOfferLimit = (taken: number, limit: number) => taken <= limit;

/** The selection key of an offer for one ticket row. */
export const offerKey = (offer: OfferKeyFields) => `${offer.parent_id}:${offer.price_id}`;

/**
 * Whether an offer can still be toggled on: once the selected count for
 * a price id reaches the offer's limit, the other offers with that price are disabled; so is one
 * whose ticket row has no place left for it (row_limit, a seat-tied service).
 */
export function isOfferDisabled(offer: OfferLimits, selected: ReadonlySet<string>, offers: readonly OfferKeyFields[]): boolean {
  if (selected.has(offerKey(offer))) return false;
  const chosen = offers.filter((o) => o.price_id === offer.price_id && selected.has(offerKey(o))).length;
  return !withinOfferLimit(chosen + 1, offer.limit) || !withinOfferLimit(1, offer.row_limit);
}

/** A promo code or a loyalty card code is at most this long. */
export const DISCOUNT_CODE_MAX = 64;
/** Bonuses are typed as at most this many digits, so any amount typed fits a 4-byte integer. */
export const BONUS_DIGITS_MAX = 9;

/** A promo code has at least 3 characters. */
export const PROMO_MIN_LENGTH = 3;
/** A promo code as typed may be applied: at least PROMO_MIN_LENGTH characters once trimmed (the page and the server). */
export const canApplyPromo = (code: string) => code.trim().length >= PROMO_MIN_LENGTH;

/**
 * Proving a loyalty card (its bonuses are spent only by its holder): a code of `digits` digits is
 * sent to the e-mail registered with the card, lives `lifetimeMinutes` and takes `attempts` tries.
 */
export const LOYALTY_PROOF = { digits: 6, lifetimeMinutes: 10, attempts: 5 } as const;

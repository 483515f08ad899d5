import { DISCOUNT_CODE_MAX } from '../order-rules.ts';

/**
 * Rules of the back office's loyalty cards, shared by the pages and the server. Zod-free, so
 * the pages and the tests read them without the schemas.
 */

/**
 * A card number: what the storefront's card field takes (at most DISCOUNT_CODE_MAX characters,
 * compared as typed once trimmed), kept to letters, digits and '-' so it can be typed from a
 * plastic card and read aloud; at least 4, so its last four identify it on the phone.
 */
export const CARD_CODE_MIN = 4;
export const CARD_CODE_MAX = DISCOUNT_CODE_MAX;
export const CARD_CODE_PATTERN = /^[\p{L}\p{Nd}-]+$/u;
/** How many last characters of a number a holder reads out, and the search takes alone. */
export const CARD_LAST_DIGITS = 4;
/** The holder's name as stored. */
export const HOLDER_NAME_MAX = 200;
/** A correction's reason, as the audit and the card's page show it. */
export const CORRECTION_REASON_MAX = 500;
/** The largest correction and opening balance: any larger is a typo, and sums stay within 4 bytes. */
export const BONUS_AMOUNT_MAX = 100_000_000;
/** The accrual percent of a card: whole percent of what the holder pays, 0 to 100. */
export const ACCRUAL_PERCENT_MAX = 100;
/**
 * The accrual percent a new card's form starts with: the table's own default (migration 0402),
 * so a card made by the form and one loaded by SQL without a percent agree.
 */
export const ACCRUAL_PERCENT_DEFAULT = 5;
/** A list page of cards; a card page's movements and orders come this many at a time. */
export const LOYALTY_PAGE_SIZE = 50;
/** Searches shorter than this would match most of the table: the list ignores them. */
export const LOYALTY_SEARCH_MIN = 2;

export const LOYALTY_STATES = ['all', 'active', 'blocked'] as const;
export type LoyaltyState = (typeof LOYALTY_STATES)[number];

/** Movements of a card: the storefront's order ones, the returns' ones, and those staff make. */
export const MOVEMENT_KINDS = ['spend', 'accrue', 'restore', 'revoke', 'open', 'credit', 'debit'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** Which way a movement moves the balance: +1 or -1. */
export const movementSign = (kind: MovementKind): 1 | -1 => (kind === 'spend' || kind === 'revoke' || kind === 'debit' ? -1 : 1);

/** A card number as stored: trimmed (the storefront trims what the visitor types). */
export const normalizeCardCode = (code: string) => code.trim();

/** A card number a manager may give a new card. */
export const isCardCode = (code: string) => code.length >= CARD_CODE_MIN && code.length <= CARD_CODE_MAX && CARD_CODE_PATTERN.test(code);

/** What a search box's text is looked for as: the full number always; the last digits, an e-mail's or a name's beginning when it can be one. */
export function cardSearchKeys(q: string): { code: string; last: string | null; text: string | null } {
  const text = q.trim();
  return {
    code: text,
    last: text.length === CARD_LAST_DIGITS ? text : null,
    text: text.length >= LOYALTY_SEARCH_MIN ? text : null,
  };
}

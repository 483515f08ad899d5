import { z } from 'zod';
import { isValidEmail, normalizeEmail } from '../buyer-format.ts';
import { MAX_INT4, langField } from '../common.ts';
import {
  ACCRUAL_PERCENT_MAX,
  BONUS_AMOUNT_MAX,
  CARD_CODE_MAX,
  CARD_CODE_MIN,
  CARD_CODE_PATTERN,
  CORRECTION_REASON_MAX,
  HOLDER_NAME_MAX,
  LOYALTY_STATES,
  MOVEMENT_KINDS,
  normalizeCardCode,
} from './loyalty-rules.ts';

/**
 * Schemas of the back office's loyalty cards (/api/admin/loyalty-cards), shared by the pages and
 * the server. Bonuses are whole (1 bonus = 1 rouble); errors are codes the pages name.
 */

const revision = z.number().int().positive().max(MAX_INT4);

const cardFields = {
  holderName: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'holder-required').max(HOLDER_NAME_MAX, 'holder-length')),
  /** The storefront's e-mail rule; empty: no e-mail (the card can then be proven on the storefront only by a CRM client). */
  email: z
    .string()
    .max(320, 'email')
    .transform(normalizeEmail)
    .pipe(z.string().refine((s) => s === '' || isValidEmail(s), 'email')),
  accrualPercent: z.number().int('accrual-percent').min(0, 'accrual-percent').max(ACCRUAL_PERCENT_MAX, 'accrual-percent'),
  blocked: z.boolean().default(false),
};

export const cardCodeField = z
  .string()
  .transform(normalizeCardCode)
  .pipe(z.string().min(CARD_CODE_MIN, 'code-length').max(CARD_CODE_MAX, 'code-length').regex(CARD_CODE_PATTERN, 'code-chars'));

/** A new card; its opening balance is recorded as the card's first movement. */
export const loyaltyCardCreateRequest = z.object({
  code: cardCodeField,
  ...cardFields,
  openingBalance: z.number().int('opening-balance').min(0, 'opening-balance').max(BONUS_AMOUNT_MAX, 'opening-balance').default(0),
  lang: langField,
});
export type LoyaltyCardCreateRequest = z.input<typeof loyaltyCardCreateRequest>;

/** A card's form saved at the revision it was loaded at: the number and the balance are not part of it. */
export const loyaltyCardSaveRequest = z.object({ revision, ...cardFields, lang: langField });
export type LoyaltyCardSaveRequest = z.input<typeof loyaltyCardSaveRequest>;

/** A balance correction: bonuses added (above 0) or taken (below 0), and why. */
export const loyaltyCorrectionRequest = z.object({
  delta: z
    .number()
    .int('delta')
    .min(-BONUS_AMOUNT_MAX, 'delta')
    .max(BONUS_AMOUNT_MAX, 'delta')
    .refine((n) => n !== 0, 'delta'),
  reason: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'reason-required').max(CORRECTION_REASON_MAX, 'reason-length')),
  lang: langField,
});
export type LoyaltyCorrectionRequest = z.input<typeof loyaltyCorrectionRequest>;

export const loyaltyListQuery = z.object({
  q: z.string().max(320).optional(),
  state: z.enum(LOYALTY_STATES).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  lang: langField,
});

/** A page of movements or orders older than `before` (the id of the last one shown); none: the newest. */
export const loyaltyPageQuery = z.object({ before: z.coerce.number().int().positive().max(MAX_INT4).optional(), lang: langField });

export const loyaltyCardView = z.object({
  id: z.number().int(),
  code: z.string(),
  holderName: z.string(),
  email: z.string(),
  balance: z.number().int(),
  /** Bonuses unpaid orders have chosen to spend: a debit may not take them. */
  heldBonuses: z.number().int(),
  accrualPercent: z.number().int(),
  blocked: z.boolean(),
  /** Linked to a CRM client (its own card needs no mailed code on the storefront). */
  crmClient: z.boolean(),
  createdAt: z.string().nullable(),
  revision: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type LoyaltyCardView = z.infer<typeof loyaltyCardView>;

export const loyaltyMovementView = z.object({
  id: z.number().int(),
  kind: z.enum(MOVEMENT_KINDS),
  /** What it moved, signed: + added to the balance, - taken from it. */
  bonuses: z.number().int(),
  /** A revoke's part that could not be taken because the holder had spent it already. */
  shortfall: z.number().int(),
  at: z.string(),
  orderId: z.number().int().nullable(),
  orderNumber: z.number().int().nullable(),
  staffName: z.string().nullable(),
  reason: z.string().nullable(),
});
export type LoyaltyMovementView = z.infer<typeof loyaltyMovementView>;

export const loyaltyOrderView = z.object({
  id: z.number().int(),
  number: z.number().int(),
  status: z.number().int(),
  createdAt: z.string(),
  /** Kopecks. */
  total: z.number().int(),
  /** Bonuses chosen to spend on it, and accrued for it once paid. */
  bonuses: z.number().int(),
  chargedBonus: z.number().int(),
});
export type LoyaltyOrderView = z.infer<typeof loyaltyOrderView>;

const okFields = { errorCode: z.literal('0'), errorText: z.string() };
export const loyaltyListResponse = z.object({
  ...okFields,
  cards: z.array(loyaltyCardView),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const loyaltyCardResponse = z.object({ ...okFields, card: loyaltyCardView });
export const loyaltyMovementsResponse = z.object({ ...okFields, movements: z.array(loyaltyMovementView), more: z.boolean() });
export const loyaltyOrdersResponse = z.object({ ...okFields, orders: z.array(loyaltyOrderView), more: z.boolean() });
export const loyaltyCorrectionResponse = z.object({ ...okFields, card: loyaltyCardView, movement: loyaltyMovementView });

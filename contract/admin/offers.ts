import { z } from 'zod';
import { localizedName, localizedText } from '../catalog-file.ts';
import { MAX_INT4, langField, recordId } from '../common.ts';
import { csvQuery } from './reports.ts';
import {
  AMOUNT_MAX,
  BATCH_LENGTH_MAX,
  BATCH_LENGTH_MIN,
  BATCH_MAX,
  BATCH_PREFIX_MAX,
  DISCOUNT_CODE_MAX,
  PERCENT_BASIS_MAX,
  PROMO_CODE_PATTERN,
  PROMO_MIN_LENGTH,
  PROMO_STATES,
  batchFits,
} from './offers-rules.ts';

/**
 * Schemas of the back office's promo codes and special offers (/api/admin/promo-codes,
 * /api/admin/special-offers), shared by the forms and the server. Amounts are kopecks, a
 * percent code's value basis points (1000 = 10 %); times are ISO strings.
 */

const isoTime = z
  .string()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)), 'date');
const revision = z.number().int().positive().max(MAX_INT4);

/** What a code gives and when, shared by a single code and a batch. */
const promoTermsShape = {
  kind: z.enum(['percent', 'amount']),
  value: z.number().int('value').min(1, 'value').max(AMOUNT_MAX, 'value'),
  validFrom: isoTime.nullable().default(null),
  validUntil: isoTime.nullable().default(null),
  /** Orders that may hold the code at once (paid, or unpaid and still held); null: any number. */
  usageLimit: z.number().int('usage-limit').min(1, 'usage-limit').max(MAX_INT4, 'usage-limit').nullable().default(null),
  /** null: any event. */
  eventId: recordId.nullable().default(null),
  active: z.boolean().default(true),
};

type Terms = { kind: 'percent' | 'amount'; value: number; validFrom: string | null; validUntil: string | null };

/** The checks across fields: a percent at most 100 %, an end after the start. */
function checkTerms(terms: Terms, ctx: z.RefinementCtx) {
  if (terms.kind === 'percent' && terms.value > PERCENT_BASIS_MAX) ctx.addIssue({ code: 'custom', path: ['value'], message: 'percent' });
  if (terms.validFrom !== null && terms.validUntil !== null && Date.parse(terms.validUntil) <= Date.parse(terms.validFrom)) {
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'until-before-from' });
  }
}

export const promoCodeField = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.string().min(PROMO_MIN_LENGTH, 'code-length').max(DISCOUNT_CODE_MAX, 'code-length').regex(PROMO_CODE_PATTERN, 'code-chars'));

/** A single code: created (POST) and saved (PUT, with the revision the form was loaded at). */
export const promoCodeSaveRequest = z
  .object({ code: promoCodeField, ...promoTermsShape, revision: revision.optional(), lang: langField })
  .superRefine(checkTerms);
export type PromoCodeSaveRequest = z.input<typeof promoCodeSaveRequest>;

/** A generated batch: `count` codes of the prefix and `length` random symbols, on the same terms. */
export const promoBatchRequest = z
  .object({
    prefix: z
      .string()
      .transform((s) => s.trim().toUpperCase())
      .pipe(
        z
          .string()
          .max(BATCH_PREFIX_MAX, 'prefix')
          .regex(/^[\p{Lu}\p{Nd}_-]*$/u, 'code-chars'),
      ),
    count: z.number().int('count').min(1, 'count').max(BATCH_MAX, 'count'),
    length: z.number().int('length').min(BATCH_LENGTH_MIN, 'length').max(BATCH_LENGTH_MAX, 'length'),
    ...promoTermsShape,
    lang: langField,
  })
  .superRefine((batch, ctx) => {
    checkTerms(batch, ctx);
    if (!batchFits(batch.prefix, batch.length)) ctx.addIssue({ code: 'custom', path: ['prefix'], message: 'code-length' });
  });
export type PromoBatchRequest = z.input<typeof promoBatchRequest>;

export const promoListQuery = z.object({
  q: z.string().max(DISCOUNT_CODE_MAX).optional(),
  eventId: z.coerce.number().pipe(recordId).optional(),
  state: z.enum(PROMO_STATES).default('all'),
  batchId: z.coerce.number().pipe(recordId).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  lang: langField,
});

const stamp = { revision: z.number().int(), updatedAt: z.string().nullable(), updatedBy: z.string().nullable() };

export const promoCodeView = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  value: z.number().int(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  active: z.boolean(),
  batchId: z.number().int().nullable(),
  /** Orders holding the code: paid, and unpaid ones still holding their places. */
  paidUses: z.number().int(),
  unpaidUses: z.number().int(),
  /** Whether any order ever held it: then it is never deleted and its code and discount stay. */
  used: z.boolean(),
  ...stamp,
});
export type PromoCodeView = z.infer<typeof promoCodeView>;

const okFields = { errorCode: z.literal('0'), errorText: z.string() };
export const promoListResponse = z.object({
  ...okFields,
  codes: z.array(promoCodeView),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const promoCodeResponse = z.object({ ...okFields, code: promoCodeView });
export const promoBatchResponse = z.object({ ...okFields, batchId: z.number().int(), count: z.number().int() });
export const adminIdParams = z.object({ id: z.coerce.number().pipe(recordId) });
export const revisionQuery = z.object({ revision: z.coerce.number().pipe(revision), lang: langField });
export const batchCsvQuery = z.object({ lang: langField, ...csvQuery.shape });
export const deletedResponse = z.object({ ...okFields, id: z.number().int() });

/** A special offer (a service added to an order's ticket: parking, a programme...). */
export const specialOfferSaveRequest = z.object({
  revision: revision.optional(),
  /** Offers of one package are shown together; empty: a package of its own. */
  packageId: recordId.nullable().default(null),
  eventId: recordId.nullable().default(null),
  name: localizedName,
  description: localizedText.default({}),
  amount: z.number().int('amount').min(0, 'amount').max(AMOUNT_MAX, 'amount'),
  perOrderLimit: z.number().int('per-order-limit').min(1, 'per-order-limit').max(10_000, 'per-order-limit'),
  seatTied: z.boolean().default(false),
  /** How many are for sale in all, orders' ones included; null: no limit. */
  stockTotal: z.number().int('stock').min(0, 'stock').max(MAX_INT4, 'stock').nullable().default(null),
  sortnum: z.number().int().min(-MAX_INT4).max(MAX_INT4).default(0),
  active: z.boolean().default(true),
  lang: langField,
});
export type SpecialOfferSaveRequest = z.input<typeof specialOfferSaveRequest>;

export const specialOfferView = z.object({
  id: z.number().int(),
  packageId: z.number().int(),
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  name: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  amount: z.number().int(),
  perOrderLimit: z.number().int(),
  seatTied: z.boolean(),
  /** Left to sell now; null: no limit. */
  stockLeft: z.number().int().nullable(),
  stockTotal: z.number().int().nullable(),
  /** Services in orders: paid, and in unpaid orders still held. */
  paid: z.number().int(),
  unpaid: z.number().int(),
  /** Whether any order ever took it: then it is never deleted. */
  used: z.boolean(),
  sortnum: z.number().int(),
  active: z.boolean(),
  ...stamp,
});
export type SpecialOfferView = z.infer<typeof specialOfferView>;
export const specialOfferListResponse = z.object({ ...okFields, offers: z.array(specialOfferView) });
export const specialOfferResponse = z.object({ ...okFields, offer: specialOfferView });

/** GET /api/admin/subscriptions: subscriptions with their composition, and the events one may include. */
export const subscriptionsResponse = z.object({
  ...okFields,
  /** The venue's zone: visit times are shown and chosen in it. */
  timeZone: z.string(),
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      hash: z.string(),
      name: z.record(z.string(), z.string()),
      revision: z.number().int(),
      updatedAt: z.string().nullable(),
      updatedBy: z.string().nullable(),
      /** Sold: its events may be added to, not taken out. */
      hasOrders: z.boolean(),
      /** startsAt: the visit time the composition shows for that event (null: none), one of its session starts. */
      items: z.array(
        z.object({
          eventId: z.number().int(),
          name: z.record(z.string(), z.string()),
          sortnum: z.number().int(),
          startsAt: z.string().nullable(),
        }),
      ),
    }),
  ),
  /** sessions: starts of the event's coming sessions that are not cancelled, the visit times one may choose. */
  events: z.array(z.object({ id: z.number().int(), name: z.record(z.string(), z.string()), sessions: z.array(z.string()) })),
});
export type SubscriptionsResponse = z.infer<typeof subscriptionsResponse>;

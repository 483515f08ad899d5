import { z } from 'zod';
import { normalizeLang } from './lang.ts';
import { ORDER_HASH_PATTERN } from './order-hash.ts';

export { DEFAULT_LANG, LANGS, type Lang, type Localized, normalizeLang, pickLocalized } from './lang.ts';

/** A text in every storefront language, as the spec's localized fields are sent (type: Localized). */
export const localized = z.object({
  ru: z.string(),
  en: z.string(),
  kz: z.string(),
  ch: z.string(),
});

/** Localized text where some languages may be missing; readers fall back to en, then ru. */
export const partialLocalized = localized.partial();

/** One event of a subscription's composition ('Состав абонемента'), on the event and scheme pages. */
export const compositionItem = z.object({
  action: partialLocalized,
  location: partialLocalized,
  address: partialLocalized,
  day: z.string(),
  time: z.string(),
});

/** The lang field of a request body: anything unknown becomes ru. */
// optional(): zod 4 treats a bare unknown() key as required, so a body without lang would fail.
export const langField = z.unknown().optional().transform(normalizeLang);

/** The largest id a table holds (a PostgreSQL integer). */
export const MAX_INT4 = 2_147_483_647;

/** A record's id as a request names it: a positive PostgreSQL integer. */
export const recordId = z.number().int().positive().max(MAX_INT4);

/** 0/1 flags, as the spec sends them. */
export const flag = z.union([z.literal(0), z.literal(1)]);

/** The order hash, the only way to reach an order: at least 128 random bits, URL-safe (the rule: order-hash.ts). */
export const orderHash = z.string().regex(ORDER_HASH_PATTERN, 'hash');
/** A ticket's hash is drawn as an order's is (server/orders newHash), so it has the same shape. */
export const ticketHash = orderHash;

/** The answer every business call carries. */
export const businessResult = z.object({
  errorCode: z.string(),
  errorText: z.string(),
});
export type BusinessResult = z.infer<typeof businessResult>;

import { z } from 'zod';
import { buyerSchema } from './buyer.ts';
import { captchaFields } from './captcha.ts';
import { compositionItem, partialLocalized, recordId } from './common.ts';
import { normalizeLang } from './lang.ts';
import { CONSENT_SCOPES } from './consent.ts';

/**
 * The seating-scheme calls: scheme sessions, scheme map and create order
 * (scheme). Field names are the spec's; what the spec leaves open (the inner shape of the map)
 * is fixed here and described in docs/scheme.md.
 */

const eventHash = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'hash');
const id = recordId;
/** The visitor's language; missing or unknown means ru. */
const langField = z.unknown().optional().transform(normalizeLang);

/** POST /api/scheme/sessions */
export const schemeSessionsRequest = z.object({ hash: eventHash, lang: langField });

/** A calendar entry of the scheme page: date dd.mm.yyyy, time HH:MM ('00:00': no time). */
export const schemeCalendarEntry = z.object({
  calendar_id: id,
  event_day: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
  event_time: z.string().regex(/^\d{2}:\d{2}$/),
  /** Places still free (seats and standing places; unpaid holds already taken off). */
  quant: z.number().int().min(0),
});
export type SchemeCalendarEntry = z.infer<typeof schemeCalendarEntry>;

/** The header of the scheme page. */
export const schemeAction = z.object({
  action_id: id,
  hash: z.string(),
  name: partialLocalized,
  descript: partialLocalized,
  descript_url: partialLocalized,
  location: partialLocalized,
  address: partialLocalized,
  age_from: z.number().int().min(0),
  demquantlimit: z.number().int().positive(),
  writeticketname: z.union([z.literal(0), z.literal(1)]),
  useseatsvg: z.union([z.literal(0), z.literal(1)]),
});
export type SchemeAction = z.infer<typeof schemeAction>;

/** An extra checkbox of the order form; filling = 1 must be ticked. */
export const schemeCheckbox = z.object({
  id: id,
  name: partialLocalized,
  url: partialLocalized,
  filling: z.union([z.literal(0), z.literal(1)]),
  consent: z.enum(CONSENT_SCOPES).optional(),
});
export type SchemeCheckbox = z.infer<typeof schemeCheckbox>;

export const schemeSessionsResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  action: schemeAction,
  composition: z.array(compositionItem),
  checkboxList: z.array(schemeCheckbox),
  calendar: z.array(schemeCalendarEntry),
});
export type SchemeSessionsResponse = z.infer<typeof schemeSessionsResponse>;

/** POST /api/scheme */
export const schemeMapRequest = z.object({ hash: eventHash, calendar_id: id, lang: langField });

/** A price a place of a zone can be bought at (one per visitor category). */
export const schemePrice = z.object({
  price_id: id,
  clientcategory_id: id,
  category: partialLocalized,
  /** Roubles, at most 2 decimals. */
  price: z.number().min(0),
  /** Service fee per place, roubles. */
  priceservise: z.number().min(0),
  /** Ours: what a concession category's visitor shows at the door, per language (as the event page's prices); empty otherwise. */
  document: partialLocalized.optional(),
});
export type SchemePrice = z.infer<typeof schemePrice>;

export const schemeZone = z.object({
  zone_id: id,
  name: partialLocalized,
  level_name: partialLocalized,
  color: z.string(),
  prices: z.array(schemePrice),
});
export type SchemeZone = z.infer<typeof schemeZone>;

export const schemeSector = z.object({
  sector_id: id,
  name: partialLocalized,
});
export type SchemeSector = z.infer<typeof schemeSector>;

/**
 * One row of seats, columnar so that 20 000 seats stay small: seat_id, x and y are
 * delta-encoded integers (the first value absolute, then differences), which gzip folds into
 * runs; x and y count tenths of a hall unit. zone_id and free have one entry per seat; free is 1
 * for a seat on sale and free now. Decode with decodeSeatRow.
 */
export const schemeSeatRow = z.object({
  sector_id: id,
  row: z.string(),
  seat_id: z.array(z.number().int()),
  x: z.array(z.number().int()),
  y: z.array(z.number().int()),
  seat: z.array(z.string()),
  zone_id: z.array(id),
  free: z.array(z.union([z.literal(0), z.literal(1)])),
});
export type SchemeSeatRow = z.infer<typeof schemeSeatRow>;

/** A standing area in one visitor category. */
export const schemeStand = z.object({
  /** The standing area's id. */
  seat_id: id,
  seat_name: partialLocalized,
  /** The visitor category (clientcategory_id). */
  cat: id,
  cat_name: partialLocalized,
  price_id: id,
  zone_id: id,
  price: z.number().min(0),
  priceservise: z.number().min(0),
  /** The most places one order may take here now: min(quant, demquantlimit). */
  limit: z.number().int().min(0),
  /** Places of the area still free for this session. */
  quant: z.number().int().min(0),
  /** Ours: the category's document to show at the door, as a price's `document`. */
  document: partialLocalized.optional(),
});
export type SchemeStand = z.infer<typeof schemeStand>;

export const schemeMapResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  calendar_id: id,
  /** The hall's static drawing (outline, stage, sector names, standing areas); seats are not in it. */
  svg: z.string(),
  width: z.number().positive(),
  height: z.number().positive(),
  /** The distance between neighbouring seats, hall units: the client draws seats this big. */
  seat_size: z.number().positive(),
  sectors: z.array(schemeSector),
  seat_numbers: z.array(schemeSeatRow),
  seat_stand: z.array(schemeStand),
  zones: z.array(schemeZone),
});
export type SchemeMapResponse = z.infer<typeof schemeMapResponse>;

/**
 * A cart item as the page sends it. seat_id is a seat's id, or for
 * a standing place `{area}_{category}_{random}` (one item per place). The price fields are the
 * visitor's view only: the server prices every place itself.
 */
export const STANDING_CART_ID = /^(\d{1,9})_(\d{1,9})_([A-Za-z0-9]{1,16})$/;
export const schemeTicket = z.object({
  seat_id: z.union([id, z.string().regex(STANDING_CART_ID, 'seat_id')]),
  quantity: z.literal(1),
  price_id: id,
  calendar_id: id,
  sector: z.string().max(200).optional(),
  row: z.string().max(50).optional(),
  seat: z.string().max(50).optional(),
  price: z.number().min(0).optional(),
  priceservise: z.number().min(0).optional(),
});
export type SchemeTicket = z.infer<typeof schemeTicket>;

/** Splits a standing cart id into its area and category. */
export function parseStandingCartId(value: string): { areaId: number; categoryId: number } | undefined {
  const match = STANDING_CART_ID.exec(value);
  if (!match) return undefined;
  return { areaId: Number(match[1]), categoryId: Number(match[2]) };
}

export { decodeSeatRow, deltaEncode, makeStandingCartId } from './scheme-codec.ts';

/** The most places one scheme order can carry, whatever an event's demquantlimit says. */
export const SCHEME_MAX_TICKETS = 200;

/** The parts of the create-scheme body besides the buyer's personal fields. */
export const schemeOrderFields = z.object({
  action_id: id,
  calendarId: id,
  lang: langField,
  tickets: z.array(schemeTicket).min(1).max(SCHEME_MAX_TICKETS),
  checkboxList: z
    .array(z.object({ id: id, checked: z.union([z.boolean(), z.literal(0), z.literal(1)]) }))
    .max(50)
    .default([]),
  crmClient: z.unknown().optional(),
  ...captchaFields.shape,
});

/** POST /api/order/create-scheme: personal fields, action_id, lang, tickets, checkboxList, crmClient, calendarId. */
export const createSchemeOrderRequest = z.intersection(buyerSchema, schemeOrderFields);
export type CreateSchemeOrderRequest = z.output<typeof createSchemeOrderRequest>;
export type CreateSchemeOrderInput = z.input<typeof createSchemeOrderRequest>;

export const createSchemeOrderResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  hash: z.string(),
});

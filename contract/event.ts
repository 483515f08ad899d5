import { z } from 'zod';
import { compositionItem, flag, langField, partialLocalized } from './common.ts';
import { CONSENT_SCOPES } from './consent.ts';

/**
 * POST /api/no-scheme: the event page data.
 * Wire names are the spec's own. Decisions where the spec is silent (docs/event-page.md):
 * - actionStr is the subscription composition (empty for other events);
 * - price holds the prices of ordinary tickets, ticketPrice those of tickets by subscription;
 * - ticketInfo carries the counts the page needs: total, per-order limits, limited categories
 *   per session, and the visitor's remaining subscription visits.
 */
export const noSchemeRequest = z.object({
  hash: z.string().min(1).max(64),
  lang: langField.optional(),
  /** 1: the visitor pays with the Pushkin card; prices are then filtered by useproculture. */
  pushkarta: flag.optional(),
});
export type NoSchemeRequest = z.input<typeof noSchemeRequest>;

export const noSchemeAction = z.object({
  hash: z.string(),
  action_id: z.number().int(),
  age_from: z.number().int(),
  maybefree: flag,
  rowcount: z.number().int(),
  demquantlimit: z.number().int(),
  writeticketname: flag,
  usepushkarta: flag,
  usenopushkarta: flag,
  useseatsvg: flag,
  issubscription: flag,
  name: partialLocalized,
  location: partialLocalized,
  descript_url: partialLocalized,
  note: partialLocalized,
  notice: partialLocalized,
  /** The event's picture, the one the afisha card shows. */
  image_url: partialLocalized,
  /** The venue's description as plain text (tags dropped, entities decoded), shown before a session is chosen. */
  descript_text: partialLocalized,
  /** Group excursion tickets allowed per order; 0: no own limit beyond stock. */
  grouplimit: z.number().int(),
});

/** One session: a date and a time ('00:00' = a whole-day ticket) with its free places. */
export const calendarEntry = z.object({
  calendar_id: z.number().int(),
  event_day: z.string(),
  event_time: z.string(),
  quant: z.number().int(),
  /** Group excursion tickets still free for this session. */
  groupquant: z.number().int(),
});
export type CalendarEntry = z.infer<typeof calendarEntry>;

export const priceEntry = z.object({
  price_id: z.number().int(),
  /** The day the price applies to, dd.mm.yyyy. */
  action_day: z.string(),
  /** The session it is limited to; 0: every session of that day. */
  calendar_id: z.number().int(),
  action_id: z.number().int(),
  clientcategory_id: z.number().int(),
  zonelevel_id: z.number().int(),
  price: z.number(),
  quantity: z.number().int(),
  sum: z.number(),
  needprice: z.number().int(),
  passagequant: z.number().int(),
  useproculture: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  zonecolor: z.string(),
  priceservise: z.number(),
  currency_id: z.union([z.literal(1), z.literal(2)]),
  category: partialLocalized,
  description: partialLocalized,
  /** What the visitor shows at the door for this category ("Студенческий билет"); empty for an ordinary one. */
  document: partialLocalized.optional(),
  zonedescription: partialLocalized,
  zonelevelname: partialLocalized,
});
export type PriceEntry = z.infer<typeof priceEntry>;

export type CompositionEntry = z.infer<typeof compositionItem>;

export const ticketInfo = z.object({
  /** Free places over every session; -99999 before sales begin, 0 when sold out. */
  totalticketcount: z.number().int(),
  showticketcount: flag,
  showquant: flag,
  /** Remaining stock of price categories that have their own limit, per session. */
  pricelimits: z.array(z.object({ calendar_id: z.number().int(), price_id: z.number().int(), quant: z.number().int() })),
  /** The identified CRM client's subscription that covers this event, with visits left. */
  subscription: z.object({ subscrit_id: z.number().int(), hash_id: z.string(), quant: z.number().int() }).nullable(),
  /** The sale start (ISO) when sales have not begun. */
  saledate: z.string().nullable(),
});
export type TicketInfo = z.infer<typeof ticketInfo>;

export const orderCheckbox = z.object({
  id: z.number().int(),
  name: partialLocalized,
  url: partialLocalized,
  filling: flag,
  /** Set when ticking it is a consent to the processing of personal data (contract/consent.ts). */
  consent: z.enum(CONSENT_SCOPES).optional(),
});
export type OrderCheckbox = z.infer<typeof orderCheckbox>;

export const noSchemeResponse = z.object({
  errorCode: z.string(),
  errorText: z.string(),
  action: noSchemeAction,
  actionStr: z.array(compositionItem),
  calendar: z.array(calendarEntry),
  price: z.array(priceEntry),
  ticketPrice: z.array(priceEntry),
  ticketInfo,
  checkboxList: z.array(orderCheckbox),
});
export type NoSchemeResponse = z.infer<typeof noSchemeResponse>;
export type NoSchemeAction = z.infer<typeof noSchemeAction>;

export { PUSHKIN_TICKETS_PER_ORDER, priceFitsPayment, pricesForPayment } from './event-prices.ts';

import { z } from 'zod';
import { CONSENT_SCOPES } from './consent.ts';
import { isSitePath } from './site-path.ts';
import { MAX_INT4 } from './common.ts';
import { CONCESSION_DOCUMENTS, CONCESSION_LIMITS } from './concession-rules.ts';
import { SELF_EXCHANGE_LIMITS } from './self-exchange-rules.ts';

/**
 * The venue catalog file (JSON) that `npm run catalog:import -- FILE` and the demo loader import.
 * Field names are the database columns in camelCase; docs/catalog-format.md describes the format
 * and the upsert rules. Every object is strict, so a misspelt field is an error rather than a
 * silently ignored value. Money is integer kopecks; times are ISO 8601 with an offset.
 */

/** Ids are the venue's own (from its ticketing system), positive and stable between imports. */
export const catalogId = z.number().int().positive().max(MAX_INT4);
const sortnum = z.number().int().min(-MAX_INT4).max(MAX_INT4).default(0);
const count = z.number().int().min(0).max(MAX_INT4);
/** Money: integer kopecks (minor units), never fractional roubles. */
export const kopecks = z.number().int().min(0).max(MAX_INT4);

/** A name: Russian is the primary language and required; the others fall back to en, then ru. */
export const localizedName = z.strictObject({
  ru: z.string().trim().min(1),
  en: z.string().optional(),
  kz: z.string().optional(),
  ch: z.string().optional(),
});
/** An optional text (description, note...): any of the four languages. */
export const localizedText = z.strictObject({
  ru: z.string().optional(),
  en: z.string().optional(),
  kz: z.string().optional(),
  ch: z.string().optional(),
});

/** A site path ('/static/…', '/rules/…', never '//host' or '/\host': isSitePath) or an absolute http(s) URL. */
export const linkUrl = z
  .string()
  .max(2000)
  .regex(/^(\/|https?:\/\/)\S*$/, 'must be a path starting with / or an http(s) URL')
  .refine((value) => !value.startsWith('/') || isSitePath(value), 'must be a path starting with / or an http(s) URL');
const localizedUrl = z.strictObject({
  ru: linkUrl.optional(),
  en: linkUrl.optional(),
  kz: linkUrl.optional(),
  ch: linkUrl.optional(),
});

/** ISO 8601 date-time with seconds and an offset, e.g. 2025-06-01T10:00:00+03:00 (or Z). */
export const isoDateTime = z.iso.datetime({ offset: true });
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour');

export const catalogKind = z.strictObject({
  id: catalogId,
  /** 1 tickets, 2 subscriptions, 3 concerts */
  typeId: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  sortnum,
  name: localizedName,
  columnCount: z.number().int().min(1).max(4).default(3),
  rowCount: z.number().int().positive().max(1000).default(100),
  showFilterCalendar: z.boolean().default(true),
  showAttribute: z.boolean().default(true),
});

export const catalogMainMenu = z.strictObject({
  id: catalogId,
  kindId: catalogId,
  sortnum,
  name: localizedName,
  showImage: z.boolean().default(false),
  imageUrl: linkUrl.optional(),
});

export const catalogSubMenu = z.strictObject({
  id: catalogId,
  mainMenuId: catalogId,
  sortnum,
  name: localizedName,
  imageUrl: linkUrl.optional(),
});

export const catalogVenue = z.strictObject({
  id: catalogId,
  name: localizedName,
  address: localizedName,
  mapUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
});

export const catalogTag = z.strictObject({ id: catalogId, name: localizedName });

export const catalogZone = z.strictObject({
  id: catalogId,
  name: localizedName,
  levelName: localizedText.default({}),
  description: localizedText.default({}),
  color: color.default('#7a5af8'),
});

/**
 * A row of seats in compact form: seats are numbered from firstSeatNumber (or named by
 * seatLabels), placed from (x, y) every (dx, dy), and get consecutive ids from firstSeatId, or
 * from where the previous row of the sector stopped.
 */
export const catalogSeatRow = z.strictObject({
  label: z.string().trim().min(1).max(20),
  seatCount: z.number().int().positive().max(2000).optional(),
  seatLabels: z.array(z.string().trim().min(1).max(20)).min(1).max(2000).optional(),
  firstSeatNumber: z.number().int().min(0).default(1),
  x: z.number(),
  y: z.number(),
  dx: z.number(),
  dy: z.number().default(0),
  zoneId: catalogId,
  firstSeatId: catalogId.optional(),
});

/** One seat given explicitly, for maps whose seats do not line up in rows. */
export const catalogSeat = z.strictObject({
  id: catalogId,
  row: z.string().trim().min(1).max(20),
  seat: z.string().trim().min(1).max(20),
  x: z.number(),
  y: z.number(),
  zoneId: catalogId,
});

export const catalogSector = z.strictObject({
  id: catalogId,
  name: localizedName,
  sortnum,
  /** The id of the first seat of the first row given in `rows`. */
  firstSeatId: catalogId.optional(),
  rows: z.array(catalogSeatRow).default([]),
  seats: z.array(catalogSeat).default([]),
});

export const catalogStandingArea = z.strictObject({
  id: catalogId,
  zoneId: catalogId,
  name: localizedName,
  capacity: count,
  x: z.number().default(0),
  y: z.number().default(0),
  width: z.number().min(0).default(0),
  height: z.number().min(0).default(0),
});

export const catalogHall = z.strictObject({
  id: catalogId,
  venueId: catalogId,
  name: localizedName,
  width: z.number().int().positive().max(100_000),
  height: z.number().int().positive().max(100_000),
  stage: z
    .strictObject({
      x: z.number(),
      y: z.number(),
      width: z.number().min(0),
      height: z.number().min(0),
      label: localizedText.default({}),
    })
    .optional(),
  zones: z.array(catalogZone).default([]),
  sectors: z.array(catalogSector).default([]),
  standingAreas: z.array(catalogStandingArea).default([]),
});

const weekday = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6), z.literal(7)]);
const age = z.number().int().min(0).max(CONCESSION_LIMITS.ageMax);

/**
 * Who may buy a price category and what the door checks (contract/concession-rules.ts reads it):
 * the document to show, an age range on the session's day, the days it applies (weekdays, days
 * of the month, weekdays of the month such as the last Thursday; none: every day) and a limit of
 * tickets per visitor per calendar month, counted by the named tickets' holders.
 */
export const catalogConcession = z
  .strictObject({
    document: z.enum(CONCESSION_DOCUMENTS).optional(),
    /** The venue's words for the document ('other' needs them in Russian). */
    documentText: z
      .strictObject({
        ru: z.string().trim().max(CONCESSION_LIMITS.documentTextMax).optional(),
        en: z.string().trim().max(CONCESSION_LIMITS.documentTextMax).optional(),
        kz: z.string().trim().max(CONCESSION_LIMITS.documentTextMax).optional(),
        ch: z.string().trim().max(CONCESSION_LIMITS.documentTextMax).optional(),
      })
      .default({}),
    ageFrom: age.optional(),
    ageTo: age.optional(),
    weekdays: z.array(weekday).max(7).default([]),
    monthDays: z.array(z.number().int().min(1).max(CONCESSION_LIMITS.monthDaysMax)).max(31).default([]),
    monthWeekdays: z
      .array(
        z.strictObject({
          nth: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(-1)]),
          weekday,
        }),
      )
      .max(35)
      .default([]),
    monthlyLimit: z.number().int().min(1).max(CONCESSION_LIMITS.monthlyLimitMax).optional(),
  })
  .refine((c) => c.ageFrom === undefined || c.ageTo === undefined || c.ageFrom <= c.ageTo, {
    path: ['ageTo'],
    message: 'must not be below ageFrom',
  })
  .refine((c) => c.document !== 'other' || Boolean(c.documentText.ru), {
    path: ['documentText', 'ru'],
    message: "must name the document when it is 'other'",
  });
export type CatalogConcession = z.infer<typeof catalogConcession>;

export const catalogCategory = z.strictObject({
  id: catalogId,
  sortnum,
  name: localizedName,
  description: localizedText.default({}),
  /** Omitted: an ordinary category anyone may buy on any day. */
  concession: catalogConcession.optional(),
});

/**
 * A date and time of the event. hasTime defaults to false when the local time written in
 * startsAt is 00:00 (spec: '00:00' means no time, a whole-day ticket). soldOutside counts places
 * sold elsewhere (the box office), so remaining = capacity - soldOutside on the first import.
 */
/** The spec's '00:00' means no time: a startsAt written at local midnight is a whole-day ticket (hasTime's default). */
export const writtenAtMidnight = (startsAt: string) => /T00:00(:00(\.0+)?)?(Z|[+-])/.test(startsAt);

export const catalogSession = z.strictObject({
  id: catalogId,
  startsAt: isoDateTime,
  hasTime: z.boolean().optional(),
  /** Places on sale; for an event with a hall it defaults to its seats plus standing places. */
  capacity: count.optional(),
  groupCapacity: count.default(0),
  soldOutside: count.default(0),
  isCancelled: z.boolean().default(false),
});

export const catalogPrice = z.strictObject({
  id: catalogId,
  categoryId: catalogId,
  /** Omitted: the price applies to every session of the event. */
  sessionId: catalogId.optional(),
  zoneId: catalogId.optional(),
  amount: kopecks,
  /** Kopecks per ticket for 'amount'; basis points of the amount (1000 = 10%) for 'percent'. */
  serviceFee: kopecks.default(0),
  serviceFeeKind: z.enum(['amount', 'percent']).default('amount'),
  /** needprice: the fewest tickets of this price one order may take (0: no minimum). */
  minQuantity: count.default(0),
  /** passagequant: people one ticket admits; above 0 it is a group-excursion ticket. */
  groupPasses: count.default(0),
  /** useproculture: 0 any payment, 1 Pushkin card only, 2 ordinary payment only. */
  pushkin: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  forSubscription: z.boolean().default(false),
  /** Tickets of this price per session; omitted: only the session's capacity limits it. */
  quantityLimit: count.optional(),
  sortnum,
});

export const catalogSubscriptionItem = z.strictObject({
  eventId: catalogId,
  sortnum,
  startsAt: isoDateTime.optional(),
});

const eventHash = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 of A-Z a-z 0-9 _ -');

export const catalogEvent = z.strictObject({
  id: catalogId,
  /** The {hash} of /event/{hash}; numeric ids never appear in URLs. */
  hash: eventHash,
  kindId: catalogId,
  mainMenuId: catalogId.optional(),
  subMenuId: catalogId.optional(),
  venueId: catalogId,
  hallId: catalogId.optional(),
  sortnum,
  name: localizedName,
  /** The venue's HTML; sanitized when shown. */
  description: localizedText.default({}),
  descriptionUrl: localizedUrl.default({}),
  note: localizedText.default({}),
  notice: localizedText.default({}),
  location: localizedText.default({}),
  imageUrl: localizedUrl.default({}),
  ageFrom: z.number().int().min(0).max(21).default(0),
  /** Omitted: on sale now. */
  saleStartsAt: isoDateTime.optional(),
  isFree: z.boolean().default(false),
  isSubscription: z.boolean().default(false),
  showTicketCount: z.boolean().default(true),
  showQuant: z.boolean().default(true),
  priceRows: count.default(0),
  orderLimit: z.number().int().positive().max(1000).default(10),
  groupLimit: count.default(0),
  namedTickets: z.boolean().default(false),
  /** 0 no age, 1 age in years, 2 birth date */
  needAge: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  needMiddleName: z.boolean().default(false),
  needDocument: z.boolean().default(false),
  needCountry: z.boolean().default(false),
  needRegion: z.boolean().default(false),
  usePushkinCard: z.boolean().default(false),
  /** The event's id in the Pushkin-card registry (PRO.Культура), which every Pushkin-card ticket is reported under. */
  registryEventId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/, 'registryEventId')
    .optional(),
  useOrdinaryCard: z.boolean().default(true),
  useSeatMap: z.boolean().default(false),
  /** 0 barcode, 1 QR code, 2 no ticket button */
  ticketType: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
  allowReturn: z.boolean().default(true),
  refundPolicy: z.enum(['full', 'culture-law']).default('full'),
  refundServiceFee: z.boolean().default(false),
  returnHoursBefore: count.default(0),
  reserveMinutes: z.number().int().positive().max(10_080).default(15),
  /** Timed entry: the door admits a ticket from this many minutes before its session's time (omitted: any time before). */
  entryBeforeMinutes: z.number().int().min(0).max(CONCESSION_LIMITS.entryWindowMaxMinutes).optional(),
  /** …to this many minutes after it (omitted: any time after, that day). */
  entryAfterMinutes: z.number().int().min(0).max(CONCESSION_LIMITS.entryWindowMaxMinutes).optional(),
  /** Buyers may exchange their tickets themselves until this many hours before the session (omitted: they may not). */
  selfExchangeHoursBefore: z.number().int().min(0).max(SELF_EXCHANGE_LIMITS.hoursBeforeMax).optional(),
  isPublished: z.boolean().default(true),
  tagIds: z.array(catalogId).default([]),
  categories: z.array(catalogCategory).default([]),
  sessions: z.array(catalogSession).default([]),
  prices: z.array(catalogPrice).default([]),
  /** For a subscription (isSubscription): the events it gives entry to. */
  subscriptionItems: z.array(catalogSubscriptionItem).default([]),
});

export const catalogCheckbox = z.strictObject({
  id: catalogId,
  /** order: the order form; nominal: the named-ticket page; return: the return form */
  scope: z.enum(['order', 'nominal', 'return']),
  /** Omitted: shown for every event. */
  eventId: catalogId.optional(),
  sortnum,
  name: localizedName,
  url: localizedUrl.default({}),
  required: z.boolean().default(false),
  /** Set: ticking it is a consent to the processing of personal data of this scope (contract/consent.ts). */
  consent: z.enum(CONSENT_SCOPES).optional(),
});

export const catalogRulesDocument = z.strictObject({
  id: catalogId,
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be lowercase letters, digits and dashes'),
  sortnum,
  name: localizedName,
  /** A link to a file instead of a body. */
  url: localizedUrl.default({}),
  /** HTML, sanitized when shown. */
  body: localizedText.default({}),
});

export const catalogFile = z.strictObject({
  /** The format version; 1 is the only one so far. */
  version: z.literal(1).optional(),
  /** Part of the storefront setup, merged over the stored one and validated. */
  setup: z.record(z.string(), z.unknown()).optional(),
  kinds: z.array(catalogKind).default([]),
  mainMenus: z.array(catalogMainMenu).default([]),
  subMenus: z.array(catalogSubMenu).default([]),
  venues: z.array(catalogVenue).default([]),
  tags: z.array(catalogTag).default([]),
  /** Zones not tied to a hall: price levels of events sold without a seat map. */
  zones: z.array(catalogZone).default([]),
  halls: z.array(catalogHall).default([]),
  events: z.array(catalogEvent).default([]),
  checkboxes: z.array(catalogCheckbox).default([]),
  rules: z.array(catalogRulesDocument).default([]),
});

/** The file as parsed, defaults filled in. */
export type CatalogFile = z.output<typeof catalogFile>;
/** The file as written: fields with a default may be left out. */
export type CatalogFileInput = z.input<typeof catalogFile>;
export type CatalogHall = z.output<typeof catalogHall>;
export type CatalogSector = z.output<typeof catalogSector>;
export type CatalogEvent = z.output<typeof catalogEvent>;
export type CatalogSession = z.output<typeof catalogSession>;
export type CatalogPrice = z.output<typeof catalogPrice>;
export type CatalogHallInput = z.input<typeof catalogHall>;
export type CatalogEventInput = z.input<typeof catalogEvent>;
export type CatalogSeatRowInput = z.input<typeof catalogSeatRow>;

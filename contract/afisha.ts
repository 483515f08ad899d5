import { z } from 'zod';
import { flag, localized } from './common.ts';
import { setup } from './setup.ts';

/**
 * GET /api/afisha: the event listing.
 * Field names are the spec's own; fields the spec leaves open are documented in docs/afisha.md.
 */
export const afishaQuery = z.object({
  lang: z.string().optional(),
});

export { NOT_ON_SALE } from './afisha-constants.ts';

/** A top-menu kind (menukind): museum tickets, concerts, subscriptions... */
export const kindMenuEntry = z.object({
  menukind_id: z.number().int(),
  menukindsortnum: z.number().int(),
  menukindname: localized,
  /** Type ids: tickets 1, subscribers 2, concerts 3; picks the setup's tickets_/subscription_ flags. */
  menukindtype_id: z.number().int(),
  menucolumncount: z.number().int().min(1).max(4),
  menurowcount: z.number().int().min(1),
  showfiltercalendar: flag,
  showattribute: flag,
});

/** A menu of a kind: an item of the sub-menu carousel under the top menu. */
export const mainMenuEntry = z.object({
  mainmenu_id: z.number().int(),
  menukind_id: z.number().int(),
  name: localized,
  mainmenusortnum: z.number().int(),
  showimage: flag,
  image_url: z.string(),
});

/** A sub-menu of a menu; the listing groups a menu's events under these headings. */
export const subMenuEntry = z.object({
  submenu_id: z.number().int(),
  mainmenu_id: z.number().int(),
  name: localized,
  submenusortnum: z.number().int(),
});

export const afishaEvent = z.object({
  event_id: z.number().int(),
  /** The {hash} of /event/{hash} and /scheme/{hash}. */
  hash: z.string(),
  menukind_id: z.number().int(),
  mainmenu_id: z.number().int().nullable(),
  submenu_id: z.number().int().nullable(),
  name: localized,
  /** The venue's HTML; clients show it through the allow-list sanitizer only. */
  descript: localized,
  descript_url: localized,
  image_url: localized,
  image_id: localized,
  age_from: z.number().int(),
  /** -99999: sales not begun; 0: sold out; otherwise what is left, capped at const.price_limit. */
  totalticketcount: z.number().int(),
  showticketcount: flag,
  showquant: flag,
  /** When sales begin (ISO 8601 with offset), '' when not announced or already on sale. */
  saledate: z.string(),
  seatroot_id: z.number().int(),
  usepushkarta: flag,
  useseatsvg: flag,
  maybefree: flag,
  is_subscription: flag,
  eventsotrnum: z.number().int(),
  /** Every session of the event is a whole-day ticket (time '00:00'). */
  notimes: flag,
  /**
   * The lowest and highest paid price (roubles) of the event's sessions on sale with places left,
   * ordinary tickets only (docs/afisha.md, 'Price on the card'); 0 and 0 when all are free; null
   * when nothing is on sale.
   */
  minprice: z.number().nonnegative().nullable(),
  maxprice: z.number().nonnegative().nullable(),
});

/** One day of an event: eventday dd.mm.yyyy, its times in _time ('00:00' means no time). */
export const calendarEntry = z.object({
  event_id: z.number().int(),
  eventday: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
  /** The day as yyyy-mm-dd, for date comparisons. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The first time of the day, HH:MM. */
  eventtime: z.string().regex(/^\d{2}:\d{2}$/),
  /** Places left that day, capped at const.price_limit (a count equal to it means 'that many or more'). */
  ticketcount: z.number().int().min(0),
  /** Places the day had in all. */
  quantity: z.number().int().min(0),
  /** The kind's type id (tickets 1, subscribers 2, concerts 3). */
  pricetype_id: z.number().int(),
  _time: z.array(
    z.object({
      calendar_id: z.number().int(),
      eventtime: z.string().regex(/^\d{2}:\d{2}$/),
      ticketcount: z.number().int().min(0),
    }),
  ),
});

export const venueEntry = z.object({
  seatroot_id: z.number().int(),
  name: localized,
  address: localized,
  urlyandexmap: z.string(),
});

export const tagEntry = z.object({
  attr_id: z.number().int(),
  attrname: localized,
});

export const eventTagEntry = z.object({
  event_id: z.number().int(),
  attr_id: z.number().int(),
});

export const imageEntry = z.object({
  image_id: z.string(),
  image_url: z.string(),
  /** Display width of listing images in CSS px (215); the height follows a fixed ratio. */
  width: z.number().int(),
});

/** What a subscription gives entry to. */
export const compositionEntry = z.object({
  subscription_id: z.number().int(),
  event_id: z.number().int(),
  name: localized,
  seatroot_id: z.number().int(),
  eventday: z.string(),
  eventtime: z.string(),
  sortnum: z.number().int(),
});

export const afishaResponse = z.object({
  setup,
  kind_menu: z.array(kindMenuEntry),
  main_menu: z.array(mainMenuEntry),
  sub_menu: z.array(subMenuEntry),
  calendar: z.array(calendarEntry),
  venues: z.array(venueEntry),
  action: z.array(afishaEvent),
  list_tags: z.array(tagEntry),
  event_tags: z.array(eventTagEntry),
  images: z.array(imageEntry),
  composition: z.array(compositionEntry),
});

export type AfishaResponse = z.infer<typeof afishaResponse>;
export type AfishaEvent = z.infer<typeof afishaEvent>;
export type KindMenuEntry = z.infer<typeof kindMenuEntry>;
export type MainMenuEntry = z.infer<typeof mainMenuEntry>;
export type SubMenuEntry = z.infer<typeof subMenuEntry>;
export type CalendarEntry = z.infer<typeof calendarEntry>;
export type VenueEntry = z.infer<typeof venueEntry>;
export type TagEntry = z.infer<typeof tagEntry>;
export type CompositionEntry = z.infer<typeof compositionEntry>;

export { AFISHA } from './afisha-constants.ts';

import { createHash } from 'node:crypto';
import { AFISHA, NOT_ON_SALE, type AfishaResponse, type CalendarEntry, afishaResponse } from '../../contract/afisha.ts';
import { type Lang, LANGS, type Localized } from '../../contract/common.ts';
import type { Setup, StoredSetup } from '../../contract/setup.ts';
import type { Queryable } from '../db/client.ts';
import { pricesOfSession } from '../event/event.service.ts';
import {
  type ListedPriceRow,
  type CompositionRow,
  type EventRow,
  type SessionRow,
  findCompositions,
  findEventTags,
  findKinds,
  findListedEvents,
  findListedPrices,
  findMainMenus,
  findSubMenus,
  findTags,
  findUpcomingSessions,
  findVenues,
} from './afisha.repository.ts';

/** A localized jsonb value as the wire wants it: all four languages, '' where the venue gave none. */
export function toLocalized(value: unknown): Localized {
  const source = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const out = { ru: '', en: '', kz: '', ch: '' };
  for (const lang of LANGS) {
    const text = source[lang];
    if (typeof text === 'string') out[lang] = text;
  }
  return out;
}

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/**
 * A remaining count as the listing may disclose it: counts at or above price_limit are sent as
 * price_limit ('that many or more'), and a venue that hides counts gets only 'some' (price_limit)
 * or 'none' (0).
 */
export function discloseCount(remaining: number, priceLimit: number, show: boolean): number {
  if (remaining <= 0) return 0;
  if (!show) return priceLimit;
  return Math.min(remaining, priceLimit);
}

export type SalesInput = {
  saleStartsAt: Date | null;
  /** Remaining places of each upcoming session. */
  remaining: readonly number[];
  now: Date;
  priceLimit: number;
  showTicketCount: boolean;
};

/**
 * The sales state as totalticketcount and saledate: -99999 with the date when
 * sales have not begun (or no date when nothing is scheduled yet: 'soon on sale'), 0 when sold
 * out, otherwise the places left (disclosed as discloseCount says).
 */
export function salesState(input: SalesInput): { totalticketcount: number; saledate: string } {
  if (input.saleStartsAt && input.saleStartsAt.getTime() > input.now.getTime()) {
    return { totalticketcount: NOT_ON_SALE, saledate: input.saleStartsAt.toISOString() };
  }
  if (input.remaining.length === 0) return { totalticketcount: NOT_ON_SALE, saledate: '' };
  const total = input.remaining.reduce((sum, n) => sum + Math.max(0, n), 0);
  return { totalticketcount: discloseCount(total, input.priceLimit, input.showTicketCount), saledate: '' };
}

const toDottedDay = (isoDay: string) => {
  const [y, m, d] = isoDay.split('-');
  return `${d}.${m}.${y}`;
};

/** Groups an event's upcoming sessions by day: one calendar entry per day with its times. */
export function buildCalendar(
  event: Pick<EventRow, 'id' | 'show_quant'>,
  sessions: readonly SessionRow[],
  typeId: number,
  priceLimit: number,
): CalendarEntry[] {
  const days = new Map<string, SessionRow[]>();
  for (const s of sessions) {
    const list = days.get(s.local_day) ?? [];
    list.push(s);
    days.set(s.local_day, list);
  }
  return [...days].map(([day, list]) => {
    const remaining = list.reduce((sum, s) => sum + s.remaining, 0);
    const times = list.map((s) => ({
      calendar_id: s.id,
      eventtime: s.has_time ? s.local_time : AFISHA.noTime,
      ticketcount: discloseCount(s.remaining, priceLimit, event.show_quant),
    }));
    return {
      event_id: event.id,
      eventday: toDottedDay(day),
      day,
      eventtime: times[0]?.eventtime ?? AFISHA.noTime,
      ticketcount: discloseCount(remaining, priceLimit, event.show_quant),
      quantity: list.reduce((sum, s) => sum + s.capacity, 0),
      pricetype_id: typeId,
      _time: times,
    };
  });
}

/**
 * The price range a card shows, in kopecks: over the sessions on sale with places left, the prices
 * the event page lists by default (its own prices for a subscription, otherwise not those of
 * tickets taken by subscription), each session's own price replacing the event-wide one.
 * Individual tickets paid by any card are preferred; a Pushkin-card-only price or a group
 * excursion ticket counts only when the event sells nothing else. Free categories beside paid
 * ones are left out (the card names the lowest paid price); { 0, 0 } when every price is free;
 * null when no session is on sale with places left.
 */
export function priceRange(
  event: Pick<EventRow, 'is_subscription'>,
  sessions: readonly Pick<SessionRow, 'id' | 'remaining'>[],
  prices: readonly ListedPriceRow[],
): { min: number; max: number } | null {
  const listed = prices.filter((p) => event.is_subscription || !p.for_subscription);
  const applicable = sessions.filter((s) => s.remaining > 0).flatMap((s) => pricesOfSession(listed, s.id));
  const individual = applicable.filter((p) => p.pushkin !== 1 && p.group_passes === 0);
  const chosen = individual.length > 0 ? individual : applicable;
  if (chosen.length === 0) return null;
  const paid = chosen.map((p) => p.amount).filter((amount) => amount > 0);
  if (paid.length === 0) return { min: 0, max: 0 };
  return { min: Math.min(...paid), max: Math.max(...paid) };
}

/** A short stable id for an image URL, so events and menus can share one images entry. */
export function imageId(url: string): string {
  return url ? createHash('sha1').update(url).digest('base64url').slice(0, 12) : '';
}

type Built = { body: AfishaResponse; json: string; bytes: Buffer; hash: string; validUntil: number };

/** Reads the catalog and shapes the afisha answer as of `now`. */
async function buildAfisha(
  db: Queryable,
  setup: StoredSetup,
  now: Date,
  pricesByEvent: ReadonlyMap<number, ListedPriceRow[]>,
): Promise<{ body: AfishaResponse; nextChange: number }> {
  const tz = setup.app.timezone;
  const priceLimit = setup.const.price_limit;
  const [kinds, mainMenus, subMenus, venues, tags, eventTags, events, sessions, compositions] = await Promise.all([
    findKinds(db),
    findMainMenus(db),
    findSubMenus(db),
    findVenues(db),
    findTags(db),
    findEventTags(db),
    findListedEvents(db, now, tz),
    findUpcomingSessions(db, now, tz),
    findCompositions(db, tz),
  ]);

  const sessionsByEvent = new Map<number, SessionRow[]>();
  for (const s of sessions) {
    const list = sessionsByEvent.get(s.event_id) ?? [];
    list.push(s);
    sessionsByEvent.set(s.event_id, list);
  }
  const kindType = new Map(kinds.map((k) => [k.id, k.type_id]));
  const listedIds = new Set(events.map((e) => e.id));
  const usedKinds = new Set(events.map((e) => e.kind_id));
  const usedVenues = new Set(events.map((e) => e.venue_id));
  const listedTags = eventTags.filter((et) => listedIds.has(et.event_id));
  const usedTags = new Set(listedTags.map((et) => et.tag_id));
  const listedCompositions = compositions.filter((c) => listedIds.has(c.subscription_event_id));
  for (const c of listedCompositions) usedVenues.add(c.venue_id);

  const images = new Map<string, string>();
  const addImage = (url: string) => {
    const id = imageId(url);
    if (id) images.set(id, url);
    return id;
  };

  // The answer must change by itself when a sale opens or a session starts (it leaves the list).
  let nextChange = Number.POSITIVE_INFINITY;
  const later = (at: Date | null) => {
    if (at && at.getTime() > now.getTime()) nextChange = Math.min(nextChange, at.getTime());
  };

  const action = events.map((e) => {
    const own = sessionsByEvent.get(e.id) ?? [];
    later(e.sale_starts_at);
    for (const s of own) if (s.has_time) later(s.starts_at);
    const state = salesState({
      saleStartsAt: e.sale_starts_at,
      remaining: own.map((s) => s.remaining),
      now,
      priceLimit,
      showTicketCount: e.show_ticket_count,
    });
    const range = priceRange(e, own, pricesByEvent.get(e.id) ?? []);
    const imageUrl = toLocalized(e.image_url);
    const imageIds = toLocalized({});
    for (const lang of LANGS) imageIds[lang] = addImage(imageUrl[lang]);
    return {
      event_id: e.id,
      hash: e.hash,
      menukind_id: e.kind_id,
      mainmenu_id: e.main_menu_id,
      submenu_id: e.sub_menu_id,
      name: toLocalized(e.name),
      descript: toLocalized(e.description),
      descript_url: toLocalized(e.description_url),
      image_url: imageUrl,
      image_id: imageIds,
      age_from: e.age_from,
      ...state,
      showticketcount: flag(e.show_ticket_count),
      showquant: flag(e.show_quant),
      seatroot_id: e.venue_id,
      usepushkarta: flag(e.use_pushkin_card),
      useseatsvg: flag(e.use_seat_map),
      maybefree: flag(e.is_free),
      is_subscription: flag(e.is_subscription),
      eventsotrnum: e.sortnum,
      notimes: flag(own.length > 0 && own.every((s) => !s.has_time)),
      minprice: range ? range.min / 100 : null,
      maxprice: range ? range.max / 100 : null,
    };
  });

  const mainMenu = mainMenus
    .filter((m) => usedKinds.has(m.kind_id))
    .map((m) => ({
      mainmenu_id: m.id,
      menukind_id: m.kind_id,
      name: toLocalized(m.name),
      mainmenusortnum: m.sortnum,
      showimage: flag(m.show_image),
      image_url: m.show_image && m.image_url ? (addImage(m.image_url), m.image_url) : '',
    }));
  const listedMenus = new Set(mainMenu.map((m) => m.mainmenu_id));

  const body: AfishaResponse = {
    setup: { ...setup, crm_client: null } satisfies Setup,
    kind_menu: kinds
      .filter((k) => usedKinds.has(k.id))
      .map((k) => ({
        menukind_id: k.id,
        menukindsortnum: k.sortnum,
        menukindname: toLocalized(k.name),
        menukindtype_id: k.type_id,
        menucolumncount: k.column_count,
        menurowcount: k.row_count,
        showfiltercalendar: flag(k.show_filter_calendar),
        showattribute: flag(k.show_attribute),
      })),
    main_menu: mainMenu,
    sub_menu: subMenus
      .filter((s) => listedMenus.has(s.main_menu_id))
      .map((s) => ({ submenu_id: s.id, mainmenu_id: s.main_menu_id, name: toLocalized(s.name), submenusortnum: s.sortnum })),
    calendar: events.flatMap((e) => buildCalendar(e, sessionsByEvent.get(e.id) ?? [], kindType.get(e.kind_id) ?? 1, priceLimit)),
    venues: venues
      .filter((v) => usedVenues.has(v.id))
      .map((v) => ({ seatroot_id: v.id, name: toLocalized(v.name), address: toLocalized(v.address), urlyandexmap: v.map_url })),
    action,
    list_tags: tags.filter((t) => usedTags.has(t.id)).map((t) => ({ attr_id: t.id, attrname: toLocalized(t.name) })),
    event_tags: listedTags.map((et) => ({ event_id: et.event_id, attr_id: et.tag_id })),
    images: [...images].map(([id, url]) => ({ image_id: id, image_url: url, width: AFISHA.imageWidth })),
    composition: listedCompositions.map((c: CompositionRow) => ({
      subscription_id: c.subscription_event_id,
      event_id: c.event_id,
      name: toLocalized(c.name),
      seatroot_id: c.venue_id,
      eventday: c.local_day ? toDottedDay(c.local_day) : '',
      eventtime: c.local_time ?? '',
      sortnum: c.sortnum,
    })),
  };
  return { body, nextChange };
}

/** The answer as JSON text and as its UTF-8 bytes (sent as they are: no 45 kB encoding per call). */
export type AfishaAnswer = { json: string; bytes: Buffer; etag: string; body: AfishaResponse };

/**
 * The afisha, the most read call: one answer per catalog version, rebuilt at most once per
 * `ttlMs` (stock moves with every order, and orders do not bump the catalog version) or sooner
 * when a sale opens or a session starts. The JSON is serialized once per build, and its ETag
 * lets clients revalidate with a 304.
 */
export function createAfishaService(deps: {
  db: Queryable;
  setup: () => Promise<StoredSetup>;
  now: () => number;
  /** The catalog version (server/catalog/catalog-version.ts): a new one rebuilds the answer. */
  catalogVersion: () => Promise<number>;
  ttlMs?: number;
}) {
  const { catalogVersion } = deps;
  const ttlMs = deps.ttlMs ?? 5000;
  let current: { version: number; built: Promise<Built> } | undefined;
  // Prices change only with the catalog: read once per version, while stock is read per build.
  let prices: { version: number; byEvent: Promise<Map<number, ListedPriceRow[]>> } | undefined;

  function pricesAt(version: number): Promise<Map<number, ListedPriceRow[]>> {
    if (prices?.version !== version) {
      const fresh = {
        version,
        byEvent: findListedPrices(deps.db).then((rows) => {
          const byEvent = new Map<number, ListedPriceRow[]>();
          for (const row of rows) {
            const list = byEvent.get(row.event_id) ?? [];
            list.push(row);
            byEvent.set(row.event_id, list);
          }
          return byEvent;
        }),
      };
      prices = fresh;
      fresh.byEvent.catch(() => {
        if (prices === fresh) prices = undefined;
      });
    }
    return prices.byEvent;
  }

  async function build(version: number): Promise<Built> {
    const at = deps.now();
    const { body, nextChange } = await buildAfisha(deps.db, await deps.setup(), new Date(at), await pricesAt(version));
    // Checked once per build, never per request: a shape error is a bug, caught by the tests.
    afishaResponse.parse(body);
    const json = JSON.stringify(body);
    const hash = createHash('sha1').update(json).digest('base64url').slice(0, 20);
    return { body, json, bytes: Buffer.from(json, 'utf8'), hash, validUntil: Math.min(at + ttlMs, nextChange) };
  }

  return {
    /** The answer for one language; the ETag names the catalog version, the content and the language. */
    async get(lang: Lang): Promise<AfishaAnswer> {
      const version = await catalogVersion();
      let entry = current;
      if (entry && entry.version === version) {
        const built = await entry.built.catch(() => undefined);
        if (!built || deps.now() >= built.validUntil) entry = undefined;
      } else entry = undefined;
      if (!entry) {
        // Single flight: concurrent requests share one build.
        const fresh = { version, built: build(version) };
        current = fresh;
        fresh.built.catch(() => {
          if (current === fresh) current = undefined;
        });
        entry = fresh;
      }
      const built = await entry.built;
      return { json: built.json, bytes: built.bytes, body: built.body, etag: `W/"afisha-${version}-${built.hash}-${lang}"` };
    },
  };
}
export type AfishaService = ReturnType<typeof createAfishaService>;

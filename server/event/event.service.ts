import { isConsentScope } from '../../contract/consent.ts';
import { NOT_ON_SALE } from '../../contract/sale-state.ts';
import { appliesOnDay } from '../../contract/concession-rules.ts';
import { concessionDocument, isoOfDay } from '../concessions/concession-texts.ts';
import type { Lang } from '../../contract/common.ts';
import {
  type CalendarEntry,
  type NoSchemeResponse,
  type OrderCheckbox,
  type PriceEntry,
  noSchemeResponse,
  priceFitsPayment,
} from '../../contract/event.ts';
import type { Queryable } from '../db/client.ts';
import { type CrmSubscriptionRow, findCoveringSubscription } from '../crm/crm.repository.ts';
import { htmlToText } from '../seo/html-head.ts';
import type { StockReader } from './event-stock.ts';
import {
  type CheckboxRow,
  type CompositionRow,
  type EventRow,
  type EventSessionRow,
  type PriceRow,
  type SessionStockRow,
  findComposition,
  findEventByHash,
  findEventSessions,
  findCheckboxes,
  findPrices,
  parseSessionStock,
} from './event.repository.ts';

export class EventNotFound extends Error {}

const toRoubles = (kopecks: number) => kopecks / 100;

/** A price as the page shows it; a percentage fee (kind 2, basis points) goes out as percent. */
export function toPriceEntry(row: PriceRow, eventId: number, day: string, calendarId: number): PriceEntry {
  return {
    price_id: row.id,
    action_day: day,
    calendar_id: calendarId,
    action_id: eventId,
    clientcategory_id: row.category_id,
    zonelevel_id: row.zone_id ?? 0,
    price: toRoubles(row.amount),
    quantity: 0,
    sum: 0,
    needprice: row.min_quantity,
    passagequant: row.group_passes,
    useproculture: row.pushkin,
    zonecolor: row.zone_color ?? '',
    priceservise: row.service_fee / 100,
    currency_id: row.service_fee_kind,
    category: row.category_name,
    description: row.category_description,
    document: concessionDocument(row.category_concession),
    zonedescription: row.zone_description ?? {},
    zonelevelname: row.zone_level_name ?? row.zone_name ?? {},
  };
}

/**
 * The prices that apply to one session: its own prices, and the event-wide ones for every
 * category and zone it has no own price for.
 */
export function pricesOfSession<R extends Pick<PriceRow, 'session_id' | 'category_id' | 'zone_id' | 'for_subscription' | 'pushkin'>>(
  rows: readonly R[],
  sessionId: number,
): R[] {
  const own = rows.filter((r) => r.session_id === sessionId);
  const key = (r: R) => `${r.category_id}:${r.zone_id ?? 0}:${r.for_subscription}:${r.pushkin}`;
  const ownKeys = new Set(own.map(key));
  return rows.filter((r) => r.session_id === sessionId || (r.session_id === null && !ownKeys.has(key(r))));
}

/**
 * The prices of each day and session on sale; a concession category is offered only on the days
 * it applies (its weekdays, days of the month, weekdays of the month).
 */
function priceEntries(rows: readonly PriceRow[], event: EventRow, sessions: readonly Pick<EventSessionRow, 'id' | 'day'>[]): PriceEntry[] {
  const out: PriceEntry[] = [];
  const days = [...new Set(sessions.map((s) => s.day))];
  const offered = (row: PriceRow, day: string) => appliesOnDay(row.category_concession, isoOfDay(day));
  for (const day of days) {
    for (const row of rows) if (row.session_id === null && offered(row, day)) out.push(toPriceEntry(row, event.id, day, 0));
  }
  for (const session of sessions) {
    for (const row of rows)
      if (row.session_id === session.id && offered(row, session.day)) out.push(toPriceEntry(row, event.id, session.day, session.id));
  }
  return out;
}

function byPayment(rows: readonly PriceRow[], pushkarta: 0 | 1 | undefined): PriceRow[] {
  if (pushkarta === undefined) return [...rows];
  return rows.filter((r) => priceFitsPayment(r.pushkin, pushkarta === 1));
}

/** What the event page shows that only a catalog import changes: cached per catalog version. */
export type EventCatalogPart = {
  event: EventRow;
  /** The description as plain text per language, converted once per catalog version. */
  descriptionText: Record<string, string>;
  sessions: EventSessionRow[];
  prices: PriceRow[];
  composition: CompositionRow[];
  checkboxes: CheckboxRow[];
};

/** Reads the catalog part of an event page; undefined for an unknown or unpublished event. */
export async function readEventCatalogPart(db: Queryable, hash: string, tz: string): Promise<EventCatalogPart | undefined> {
  const event = await findEventByHash(db, hash);
  if (!event) return undefined;
  const [sessions, prices, composition, checkboxes] = await Promise.all([
    findEventSessions(db, event.id, tz),
    findPrices(db, event.id),
    event.is_subscription ? findComposition(db, event.id, tz) : Promise.resolve([]),
    findCheckboxes(db, 'order', event.id),
  ]);
  const descriptionText = Object.fromEntries(
    Object.entries(event.description).flatMap(([lang, html]) => {
      const text = typeof html === 'string' ? htmlToText(html) : '';
      return text ? [[lang, text]] : [];
    }),
  );
  return { event, descriptionText, sessions, prices, composition, checkboxes };
}

/** The sessions of the catalog part on sale at `now`: none before the event's sale start. */
export function sessionsOnSale(part: EventCatalogPart, now: Date): { notYet: boolean; onSale: EventSessionRow[] } {
  const notYet = part.event.sale_starts_at !== null && part.event.sale_starts_at.getTime() > now.getTime();
  return { notYet, onSale: notYet ? [] : part.sessions.filter((s) => s.on_sale_until.getTime() > now.getTime()) };
}

/**
 * The event page data of POST /api/no-scheme from the catalog part, the places left of the
 * sessions on sale at `now` and the visitor's covering subscription, if any.
 */
export function buildEventPage(
  part: EventCatalogPart,
  stock: readonly SessionStockRow[],
  subscription: CrmSubscriptionRow | undefined,
  input: { pushkarta: 0 | 1 | undefined },
  ctx: { now: Date },
): NoSchemeResponse {
  const { event, composition, checkboxes, prices } = part;
  const { notYet, onSale } = sessionsOnSale(part, ctx.now);
  const stockOf = new Map(stock.map((s) => [s.id, s]));
  // A session deleted since the catalog part was read is gone from the page too.
  const sessions = onSale.flatMap((s) => {
    const live = stockOf.get(s.id);
    return live ? [{ ...s, remaining: live.remaining, group_remaining: live.group_remaining, prices: live.prices }] : [];
  });
  const shown = byPayment(prices, input.pushkarta);

  const calendar: CalendarEntry[] = sessions.map((s) => ({
    calendar_id: s.id,
    event_day: s.day,
    event_time: s.time,
    quant: s.remaining,
    groupquant: s.group_remaining,
  }));
  const checkboxList: OrderCheckbox[] = checkboxes.map((c) => ({
    id: c.id,
    name: c.name,
    url: c.url,
    filling: c.required ? 1 : 0,
    ...(isConsentScope(c.consent) ? { consent: c.consent } : {}),
  }));

  return {
    errorCode: '0',
    errorText: '',
    action: {
      hash: event.hash,
      action_id: event.id,
      age_from: event.age_from,
      maybefree: event.is_free ? 1 : 0,
      rowcount: event.price_rows,
      demquantlimit: event.order_limit,
      writeticketname: event.named_tickets ? 1 : 0,
      usepushkarta: event.use_pushkin_card ? 1 : 0,
      usenopushkarta: event.use_ordinary_card ? 1 : 0,
      useseatsvg: event.use_seat_map ? 1 : 0,
      issubscription: event.is_subscription ? 1 : 0,
      name: event.name,
      location: Object.keys(event.location).length > 0 ? event.location : event.venue_name,
      descript_url: event.description_url,
      note: event.note,
      notice: event.notice,
      image_url: event.image_url,
      descript_text: part.descriptionText,
      grouplimit: event.group_limit,
    },
    actionStr: composition.map((c) => ({
      action: c.name,
      location: c.location,
      address: c.address,
      day: c.day ?? '',
      time: c.time ?? '',
    })),
    calendar,
    // A subscription's own prices are what it sells for; elsewhere subscription prices are
    // those of tickets taken by subscription (sub=1).
    price: priceEntries(
      shown.filter((r) => event.is_subscription || !r.for_subscription),
      event,
      sessions,
    ),
    ticketPrice: priceEntries(
      shown.filter((r) => !event.is_subscription && r.for_subscription),
      event,
      sessions,
    ),
    ticketInfo: {
      totalticketcount: notYet ? NOT_ON_SALE : sessions.reduce((sum, s) => sum + s.remaining, 0),
      showticketcount: event.show_ticket_count ? 1 : 0,
      showquant: event.show_quant ? 1 : 0,
      pricelimits: sessions.flatMap((s) => s.prices.map(([priceId, quant]) => ({ calendar_id: s.id, price_id: priceId, quant }))),
      subscription: subscription
        ? { subscrit_id: subscription.subscription_event_id, hash_id: subscription.hash, quant: subscription.remaining }
        : null,
      saledate: notYet && event.sale_starts_at ? event.sale_starts_at.toISOString() : null,
    },
    checkboxList,
  };
}

/**
 * The catalog part of each event (event, sessions, prices, composition, checkboxes), kept per
 * catalog version and venue time zone: an import moves the version
 * (server/catalog/catalog-version.ts). Shared by the event pages and the quantity orders. Only
 * published events found are kept, so unknown hashes cannot grow the cache.
 */
export function createEventCatalog(deps: { db: Queryable; catalogVersion: () => Promise<number> }) {
  type Entry = { version: number; part: Promise<EventCatalogPart | undefined> };
  const cache = new Map<string, Entry>();
  const keyOf = (hash: string, tz: string) => `${tz}\n${hash}`;
  const settle = async (entry: Entry) => ({ version: entry.version, part: await entry.part });

  const current = async (hash: string, tz: string) => {
    const version = await deps.catalogVersion();
    const key = keyOf(hash, tz);
    const entry = cache.get(key);
    if (entry && entry.version === version) return settle(entry);
    // Single flight: concurrent calls for one event share one read.
    const fresh: Entry = { version, part: readEventCatalogPart(deps.db, hash, tz) };
    cache.set(key, fresh);
    const forget = () => {
      if (cache.get(key) === fresh) cache.delete(key);
    };
    void fresh.part.then((part) => part ?? forget(), forget);
    return settle(fresh);
  };

  return {
    /** The part at the catalog's version now (on a PostgreSQL server that costs a read of the version). */
    current,
    /**
     * The part last read, at the version it was read at, without asking the database whether the
     * catalog has moved since: for a caller that writes and has the database check that version
     * in the same statement (an order: place_order raises SF002 when it is stale, then the caller
     * asks `current`). Read afresh when there is none.
     */
    async assumed(hash: string, tz: string) {
      const entry = cache.get(keyOf(hash, tz));
      return entry ? settle(entry) : current(hash, tz);
    },
  };
}
export type EventCatalog = ReturnType<typeof createEventCatalog>;

/** One built answer of an event page, for as long as its inputs stay the same. */
type BuiltAnswer = { stock: string; json: string };

/**
 * The event pages: the catalog part from the shared cache, the places left read per call
 * (event-stock.ts). The answer is JSON text, checked against the contract and serialized only
 * when its inputs change: the catalog part (a new version is a new part), the payment filter,
 * whether sales have begun, and the places left (compared as the text the database answered,
 * which also names the sessions on sale). A visitor whose CRM subscription covers the event
 * gets an answer of their own, built per call.
 */
export function createEventPages(deps: { db: Queryable; catalog: EventCatalog; stock: StockReader }) {
  // Per catalog part (so per version), the last answer per payment filter and sale state.
  const built = new WeakMap<EventCatalogPart, Map<string, BuiltAnswer>>();
  const serialize = (body: NoSchemeResponse) => JSON.stringify(noSchemeResponse.encode(body));

  /** The catalog part at the version now and the places left of its sessions on sale at `now`. */
  async function partAndStock(hash: string, ctx: { now: Date; tz: string }): Promise<{ part: EventCatalogPart; stockText: string }> {
    const { readWithVersion } = deps.stock;
    if (readWithVersion) {
      // The part last read, confirmed by the version read in the same statement as the places left.
      const assumed = await deps.catalog.assumed(hash, ctx.tz);
      if (assumed.part) {
        const read = await readWithVersion(sessionsOnSale(assumed.part, ctx.now).onSale.map((s) => s.id));
        if (read.version === assumed.version) return { part: assumed.part, stockText: read.stock };
      }
    }
    const { part } = await deps.catalog.current(hash, ctx.tz);
    if (!part) throw new EventNotFound(hash);
    return { part, stockText: await deps.stock.read(sessionsOnSale(part, ctx.now).onSale.map((s) => s.id)) };
  }

  return {
    async load(
      input: { hash: string; lang: Lang; pushkarta: 0 | 1 | undefined; crmClientId: number | undefined },
      ctx: { now: Date; tz: string },
    ): Promise<string> {
      const { part, stockText } = await partAndStock(input.hash, ctx);
      const { notYet } = sessionsOnSale(part, ctx.now);
      const subscription =
        input.crmClientId === undefined ? undefined : await findCoveringSubscription(deps.db, input.crmClientId, part.event.id);
      if (subscription) return serialize(buildEventPage(part, parseSessionStock(stockText), subscription, input, ctx));
      let answers = built.get(part);
      if (!answers) built.set(part, (answers = new Map()));
      const key = `${input.pushkarta ?? ''}:${notYet}`;
      const known = answers.get(key);
      if (known && known.stock === stockText) return known.json;
      const json = serialize(buildEventPage(part, parseSessionStock(stockText), undefined, input, ctx));
      answers.set(key, { stock: stockText, json });
      return json;
    },
  };
}
export type EventPages = ReturnType<typeof createEventPages>;

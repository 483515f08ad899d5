import { isConsentScope } from '../../contract/consent.ts';
import type { Lang } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type {
  SchemeAction,
  SchemeCalendarEntry,
  SchemeMapResponse,
  SchemePrice,
  SchemeSessionsResponse,
  SchemeStand,
  SchemeZone,
} from '../../contract/scheme.ts';
import type { Queryable } from '../db/client.ts';
import { findCheckboxes } from '../event/event.repository.ts';
import { BusinessError, ok } from '../http.ts';
import { sessionDayTime, venueDateParts } from '../order-view/dates.ts';
import { appliesOnDay } from '../../contract/concession-rules.ts';
import { concessionDocument } from '../concessions/concession-texts.ts';
import { toRoubles } from '../../contract/format-price.ts';
import { unitServiceFee } from '../../contract/event-prices.ts';
import { type HallLayout, buildHallLayout, seatRowsOf } from './hall-layout.ts';
import {
  type PriceRow,
  type SchemeEventRow,
  findComposition,
  findHallModel,
  findOpenSessions,
  findSchemeEventByHash,
  findSession,
  findSessionPrices,
  findStandingRemaining,
  findTakenSeatIds,
} from './seating.repository.ts';

/** The visitor asked for an event, session or hall that does not exist (or is not shown). */
export const schemeNotFound = () => new BusinessError(ErrorCode.notFound, { status: 404 });

/**
 * The price of each (zone, category) for a session: a session's own price wins over the
 * event-wide one; among several, the first by sortnum.
 */
export function effectivePrices(rows: readonly PriceRow[]): PriceRow[] {
  const chosen = new Map<string, PriceRow>();
  for (const row of rows) {
    const key = `${row.zone_id ?? 0}:${row.category_id}`;
    const seen = chosen.get(key);
    if (!seen || (seen.session_id === null && row.session_id !== null)) chosen.set(key, row);
  }
  return [...chosen.values()];
}

/** The prices a session's day offers: a concession category only on the days it applies (as the event page's prices). */
export function pricesOnDay(rows: readonly PriceRow[], startsAt: Date, timeZone: string): PriceRow[] {
  const day = venueDateParts(startsAt, timeZone).iso;
  return rows.filter((row) => appliesOnDay(row.category_concession, day));
}

function toWirePrice(row: PriceRow): SchemePrice {
  return {
    price_id: row.id,
    clientcategory_id: row.category_id,
    category: row.category_name,
    price: toRoubles(row.amount),
    priceservise: toRoubles(unitServiceFee(row.amount, row.service_fee, row.service_fee_kind)),
    document: concessionDocument(row.category_concession),
  };
}

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

function toAction(event: SchemeEventRow): SchemeAction {
  return {
    action_id: event.id,
    hash: event.hash,
    name: event.name,
    descript: event.description,
    descript_url: event.description_url,
    location: event.location,
    address: event.address,
    age_from: event.age_from,
    demquantlimit: event.order_limit,
    writeticketname: flag(event.named_tickets),
    useseatsvg: flag(event.use_seat_map),
  };
}

/** An event may be shown while published; it is on sale once its sale start has passed. */
const onSale = (event: SchemeEventRow, now: Date) => !event.sale_starts_at || event.sale_starts_at.getTime() <= now.getTime();

/**
 * A hall map answer as JSON text, built once for as long as the session's availability stays the
 * same; `compressed` keeps its compressed bytes per encoding (filled by the route).
 */
export type MapAnswer = { json: string; compressed: Map<string, Promise<Buffer>> };

/** Map answers kept (the last of each session and language): a large hall's is about 1 MB. */
const MAP_ANSWERS_KEPT = 8;

export type SeatingDeps = {
  db: Queryable;
  now: () => number;
  timezone: string;
  /** The catalog version (server/catalog/catalog-version.ts): hall drawings are rebuilt when it moves. */
  catalogVersion: () => Promise<number>;
};

/** The scheme page's reads: sessions of an event and the hall map of one session. */
export function createSeatingService(deps: SeatingDeps) {
  // Hall drawings are rebuilt only when the catalog changes; keyed by hall and language.
  const layouts = new Map<string, { version: number; layout: HallLayout }>();

  async function hallLayout(hallId: number, lang: Lang): Promise<HallLayout | undefined> {
    const version = await deps.catalogVersion();
    const key = `${hallId}:${lang}`;
    const cached = layouts.get(key);
    if (cached && cached.version === version) return cached.layout;
    const model = await findHallModel(deps.db, hallId);
    if (!model) return undefined;
    const layout = buildHallLayout(model, lang);
    layouts.set(key, { version, layout });
    return layout;
  }

  // Per session and language, the last answer and what it was built from.
  const answers = new Map<string, { layout: HallLayout; inputs: string; answer: MapAnswer }>();

  async function findEvent(hash: string): Promise<SchemeEventRow> {
    const event = await findSchemeEventByHash(deps.db, hash);
    if (!event || !event.is_published) throw schemeNotFound();
    return event;
  }

  return {
    /** POST /api/scheme/sessions: the header of the page and the sessions still on sale. */
    async sessions(hash: string): Promise<Omit<SchemeSessionsResponse, 'errorCode' | 'errorText'>> {
      const event = await findEvent(hash);
      const now = new Date(deps.now());
      const sessions =
        event.use_seat_map && event.hall_id !== null && onSale(event, now) ? await findOpenSessions(deps.db, event.id, now) : [];
      const calendar: SchemeCalendarEntry[] = sessions.map((session) => {
        const { day, time } = sessionDayTime(session.starts_at, session.has_time, deps.timezone);
        return { calendar_id: session.id, event_day: day, event_time: time, quant: session.remaining };
      });
      const composition = event.is_subscription
        ? (await findComposition(deps.db, event.id)).map((item) => {
            const at = item.starts_at ? sessionDayTime(item.starts_at, true, deps.timezone) : { day: '', time: '' };
            return { action: item.name, location: item.location, address: item.address, day: at.day, time: at.time };
          })
        : [];
      const checkboxList = (await findCheckboxes(deps.db, 'order', event.id)).map((box) => ({
        id: box.id,
        name: box.name,
        url: box.url,
        filling: flag(box.required),
        ...(isConsentScope(box.consent) ? { consent: box.consent } : {}),
      }));
      return { action: toAction(event), composition, checkboxList, calendar };
    },

    /**
     * POST /api/scheme: the hall drawing and every place with its availability for the session,
     * as JSON text. Only the session's availability (seats taken, prices, standing places left)
     * is read per call; the answer is built and serialized again only when that or the hall
     * layout (a catalog import) has changed since the last call.
     */
    async map(hash: string, calendarId: number, lang: Lang): Promise<MapAnswer> {
      const event = await findEvent(hash);
      const session = await findSession(deps.db, calendarId);
      const now = new Date(deps.now());
      if (!session || session.event_id !== event.id || event.hall_id === null) throw schemeNotFound();
      const layout = await hallLayout(event.hall_id, lang);
      if (!layout) throw schemeNotFound();
      const selling = !session.is_cancelled && session.starts_at.getTime() > now.getTime() && onSale(event, now);

      const [taken, allPrices, standingLeft] = await Promise.all([
        findTakenSeatIds(deps.db, session.id),
        findSessionPrices(deps.db, event.id, session.id),
        findStandingRemaining(deps.db, event.hall_id, session.id),
      ]);
      const priceRows = pricesOnDay(allPrices, session.starts_at, deps.timezone);
      const key = `${session.id}:${lang}`;
      const inputs = JSON.stringify([selling, event.order_limit, [...taken].sort((a, b) => a - b), priceRows, [...standingLeft]]);
      const known = answers.get(key);
      if (known && known.layout === layout && known.inputs === inputs) return known.answer;
      const answer: MapAnswer = {
        json: JSON.stringify(ok(buildMap(layout, session.id, selling, event.order_limit, taken, priceRows, standingLeft))),
        compressed: new Map(),
      };
      answers.delete(key);
      answers.set(key, { layout, inputs, answer });
      if (answers.size > MAP_ANSWERS_KEPT) answers.delete(answers.keys().next().value ?? key);
      return answer;
    },
  };
}
export type SeatingService = ReturnType<typeof createSeatingService>;

/** The map answer of a session from its hall layout and its availability. */
function buildMap(
  layout: HallLayout,
  sessionId: number,
  selling: boolean,
  orderLimit: number,
  taken: readonly number[],
  priceRows: readonly PriceRow[],
  standingLeft: ReadonlyMap<number, number>,
): Omit<SchemeMapResponse, 'errorCode' | 'errorText'> {
  const prices = effectivePrices(priceRows);
  const pricesByZone = new Map<number, PriceRow[]>();
  for (const price of prices) {
    if (price.zone_id === null) continue;
    pricesByZone.set(price.zone_id, [...(pricesByZone.get(price.zone_id) ?? []), price]);
  }
  const takenSet = new Set(taken);
  const seatNumbers = seatRowsOf(layout, (seatId, zoneId) => selling && !takenSet.has(seatId) && pricesByZone.has(zoneId));

  const stands: SchemeStand[] = [];
  for (const area of layout.standingAreas) {
    const left = selling ? (standingLeft.get(area.id) ?? 0) : 0;
    for (const price of pricesByZone.get(area.zone_id) ?? []) {
      const wire = toWirePrice(price);
      stands.push({
        seat_id: area.id,
        seat_name: area.name,
        cat: price.category_id,
        cat_name: price.category_name,
        price_id: price.id,
        zone_id: area.zone_id,
        price: wire.price,
        priceservise: wire.priceservise,
        limit: Math.min(left, orderLimit),
        quant: left,
        document: wire.document,
      });
    }
  }

  const zones: SchemeZone[] = layout.zones.map((zone) => ({
    zone_id: zone.id,
    name: zone.name,
    level_name: zone.level_name,
    color: zone.color,
    prices: (pricesByZone.get(zone.id) ?? []).map(toWirePrice),
  }));

  return {
    calendar_id: sessionId,
    svg: layout.svg,
    width: layout.width,
    height: layout.height,
    seat_size: layout.seatSize,
    sectors: layout.sectors,
    seat_numbers: seatNumbers,
    seat_stand: stands,
    zones,
  };
}

import { consentTicks, requireConsents, withConsentTicks } from '../personal-data/consent-ticks.ts';
import type { Lang } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { type CreateSchemeOrderRequest, parseStandingCartId } from '../../contract/scheme.ts';
import { type OrderCaptchaDeps, withOrderCaptcha } from '../captcha/order-captcha.ts';
import type { Db, Queryable } from '../db/client.ts';
import { findCheckboxes } from '../event/event.repository.ts';
import type { SetupService } from '../setup/setup.service.ts';
import { BusinessError } from '../http.ts';
import { lockCatalogImportShared } from '../catalog/catalog-write.repository.ts';
import { CatalogMoved, type NewOrderLine, placeOrder } from '../orders/orders.service.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { unitServiceFee } from '../../contract/event-prices.ts';
import {
  type PriceRow,
  findHallSeats,
  findSchemeEventById,
  findSession,
  findSessionPrices,
  findStandingAreas,
} from './seating.repository.ts';
import { effectivePrices, pricesOnDay, schemeNotFound } from './seating.service.ts';
import { textOf } from '../locales/texts.ts';

const refuse = (code: (typeof ErrorCode)[keyof typeof ErrorCode], text: (lang: Lang) => string, status = 409) =>
  new BusinessError(code, { status, text });

/** A place of the cart resolved against the hall and the session's prices. */
type Place = { seatId: number | null; standingAreaId: number | null; price: PriceRow };

export type SchemeOrderDeps = OrderCaptchaDeps & { setup: SetupService; now: () => number; timezone: string };

export type SchemeOrderService = ReturnType<typeof createSchemeOrderService>;

/**
 * Orders from the scheme cart. `create` prices every seat and standing place from the database
 * and holds them in one transaction, so either all of them are held or none is (a seat taken by
 * another order gives 'Место недоступно'); the order awaits payment, or named-ticket data when
 * tickets are named.
 */
export function createSchemeOrderService(deps: SchemeOrderDeps) {
  return {
    async create(input: CreateSchemeOrderRequest, remoteIp?: string): Promise<{ hash: string }> {
      try {
        return await createSchemeOrder(deps, input, remoteIp);
      } catch (error) {
        // Only an order of a subscription is pinned to a catalog version: it waited for an import
        // that moved the catalog, so it is checked and priced again against the catalog as it is now.
        // A second move in between answers 429 -1029: the buyer sends the order again.
        if (!(error instanceof CatalogMoved)) throw error;
        return createSchemeOrder(deps, input, remoteIp);
      }
    },
  };
}

async function createSchemeOrder(deps: SchemeOrderDeps, input: CreateSchemeOrderRequest, remoteIp?: string): Promise<{ hash: string }> {
  const now = new Date(deps.now());
  const event = await findSchemeEventById(deps.db, input.action_id);
  if (!event || !event.is_published || !event.use_seat_map || event.hall_id === null) throw schemeNotFound();
  const session = await findSession(deps.db, input.calendarId);
  if (!session || session.event_id !== event.id) throw schemeNotFound();
  const onSale =
    !session.is_cancelled &&
    session.starts_at.getTime() > now.getTime() &&
    (!event.sale_starts_at || event.sale_starts_at.getTime() <= now.getTime());
  if (!onSale) throw refuse(ErrorCode.placesGone, textOf('schemeOrder', 'notOnSale'));

  if (input.tickets.length > event.order_limit) throw new BusinessError(ErrorCode.limit, { status: 422 });
  if (input.tickets.some((ticket) => ticket.calendar_id !== session.id))
    throw refuse(ErrorCode.validation, textOf('schemeOrder', 'badPlace'), 400);

  const checked = new Set(input.checkboxList.filter((box) => box.checked === true || box.checked === 1).map((box) => box.id));
  const boxes = await findCheckboxes(deps.db, 'order', event.id);
  requireConsents(boxes, checked);
  const required = boxes.filter((box) => box.required);
  if (required.some((box) => !checked.has(box.id))) throw refuse(ErrorCode.validation, textOf('schemeOrder', 'checkbox'), 400);

  const places = await resolvePlaces(deps.db, event.hall_id, event.id, session.id, input.tickets);
  // A concession category is sold only for the days it applies (the map does not offer it on
  // others). The box office resolves places the same way and sells it on any day: not checked there.
  const offered = new Set(
    pricesOnDay(
      places.map((p) => p.price),
      session.starts_at,
      deps.timezone,
    ),
  );
  if (places.some((p) => !offered.has(p.price))) throw new BusinessError(ErrorCode.concessionNotThatDay, { status: 409 });
  const lines = toLines(session.id, places);
  const reservedUntil = new Date(now.getTime() + event.reserve_minutes * 60_000);
  // Selling a subscription makes it sold, and an import must then keep its every event: the order
  // holds off imports until it commits (the import reads what is sold under its exclusive lock),
  // and it was read at the version the database checks, so one that waited for an import that
  // moved the catalog is refused before writing (CatalogMoved) rather than placed on what was read
  // before. Other seat orders skip both, as ever.
  const subscription = event.is_subscription;
  const place = async (tx: Queryable) => {
    if (subscription) await lockCatalogImportShared(tx);
    return placeOrder(tx, {
      eventId: event.id,
      status: event.named_tickets ? OrderStatus.reserved : OrderStatus.confirmed,
      lang: input.lang,
      createdAt: now,
      reservedUntil,
      buyer: { name: input.fio, surname: '', firstName: '', patronymic: '', phone: input.phone, email: input.email },
      pushkinCard: false,
      isSubscription: false,
      crmClientId: null,
      checkboxes: withConsentTicks(
        [...checked].map((id) => ({ id, checked: true })),
        consentTicks(boxes, checked, remoteIp),
      ),
      lines,
      ...(subscription ? { catalogVersion: event.catalog_version } : {}),
    });
  };
  const placed = await withOrderCaptcha(deps, await deps.setup.get(), input, remoteIp, place, {
    oneStatement: !subscription,
    hold: { email: input.email, places: input.tickets.length, at: now, until: reservedUntil, hashOf: (order) => order.hash },
  });
  return { hash: placed.hash };
}

/**
 * Checks every cart item against the hall and the session's prices: a seat of the hall at a price
 * of its zone, a standing area at a price of its zone and the category named in its cart id.
 * Anything else is refused as an unavailable place, before anything is held. The box office
 * resolves its seats with it too, so a seat is priced the same way on both channels.
 */
export async function resolvePlaces(
  db: Db,
  hallId: number,
  eventId: number,
  sessionId: number,
  tickets: readonly Pick<CreateSchemeOrderRequest['tickets'][number], 'seat_id' | 'price_id'>[],
): Promise<Place[]> {
  const prices = new Map(effectivePrices(await findSessionPrices(db, eventId, sessionId)).map((p) => [p.id, p]));
  const seatIds = tickets.flatMap((t) => (typeof t.seat_id === 'number' ? [t.seat_id] : []));
  if (new Set(seatIds).size !== seatIds.length) throw refuse(ErrorCode.validation, textOf('schemeOrder', 'badPlace'), 400);
  const cartIds = tickets.flatMap((t) => (typeof t.seat_id === 'string' ? [t.seat_id] : []));
  if (new Set(cartIds).size !== cartIds.length) throw refuse(ErrorCode.validation, textOf('schemeOrder', 'badPlace'), 400);

  const seats = new Map((await findHallSeats(db, hallId, seatIds)).map((s) => [s.id, s]));
  const areas = new Map((await findStandingAreas(db, hallId)).map((a) => [a.id, a]));
  const unavailable = () => new BusinessError(ErrorCode.seatUnavailable, { text: textOf('schemeOrder', 'badPlace') });

  return tickets.map((ticket) => {
    const price = prices.get(ticket.price_id);
    if (!price) throw unavailable();
    if (typeof ticket.seat_id === 'number') {
      const seat = seats.get(ticket.seat_id);
      if (!seat || seat.zone_id !== price.zone_id) throw unavailable();
      return { seatId: seat.id, standingAreaId: null, price };
    }
    const standing = parseStandingCartId(ticket.seat_id);
    const area = standing ? areas.get(standing.areaId) : undefined;
    if (!standing || !area || area.zone_id !== price.zone_id || standing.categoryId !== price.category_id) throw unavailable();
    return { seatId: null, standingAreaId: area.id, price };
  });
}

/** One line per seat; standing places of the same area and price go on one line. */
export function toLines(sessionId: number, places: readonly Place[]): NewOrderLine[] {
  const lines: NewOrderLine[] = [];
  const standing = new Map<string, NewOrderLine>();
  for (const place of places) {
    const line: NewOrderLine = {
      sessionId,
      priceId: place.price.id,
      categoryId: place.price.category_id,
      zoneId: place.price.zone_id,
      seatId: place.seatId,
      standingAreaId: place.standingAreaId,
      subscriptionEventId: null,
      isGroup: false,
      quantity: 1,
      unitPrice: place.price.amount,
      unitFee: unitServiceFee(place.price.amount, place.price.service_fee, place.price.service_fee_kind),
    };
    if (place.standingAreaId === null) {
      lines.push(line);
      continue;
    }
    const key = `${place.standingAreaId}:${place.price.id}`;
    const seen = standing.get(key);
    if (seen) seen.quantity += 1;
    else {
      standing.set(key, line);
      lines.push(line);
    }
  }
  return lines;
}

/**
 * Buyers exchanging their own tickets from the order page: the staff exchange's engine
 * (server/admin/order-exchange/) with the buyer's rules on top: the event allows it, before its
 * deadline (contract/self-exchange-rules.ts), to a session on sale. The engine's refusals are
 * answered with the visitor's codes (-1030..-1039) in the visitor's language.
 */
import { AdminErrorCode } from '../../contract/admin/errors.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { ReturnStatus } from '../../contract/order-status.ts';
import type { SelfExchangeOptions } from '../../contract/self-exchange.ts';
import { exchangePlacesRefusal, selfExchangeDeadline, selfExchangeRefusal } from '../../contract/self-exchange-rules.ts';
import type { Db, Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { fullLocalized } from '../order-view/dates.ts';
import { notEnoughPlaces } from '../orders/orders.service.ts';
import { findReturnTickets } from '../returns/returns.repository.ts';
import { type ExchangeAsk, type PricedExchange, assertExchangeable } from '../admin/order-exchange/exchange-pricing.ts';
import {
  type ExchangeEventRow,
  type ExchangeOrderRow,
  findExchangeEvent,
  findExchangeOrderByHash,
  hasWaitingExchange,
} from '../admin/order-exchange/order-exchange.repository.ts';
import type { OrderExchange } from '../admin/order-exchange/order-exchange.service.ts';

/** The engine's refusals as the visitor's codes; the order path's -1010 and -1004 pass as they are. */
const VISITOR_CODE: Record<string, string> = {
  [AdminErrorCode.exchangeTicketsInvalid]: ErrorCode.selfExchangeTickets,
  [AdminErrorCode.exchangeSessionInvalid]: ErrorCode.selfExchangeSession,
  [AdminErrorCode.exchangePlacesInvalid]: ErrorCode.selfExchangePlaces,
  [AdminErrorCode.exchangeQuoteStale]: ErrorCode.selfExchangeStale,
  [AdminErrorCode.exchangeNotPossible]: ErrorCode.selfExchangeOrder,
  [AdminErrorCode.exchangeWaiting]: ErrorCode.selfExchangeWaiting,
  [AdminErrorCode.orderNotPaid]: ErrorCode.selfExchangeOrder,
  // Only a seat is ever unavailable to an exchange: taken by another order since the map was drawn.
  [ErrorCode.seatUnavailable]: ErrorCode.selfExchangeSeatTaken,
};

/** On a seated event the places are its seats: a place that does not fit is a seat that does not. */
const SEATED_CODE: Record<string, string> = { ...VISITOR_CODE, [AdminErrorCode.exchangePlacesInvalid]: ErrorCode.selfExchangeSeats };

async function asVisitor<T>(seated: boolean, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = error instanceof BusinessError ? (seated ? SEATED_CODE : VISITOR_CODE)[error.code] : undefined;
    if (error instanceof BusinessError && code)
      throw new BusinessError(code as (typeof ErrorCode)[keyof typeof ErrorCode], { status: error.status });
    throw error;
  }
}

const refuse = (code: (typeof ErrorCode)[keyof typeof ErrorCode], status = 409) => new BusinessError(code, { status });

/** A seated event: its places are seats of its hall, chosen on the map. */
const seatedEvent = (event: ExchangeEventRow) => event.use_seat_map && event.hall_id !== null;

/** A session the storefront sells now: its event published and its sale open. */
function eventOnSale(event: ExchangeEventRow, at: Date): boolean {
  return event.is_published && (event.sale_starts_at === null || event.sale_starts_at.getTime() <= at.getTime());
}

/**
 * The buyer's rules on the priced exchange, checked by the engine inside its transaction (after
 * the order's row lock): the deadline of every ticket given up, the session on sale, and enough
 * places left (the order path's own guard still decides a race for the last one).
 */
export function buyerGuard(priced: PricedExchange, at: Date): void {
  const refusal = selfExchangeRefusal(
    priced.event.self_exchange_hours_before,
    priced.old.map((o) => o.ticket.starts_at),
    at,
  );
  if (refusal) throw refuse(refusal);
  if (!eventOnSale(priced.event, at)) throw refuse(ErrorCode.selfExchangeSession);
  // Places of the same session given up come back first, so they count as free for the new ones.
  const needed = priced.old.filter((o) => o.ticket.session_id !== priced.session.id).length;
  if (!priced.event.use_seat_map && priced.session.remaining < needed) throw notEnoughPlaces();
}

/**
 * Whether the buyer may exchange the order's tickets at `at`, by the rule of
 * contract/self-exchange-rules.ts: why not (a visitor's code) or null, the tickets they may
 * exchange (admitting, not used at the door, not group tickets, of a session to come, before its
 * deadline) and the earliest of their deadlines. The exchange's options and the order view both
 * answer from it, so the order page's button and its dialog agree.
 */
export async function selfExchangeState(db: Queryable, order: ExchangeOrderRow, event: ExchangeEventRow, at: Date) {
  const hours = event.self_exchange_hours_before;
  const admitting = (await findReturnTickets(db, order.id)).filter(
    (t) => t.status === ReturnStatus.returnable && t.checked_in_at === null && !t.is_group && t.starts_at.getTime() > at.getTime(),
  );
  // Each ticket has its session's deadline: those still before it are offered.
  const tickets = admitting.filter((t) => selfExchangeRefusal(hours, [t.starts_at], at) === null);
  let refusal: string | null = hours === null ? ErrorCode.selfExchangeOff : null;
  try {
    assertExchangeable(order);
  } catch {
    refusal ??= ErrorCode.selfExchangeOrder;
  }
  if (refusal === null && admitting.length === 0) refusal = ErrorCode.selfExchangeTickets;
  if (refusal === null && tickets.length === 0) refusal = ErrorCode.selfExchangeDeadline;
  if (refusal === null && (await hasWaitingExchange(db, order.id))) refusal = ErrorCode.selfExchangeWaiting;
  const deadlineOf = (startsAt: Date) => (hours === null ? null : selfExchangeDeadline(startsAt, hours).toISOString());
  const deadlines = tickets.map((t) => deadlineOf(t.starts_at)).filter((d): d is string => d !== null);
  return { refusal, tickets, deadline: deadlines.sort()[0] ?? null, deadlineOf };
}

/**
 * The order view's answer on the buyer's exchange (contract/order-view.ts `selfExchange`): whether
 * the order page shows «Обменять билеты», and until when; the dialog's contents come from the options.
 */
export async function selfExchangeAvailability(
  db: Queryable,
  hash: string,
  at: Date,
): Promise<{ allowed: boolean; deadline: string | null }> {
  const order = await findExchangeOrderByHash(db, hash);
  const event = order ? await findExchangeEvent(db, order.event_id) : undefined;
  if (!order || !event || event.self_exchange_hours_before === null) return { allowed: false, deadline: null };
  const { refusal, deadline } = await selfExchangeState(db, order, event, at);
  return refusal === null ? { allowed: true, deadline } : { allowed: false, deadline: null };
}

/** Buyers' self-service exchange by the order's link; see the module's comment. */
export function createSelfExchange(deps: { db: Db; now: () => number; engine: OrderExchange }) {
  const { db, now, engine } = deps;

  /** The order by its link, refused before anything else when its event does not allow buyers to exchange. */
  async function orderOf(hash: string): Promise<{ order: ExchangeOrderRow; event: ExchangeEventRow }> {
    const order = await findExchangeOrderByHash(db, hash);
    const event = order ? await findExchangeEvent(db, order.event_id) : undefined;
    if (!order || !event) throw refuse(ErrorCode.notFound, 404);
    return { order, event };
  }

  /** What the order page's exchange offers: the tickets, their deadline, the sessions on sale; or why not. */
  async function options(hash: string): Promise<Omit<SelfExchangeOptions, 'errorCode' | 'errorText'>> {
    const { order, event } = await orderOf(hash);
    const at = new Date(now());
    const { refusal, tickets, deadline, deadlineOf } = await selfExchangeState(db, order, event, at);
    const choices = refusal === null && eventOnSale(event, at) ? await engine.options(order.id) : { useSeatMap: false, sessions: [] };
    return {
      refusal,
      hoursBefore: event.self_exchange_hours_before,
      deadline,
      useSeatMap: seatedEvent(event),
      eventHash: event.hash,
      eventName: fullLocalized(event.name),
      sessions: choices.sessions,
      tickets: tickets.map((t) => ({
        id: t.id,
        sessionId: t.session_id,
        startsAt: t.starts_at.toISOString(),
        hasTime: t.has_time,
        categoryName: fullLocalized(t.category_name),
        zoneName: t.zone_name ? fullLocalized(t.zone_name) : null,
        rowLabel: t.row_label,
        seatLabel: t.seat_label,
        deadline: deadlineOf(t.starts_at),
      })),
    };
  }

  /**
   * The order by its link when its event lets buyers exchange, and the places asked for checked by
   * the contract's rule the order page applies too (a seat per ticket on a seated event).
   */
  async function allowedOrder(hash: string, ask: ExchangeAsk): Promise<{ order: ExchangeOrderRow; seated: boolean }> {
    const { order, event } = await orderOf(hash);
    if (event.self_exchange_hours_before === null) throw refuse(ErrorCode.selfExchangeOff);
    const seated = seatedEvent(event);
    const placesRefusal = exchangePlacesRefusal(seated, ask);
    if (placesRefusal) throw refuse(placesRefusal, 400);
    return { order, seated };
  }

  /** The figures of the buyer's exchange; nothing changes. One waiting for its difference is refused here already, as the exchange would. */
  async function quote(hash: string, ask: ExchangeAsk) {
    const { order, seated } = await allowedOrder(hash, ask);
    return asVisitor(seated, async () => {
      if (await hasWaitingExchange(db, order.id)) throw refuse(ErrorCode.selfExchangeWaiting);
      return engine.quote(order.id, ask, buyerGuard);
    });
  }

  /** The buyer's exchange: the engine's, under its locks, with the buyer's rules checked inside its transaction. */
  async function exchange(
    hash: string,
    ask: ExchangeAsk & { expectedDifference: number },
    client: { ip: string; userAgent: string | null },
  ) {
    const { order, seated } = await allowedOrder(hash, ask);
    return asVisitor(seated, () => engine.exchange(order.id, ask, { id: null, name: '', madeBy: 'buyer', ...client }, buyerGuard));
  }

  return { options, quote, exchange };
}

export type SelfExchange = ReturnType<typeof createSelfExchange>;

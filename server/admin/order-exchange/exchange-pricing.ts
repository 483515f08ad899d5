/**
 * What an exchange moves and what it costs: the old tickets (each at what was paid for it, after
 * the order's discount) and the new places priced from the catalog as the storefront prices them.
 * Read-only; the quote and the exchange itself (inside its transaction) both call it.
 */
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { priceFitsPayment, unitServiceFee } from '../../../contract/event-prices.ts';
import { OrderStatus, ReturnStatus } from '../../../contract/order-status.ts';
import type { Queryable, Db } from '../../db/client.ts';
import { findPrices } from '../../event/event.repository.ts';
import { pricesOfSession } from '../../event/event.service.ts';
import { BusinessError } from '../../http.ts';
import type { NewOrderLine } from '../../orders/orders.service.ts';
import { ticketRefundParts } from '../../returns/refund-policy.ts';
import { type ReturnTicketRow, findReturnTickets } from '../../returns/returns.repository.ts';
import { resolvePlaces, toLines } from '../../seating/scheme-order.service.ts';
import {
  type ExchangeEventRow,
  type ExchangeOrderRow,
  type ExchangeSessionRow,
  findExchangeEvent,
  findExchangeSession,
} from './order-exchange.repository.ts';

type AdminCode = (typeof AdminErrorCode)[keyof typeof AdminErrorCode];
export const refuse = (code: AdminCode, status = 409) => new BusinessError(code, { status });

export type ExchangeAsk = {
  ticketIds: readonly number[];
  sessionId: number;
  places: readonly { priceId: number; seatId: number | null }[];
};

export type PricedExchange = {
  event: ExchangeEventRow;
  session: ExchangeSessionRow;
  old: { ticket: ReturnTicketRow; amount: number }[];
  lines: NewOrderLine[];
  oldAmount: number;
  newAmount: number;
  difference: number;
  /** Each new place with its price (ticket and fee), in the order asked. */
  places: { priceId: number; seatId: number | null; amount: number }[];
};

/** Refuses an order whose money cannot follow an exchange: unpaid, Pushkin card, sold at the box office. */
export function assertExchangeable(order: ExchangeOrderRow): void {
  if (order.status !== OrderStatus.paid) throw refuse(AdminErrorCode.orderNotPaid);
  if (order.pushkin_card || order.channel === 'desk') throw refuse(AdminErrorCode.exchangeNotPossible);
}

/** The old tickets chosen, each still admitting (returnable, not requested, never admitted at the door). */
async function oldTickets(q: Queryable, order: ExchangeOrderRow, ids: readonly number[]) {
  if (new Set(ids).size !== ids.length) throw refuse(AdminErrorCode.exchangeTicketsInvalid, 400);
  const all = await findReturnTickets(q, order.id);
  const chosen = ids.map((id) => all.find((t) => t.id === id));
  if (chosen.some((t) => !t || t.status !== ReturnStatus.returnable || t.checked_in_at !== null))
    throw refuse(AdminErrorCode.exchangeTicketsInvalid);
  const tickets = chosen as ReturnTicketRow[];
  // A group ticket admits several visitors on one price: nothing maps it one to one.
  if (tickets.some((t) => t.is_group)) throw refuse(AdminErrorCode.exchangeNotPossible);
  return tickets.map((ticket) => {
    const parts = ticketRefundParts({ unitPrice: ticket.unit_price, unitFee: ticket.unit_fee }, 100, true, {
      discountable: order.subtotal + order.services_total,
      discount: order.discount,
    });
    return { ticket, amount: parts.price + parts.fee };
  });
}

/** The new lines, one place per old ticket, priced from the catalog (client amounts are never read). */
async function newLines(
  db: Db | Queryable,
  event: ExchangeEventRow,
  session: ExchangeSessionRow,
  ask: ExchangeAsk,
): Promise<NewOrderLine[]> {
  const badPlaces = () => refuse(AdminErrorCode.exchangePlacesInvalid, 400);
  if (ask.places.length !== ask.ticketIds.length) throw badPlaces();
  if (event.use_seat_map && event.hall_id !== null) {
    const seats = ask.places.map((p) => (p.seatId === null ? undefined : { seat_id: p.seatId, price_id: p.priceId }));
    if (seats.some((s) => s === undefined)) throw badPlaces();
    try {
      return toLines(
        session.id,
        await resolvePlaces(db as Db, event.hall_id, event.id, session.id, seats as { seat_id: number; price_id: number }[]),
      );
    } catch (error) {
      if (error instanceof BusinessError) throw badPlaces();
      throw error;
    }
  }
  if (ask.places.some((p) => p.seatId !== null)) throw badPlaces();
  const usable = pricesOfSession(await findPrices(db, event.id), session.id).filter(
    (p) => !p.for_subscription && priceFitsPayment(p.pushkin, false) && p.group_passes === 0,
  );
  const byPrice = new Map<number, NewOrderLine>();
  for (const place of ask.places) {
    const price = usable.find((p) => p.id === place.priceId);
    if (!price) throw badPlaces();
    const seen = byPrice.get(price.id);
    if (seen) {
      seen.quantity += 1;
      continue;
    }
    byPrice.set(price.id, {
      sessionId: session.id,
      priceId: price.id,
      categoryId: price.category_id,
      zoneId: price.zone_id,
      seatId: null,
      standingAreaId: null,
      subscriptionEventId: null,
      isGroup: false,
      quantity: 1,
      unitPrice: price.amount,
      unitFee: unitServiceFee(price.amount, price.service_fee, price.service_fee_kind),
    });
  }
  return [...byPrice.values()];
}

/** Prices an exchange of the order's tickets for places of a session of the same event; refused as the exchange would be. */
export async function priceExchange(q: Queryable, order: ExchangeOrderRow, ask: ExchangeAsk, at: Date): Promise<PricedExchange> {
  const old = await oldTickets(q, order, ask.ticketIds);
  const event = await findExchangeEvent(q, order.event_id);
  const session = await findExchangeSession(q, ask.sessionId);
  if (!event || !session || session.event_id !== event.id || session.is_cancelled || session.starts_at.getTime() <= at.getTime())
    throw refuse(AdminErrorCode.exchangeSessionInvalid);
  // The old tickets must not have started either: a ticket for a past session is used or lost.
  if (old.some((o) => o.ticket.starts_at.getTime() <= at.getTime())) throw refuse(AdminErrorCode.exchangeTicketsInvalid);
  const lines = await newLines(q, event, session, ask);
  const unit = (l: NewOrderLine) => l.unitPrice + l.unitFee;
  const newAmount = lines.reduce((sum, l) => sum + unit(l) * l.quantity, 0);
  const oldAmount = old.reduce((sum, o) => sum + o.amount, 0);
  const places = ask.places.map((p) => {
    const line = lines.find((l) => l.priceId === p.priceId && (p.seatId === null || l.seatId === p.seatId));
    return { priceId: p.priceId, seatId: p.seatId, amount: line ? unit(line) : 0 };
  });
  return { event, session, old, lines, oldAmount, newAmount, difference: newAmount - oldAmount, places };
}

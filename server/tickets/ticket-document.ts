import type { Holder } from '../../contract/nominal.ts';
import { isExchangeHidden, isReturned } from '../../contract/order-status.ts';
import type { CurrencyCode, StoredSetup } from '../../contract/setup.ts';
import { type TicketDocument, codeKindOf } from '../../contract/ticket-model.ts';
import type { Queryable } from '../db/client.ts';
import { fullLocalized, localizedDay, venueDateParts } from '../order-view/dates.ts';
import { type ViewLineRow, findViewLines } from '../order-view/order-view.repository.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { findOrderById } from '../orders/orders.repository.ts';
import { type DocumentTicketRow, findDocumentTickets } from './tickets.repository.ts';

/** What the venue prints on every ticket: its organiser's requisites and the money's currency. */
export type TicketVenue = { organizer: NonNullable<StoredSetup['organizer']> | undefined; currency: CurrencyCode; timeZone: string };

/** The ticket's number on the ticket form: its id, zero-padded, unique within the venue. */
export const ticketFormNumber = (ticketId: number) => String(ticketId).padStart(8, '0');

export const holderName = (h: Holder) => [h.surname, h.name, h.middleName].filter(Boolean).join(' ');

type OrderFacts = { number: number; pushkin_card: boolean; buyer_name: string | null };

/**
 * One ticket's document (contract/ticket-model.ts): computed here once for the e-ticket page, the
 * desk's printed ticket and the PDF. A named ticket names its holder; a Pushkin-card ticket is its
 * buyer's own (the card pays for its holder only), so it names the buyer.
 */
export function ticketDocumentOf(
  line: ViewLineRow,
  ticket: Omit<DocumentTicketRow, 'order_line_id' | 'status'>,
  order: OrderFacts,
  venue: TicketVenue,
): TicketDocument {
  const { day_str, dayofweek } = localizedDay(line.starts_at, venue.timeZone);
  const code = ticket.code ?? '';
  const place = line.location && Object.values(line.location).some(Boolean) ? line.location : line.venue_name;
  const holder = ticket.holder ? holderName(ticket.holder) : '';
  return {
    hash: ticket.hash,
    code,
    codeKind: codeKindOf(line.ticket_type, code),
    series: venue.organizer?.ticket_series ?? '',
    number: ticketFormNumber(ticket.id),
    organizer: venue.organizer?.name ?? {},
    organizerInn: venue.organizer?.inn ?? '',
    event: fullLocalized(line.event_name),
    day: day_str,
    weekday: dayofweek,
    time: line.has_time ? venueDateParts(line.starts_at, venue.timeZone).time : '',
    place: fullLocalized(place),
    address: fullLocalized(line.address),
    category: fullLocalized(line.category_name),
    seat:
      line.seat_label !== null
        ? { sector: fullLocalized(line.sector_name ?? line.standing_name), row: line.row_label ?? '', seat: line.seat_label }
        : null,
    price: line.unit_price,
    currency: venue.currency,
    holder: holder || (order.pushkin_card ? order.buyer_name || null : null),
    orderNumber: order.number,
  };
}

export type OrderTicket = { ticketId: number; eventId: number; document: TicketDocument };

/**
 * The documents of a paid order's tickets that still admit (a returned ticket is void and is
 * never printed again), in ticket order; empty for an order that is not paid.
 */
export async function orderTicketDocuments(db: Queryable, orderId: number, venue: TicketVenue): Promise<OrderTicket[]> {
  const order = await findOrderById(db, orderId);
  if (!order || order.status !== OrderStatus.paid) return [];
  const [lines, tickets] = await Promise.all([findViewLines(db, orderId), findDocumentTickets(db, orderId)]);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const out: OrderTicket[] = [];
  for (const t of tickets) {
    const line = byId.get(t.order_line_id);
    if (!line || isReturned(t.status) || isExchangeHidden(t.status) || !t.code) continue;
    out.push({ ticketId: t.id, eventId: line.event_id, document: ticketDocumentOf(line, t, order, venue) });
  }
  return out;
}

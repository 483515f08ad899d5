import QRCode from 'qrcode';
import type { Localized } from '../../contract/common.ts';
import type { AttachedService, AutomaticRefund, HeldOrder, Offer, OrderView, PaymentType, TicketRow } from '../../contract/order-view.ts';
import { isExchangeHidden, isReturned, OrderStatus } from '../../contract/order-status.ts';
import type { Db } from '../db/client.ts';
import { discountDataFrom } from '../loyalty/discounts.service.ts';
import { offersFrom } from '../offers/offers.service.ts';
import { textInAll } from '../locales/texts.ts';
import { findOrderById } from '../orders/orders.repository.ts';
import { findTicketByHash, findTicketReturnedAt } from '../tickets/tickets.repository.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { BusinessError } from '../http.ts';
import { toRoubles } from '../../contract/format-price.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { orderNotFound } from '../payments/payment-context.ts';
import { ticketImages } from '../tickets/ticket-images.ts';
import { type TicketVenue, holderName, ticketDocumentOf } from '../tickets/ticket-document.ts';
import { concessionDocument } from '../concessions/concession-texts.ts';
import { fullLocalized, localizedDay, sameInAll, sessionDayTime } from './dates.ts';
import {
  type ViewLineRow,
  type ViewPaymentRow,
  type ViewRefundRow,
  type ViewTicketRow,
  findHeldOrders,
  findOrderView,
  findViewLines,
  findViewTickets,
} from './order-view.repository.ts';
import { isPayable, isReserveRunning } from './order-state.ts';
import { selfExchangeAvailability } from '../self-exchange/self-exchange.service.ts';

export const PAY_URL = '/api/order/pay';

const SERVICE_FEE_NAME: Localized = textInAll('orders', 'serviceFee');

/** One ticket row of the view: a seat, or a general-admission line with its tickets. */
export async function ticketRowOf(
  line: ViewLineRow,
  tickets: readonly ViewTicketRow[],
  paid: boolean,
  timeZone: string,
): Promise<TicketRow> {
  const { day, time } = sessionDayTime(line.starts_at, line.has_time, timeZone);
  const shown = await Promise.all(
    tickets.map(async (t) => {
      // A returned ticket (70, 80) is void: its code and images are no longer shown.
      const valid = paid && !isReturned(t.status);
      return {
        id: t.id,
        ticketcode: valid ? (t.code ?? '') : '',
        tickethash_id: valid ? t.hash : '',
        ...(valid ? await ticketImages(t.code, line.ticket_type) : { _qrcode: '', _barcode: '' }),
        status: t.status,
      };
    }),
  );
  const first = shown[0];
  const sector = line.sector_name ?? line.standing_name;
  return {
    id: line.id,
    action: fullLocalized(line.event_name),
    action_group: `${line.event_id}-${line.session_id}`,
    day,
    time,
    address: fullLocalized(line.address),
    seatroot: fullLocalized(line.venue_name),
    location: fullLocalized(line.location),
    price: toRoubles(line.unit_price),
    quant: line.quantity,
    cost: toRoubles(line.amount),
    tickettype: line.ticket_type,
    _qrcode: first?._qrcode ?? '',
    _barcode: first?._barcode ?? '',
    ticketcode: first?.ticketcode ?? '',
    tickethash_id: first?.tickethash_id ?? '',
    rowname: line.row_label ?? '',
    seat_id: line.seat_id ?? 0,
    sector: fullLocalized(sector),
    seat: sameInAll(line.seat_label ?? ''),
    category: fullLocalized(line.category_name),
    zonelevel: fullLocalized(line.level_name && Object.keys(line.level_name).length > 0 ? line.level_name : line.zone_name),
    ...localizedDay(line.starts_at, timeZone),
    tickets: shown,
    document: concessionDocument(line.category_concession),
  };
}

/**
 * An automatic refund as the order page shows it. The payment's reason tells why it could not pay
 * the order (applyOutcome): none when another attempt had paid it.
 */
export function automaticRefundOf(refund: ViewRefundRow): AutomaticRefund {
  const reason =
    refund.decline_reason === 'order-changed' || refund.decline_reason === 'booking-expired' ? refund.decline_reason : 'already-paid';
  // 'failed' is never written (a failed attempt is retried with backoff): the money is still on its way back.
  return {
    payment_num: refund.payment_num,
    amount: toRoubles(refund.amount),
    state: refund.status === 'done' ? 'done' : 'pending',
    reason,
  };
}

/**
 * Everything the order page shows. Pending payments are
 * first checked with their provider, so a visitor back from the bank sees the outcome even if
 * the acquirer's notification is late.
 */
async function viewOrder(
  deps: { db: Db; payments: PaymentsService; now: () => number; timeZone: string },
  input: { hash: string; bankId?: number | undefined },
): Promise<Omit<OrderView, 'errorCode' | 'errorText'>> {
  const { db } = deps;
  // One statement reads the order and everything its page shows. Pending payments are checked with
  // their provider first; that may change the order (paid), so it is then read again.
  let view = await findOrderView(db, input.hash);
  if (!view) throw orderNotFound();
  let payments: ViewPaymentRow[] = [];
  if (view.order.status === OrderStatus.confirmed) {
    payments = view.payments;
    if (payments.some((p) => p.status === 'pending')) {
      payments = await deps.payments.reconcileOrder(view.order.id);
      view = (await findOrderView(db, input.hash)) ?? view;
    }
  }
  const { order, lines, tickets, services, methods, refunds } = view;
  const at = new Date(deps.now());
  const paid = order.status === OrderStatus.paid;
  // Offers and discounts change only an order awaiting payment (20); the payment footer shows while
  // the reserve runs, also for an order still awaiting its named-ticket data (10).
  const payable = isPayable(order, at);
  const running = isReserveRunning(order, at);
  const discountData = await discountDataFrom(db, order.id, view.discount);

  // Tickets an exchange replaced, or new ones still awaiting its difference, are not the order's
  // tickets to show; a line left with none (a seat given up by an exchange) is not shown either.
  const shownTickets = tickets.filter((t) => !isExchangeHidden(t.status));
  const shownLines = lines.filter(
    (line) => shownTickets.some((t) => t.order_line_id === line.id) || !tickets.some((t) => t.order_line_id === line.id),
  );
  const main = await Promise.all(
    shownLines.map((line) =>
      ticketRowOf(
        line,
        shownTickets.filter((t) => t.order_line_id === line.id),
        paid,
        deps.timeZone,
      ),
    ),
  );
  const toping: AttachedService[] = services.map((s) => ({
    id: s.id,
    parent_id: s.parent_line_id,
    package_id: s.package_id,
    price_id: s.offer_id,
    cost: toRoubles(s.amount),
    candelete: s.can_delete && payable ? 1 : 0,
    action: fullLocalized(s.name),
    status: s.status,
  }));
  // A Pushkin-card order buys its one ticket and nothing else: no offers to show.
  const addToping: Offer[] =
    payable && !order.pushkin_card
      ? offersFrom(view.offers, view.orderLines, services).map(({ parentId, offer, limit, rowLimit }) => ({
          parent_id: parentId,
          package_id: offer.package_id,
          price_id: offer.id,
          cost: toRoubles(offer.amount),
          action: fullLocalized(offer.name),
          descript: fullLocalized(offer.description),
          limit,
          row_limit: rowLimit,
          seat_tied: offer.seat_tied ? 1 : 0,
        }))
      : [];
  // A method whose acquirer refuses this sum (T-Bank's SBP under 10 ₽) is not offered.
  const paymentTypes: PaymentType[] = methods
    .filter((m) => deps.payments.methodOffered(m, order.total))
    .map((m) => ({
      creditcompany_id: m.id,
      protocol_type: m.protocol_type,
      protocol_kind: m.protocol_kind,
      name: fullLocalized(m.name),
      descript: fullLocalized(m.description),
    }));
  const lastUsed = payments.at(-1)?.method_id;
  const preferred = [input.bankId, lastUsed].find((id) => id !== undefined && methods.some((m) => m.id === id));
  const pendingQr = payable
    ? payments
        .filter(
          (p) =>
            p.status === 'pending' && p.kind === 'qr' && p.amount === order.total && (p.action_type ?? p.action?.type ?? 'qr') === 'qr',
        )
        .at(-1)
    : undefined;
  const reserveTime = running ? Math.ceil((order.reserved_until.getTime() - at.getTime()) / 1000) : 0;
  const selfExchange = paid ? await selfExchangeAvailability(db, order.hash, at) : { allowed: false, deadline: null };

  return {
    ord_num: order.number,
    hash: order.hash,
    status: order.status,
    reserveTime,
    main,
    toping,
    service: order.service_fee > 0 ? [{ id: 0, action: SERVICE_FEE_NAME, cost: toRoubles(order.service_fee) }] : [],
    addToping,
    discountData,
    printingAllowed: paid ? 1 : 0,
    paymentAllowed: running && (order.total === 0 || paymentTypes.length > 0),
    demsumma: toRoubles(order.total),
    url_pay: paymentTypes.length > 0 || order.total === 0 ? PAY_URL : '',
    payments: paymentTypes,
    creditCompanyId: preferred ?? paymentTypes[0]?.creditcompany_id ?? 0,
    payment_qr: pendingQr?.redirect_url
      ? { form_qr_url: pendingQr.redirect_url, form_qr_code: await QRCode.toDataURL(pendingQr.redirect_url, { width: 240, margin: 1 }) }
      : null,
    cost: toRoubles(order.subtotal + order.service_fee + order.services_total),
    name: order.buyer_name,
    email: order.email,
    phone: order.phone,
    usereturn: lines.some((l) => l.allow_return) ? 1 : 0,
    refunds: refunds.map(automaticRefundOf),
    selfExchange,
  };
}

/** Fallbacks of the ticket form's organiser when the setup has none: the venue must fill it in. */
const NO_ORGANIZER = { name: {}, inn: '', ticket_series: '' };

/** One ticket of a paid order, for /ticket/{hash}: the spec's fields and the ticket template's document. */
async function viewTicket(deps: { db: Db; venue: TicketVenue }, ticketHash: string) {
  const ticket = await findTicketByHash(deps.db, ticketHash);
  if (!ticket) return undefined;
  const order = await findOrderById(deps.db, ticket.order_id);
  if (!order || order.status !== OrderStatus.paid) return undefined;
  const line = (await findViewLines(deps.db, order.id)).find((l) => l.id === ticket.order_line_id);
  if (!line) return undefined;
  const own = (await findViewTickets(deps.db, order.id)).filter((t) => t.id === ticket.id);
  // A ticket an exchange replaced (or one awaiting its difference) has no page: the new one has.
  if (own.length === 0 || own.some((t) => isExchangeHidden(t.status))) return undefined;
  // A returned ticket says so and when, and nothing else: its code and images never leave again.
  if (own.some((t) => isReturned(t.status))) {
    const returnedAt = await findTicketReturnedAt(deps.db, ticket.id);
    throw new BusinessError(ErrorCode.ticketReturned, { status: 410, details: { returnedAt: returnedAt?.toISOString() ?? null } });
  }
  const row = await ticketRowOf({ ...line, quantity: 1, amount: line.unit_price }, own, true, deps.venue.timeZone);
  const shown = row.tickets[0];
  if (!shown) return undefined;
  // Never the order's hash: whoever holds one ticket must not be able to open the order (docs/payments.md).
  // Nor the buyer's name: a ticket link is handed on, and the door needs only a named ticket's
  // holder (or a Pushkin-card ticket's buyer, whose own it is).
  const document = ticketDocumentOf(
    line,
    { id: ticket.id, hash: ticketHash, code: shown.ticketcode || null, holder: ticket.holder },
    order,
    deps.venue,
  );
  const organizer = deps.venue.organizer ?? NO_ORGANIZER;
  return {
    ord_num: order.number,
    row,
    ticket: shown,
    name: ticket.holder ? holderName(ticket.holder) : '',
    form: {
      series: organizer.ticket_series,
      number: document.number,
      organizer: organizer.name,
      organizer_inn: organizer.inn,
      holder: document.holder,
    },
    document,
  };
}

/**
 * Which of the orders a browser remembers for an event are still held unpaid at `at`, with the
 * seconds their hold still runs: the event page's offer to continue one. Orders of other events,
 * paid, cancelled, released or expired ones, and unknown hashes are simply not in the answer.
 */
async function heldOrders(db: Db, input: { eventHash: string; orders: readonly string[]; at: Date }): Promise<HeldOrder[]> {
  const rows = await findHeldOrders(db, input.eventHash, [...new Set(input.orders)], input.at);
  return rows.map((row) => ({
    hash: row.hash,
    ord_num: row.number,
    status: row.status,
    reserveTime: Math.ceil((row.reserved_until.getTime() - input.at.getTime()) / 1000),
  }));
}

export type OrderViewService = ReturnType<typeof createOrderViewService>;

/** The order page, the ticket page and the orders a browser still holds, as the visitor sees them. */
export function createOrderViewService(deps: {
  db: Db;
  payments: PaymentsService;
  now: () => number;
  timeZone: string;
  /** The venue's organiser and currency, as every ticket prints them. */
  ticketVenue?: () => Promise<Omit<TicketVenue, 'timeZone'>>;
}) {
  return {
    order: (input: { hash: string; bankId?: number | undefined }) => viewOrder(deps, input),
    held: (input: { eventHash: string; orders: readonly string[]; at: Date }) => heldOrders(deps.db, input),
    ticket: async (ticketHash: string) =>
      viewTicket(
        { db: deps.db, venue: { organizer: undefined, currency: 'RUB', ...(await deps.ticketVenue?.()), timeZone: deps.timeZone } },
        ticketHash,
      ),
  };
}

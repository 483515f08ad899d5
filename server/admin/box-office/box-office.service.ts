import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { type DeskPayment, type DeskSaleRequest, type DeskSessionResponse, type DeskSessionsResponse } from '../../../contract/admin/box-office.ts';
import { DESK_LIMITS, changeDue, paymentParts } from '../../../contract/admin/box-office-rules.ts';
import type { Lang } from '../../../contract/common.ts';
import { PUSHKIN_TICKETS_PER_ORDER, priceFitsPayment } from '../../../contract/event-prices.ts';
import { formatPrice } from '../../../contract/format-price.ts';
import type { StoredSetup } from '../../../contract/setup.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { findPrices } from '../../event/event.repository.ts';
import { pricesOfSession } from '../../event/event.service.ts';
import { BusinessError, adminErrorText } from '../../http.ts';
import { fullLocalized, venueDateParts } from '../../order-view/dates.ts';
import { markOrderSoldAtDesk } from '../../orders/orders.repository.ts';
import { type NewOrderLine, OrderStatus, placeOrder } from '../../orders/orders.service.ts';
import { orderTotals } from '../../orders/pricing.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import { resolvePlaces, toLines } from '../../seating/scheme-order.service.ts';
import type { AuditWriter } from '../audit/audit.service.ts';
import { type DeskSessionRow, findDeskSession, findDeskSessions, findPriceStock, insertDeskPayment } from './box-office.repository.ts';

type DeskSale = Omit<DeskSaleRequest, 'lines' | 'seats' | 'email' | 'phone' | 'lang'> & {
  lines: { priceId: number; quantity: number }[];
  seats: { seatId: number; priceId: number }[];
  email: string;
  phone: string;
  payment: DeskPayment;
  lang: Lang;
};
type Cashier = { id: number; name: string; ip: string; userAgent: string | null };

const refuse = (code: (typeof AdminErrorCode)[keyof typeof AdminErrorCode], status = 409, detail?: (lang: Lang) => string) =>
  new BusinessError(code, { status, ...(detail ? { text: (lang: Lang) => adminErrorText(code, lang, detail(lang)) } : {}) });

/** What the cashier's list and the session's panel show of a session, in the venue's day and time. */
function toWireSession(row: DeskSessionRow, timeZone: string) {
  const parts = venueDateParts(row.starts_at, timeZone);
  return {
    id: row.id,
    eventId: row.event_id,
    eventHash: row.event_hash,
    eventName: fullLocalized(row.event_name),
    startsAt: row.starts_at.toISOString(),
    day: parts.iso,
    time: row.has_time ? parts.time : '',
    free: row.remaining,
    useSeatMap: row.use_seat_map,
    namedTickets: row.named_tickets,
    pushkin: row.use_pushkin_card,
    ordinary: row.use_ordinary_card,
  };
}

/**
 * The box office: the sessions a cashier sells, and a sale. A sale goes through the storefront's
 * order engine (placeOrder: the same guarded stock takes and the same unique seat index, so a
 * desk sale and a web order racing for the last place or one seat end with one winner), is paid at
 * once by the money the cashier took, and is audited with the cashier's name. No captcha, no
 * per-address hold limits, no per-order limit (those stop bots on the web), and no service fee
 * (the fee is the web's booking charge).
 */
export function createBoxOffice(deps: { db: Db; now: () => number; timeZone: string; payments: Pick<PaymentsService, 'markPaid'>; setup: { get(): Promise<StoredSetup> }; audit: AuditWriter }) {
  const { db, timeZone } = deps;
  const today = () => venueDateParts(new Date(deps.now()), timeZone).iso;

  async function sessions(q: string): Promise<Omit<DeskSessionsResponse, 'errorCode' | 'errorText'>> {
    const day = today();
    const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await findDeskSessions(db, { timeZone, today: day, q: escaped, limit: DESK_LIMITS.sessionsMax });
    return { today: day, sessions: rows.map((row) => toWireSession(row, timeZone)) };
  }

  async function sellable(tx: Queryable, sessionId: number): Promise<DeskSessionRow> {
    const row = await findDeskSession(tx, timeZone, sessionId);
    if (!row) throw refuse(AdminErrorCode.deskSessionNotFound, 404);
    // The desk sells a session until the end of its day: a visitor may still come in after the start.
    if (row.is_cancelled || row.venue_day < today()) throw refuse(AdminErrorCode.deskNotOnSale);
    return row;
  }

  async function session(sessionId: number): Promise<DeskSessionResponse['session']> {
    const row = await sellable(db, sessionId);
    const prices = pricesOfSession(await findPrices(db, row.event_id), sessionId).filter((p) => !p.for_subscription);
    const stock = await findPriceStock(db, sessionId);
    return {
      ...toWireSession(row, timeZone),
      orderLimit: row.order_limit,
      prices: prices.map((p) => ({
        id: p.id,
        categoryName: fullLocalized(p.category_name),
        zoneName: p.zone_name ? fullLocalized(p.zone_name) : null,
        amount: p.amount,
        pushkin: p.pushkin,
        isGroup: p.group_passes > 0,
        free: stock.get(p.id) ?? null,
      })),
    };
  }

  /** The lines of a sale priced from the catalog; the client's amounts are never read. */
  async function saleLines(row: DeskSessionRow, sale: DeskSale, pushkin: boolean): Promise<NewOrderLine[]> {
    if (sale.seats.length > 0) {
      if (!row.use_seat_map || row.hall_id === null || pushkin) throw refuse(pushkin ? AdminErrorCode.deskPushkinRefused : AdminErrorCode.deskBadPlace, 400);
      const places = await resolvePlaces(db, row.hall_id, row.event_id, row.id, sale.seats.map((s) => ({ seat_id: s.seatId, price_id: s.priceId })));
      return toLines(row.id, places).map((line) => ({ ...line, unitFee: 0 }));
    }
    const usable = pricesOfSession(await findPrices(db, row.event_id), row.id).filter((p) => !p.for_subscription && priceFitsPayment(p.pushkin, pushkin));
    const byPrice = new Map<number, NewOrderLine>();
    for (const line of sale.lines) {
      const price = usable.find((p) => p.id === line.priceId);
      if (!price) throw refuse(AdminErrorCode.deskBadPlace, 400);
      const seen = byPrice.get(price.id);
      if (seen) {
        seen.quantity += line.quantity;
        continue;
      }
      byPrice.set(price.id, {
        sessionId: row.id,
        priceId: price.id,
        categoryId: price.category_id,
        zoneId: price.zone_id,
        seatId: null,
        standingAreaId: null,
        subscriptionEventId: null,
        isGroup: price.group_passes > 0,
        quantity: line.quantity,
        unitPrice: price.amount,
        unitFee: 0,
      });
    }
    return [...byPrice.values()];
  }

  /** Sells places of a session at the desk, paid with the money the cashier took; see createBoxOffice. */
  async function sell(sale: DeskSale, cashier: Cashier) {
    const at = new Date(deps.now());
    const pushkin = sale.payment.kind === 'pushkin';
    const row = await sellable(db, sale.sessionId);
    if (row.named_tickets) throw refuse(AdminErrorCode.deskNamedTickets);
    if (pushkin && !row.use_pushkin_card) throw refuse(AdminErrorCode.deskPushkinRefused);
    if (!pushkin && !row.use_ordinary_card) throw refuse(AdminErrorCode.deskPushkinOnly);
    const lines = await saleLines(row, sale, pushkin);
    const places = lines.reduce((sum, l) => sum + l.quantity, 0);
    if (pushkin && places !== PUSHKIN_TICKETS_PER_ORDER) throw refuse(AdminErrorCode.deskPushkinRefused);
    const { total } = orderTotals(lines);
    if (total !== sale.expectedTotal) {
      const currency = (await deps.setup.get()).app.currency;
      throw refuse(AdminErrorCode.deskTotalChanged, 409, (lang) => formatPrice(total, currency, lang));
    }
    const parts = paymentParts(total, sale.payment.kind, sale.payment.kind === 'split' ? sale.payment.cash : 0);
    if (!parts) throw refuse(AdminErrorCode.deskSplitInvalid, 400);
    const tendered = sale.payment.kind === 'cash' || sale.payment.kind === 'split' ? sale.payment.tendered : undefined;
    if (tendered !== undefined && tendered < parts.cash) throw refuse(AdminErrorCode.deskTenderedShort, 400);
    const holder =
      sale.payment.kind === 'pushkin'
        ? { surname: sale.payment.surname, firstName: sale.payment.name, patronymic: sale.payment.patronymic, phone: sale.payment.phone }
        : undefined;
    const buyerName = holder ? [holder.surname, holder.firstName, holder.patronymic].filter(Boolean).join(' ') : '';
    const slip = sale.payment.kind === 'cash' ? { rrn: null, cardLast4: null } : { rrn: sale.payment.rrn ?? null, cardLast4: sale.payment.last4 ?? null };

    return db.transaction(async (tx) => {
      const placed = await placeOrder(tx, {
        eventId: row.event_id,
        status: OrderStatus.confirmed,
        lang: sale.lang,
        createdAt: at,
        // Paid in this same transaction: the hold never waits for anyone.
        reservedUntil: new Date(at.getTime() + 60_000),
        buyer: { name: buyerName, surname: holder?.surname ?? '', firstName: holder?.firstName ?? '', patronymic: holder?.patronymic ?? '', phone: holder?.phone ?? sale.phone, email: sale.email },
        pushkinCard: pushkin,
        isSubscription: false,
        crmClientId: null,
        checkboxes: [],
        lines,
      });
      await markOrderSoldAtDesk(tx, placed.id, cashier);
      const paid: { method: 'cash' | 'card' | 'pushkin'; amount: number }[] = [];
      for (const method of ['cash', 'card', 'pushkin'] as const) {
        const amount = parts[method];
        if (amount <= 0) continue;
        await insertDeskPayment(tx, {
          orderId: placed.id,
          method,
          amount,
          tendered: method === 'cash' ? (tendered ?? null) : null,
          rrn: method === 'cash' ? null : slip.rrn,
          cardLast4: method === 'cash' ? null : slip.cardLast4,
          holderName: method === 'pushkin' ? buyerName : null,
          staffId: cashier.id,
          at,
        });
        paid.push({ method, amount });
      }
      // A free sale has no money to record; it is paid all the same (as a free web order is).
      if (!(await deps.payments.markPaid(tx, placed.id, at))) throw new Error('a desk order placed in this transaction could not be marked paid');
      await deps.audit(tx, {
        staffId: cashier.id,
        action: 'desk.sale',
        subjectType: 'order',
        subjectId: String(placed.id),
        after: { cashier: cashier.name, sessionId: row.id, total, places, payments: paid },
        ip: cashier.ip,
        userAgent: cashier.userAgent,
        at,
      });
      return { order: { id: placed.id, number: placed.number, hash: placed.hash, total, tickets: places }, payments: paid, change: changeDue(parts.cash, tendered) };
    });
  }

  return { sessions, session, sell };
}
export type BoxOffice = ReturnType<typeof createBoxOffice>;

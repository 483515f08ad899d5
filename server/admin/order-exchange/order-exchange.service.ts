/**
 * Exchanging tickets of a paid order for others of the same event: another session, seat or
 * category (docs/session-changes.md, "Exchanging an order's tickets"). The new places are new
 * lines of the same order, placed with the order path's guards; the old tickets stop admitting
 * (status 90, the door's 'replaced') in the transaction that issues the new ones. A lower price's
 * difference is refunded on the order's payment like a partial return; a higher one is paid by
 * the buyer through a link, and until then the old tickets admit and the new places are held.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { EXCHANGE_LIMITS, type ExchangeOptionsResponse } from '../../../contract/admin/order-exchange.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import { ReturnStatus } from '../../../contract/order-status.ts';
import { unitServiceFee } from '../../../contract/event-prices.ts';
import type { StoredSetup } from '../../../contract/setup.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { findPrices } from '../../event/event.repository.ts';
import { pricesOfSession } from '../../event/event.service.ts';
import { BusinessError } from '../../http.ts';
import { enqueueMail } from '../../mail/outbox.repository.ts';
import { fullLocalized } from '../../order-view/dates.ts';
import { lineRow, newHash, notEnoughPlaces, returnLinePlaces, seatUnavailable } from '../../orders/orders.service.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import { findRefundStatus } from '../../payments/payments.repository.ts';
import { lockTickets, moveTickets } from '../../returns/returns.repository.ts';
import { issueTicketCodes } from '../../tickets/ticket-codes.ts';
import type { AuditWriter } from '../audit/audit.service.ts';
import { exchangeDoneMail, exchangePayMail } from './exchange-mail.ts';
import { type ExchangeAsk, type PricedExchange, assertExchangeable, priceExchange, refuse } from './exchange-pricing.ts';
import {
  type ExchangeOrderRow,
  addOrderLines,
  copyHolders,
  findExchangeEvent,
  findExchangeSessions,
  findOnlinePayment,
  hasWaitingExchange,
  insertExchange,
  findExchangeOrder,
  lockExchangeOrder,
  setExchangeRefund,
} from './order-exchange.repository.ts';

export type ExchangeDeps = {
  db: Db;
  now: () => number;
  payments: PaymentsService;
  setup: { get(): Promise<StoredSetup> };
  timeZone: string;
  publicUrl: string;
  audit: AuditWriter;
};

/** Who exchanges: a member of staff, or the order's buyer (no staff id) through the order page. */
export type ExchangeActor = { id: number | null; name: string; ip: string; userAgent: string | null; madeBy?: 'staff' | 'buyer' };

/** A caller's own rule, checked on the priced exchange before anything is written (inside the exchange's transaction). */
export type ExchangeGuard = (priced: PricedExchange, at: Date) => void;

const orderNotFound = () => new BusinessError(ErrorCode.notFound, { status: 404 });

/** The token of a payment link is random; only its hash is stored. */
export const payTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/** Old tickets go back first, so a seat or the last place of the same session can be taken again by the new line. */
async function releaseOldPlaces(tx: Queryable, priced: PricedExchange): Promise<void> {
  const perLine = new Map<number, number>();
  for (const o of priced.old) perLine.set(o.ticket.line_id, (perLine.get(o.ticket.line_id) ?? 0) + 1);
  for (const [lineId, count] of [...perLine].sort((a, b) => a[0] - b[0])) {
    if (!(await returnLinePlaces(tx, lineId, count)))
      throw new Error(`order line ${lineId} has fewer places left than its exchanged tickets`);
  }
}

/** Places the new lines on the order; a seat taken or a pool run out refuses the exchange as it refuses a web order. */
async function placeNewLines(tx: Queryable, order: ExchangeOrderRow, priced: PricedExchange, ticketStatus: number) {
  const places = priced.lines.reduce((sum, l) => sum + l.quantity, 0);
  try {
    return await addOrderLines(tx, {
      orderId: order.id,
      lines: priced.lines.map(lineRow),
      ticketHashes: Array.from({ length: places }, newHash),
      ticketStatus,
    });
  } catch (error) {
    const code = errorCode(error);
    if (code === 'SF001') throw notEnoughPlaces({ pool: (error as Error).message });
    if (code === '23505') throw seatUnavailable(priced.lines.flatMap((l) => (l.seatId === null ? [] : [l.seatId])));
    throw error;
  }
}

/** Staff exchanges of one order's tickets; see the module's comment. */
export function createOrderExchange(deps: ExchangeDeps) {
  const { db, now } = deps;

  /** The sessions of the order's event still to come, with their prices: the exchange form's choices. */
  async function options(orderId: number): Promise<Omit<ExchangeOptionsResponse, 'errorCode' | 'errorText'>> {
    const order = await readOrder(orderId);
    const event = await findExchangeEvent(db, order.event_id);
    if (!event) throw orderNotFound();
    const prices = await findPrices(db, event.id);
    const sessions = await findExchangeSessions(db, event.id, new Date(now()));
    return {
      useSeatMap: event.use_seat_map && event.hall_id !== null,
      eventHash: event.hash,
      eventName: fullLocalized(event.name),
      sessions: sessions.map((s) => ({
        id: s.id,
        startsAt: s.starts_at.toISOString(),
        hasTime: s.has_time,
        remaining: s.remaining,
        prices: pricesOfSession(prices, s.id)
          .filter((p) => !p.for_subscription && p.pushkin !== 1 && p.group_passes === 0)
          .map((p) => ({
            id: p.id,
            categoryId: p.category_id,
            categoryName: fullLocalized(p.category_name),
            zoneId: p.zone_id,
            zoneName: p.zone_name ? fullLocalized(p.zone_name) : null,
            amount: p.amount,
            fee: unitServiceFee(p.amount, p.service_fee, p.service_fee_kind),
          })),
      })),
    };
  }

  async function readOrder(orderId: number): Promise<ExchangeOrderRow> {
    const order = await findExchangeOrder(db, orderId);
    if (!order) throw orderNotFound();
    return order;
  }

  /** The figures of an exchange before it is made; nothing changes. */
  async function quote(orderId: number, ask: ExchangeAsk, guard?: ExchangeGuard) {
    const order = await readOrder(orderId);
    assertExchangeable(order);
    const at = new Date(now());
    const priced = await priceExchange(db, order, ask, at);
    guard?.(priced, at);
    return answerFigures(priced);
  }

  /**
   * Exchanges the order's chosen tickets for the new places, in one transaction with the order's
   * row locked (as returns and refunds lock it): two staff exchanging one order, or an exchange and
   * a refund of it, take turns, and the second finds the tickets moved and is refused.
   */
  async function exchange(orderId: number, ask: ExchangeAsk & { expectedDifference: number }, actor: ExchangeActor, guard?: ExchangeGuard) {
    const madeBy = actor.madeBy ?? 'staff';
    const staff = actor.id === null ? null : { id: actor.id, name: actor.name };
    const at = new Date(now());
    const setup = await deps.setup.get();
    const done = await db.transaction(async (tx) => {
      const order = await lockExchangeOrder(tx, orderId);
      if (!order) throw orderNotFound();
      assertExchangeable(order);
      if (await hasWaitingExchange(tx, order.id)) throw refuse(AdminErrorCode.exchangeWaiting);
      await lockTickets(tx, ask.ticketIds);
      const priced = await priceExchange(tx, order, ask, at);
      guard?.(priced, at);
      if (priced.difference !== ask.expectedDifference) throw refuse(AdminErrorCode.exchangeQuoteStale);
      const payment = priced.difference === 0 ? undefined : await findOnlinePayment(tx, order.id);
      if (priced.difference !== 0 && !payment) throw refuse(AdminErrorCode.exchangeNotPossible);
      const oldIds = priced.old.map((o) => o.ticket.id);
      const target = { eventName: priced.event.name, startsAt: priced.session.starts_at, hasTime: priced.session.has_time };

      if (priced.difference > 0) {
        const added = await placeNewLines(tx, order, priced, ReturnStatus.awaitingExchange);
        await copyHolders(
          tx,
          oldIds.map((from, i) => ({ from, to: added.ticketIds[i] ?? 0 })),
        );
        const token = randomBytes(24).toString('base64url');
        const payUntil = new Date(Math.min(at.getTime() + EXCHANGE_LIMITS.payHours * 3_600_000, priced.session.starts_at.getTime()));
        const exchangeId = await insertExchange(tx, {
          orderId: order.id,
          staff,
          madeBy,
          oldTicketIds: oldIds,
          newTicketIds: added.ticketIds,
          newLineIds: added.lineIds,
          oldAmount: priced.oldAmount,
          newAmount: priced.newAmount,
          status: 'awaiting-payment',
          payTokenSha256: payTokenHash(token),
          payUntil,
          at,
        });
        if (order.email) {
          const link = `${deps.publicUrl.replace(/\/$/, '')}/exchange/pay/${token}`;
          await enqueueMail(
            tx,
            exchangePayMail(
              { publicUrl: deps.publicUrl, setup, timeZone: deps.timeZone },
              {
                to: order.email,
                orderId: order.id,
                orderNumber: order.number,
                orderLang: order.lang,
                exchangeId,
                amount: priced.difference,
                payUntil,
                link,
                target,
              },
            ),
            at,
          );
        }
        await auditExchange(tx, actor, order, priced, { exchangeId, newTicketIds: added.ticketIds, status: 'awaiting-payment', at });
        return {
          exchangeId,
          status: 'awaiting-payment' as const,
          priced,
          newTicketIds: added.ticketIds,
          refundId: null,
          payUntil,
          payPath: `/exchange/pay/${token}`,
        };
      }

      await releaseOldPlaces(tx, priced);
      if ((await moveTickets(tx, oldIds, ReturnStatus.returnable, ReturnStatus.exchanged)) !== oldIds.length)
        throw refuse(AdminErrorCode.exchangeTicketsInvalid);
      const added = await placeNewLines(tx, order, priced, ReturnStatus.returnable);
      await copyHolders(
        tx,
        oldIds.map((from, i) => ({ from, to: added.ticketIds[i] ?? 0 })),
      );
      await issueTicketCodes(tx, order.id);
      const exchangeId = await insertExchange(tx, {
        orderId: order.id,
        staff,
        madeBy,
        oldTicketIds: oldIds,
        newTicketIds: added.ticketIds,
        newLineIds: added.lineIds,
        oldAmount: priced.oldAmount,
        newAmount: priced.newAmount,
        status: 'done',
        payTokenSha256: null,
        payUntil: null,
        at,
      });
      let refundId: number | null = null;
      if (priced.difference < 0 && payment) {
        refundId = await deps.payments.requestRefund(tx, {
          paymentId: payment.id,
          amount: -priced.difference,
          reason: `exchange of tickets of order ${order.number}`,
          key: `exchange:${exchangeId}`,
          at,
        });
        await setExchangeRefund(tx, exchangeId, refundId);
      }
      const mail = await exchangeDoneMail(
        tx,
        { publicUrl: deps.publicUrl, setup, timeZone: deps.timeZone },
        { orderId: order.id, orderLang: order.lang, exchangeId, count: oldIds.length, refund: Math.max(0, -priced.difference), target },
      );
      if (mail) await enqueueMail(tx, mail, at);
      await auditExchange(tx, actor, order, priced, { exchangeId, newTicketIds: added.ticketIds, status: 'done', at });
      return { exchangeId, status: 'done' as const, priced, newTicketIds: added.ticketIds, refundId, payUntil: null, payPath: null };
    });
    let refund: 'pending' | 'done' | null = null;
    if (done.refundId !== null) {
      // A courtesy: the refunds job carries it out anyway, retried with its backoff.
      await deps.payments.processRefunds({ ids: [done.refundId] });
      refund = (await findRefundStatus(db, done.refundId)) === 'done' ? 'done' : 'pending';
    }
    return {
      exchangeId: done.exchangeId,
      status: done.status,
      ...answerFigures(done.priced),
      newTicketIds: done.newTicketIds,
      refund,
      payUntil: done.payUntil?.toISOString() ?? null,
      /** The difference's payment link (site-relative), for the buyer's own browser; staff routes leave it out. */
      payPath: done.payPath,
    };
  }

  async function auditExchange(
    tx: Queryable,
    actor: ExchangeActor,
    order: ExchangeOrderRow,
    priced: PricedExchange,
    x: { exchangeId: number; newTicketIds: number[]; status: 'done' | 'awaiting-payment'; at: Date },
  ) {
    await deps.audit(tx, {
      staffId: actor.id,
      action: 'order.exchange',
      subjectType: 'order',
      subjectId: String(order.id),
      before: { ticketIds: priced.old.map((o) => o.ticket.id), sessionIds: [...new Set(priced.old.map((o) => o.ticket.session_id))] },
      after: {
        exchangeId: x.exchangeId,
        ticketIds: priced.old.map((o) => o.ticket.id),
        newTicketIds: x.newTicketIds,
        sessionId: priced.session.id,
        startsAt: priced.session.starts_at.toISOString(),
        oldAmount: priced.oldAmount,
        newAmount: priced.newAmount,
        amount: priced.difference,
        status: x.status,
        // Who made it: a buyer's own exchange has no member of staff.
        madeBy: actor.madeBy ?? 'staff',
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
      at: x.at,
    });
  }

  return { options, quote, exchange };
}

function answerFigures(priced: PricedExchange) {
  return {
    oldAmount: priced.oldAmount,
    newAmount: priced.newAmount,
    difference: priced.difference,
    tickets: priced.old.map((o) => ({ id: o.ticket.id, amount: o.amount })),
    places: priced.places,
  };
}

export type OrderExchange = ReturnType<typeof createOrderExchange>;

/**
 * What the return use cases share (server/returns/return-view.ts, visitor-return.ts,
 * staff-refund.ts): the errors, a ticket's terms, the services that go with tickets, and the core
 * that carries out a decided return.
 */
import { createHash } from 'node:crypto';
import { ErrorCode } from '../../contract/errors.ts';
import { ReturnStatus } from '../../contract/returns.ts';
import type { StoredSetup } from '../../contract/setup.ts';
import type { Db, Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { returnLinePlaces } from '../orders/orders.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { orderNotFound } from '../payments/payment-context.ts';
import { giveOfferStock } from '../offers/offers.repository.ts';
import { findRefundStatus } from '../payments/payments.repository.ts';
import { enqueueRefundReports } from '../registry/registry.repository.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { refundPercent, returnDeadline, secondsLeft, ticketRefundParts } from './refund-policy.ts';
import { bonusesToRestore, bonusesToRevoke, serviceRefund, servicesGoingBack } from './return-services.ts';
import {
  type ReturnOrderRow,
  type ReturnRequestRow,
  type ReturnServiceRow,
  type ReturnTicketRow,
  findConfirmedReturns,
  findLoyaltyMovements,
  findPaidPayment,
  findRequestServices,
  findReturnServices,
  findReturnTickets,
  insertRequestServices,
  lockTickets,
  markRequestConfirmed,
  moveRequestServices,
  moveReturnBonuses,
  moveTickets,
  settleDoneRefunds,
} from './returns.repository.ts';

/** Pays a return's refund back outside the order's payment (at the desk), in the return's transaction. */
export type RefundHere = (tx: Queryable, refund: { orderId: number; requestId: number; amount: number }) => Promise<void>;

/** What the return use cases need; createReturnsService receives it. */
export type ReturnsDeps = {
  db: Db;
  now: () => number;
  setup: { get(): Promise<StoredSetup> };
  payments: PaymentsService;
  baseUrl: string;
  timeZone: string;
};

export const notAllowed = () => new BusinessError(ErrorCode.returnNotAllowed);
export const linkInvalid = () => new BusinessError(ErrorCode.returnLinkInvalid);
export const notReturnable = () => new BusinessError(ErrorCode.ticketsNotReturnable);
/**
 * A ticket the door admitted is used, as at any box office: the visitor cannot return it (the
 * event was attended); staff still can, and every staff refund records its reason.
 */
export const ticketUsed = () => new BusinessError(ErrorCode.ticketUsed);

/** The refund reason the Pushkin-card registry is told of a visitor's return. */
const REGISTRY_REFUND_REASON = 'Возврат билета по заявлению посетителя';

/** The refund reason the registry is told of a ticket of a session the venue cancelled. */
export const REGISTRY_CANCEL_REASON = 'Отмена мероприятия';

/** The return reason (staff only, not on the visitor's list) of returns a session's cancellation makes. */
export const SESSION_CHANGE_REASON = 900;

/** The token of the e-mail link is random; only its hash is stored. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Whether a postponed session's full-return right still runs for this ticket: until the deadline
 * the venue set when it moved the session, the ticket is returned in full (its service fee too),
 * even where the event takes no returns.
 */
function fullReturnOpen(t: ReturnTicketRow, at: Date): boolean {
  return t.full_return_until !== null && at.getTime() < t.full_return_until.getTime();
}

/** Whether the order may be returned at all: paid, and usereturn or setup app.order_return, or a postponement's full-return right. */
export function ticketAllowed(t: ReturnTicketRow, setup: StoredSetup, at: Date): boolean {
  return setup.app.order_return === 1 || t.allow_return || fullReturnOpen(t, at);
}

export function assertOrderReturnable(
  order: ReturnOrderRow | undefined,
  tickets: readonly ReturnTicketRow[],
  setup: StoredSetup,
  at: Date,
): asserts order is ReturnOrderRow {
  if (!order) throw orderNotFound();
  if (order.status !== OrderStatus.paid || !tickets.some((t) => ticketAllowed(t, setup, at))) throw notAllowed();
}

/** A ticket's deadline, the seconds left to it, the percent and what returning it at `at` refunds. */
export function ticketTerms(t: ReturnTicketRow, order: ReturnOrderRow, setup: StoredSetup, at: Date) {
  const settings = { policy: t.refund_policy, returnHoursBefore: t.return_hours_before, refundServiceFee: t.refund_service_fee };
  const usual = returnDeadline(t.starts_at, settings);
  const full = fullReturnOpen(t, at);
  const deadline = full && t.full_return_until && t.full_return_until > usual ? t.full_return_until : usual;
  const left = ticketAllowed(t, setup, at) ? secondsLeft(deadline, at) : 0;
  const percent = full ? 100 : refundPercent(t.refund_policy, t.starts_at, at);
  const parts = ticketRefundParts(
    { unitPrice: t.unit_price, unitFee: t.unit_fee },
    percent,
    full || t.refund_service_fee,
    orderDiscount(order),
  );
  return { deadline, left, percent, refund: parts.price + parts.fee, fee: parts.fee };
}

export const orderDiscount = (order: ReturnOrderRow) => ({ discountable: order.subtotal + order.services_total, discount: order.discount });

export const asServices = (services: readonly ReturnServiceRow[]) =>
  services.map((s) => ({
    id: s.id,
    lineId: s.parent_line_id,
    offerId: s.offer_id,
    seatTied: s.seat_tied,
    amount: s.amount,
    status: s.status,
  }));
export const asTickets = (tickets: readonly ReturnTicketRow[]) => tickets.map((t) => ({ id: t.id, lineId: t.line_id, status: t.status }));

/** The order's attached services that go back with these tickets, each with its refund. */
export async function servicesGoingWith(tx: Queryable, order: ReturnOrderRow, tickets: readonly ReturnTicketRow[], ids: readonly number[]) {
  const serviceRows = await findReturnServices(tx, order.id);
  return servicesGoingBack(asServices(serviceRows), asTickets(tickets), ids).map((x) => ({
    id: x.id,
    name: serviceRows.find((row) => row.id === x.id)?.name ?? {},
    refund: serviceRefund(x.amount, orderDiscount(order)),
    price: x.amount,
  }));
}

/**
 * Ties the tickets and services to the request and marks them requested; a ticket or service that
 * another request took meanwhile refuses the whole request.
 */
export async function holdForRequest(
  tx: Queryable,
  requestId: number,
  ticketIds: readonly number[],
  services: readonly { id: number; refund: number }[],
) {
  await insertRequestServices(
    tx,
    requestId,
    services.map((x) => ({ id: x.id, amount: x.refund })),
  );
  if ((await moveTickets(tx, ticketIds, ReturnStatus.returnable, ReturnStatus.requested)) !== ticketIds.length) throw notReturnable();
  if ((await moveRequestServices(tx, [requestId], ReturnStatus.returnable, ReturnStatus.requested)) !== services.length)
    throw notReturnable();
}

/**
 * The loyalty bonuses a return moves once confirmed: those paid with, given back in proportion
 * to the part of the order's price returned, and those accrued, taken back in proportion to the
 * money refunded; cumulative over the order's confirmed returns (docs/returns.md).
 */
export async function bonusMoves(tx: Queryable, order: ReturnOrderRow, request: { share: number; amount: number }) {
  const movements = await findLoyaltyMovements(tx, order.id);
  const confirmed = await findConfirmedReturns(tx, order.id);
  const restore = bonusesToRestore({
    spent: movements.spent,
    discountable: order.subtotal + order.services_total,
    returnedShare: confirmed.share + request.share,
    alreadyRestored: movements.restored,
  });
  const revoke = bonusesToRevoke({
    accrued: movements.accrued,
    total: order.total,
    refunded: confirmed.refunded + request.amount,
    alreadyRevoked: movements.revoked,
  });
  return { cardId: movements.cardId, restore, revoke, movements };
}

/**
 * The core of every return once it is decided (the visitor's confirmed link, or staff): the
 * places go back on sale, the refund of the request's fixed amount is requested on the order's
 * payment (key return:{request}, so it is made once), the tickets and services move from 60 to
 * 70 or 80, the services' stock comes back and the bonuses move. Runs in the caller's
 * transaction, which holds the order's row lock.
 */
export async function carryOutRequest(
  deps: ReturnsDeps,
  tx: Queryable,
  order: ReturnOrderRow,
  request: ReturnRequestRow,
  ids: readonly number[],
  at: Date,
  options: { refundKey?: string; registryReason?: string; payout?: 'acquirer' | 'desk'; refundHere?: RefundHere | undefined } = {},
) {
  await lockTickets(tx, ids);
  const tickets = (await findReturnTickets(tx, order.id)).filter((t) => ids.includes(t.id));
  const perLine = new Map<number, number>();
  for (const t of tickets) perLine.set(t.line_id, (perLine.get(t.line_id) ?? 0) + 1);
  for (const [lineId, count] of [...perLine].sort((a, b) => a[0] - b[0])) {
    if (!(await returnLinePlaces(tx, lineId, count)))
      throw new Error(`order line ${lineId} has fewer places left than its returned tickets`);
  }

  let refundId: number | null = null;
  // Money taken at the desk goes back at the desk: the tickets stay 'refunding' until it is paid out.
  const atDesk = options.payout === 'desk';
  if (request.amount > 0 && options.refundHere) {
    // Money taken at the box office goes back there (its own record and refund receipt).
    await options.refundHere(tx, { orderId: order.id, requestId: request.id, amount: request.amount });
  } else if (request.amount > 0 && !atDesk) {
    const payment = await findPaidPayment(tx, order.id);
    if (!payment) throw new Error(`paid order ${order.id} has no payment to refund`);
    refundId = await deps.payments.requestRefund(tx, {
      paymentId: payment.id,
      amount: request.amount,
      reason: `return of tickets of order ${order.number}`,
      key: options.refundKey ?? `return:${request.id}`,
      at,
    });
  }
  const status = refundId === null && !(atDesk && request.amount > 0) ? ReturnStatus.refunded : ReturnStatus.refunding;
  if ((await moveTickets(tx, ids, ReturnStatus.requested, status)) !== ids.length) throw linkInvalid();
  // The registry learns of the refund of each Pushkin-card ticket with the return itself.
  await enqueueRefundReports(tx, ids, options.registryReason ?? REGISTRY_REFUND_REASON, at);
  const services = await findRequestServices(tx, request.id);
  if ((await moveRequestServices(tx, [request.id], ReturnStatus.requested, status)) !== services.length) throw linkInvalid();
  // A returned service is free to sell again, like the returned place.
  const perOffer = new Map<number, number>();
  for (const x of services) perOffer.set(x.offer_id, (perOffer.get(x.offer_id) ?? 0) + 1);
  for (const [offerId, n] of [...perOffer].sort((a, b) => a[0] - b[0])) await giveOfferStock(tx, offerId, n);

  const bonuses = await bonusMoves(tx, order, request);
  let restored = 0;
  let revoked = 0;
  if (bonuses.cardId !== null) {
    const card = { cardId: bonuses.cardId, orderId: order.id, requestId: request.id, at };
    restored = await moveReturnBonuses(tx, { ...card, kind: 'restore', bonuses: bonuses.restore });
    revoked = await moveReturnBonuses(tx, { ...card, kind: 'revoke', bonuses: bonuses.revoke });
  }
  await markRequestConfirmed(tx, { id: request.id, at, refundId, bonusesRestored: restored, bonusesRevoked: revoked });
  return {
    orderId: order.id,
    requestId: request.id,
    refundId,
    amount: request.amount,
    status,
    bonusesRestored: restored,
    bonusesRevoked: revoked,
  };
}

/** After the commit: carries out the refund at once (a courtesy; the refunds job retries it) and settles the tickets. */
export async function finishRefund(deps: ReturnsDeps, done: Awaited<ReturnType<typeof carryOutRequest>>) {
  const { db } = deps;
  const bonuses = { bonusesRestored: done.bonusesRestored, bonusesRevoked: done.bonusesRevoked };
  if (done.refundId === null) return { amount: done.amount, status: done.status, ...bonuses };
  await deps.payments.processRefunds({ ids: [done.refundId] });
  await db.transaction((tx) => settleDoneRefunds(tx, done.orderId));
  const refundStatus = await findRefundStatus(db, done.refundId);
  return { amount: done.amount, status: refundStatus === 'done' ? ReturnStatus.refunded : ReturnStatus.refunding, ...bonuses };
}

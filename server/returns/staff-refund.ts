/** Refunds made by staff: quoted first, then carried out through the same core as a visitor's return. */
import { normalizeLang } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { ReturnStatus } from '../../contract/returns.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import type { Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { fullLocalized } from '../order-view/dates.ts';
import { orderNotFound } from '../payments/payment-context.ts';
import { refundPercent, ticketRefundParts } from './refund-policy.ts';
import { returnDoneMail } from './return-mail.ts';
import { returnedShare } from './return-services.ts';
import {
  type RefundHere,
  type ReturnsDeps,
  carryOutRequest,
  finishRefund,
  holdForRequest,
  notAllowed,
  notReturnable,
  orderDiscount,
  servicesGoingWith,
} from './return-core.ts';
import {
  type ReturnOrderRow,
  type ReturnTicketRow,
  findRequestById,
  findReturnOrderById,
  findReturnTickets,
  insertReturnRequest,
  lapseExpiredRequests,
  reasonExists,
} from './returns.repository.ts';

/**
 * What a staff refund of these tickets (all the returnable ones, or those named) at this share
 * (null: the event's refund policy) would give back, ticket by ticket and for the services
 * that go with them; refused as the refund itself would be.
 */
async function priceStaffRefund(
  tx: Queryable,
  order: ReturnOrderRow,
  input: { ticketIds: readonly number[] | 'all'; percent: number | null },
  at: Date,
) {
  const tickets = await findReturnTickets(tx, order.id);
  const ids =
    input.ticketIds === 'all'
      ? tickets.filter((t) => t.status === ReturnStatus.returnable).map((t) => t.id)
      : [...new Set(input.ticketIds)];
  const chosen = ids.map((id) => tickets.find((t) => t.id === id));
  if (
    ids.length === 0 ||
    (input.ticketIds !== 'all' && ids.length !== input.ticketIds.length) ||
    chosen.some((t) => !t || t.status !== ReturnStatus.returnable)
  ) {
    throw notReturnable();
  }
  const percentOf = (t: ReturnTicketRow) => input.percent ?? refundPercent(t.refund_policy, t.starts_at, at);
  const priced = (chosen as ReturnTicketRow[]).map((t) => {
    const parts = ticketRefundParts(
      { unitPrice: t.unit_price, unitFee: t.unit_fee },
      percentOf(t),
      t.refund_service_fee,
      orderDiscount(order),
    );
    return { ticket: t, percent: percentOf(t), refund: parts.price + parts.fee, fee: parts.fee };
  });
  const going = await servicesGoingWith(tx, order, tickets, ids);
  const amount = priced.reduce((sum, p) => sum + p.refund, 0) + going.reduce((sum, x) => sum + x.refund, 0);
  const share = returnedShare(
    priced.map((p) => ({ unitPrice: p.ticket.unit_price, percent: p.percent })),
    going,
  );
  return { ids, priced, going, amount, share };
}

/** The staff refund's figures before it is made, for the confirmation: nothing changes. */
export async function quoteStaffRefund(
  deps: ReturnsDeps,
  input: { orderId: number; ticketIds: readonly number[] | 'all'; percent: number | null },
) {
  const { db, now } = deps;
  const at = new Date(now());
  const order = await findReturnOrderById(db, input.orderId, false);
  if (!order) throw orderNotFound();
  if (order.status !== OrderStatus.paid) throw notAllowed();
  const { priced, going, amount } = await priceStaffRefund(db, order, input, at);
  return {
    amount,
    tickets: priced.map((p) => ({ id: p.ticket.id, percent: p.percent, amount: p.refund })),
    services: going.map((x) => ({ name: fullLocalized(x.name), amount: x.refund })),
  };
}

/**
 * A refund made by staff: the chosen tickets (with the services that go with them) are returned
 * and refunded through the same core as a visitor's confirmed return, at once, with no e-mail
 * link to confirm. The amount follows the event's refund policy at this moment unless staff set
 * the share by hand (percent, with a reason, recorded on the request). Staff are not bound by
 * the visitor's deadline or the event's return switch: the box office decides (a cancelled
 * concert is refunded in full after its date). The visitor gets an e-mail saying what was
 * refunded. `audit` runs inside the transaction, after the change.
 */
export async function staffRefund(
  deps: ReturnsDeps,
  input: {
    orderId: number;
    ticketIds: readonly number[] | 'all';
    percent: number | null;
    reason: string;
    reasonId: number;
    staffId: number;
    audit?: (tx: Queryable, change: { before: unknown; after: unknown }) => Promise<void>;
    /** Pays the refund back at the desk instead of through the order's payment (a desk order). */
    refundHere?: RefundHere;
  },
) {
  const { db, now } = deps;
  const at = new Date(now());
  const setup = await deps.setup.get();
  const done = await db.transaction(async (tx) => {
    const order = await findReturnOrderById(tx, input.orderId, true);
    if (!order) throw orderNotFound();
    if (order.status !== OrderStatus.paid) throw notAllowed();
    await lapseExpiredRequests(tx, order.id, at);
    if (!(await reasonExists(tx, input.reasonId))) {
      throw new BusinessError(ErrorCode.validation, { status: 400, details: { fields: [{ path: 'reasonId', code: 'reason' }] } });
    }
    const { ids, priced, going, amount, share } = await priceStaffRefund(tx, order, input, at);
    const requestId = await insertReturnRequest(tx, {
      orderId: order.id,
      reasonId: input.reasonId,
      tokenSha256: null,
      lang: order.lang,
      amount,
      share,
      at,
      expiresAt: at,
      tickets: priced.map((p) => ({ id: p.ticket.id, amount: p.refund, fee: p.fee })),
      staff: { id: input.staffId, percent: input.percent, reason: input.reason },
    });
    await holdForRequest(tx, requestId, ids, going);
    const request = await findRequestById(tx, requestId);
    if (!request) throw new Error(`return request ${requestId} vanished`);
    const result = await carryOutRequest(deps, tx, order, request, ids, at, { refundHere: input.refundHere });
    if (order.email) {
      const lang = normalizeLang(order.lang);
      await enqueueMail(
        tx,
        returnDoneMail({
          to: order.email,
          lang,
          orderId: order.id,
          orderNumber: order.number,
          count: ids.length,
          amount,
          currency: setup.app.currency,
          requestId,
          services: going.map((x) => ({ name: fullLocalized(x.name)[lang], amount: x.refund })),
          bonusesRestored: result.bonusesRestored,
          bonusesRevoked: result.bonusesRevoked,
        }),
        at,
      );
    }
    await input.audit?.(tx, {
      before: { tickets: priced.map((p) => ({ id: p.ticket.id, status: ReturnStatus.returnable })) },
      after: {
        requestId,
        ticketIds: ids,
        // Tickets the door had admitted: refunded only by staff, and the audit shows it.
        usedTicketIds: priced.filter((p) => p.ticket.checked_in_at).map((p) => p.ticket.id),
        serviceIds: going.map((x) => x.id),
        amount,
        percent: input.percent,
        reason: input.reason,
        status: result.status,
      },
    });
    return result;
  });
  const finished = await finishRefund(deps, done);
  return { requestId: done.requestId, ...finished };
}

/**
 * What a session's cancellation gives back of each paid order, and the return that gives it: the
 * dry run and the cancellation job (server/admin/session-changes/) both price with
 * priceCancellation, so their figures agree, and carry the return out through the one core
 * (return-core.ts) every return goes through.
 */
import { ReturnStatus } from '../../contract/returns.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import type { Queryable } from '../db/client.ts';
import { ticketRefundParts } from './refund-policy.ts';
import { serviceRefund, servicesGoingBack } from './return-services.ts';
import {
  REGISTRY_CANCEL_REASON,
  type ReturnsDeps,
  SESSION_CHANGE_REASON,
  asServices,
  asTickets,
  carryOutRequest,
  holdForRequest,
  orderDiscount,
} from './return-core.ts';
import {
  type ReturnOrderRow,
  type ReturnServiceRow,
  type ReturnTicketRow,
  findRequestById,
  findReturnOrderById,
  findReturnOrdersByIds,
  findReturnServices,
  findReturnServicesOfOrders,
  findReturnTickets,
  findReturnTicketsOfOrders,
  insertReturnRequest,
  lapseOpenRequests,
  moveRequestServices,
  moveTickets,
  settleDoneRefunds,
} from './returns.repository.ts';

/**
 * What cancelling a session gives back of one paid order: every ticket of that session not
 * returned yet (a return the visitor has not confirmed is dropped), in full with its service
 * fee whatever the event's return tiers say, and the services that go with them.
 */
function priceCancellationOf(
  order: ReturnOrderRow,
  orderTickets: readonly ReturnTicketRow[],
  orderServices: readonly ReturnServiceRow[],
  sessionId: number,
) {
  // As the job sees the order once it dropped the unconfirmed requests.
  const lapsed = (status: number) => (status === ReturnStatus.requested ? ReturnStatus.returnable : status);
  const tickets = orderTickets.map((t) => ({ ...t, status: lapsed(t.status) }));
  const chosen = tickets.filter((t) => t.session_id === sessionId && t.status === ReturnStatus.returnable);
  const ids = chosen.map((t) => t.id);
  const serviceRows = orderServices.map((x) => ({ ...x, status: lapsed(x.status) }));
  const going =
    ids.length === 0
      ? []
      : servicesGoingBack(asServices(serviceRows), asTickets(tickets), ids).map((x) => ({
          id: x.id,
          refund: serviceRefund(x.amount, orderDiscount(order)),
          price: x.amount,
        }));
  const priced = chosen.map((t) => {
    const parts = ticketRefundParts({ unitPrice: t.unit_price, unitFee: t.unit_fee }, 100, true, orderDiscount(order));
    return { ticket: t, refund: parts.price + parts.fee, fee: parts.fee };
  });
  const amount = priced.reduce((sum, p) => sum + p.refund, 0) + going.reduce((sum, x) => sum + x.refund, 0);
  const share = priced.reduce((sum, p) => sum + p.ticket.unit_price, 0) + going.reduce((sum, x) => sum + x.price, 0);
  return { ids, priced, going, amount, share };
}

async function priceCancellation(tx: Queryable, order: ReturnOrderRow, sessionId: number) {
  return priceCancellationOf(order, await findReturnTickets(tx, order.id), await findReturnServices(tx, order.id), sessionId);
}

function byOrder<Row extends { order_id: number }>(rows: readonly Row[]): Map<number, Row[]> {
  const map = new Map<number, Row[]>();
  for (const row of rows) {
    const list = map.get(row.order_id);
    if (list) list.push(row);
    else map.set(row.order_id, [row]);
  }
  return map;
}

/**
 * The dry run of a session's cancellation for many orders at once (three queries, whatever
 * their number), each priced as the job will price it: nothing changes. An order not paid gives
 * back nothing.
 */
export async function quoteCancellations(
  db: Queryable,
  orderIds: readonly number[],
  sessionId: number,
): Promise<Map<number, { tickets: number; amount: number }>> {
  const quotes = new Map<number, { tickets: number; amount: number }>();
  if (orderIds.length === 0) return quotes;
  const orders = await findReturnOrdersByIds(db, orderIds);
  const tickets = byOrder(await findReturnTicketsOfOrders(db, orderIds));
  const services = byOrder(await findReturnServicesOfOrders(db, orderIds));
  for (const order of orders) {
    if (order.status !== OrderStatus.paid) continue;
    const { ids, amount } = priceCancellationOf(order, tickets.get(order.id) ?? [], services.get(order.id) ?? [], sessionId);
    quotes.set(order.id, { tickets: ids.length, amount });
  }
  return quotes;
}

/**
 * Returns and refunds, inside the caller's transaction, every ticket of a cancelled session in
 * one paid order (priceCancellation): a staff return request carried out by the same core as
 * any return (places, services, bonuses, the registry's refund reports, the refund with its
 * receipt through the payment core under `refundKey`). A desk order's money is to be paid out
 * at the desk. Answers null when the order is not paid (the caller releases it instead).
 */
export async function cancelPaidOrder(
  deps: ReturnsDeps,
  tx: Queryable,
  input: {
    orderId: number;
    sessionId: number;
    staffId: number | null;
    reason: string;
    refundKey: string;
    payout: 'acquirer' | 'desk';
    at: Date;
  },
) {
  const order = await findReturnOrderById(tx, input.orderId, true);
  if (!order || order.status !== OrderStatus.paid) return null;
  await lapseOpenRequests(tx, order.id, input.at);
  const { ids, priced, going, amount, share } = await priceCancellation(tx, order, input.sessionId);
  if (ids.length === 0) return { order, requestId: null, refundId: null, amount: 0, tickets: 0 };
  const requestId = await insertReturnRequest(tx, {
    orderId: order.id,
    reasonId: SESSION_CHANGE_REASON,
    tokenSha256: null,
    lang: order.lang,
    amount,
    share,
    at: input.at,
    expiresAt: input.at,
    tickets: priced.map((p) => ({ id: p.ticket.id, amount: p.refund, fee: p.fee })),
    ...(input.staffId === null ? {} : { staff: { id: input.staffId, percent: 100, reason: input.reason } }),
  });
  await holdForRequest(tx, requestId, ids, going);
  const request = await findRequestById(tx, requestId);
  if (!request) throw new Error(`return request ${requestId} vanished`);
  const done = await carryOutRequest(deps, tx, order, request, ids, input.at, {
    refundKey: input.refundKey,
    registryReason: REGISTRY_CANCEL_REASON,
    payout: input.payout,
  });
  return { order, requestId, refundId: done.refundId, amount, tickets: ids.length };
}

/** Moves the order's tickets and services whose refund the acquirer finished from refunding to refunded. */
export async function settleOrderRefunds(deps: ReturnsDeps, orderId: number): Promise<void> {
  await deps.db.transaction((tx) => settleDoneRefunds(tx, orderId));
}

/**
 * A refund due at the desk: a confirmed return of a desk sale whose money the system could not
 * pay out itself (a cancelled session's cash or terminal payment), its tickets still refunding
 * (80) and nothing paid out for it at the desk yet. With `lock`, the request's row is locked so
 * two cashiers paying the same refund out are taken one after the other.
 */
export async function findDeskDue(
  db: Queryable,
  orderId: number,
  lock = false,
): Promise<{ requestId: number; amount: number } | undefined> {
  const { rows } = await db.query<{ id: number; amount: number }>(
    `select r.id, r.amount from return_requests r
     where r.order_id = $1 and r.confirmed_at is not null and r.refund_id is null and r.amount > 0
       and not exists (select 1 from desk_refunds d where d.return_request_id = r.id)
       and exists (
         select 1 from return_request_tickets rt join tickets t on t.id = rt.ticket_id
         where rt.request_id = r.id and t.status = ${ReturnStatus.refunding}
       )
     order by r.id limit 1${lock ? ' for update of r' : ''}`,
    [orderId],
  );
  const row = rows[0];
  return row ? { requestId: row.id, amount: row.amount } : undefined;
}

/** Once the desk paid a due refund out: the request's tickets and services move from refunding to refunded. */
export async function settleDeskDue(tx: Queryable, requestId: number): Promise<void> {
  const { rows } = await tx.query<{ ticket_id: number }>('select ticket_id from return_request_tickets where request_id = $1', [requestId]);
  await moveTickets(
    tx,
    rows.map((r) => r.ticket_id),
    ReturnStatus.refunding,
    ReturnStatus.refunded,
  );
  await moveRequestServices(tx, [requestId], ReturnStatus.refunding, ReturnStatus.refunded);
}

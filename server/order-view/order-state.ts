import { ErrorCode } from '../../contract/errors.ts';
import type { Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { findOrderDiscountTerms, setDiscountAmounts } from '../loyalty/discounts.repository.ts';
import { type OrderRow, findOrderTotalsBase, lockOrderByHash, setOrderTotals } from '../orders/orders.repository.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { cancelOpenPayments } from '../payments/payments.repository.ts';
import { orderNotFound } from '../payments/payment-context.ts';
import { textOf } from '../locales/texts.ts';

/** Whether an order still awaits payment at `at`: confirmed, not released, reserve time running. */
export function isPayable(order: Pick<OrderRow, 'status' | 'released_at' | 'reserved_until'>, at: Date): boolean {
  return order.status === OrderStatus.confirmed && order.released_at === null && order.reserved_until.getTime() > at.getTime();
}

/**
 * Whether an unpaid order's reserve still runs at `at`: awaiting payment (20), or still awaiting
 * its named-ticket data (10), whose Pay leads to the named-ticket form.
 */
export function isReserveRunning(order: Pick<OrderRow, 'status' | 'released_at' | 'reserved_until'>, at: Date): boolean {
  return (
    (order.status === OrderStatus.reserved || order.status === OrderStatus.confirmed) &&
    order.released_at === null &&
    order.reserved_until.getTime() > at.getTime()
  );
}

/**
 * Locks an order that the visitor changes (offers, discounts) for the rest of the transaction.
 * Only an order awaiting payment can change; anything else is refused and nothing changes.
 */
export async function lockChangeableOrder(tx: Queryable, hash: string, at: Date): Promise<OrderRow> {
  const order = await lockOrderByHash(tx, hash);
  if (!order) throw orderNotFound();
  if (!isPayable(order, at)) throw new BusinessError(ErrorCode.payment, { text: textOf('orders', 'notChangeable') });
  return order;
}

type Totals = { subtotal: number; service_fee: number; services_total: number; discount: number; total: number };

/**
 * Recomputes an order's services, discounts and total from its rows, in whole kopecks and on the
 * server only (total = lines + service fee + services − discount; the client never decides a
 * price). The promo discount is
 * taken from tickets and services (never from the service fee); bonuses then cover whole
 * roubles of what is left, and are cut down if the order became cheaper.
 *
 * When the total changes, the order's payments still in progress are cancelled in the same
 * transaction: a payment started for the old sum must never pay the order (docs/payments.md,
 * 'A change of the sum while paying'). The caller holds the order's row lock
 * (lockChangeableOrder), the same lock the pay call takes, so a payment is either started for
 * the new sum or cancelled here; after commit, payments.cancelAtAcquirer tells the acquirer.
 */
export async function recomputeOrderTotals(tx: Queryable, orderId: number): Promise<Totals> {
  const base = await findOrderTotalsBase(tx, orderId);
  if (!base) throw new Error(`order ${orderId} vanished`);
  const discountable = base.subtotal + base.services;
  const d = await findOrderDiscountTerms(tx, orderId);
  let promoDiscount = 0;
  if (d?.kind === 'percent' && d.value !== null) promoDiscount = Math.floor((discountable * d.value + 5000) / 10000);
  if (d?.kind === 'amount' && d.value !== null) promoDiscount = d.value;
  promoDiscount = Math.min(promoDiscount, discountable);
  const bonuses = Math.min(d?.bonuses ?? 0, Math.floor((discountable - promoDiscount) / 100));
  const bonusDiscount = bonuses * 100;
  if (d) await setDiscountAmounts(tx, orderId, { promoDiscount, bonuses, bonusDiscount });
  const discount = promoDiscount + bonusDiscount;
  const total = discountable + base.service_fee - discount;
  await setOrderTotals(tx, orderId, { services: base.services, discount, total });
  if (total !== base.total) await cancelOpenPayments(tx, orderId);
  return { subtotal: base.subtotal, service_fee: base.service_fee, services_total: base.services, discount, total };
}

import type { FailureReason } from '../../contract/payment.ts';
import type { Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { lockOrderById, markOrderPaid } from '../orders/orders.repository.ts';
import type { PaymentsContext } from './payment-context.ts';
import type { ProviderOutcome } from './provider.ts';
import {
  automaticRefundKey,
  confirmPaymentCancel,
  findPaymentByPublicId,
  findRefundIdByKey,
  insertNotification,
  insertRefund,
  linkNotificationToPayment,
  markCanceledPaymentCaptured,
  markPaymentDeclined,
  markPaymentSucceeded,
  scheduleRrnLookup,
  takeRefundableAmount,
} from './payments.repository.ts';

/**
 * An acquirer's verdict applied once (whatever arrives twice), an order marked paid, and refunds
 * requested inside the caller's transaction; `processRefunds` carries them out after it.
 */
export function paymentOutcomes(ctx: PaymentsContext, processRefunds: (input: { ids: number[] }) => Promise<unknown>) {
  const { db, now, hooks, provider } = ctx;

  /** Marks an unpaid order paid and runs the paid hooks; answers false when it was not payable. */
  async function markPaid(tx: Queryable, orderId: number, at: Date): Promise<boolean> {
    if (!(await markOrderPaid(tx, orderId, at))) return false;
    await hooks.onPaid(tx, orderId, at);
    return true;
  }

  /**
   * Applies an acquirer's verdict on a payment. A notification seen before (same provider and
   * event id) and a payment already final change nothing. A success for an order that can no
   * longer be paid (its reservation ended and its places went back on sale, or another payment
   * paid it first) is refunded in full automatically.
   */
  async function applyOutcome(
    providerId: string,
    n: { eventId: string; providerRef: string; merchantRef: string; outcome: Exclude<ProviderOutcome, { status: 'pending' }> },
    body: unknown,
  ): Promise<{ result: 'duplicate' | 'unknown' | 'final' | 'paid' | 'declined' | 'refunded' }> {
    const at = new Date(now());
    const outcome = await db.transaction(async (tx) => {
      const fresh = await insertNotification(tx, { provider: providerId, eventId: n.eventId, at, body });
      if (!fresh) return { result: 'duplicate' as const, refundIds: [] };
      const seen = await findPaymentByPublicId(tx, n.merchantRef);
      if (!seen) return { result: 'unknown' as const, refundIds: [] };
      // The order first, then the payment: the order an order change takes them in (its row lock,
      // then cancelOpenPayments), so the two never deadlock and one sees the other's result.
      await lockOrderById(tx, seen.order_id);
      const payment = await findPaymentByPublicId(tx, n.merchantRef, true);
      if (!payment || payment.provider !== providerId || (payment.provider_ref !== null && payment.provider_ref !== n.providerRef)) {
        return { result: 'unknown' as const, refundIds: [] };
      }
      await linkNotificationToPayment(tx, providerId, n.eventId, payment.id);
      // A decline is final only until a success follows it (a signed REJECTED, then CONFIRMED):
      // that success pays the order if it still can, or goes back, like any late success below.
      if (payment.status === 'succeeded' || (payment.status === 'declined' && n.outcome.status === 'declined')) {
        return { result: 'final' as const, refundIds: [] };
      }

      if (payment.status === 'canceled') {
        // Cancelled because the order's sum changed while it was pending: whatever the acquirer
        // says now, it does not pay the order. A decline just confirms the cancel; money taken
        // anyway (the visitor paid before the cancel reached the bank) goes back, whole.
        if (n.outcome.status === 'declined') {
          await confirmPaymentCancel(tx, payment.id, at);
          return { result: 'final' as const, refundIds: [] };
        }
        await markCanceledPaymentCaptured(tx, { id: payment.id, amount: n.outcome.amount, providerRef: n.providerRef, at });
        if (n.outcome.amount === 0) return { result: 'refunded' as const, refundIds: [] };
        const refundId = await requestRefund(tx, {
          paymentId: payment.id,
          amount: n.outcome.amount,
          reason: 'order changed while the payment was pending',
          key: automaticRefundKey('changed:', payment.public_id),
          at,
        });
        return { result: 'refunded' as const, refundIds: [refundId] };
      }

      if (n.outcome.status === 'declined') {
        await markPaymentDeclined(tx, { id: payment.id, reason: n.outcome.reason, providerRef: n.providerRef, at });
        return { result: 'declined' as const, refundIds: [] };
      }

      const captured = n.outcome.amount;
      if (payment.exchange_id !== null)
        return applyExchangePayment(tx, payment, { providerRef: n.providerRef, captured, rrn: n.outcome.rrn ?? null }, at);
      const order = await lockOrderById(tx, payment.order_id);
      const open = order !== undefined && order.status === OrderStatus.confirmed && order.released_at === null;
      const payable = open && order.total === captured && captured === payment.amount;
      // Not payable though the order still awaits payment: the sums differ, the order changed.
      const reason: FailureReason | null =
        payable || order?.status === OrderStatus.paid ? null : open ? 'order-changed' : 'booking-expired';
      await markPaymentSucceeded(tx, {
        id: payment.id,
        amount: captured,
        providerRef: n.providerRef,
        reason,
        rrn: n.outcome.rrn ?? null,
        at,
      });
      // The RRN the notification lacks is asked for after the acquirer is answered (SBP has none).
      if (!n.outcome.rrn && payment.kind !== 'qr' && provider(providerId).rrnOf) await scheduleRrnLookup(tx, payment.id, at);
      if (payable && (await markPaid(tx, payment.order_id, at))) return { result: 'paid' as const, refundIds: [] };
      // The money came but the order cannot take it: give it back, whole.
      if (captured === 0) return { result: 'refunded' as const, refundIds: [] };
      const refundId = await requestRefund(tx, {
        paymentId: payment.id,
        amount: captured,
        reason:
          order?.status === OrderStatus.paid
            ? 'order already paid'
            : open
              ? 'amount differs from the order total'
              : 'order expired before the payment arrived',
        key: automaticRefundKey('late:', payment.public_id),
        at,
      });
      return { result: 'refunded' as const, refundIds: [refundId] };
    });
    if (outcome.refundIds.length > 0) await processRefunds({ ids: outcome.refundIds });
    return { result: outcome.result };
  }

  /**
   * A captured payment of an exchange's difference (the order itself is paid already): it
   * completes the exchange, or, when the exchange can no longer be completed (lapsed, its old
   * tickets changed, a different sum), goes back whole like a late payment.
   */
  async function applyExchangePayment(
    tx: Queryable,
    payment: { id: number; public_id: string; amount: number; kind: string; exchange_id: number | null },
    n: { providerRef: string; captured: number; rrn: string | null },
    at: Date,
  ) {
    const captured = n.captured;
    const applied =
      payment.exchange_id !== null &&
      captured === payment.amount &&
      hooks.onExchangePaid !== undefined &&
      (await hooks.onExchangePaid(tx, payment.exchange_id, captured, at));
    await markPaymentSucceeded(tx, {
      id: payment.id,
      amount: captured,
      providerRef: n.providerRef,
      reason: applied ? null : 'booking-expired',
      rrn: n.rrn,
      at,
    });
    if (applied) return { result: 'paid' as const, refundIds: [] };
    if (captured === 0) return { result: 'refunded' as const, refundIds: [] };
    const refundId = await requestRefund(tx, {
      paymentId: payment.id,
      amount: captured,
      reason: 'the exchange this payment was for can no longer be completed',
      key: automaticRefundKey('late:', payment.public_id),
      at,
    });
    return { result: 'refunded' as const, refundIds: [refundId] };
  }

  /**
   * Reserves a refund of part or all of a captured payment inside the caller's transaction
   * (the refunded amount is taken at once, so two requests never refund more than was paid);
   * processRefunds then carries it out through the provider. The same key refunds once.
   */
  async function requestRefund(
    tx: Queryable,
    r: { paymentId: number; amount: number; reason: string; key: string; at: Date },
  ): Promise<number> {
    const existing = await findRefundIdByKey(tx, r.key);
    if (existing !== undefined) return existing;
    if (!(await takeRefundableAmount(tx, r.paymentId, r.amount)))
      throw new BusinessError(ErrorCode.payment, { text: () => 'refund exceeds the captured amount' });
    return insertRefund(tx, r);
  }

  return { markPaid, applyOutcome, requestRefund };
}

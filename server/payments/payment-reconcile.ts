import type { FailureReason } from '../../contract/payment.ts';
import { OrderPayState } from '../../contract/payment.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { findOrderByHash, findOrderById } from '../orders/orders.repository.ts';
import { type PaymentsContext, orderNotFound } from './payment-context.ts';
import type { paymentOutcomes } from './payment-outcome.ts';
import type { CancelOutcome, ProviderOutcome } from './provider.ts';
import {
  type PaymentRow,
  claimDueRrnLookups,
  confirmPaymentCancel,
  findPaymentByPublicId,
  findPaymentsOfOrder,
  findUnconfirmedCancels,
  finishRrnLookup,
} from './payments.repository.ts';

/** How often an RRN is asked for before the payment is left to the registry by its acquirer id. */
const RRN_ATTEMPTS = 5;

/**
 * Reconciling payments with their acquirers after the fact: a payment's status read back (return
 * URL, polling, the reconciliation job), cancels confirmed, RRNs asked for, and what the order
 * page, the QR modal and the declined page learn from that.
 */
export function paymentReconciliation(ctx: PaymentsContext, applyOutcome: ReturnType<typeof paymentOutcomes>['applyOutcome']) {
  const { db, now, providers, log, provider } = ctx;

  /**
   * Asks the acquirers for the RRNs still to be asked for (T-Bank's CheckOrder), after their
   * notifications were answered: claimed with SKIP LOCKED and a lease, a few attempts each; the
   * Pushkin-card registry names a payment without one by its acquirer id.
   */
  async function lookUpRrns(limit = 20): Promise<number> {
    const claimed = await db.transaction((tx) => claimDueRrnLookups(tx, new Date(now()), limit));
    for (const payment of claimed) {
      const lookUp = providers.get(payment.provider)?.rrnOf;
      if (!lookUp || !payment.provider_ref) {
        await finishRrnLookup(db, payment.id, null);
        continue;
      }
      try {
        const rrn = await lookUp({ providerRef: payment.provider_ref, merchantRef: payment.public_id });
        if (rrn || payment.rrn_attempts >= RRN_ATTEMPTS) await finishRrnLookup(db, payment.id, rrn);
      } catch (error) {
        log.warn({ err: error, payment: payment.public_id }, 'RRN lookup failed; will retry');
        if (payment.rrn_attempts >= RRN_ATTEMPTS) await finishRrnLookup(db, payment.id, null);
      }
    }
    return claimed.length;
  }

  /**
   * Asks the acquirer to cancel one canceled payment and applies what it answers: a success it
   * already had is refunded by applyOutcome. When the acquirer cannot be reached the cancel stays
   * unconfirmed and reconcile retries it (status polling, the return URL, the declined page).
   */
  async function cancelOne(payment: PaymentRow): Promise<void> {
    if (payment.status !== 'canceled' || payment.cancel_confirmed_at || !payment.provider_ref) return;
    let outcome: CancelOutcome;
    try {
      outcome = await provider(payment.provider).cancel({ providerRef: payment.provider_ref, merchantRef: payment.public_id });
    } catch (error) {
      log.warn({ err: error, payment: payment.public_id }, 'payment cancel failed; will retry');
      return;
    }
    if (outcome.status === 'canceled') {
      await confirmPaymentCancel(db, payment.id, new Date(now()));
      return;
    }
    await applyOutcome(
      payment.provider,
      {
        eventId: `cancel:${payment.provider_ref}:${outcome.status}`,
        providerRef: payment.provider_ref,
        merchantRef: payment.public_id,
        outcome,
      },
      { source: 'cancel', outcome },
    );
  }

  /**
   * Tells the acquirer about the payments an order change cancelled (after its transaction
   * committed): each is cancelled there, or refunded if it was paid meanwhile. Never throws.
   */
  async function cancelAtAcquirer(order: { orderId: number } | { hash: string }): Promise<void> {
    let orderId: number | undefined;
    if ('orderId' in order) orderId = order.orderId;
    else {
      orderId = (await findOrderByHash(db, order.hash))?.id;
    }
    if (orderId === undefined) return;
    for (const payment of await findUnconfirmedCancels(db, orderId)) {
      try {
        await cancelOne(payment);
      } catch (error) {
        log.error({ err: error, payment: payment.public_id }, 'applying the outcome of a cancelled payment failed; will retry');
      }
    }
  }

  /**
   * Reads a payment back from its acquirer and applies the answer when `applies` takes it; an
   * acquirer that cannot be asked is logged and left to the next read-back.
   */
  async function readBack(
    payment: PaymentRow & { provider_ref: string },
    applies: (outcome: ProviderOutcome) => boolean,
    source: string,
  ): Promise<void> {
    let outcome: ProviderOutcome;
    try {
      outcome = await provider(payment.provider).checkStatus({ providerRef: payment.provider_ref, merchantRef: payment.public_id });
    } catch (error) {
      log.warn({ err: error, payment: payment.public_id }, 'payment status check failed');
      return;
    }
    if (outcome.status === 'pending' || !applies(outcome)) return;
    await applyOutcome(
      payment.provider,
      {
        eventId: `status:${payment.provider_ref}:${outcome.status}`,
        providerRef: payment.provider_ref,
        merchantRef: payment.public_id,
        outcome,
      },
      { source, outcome },
    );
  }

  /** Asks the provider about a pending payment and applies a final answer (return URL, polling). */
  async function reconcile(payment: PaymentRow): Promise<void> {
    if (payment.status === 'canceled') return cancelOne(payment);
    if (payment.status !== 'pending' || !payment.provider_ref) return;
    await readBack({ ...payment, provider_ref: payment.provider_ref }, () => true, 'status check');
  }

  /**
   * Reads back a declined payment (the reconciliation job, for a while after the decline): a
   * success the acquirer reports now pays the order if it still can, or is refunded.
   */
  async function recheckDeclined(payment: PaymentRow): Promise<void> {
    if (payment.status !== 'declined' || !payment.provider_ref) return;
    await readBack(
      { ...payment, provider_ref: payment.provider_ref },
      (outcome) => outcome.status === 'succeeded',
      'status check of a declined payment',
    );
  }

  /** Reconciles every pending payment of an order; answers its payments afterwards. */
  async function reconcileOrder(orderId: number): Promise<PaymentRow[]> {
    const before = await findPaymentsOfOrder(db, orderId);
    const pending = before.filter((p) => p.status === 'pending' || (p.status === 'canceled' && !p.cancel_confirmed_at && p.provider_ref));
    if (pending.length === 0) return before;
    for (const payment of pending) await reconcile(payment);
    return findPaymentsOfOrder(db, orderId);
  }

  /** What the QR modal's poll learns of an order's payment, after asking the acquirer about pending ones. */
  async function payStateOf(hash: string): Promise<(typeof OrderPayState)[keyof typeof OrderPayState]> {
    const order = await findOrderByHash(db, hash);
    if (!order) throw orderNotFound();
    if (order.status === OrderStatus.paid) return OrderPayState.paid;
    const payments = await reconcileOrder(order.id);
    const after = await findOrderByHash(db, hash);
    if (after?.status === OrderStatus.paid) return OrderPayState.paid;
    if (after?.status === OrderStatus.canceled) return OrderPayState.canceled;
    const last = payments.at(-1);
    if (last && (last.status === 'declined' || (last.status === 'succeeded' && last.decline_reason))) return OrderPayState.declined;
    // Cancelled because the order's sum changed: the QR modal closes and the order reloads with the new sum.
    if (last?.status === 'canceled') return OrderPayState.changed;
    return OrderPayState.awaiting;
  }

  /** The order's number and its last decline, for the declined page. */
  async function declineOf(hash: string): Promise<{ number: number; reason: FailureReason | ''; paymentNumber: number }> {
    const order = await findOrderByHash(db, hash);
    if (!order) throw orderNotFound();
    const decline = lastDecline(await reconcileOrder(order.id));
    return { number: order.number, reason: decline.reason, paymentNumber: decline.number };
  }

  /**
   * Where a visitor the acquirer sent back lands: their order (or its declined page) once the
   * outcome is checked; undefined (the home page) for an unknown payment, or for a browser
   * without the payment's return proof, so only the browser that paid learns the order's address.
   */
  async function returnedOrder(
    publicId: string,
    carriesProof: (publicId: string) => boolean,
  ): Promise<{ hash: string; lang: string; declined: boolean } | undefined> {
    const payment = await findPaymentByPublicId(db, publicId);
    if (!payment) return undefined;
    await reconcile(payment);
    if (!carriesProof(payment.public_id)) return undefined;
    const after = await findPaymentByPublicId(db, payment.public_id);
    const order = await findOrderById(db, payment.order_id);
    if (!order) return undefined;
    const declined =
      after !== undefined &&
      (after.status === 'declined' || after.status === 'canceled' || (after.status === 'succeeded' && order.status !== OrderStatus.paid));
    return { hash: order.hash, lang: order.lang, declined };
  }

  return { lookUpRrns, cancelAtAcquirer, reconcile, recheckDeclined, reconcileOrder, payStateOf, declineOf, returnedOrder };
}

/** The last declined (or cancelled) payment of an order and its number among the order's attempts. */
function lastDecline(payments: readonly PaymentRow[]): { reason: FailureReason | ''; number: number } {
  for (let i = payments.length - 1; i >= 0; i -= 1) {
    const p = payments[i];
    if (p && p.decline_reason && (p.status === 'declined' || p.status === 'succeeded' || p.status === 'canceled')) {
      return { reason: p.decline_reason as FailureReason, number: i + 1 };
    }
  }
  return { reason: '', number: 0 };
}

import type { Lang } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type { FailureReason } from '../../contract/payment.ts';
import type { CurrencyCode } from '../../contract/setup.ts';
import type { Db, Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { OrderStatus, newHash } from '../orders/orders.service.ts';
import type { OrderRow } from '../orders/orders.repository.ts';
import { type CancelOutcome, type PaymentAction, type ProviderOutcome, type ProviderRegistry, ProviderError, type StartPaymentResult } from './provider.ts';
import {
  type PaymentRow,
  type RefundRow,
  automaticRefundKey,
  findPaymentByPublicId,
  findPaymentMethods,
  findPaymentsOfOrder,
  findUnconfirmedCancels,
  insertPayment,
} from './payments.repository.ts';

type Texts = Record<Lang, string>;
export const paymentTexts = {
  orderDeleted: { ru: 'Заказ удалён или не найден', en: 'The order was deleted or not found', kz: 'Тапсырыс жойылды немесе табылмады', ch: '订单已删除或未找到' },
  alreadyPaid: { ru: 'Заказ уже оплачен.', en: 'The order is already paid.', kz: 'Тапсырыс төленген.', ch: '订单已支付。' },
  expired: {
    ru: 'Время брони истекло, заказ отменён. Оформите заказ заново.',
    en: 'The booking time has expired and the order was cancelled. Please place the order again.',
    kz: 'Брондау уақыты аяқталды, тапсырыс жойылды. Тапсырысты қайта рәсімдеңіз.',
    ch: '预订时间已过，订单已取消。请重新下单。',
  },
  // Pay met a change of the order's sum (offers, promo code, bonuses) committing at the same time:
  // the payment started for the old sum was cancelled, none is made (-9997, the payment error).
  orderChanged: {
    ru: 'Сумма заказа изменилась во время создания платежа. Проверьте заказ и оплатите ещё раз.',
    en: "The order's amount changed while the payment was being created. Please check the order and pay again.",
    kz: 'Төлем жасалып жатқанда тапсырыс сомасы өзгерді. Тапсырысты тексеріп, қайта төлеңіз.',
    ch: '创建付款时订单金额已变更。请核对订单后重新支付。',
  },
  bankUnavailable: {
    ru: 'Банк временно недоступен. Попробуйте ещё раз через минуту.',
    en: 'The bank is unavailable right now. Please try again in a minute.',
    kz: 'Банк уақытша қолжетімсіз. Бір минуттан кейін қайталап көріңіз.',
    ch: '银行暂时不可用，请稍后重试。',
  },
} satisfies Record<string, Texts>;

/** The payment's description at the acquirer (its page, the statement), in the payer's language. */
const paymentDescription: Record<Lang, (number: number) => string> = {
  ru: (n) => `Заказ № ${n}`,
  en: (n) => `Order No. ${n}`,
  kz: (n) => `№ ${n} тапсырыс`,
  ch: (n) => `订单 ${n}`,
};

export const orderNotFound = () => new BusinessError(ErrorCode.notFound, { status: 404, text: (lang) => paymentTexts.orderDeleted[lang] });

/** What the storefront does after POST /api/order/pay. */
export type PayResult =
  | { type: 'nominal'; hash: string }
  | { type: 'paid' }
  | { type: 'action'; action: PaymentAction };

export type PaymentsHooks = {
  /** Runs inside the transaction that marks an order paid: ticket codes, bonuses, e-mail. */
  onPaid(tx: Queryable, orderId: number, at: Date): Promise<void>;
};

export type PaymentsService = ReturnType<typeof createPaymentsService>;

const REFUND_RETRY_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];

/**
 * Payments of orders: starting one through its method's provider, applying the acquirer's
 * outcome (once, whatever arrives twice), reconciling a late notification by asking the
 * provider, and refunds (requested inside the caller's transaction, executed after it).
 */
export function createPaymentsService(deps: {
  db: Db;
  now: () => number;
  providers: ProviderRegistry;
  hooks: PaymentsHooks;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}) {
  const { db, now, providers, hooks } = deps;
  const log = deps.log ?? { warn: () => undefined, error: () => undefined };

  function provider(id: string) {
    const found = providers.get(id);
    if (!found) throw new Error(`no payment provider '${id}'`);
    return found;
  }

  /** Starts paying an order with the chosen method. */
  async function startPayment(input: {
    hash: string;
    lang: Lang;
    methodId: number | undefined;
    origin: string;
    currency: CurrencyCode;
  }): Promise<PayResult> {
    const at = new Date(now());
    const prepared = await db.transaction(async (tx) => {
      const { rows } = await tx.query<OrderRow>('select * from orders where hash = $1 for update', [input.hash]);
      const order = rows[0];
      if (!order) throw orderNotFound();
      if (order.status === OrderStatus.paid) throw new BusinessError(ErrorCode.payment, { text: (l) => paymentTexts.alreadyPaid[l] });
      const unpaid = order.status === OrderStatus.reserved || order.status === OrderStatus.confirmed;
      if (!unpaid || order.released_at || order.reserved_until.getTime() <= at.getTime()) {
        throw new BusinessError(ErrorCode.payment, { text: (l) => paymentTexts.expired[l] });
      }
      // Still awaiting its named-ticket data: the order page goes to
      // that form, and no payment starts.
      if (order.status === OrderStatus.reserved) return { type: 'nominal' as const, hash: order.hash };
      if (order.total === 0) {
        await markPaid(tx, order.id, at);
        return { type: 'paid' as const };
      }
      if (input.methodId === undefined || input.methodId === 0) throw new BusinessError(ErrorCode.noBank, { status: 400 });
      const methods = await findPaymentMethods(tx, order.pushkin_card);
      const method = methods.find((m) => m.id === input.methodId);
      if (!method || !providers.has(method.provider)) throw new BusinessError(ErrorCode.unknownBank, { status: 400 });
      const payment = await insertPayment(tx, {
        publicId: newHash(),
        orderId: order.id,
        methodId: method.id,
        provider: method.provider,
        kind: method.kind,
        amount: order.total,
        at,
      });
      return { type: 'start' as const, payment, order };
    });
    if (prepared.type !== 'start') return prepared;

    const { payment, order } = prepared;
    let started: StartPaymentResult;
    try {
      started = await provider(payment.provider).startPayment({
        merchantRef: payment.public_id,
        amount: payment.amount,
        currency: input.currency,
        kind: payment.kind,
        description: paymentDescription[input.lang](order.number),
        // The visitor comes back in the language they paid in (the order may have been placed in
        // another); written for ru too, so a return address without it is an older payment's.
        returnUrl: `${input.origin}/payments/return/${payment.public_id}?lang=${input.lang}`,
        origin: input.origin,
        expiresAt: order.reserved_until,
        lang: input.lang,
      });
    } catch (error) {
      log.error({ err: error, payment: payment.public_id }, 'payment provider refused to start a payment');
      await db.query(`update payments set status = 'failed', finished_at = $2 where id = $1 and status = 'created'`, [payment.id, at]);
      throw new BusinessError(ErrorCode.payment, { text: (l) => paymentTexts.bankUnavailable[l] });
    }
    const action = started.action;
    const updated = await db.query(
      `update payments set status = 'pending', provider_ref = $2, redirect_url = $3, form_fields = $4
       where id = $1 and status = 'created'`,
      [payment.id, started.providerRef, action.type === 'form' ? action.action : action.url, action.type === 'form' ? JSON.stringify(action.fields) : null],
    );
    if (updated.rowCount === 0) {
      // The order's sum changed while the acquirer registered this payment, and the change
      // cancelled it (recomputeOrderTotals): the old sum must not be paid. Keep the acquirer's
      // reference so its late outcome is recognised, cancel it there, and refuse.
      await db.query('update payments set provider_ref = coalesce(provider_ref, $2) where id = $1', [payment.id, started.providerRef]);
      await cancelAtAcquirer({ orderId: payment.order_id });
      throw new BusinessError(ErrorCode.payment, { text: (l) => paymentTexts.orderChanged[l] });
    }
    return { type: 'action', action };
  }

  /** Marks an unpaid order paid and runs the paid hooks; answers false when it was not payable. */
  async function markPaid(tx: Queryable, orderId: number, at: Date): Promise<boolean> {
    const updated = await tx.query(
      `update orders set status = 30, paid_at = $2 where id = $1 and status = 20 and released_at is null`,
      [orderId, at],
    );
    if (updated.rowCount === 0) return false;
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
      const fresh = await tx.query(
        `insert into payment_notifications (provider, event_id, received_at, body) values ($1, $2, $3, $4)
         on conflict do nothing`,
        [providerId, n.eventId, at, JSON.stringify(body ?? null)],
      );
      if (fresh.rowCount === 0) return { result: 'duplicate' as const, refundIds: [] };
      const seen = await findPaymentByPublicId(tx, n.merchantRef);
      if (!seen) return { result: 'unknown' as const, refundIds: [] };
      // The order first, then the payment: the order an order change takes them in (its row lock,
      // then cancelOpenPayments), so the two never deadlock and one sees the other's result.
      await tx.query('select id from orders where id = $1 for update', [seen.order_id]);
      const payment = await findPaymentByPublicId(tx, n.merchantRef, true);
      if (!payment || payment.provider !== providerId || (payment.provider_ref !== null && payment.provider_ref !== n.providerRef)) {
        return { result: 'unknown' as const, refundIds: [] };
      }
      await tx.query('update payment_notifications set payment_id = $3 where provider = $1 and event_id = $2', [providerId, n.eventId, payment.id]);
      if (payment.status === 'succeeded' || payment.status === 'declined') return { result: 'final' as const, refundIds: [] };

      if (payment.status === 'canceled') {
        // Cancelled because the order's sum changed while it was pending: whatever the acquirer
        // says now, it does not pay the order. A decline just confirms the cancel; money taken
        // anyway (the visitor paid before the cancel reached the bank) goes back, whole.
        if (n.outcome.status === 'declined') {
          await tx.query('update payments set cancel_confirmed_at = coalesce(cancel_confirmed_at, $2) where id = $1', [payment.id, at]);
          return { result: 'final' as const, refundIds: [] };
        }
        await tx.query(
          `update payments set status = 'succeeded', amount = $2, provider_ref = coalesce(provider_ref, $3), decline_reason = 'order-changed',
             cancel_confirmed_at = coalesce(cancel_confirmed_at, $4) where id = $1`,
          [payment.id, n.outcome.amount, n.providerRef, at],
        );
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
        await tx.query(
          `update payments set status = 'declined', decline_reason = $2, finished_at = $3, provider_ref = coalesce(provider_ref, $4) where id = $1`,
          [payment.id, n.outcome.reason, at, n.providerRef],
        );
        return { result: 'declined' as const, refundIds: [] };
      }

      const captured = n.outcome.amount;
      const { rows } = await tx.query<OrderRow>('select * from orders where id = $1 for update', [payment.order_id]);
      const order = rows[0];
      const open = order !== undefined && order.status === OrderStatus.confirmed && order.released_at === null;
      const payable = open && order.total === captured && captured === payment.amount;
      // Not payable though the order still awaits payment: the sums differ, the order changed.
      const reason: FailureReason | null = payable || order?.status === OrderStatus.paid ? null : open ? 'order-changed' : 'booking-expired';
      await tx.query(
        `update payments set status = 'succeeded', amount = $2, finished_at = $3, provider_ref = coalesce(provider_ref, $4),
           decline_reason = $5, rrn = coalesce(rrn, $6) where id = $1`,
        [payment.id, captured, at, n.providerRef, reason, n.outcome.rrn ?? null],
      );
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
   * Reserves a refund of part or all of a captured payment inside the caller's transaction
   * (the refunded amount is taken at once, so two requests never refund more than was paid);
   * processRefunds then carries it out through the provider. The same key refunds once.
   */
  async function requestRefund(
    tx: Queryable,
    r: { paymentId: number; amount: number; reason: string; key: string; at: Date },
  ): Promise<number> {
    const existing = await tx.query<{ id: number }>('select id from refunds where idempotency_key = $1', [r.key]);
    if (existing.rows[0]) return existing.rows[0].id;
    const taken = await tx.query(
      `update payments set refunded_amount = refunded_amount + $2
       where id = $1 and status = 'succeeded' and refunded_amount + $2 <= amount`,
      [r.paymentId, r.amount],
    );
    if (taken.rowCount === 0) throw new BusinessError(ErrorCode.payment, { text: () => 'refund exceeds the captured amount' });
    const { rows } = await tx.query<{ id: number }>(
      `insert into refunds (payment_id, amount, reason, idempotency_key, next_attempt_at, created_at)
       values ($1, $2, $3, $4, $5, $5) returning id`,
      [r.paymentId, r.amount, r.reason, r.key, r.at],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('insert into refunds returned no row');
    return id;
  }

  /**
   * Carries out pending refunds that are due (or the given ones): each is claimed with
   * FOR UPDATE SKIP LOCKED and a lease, so several instances never send one twice at once, and
   * the provider's idempotency key makes a repeat after a crash harmless. A failure is retried
   * with backoff; nothing is dropped.
   */
  async function processRefunds(options: { ids?: number[]; limit?: number } = {}): Promise<{ done: number; failed: number }> {
    const at = new Date(now());
    const claimed = await db.transaction(async (tx) => {
      const { rows } = await tx.query<RefundRow & { provider: string; provider_payment_ref: string | null }>(
        `with due as (
           select id from refunds
           where status = 'pending' and ${options.ids ? 'id = any($3::int[])' : 'next_attempt_at <= $1'}
           order by id limit $2 for update skip locked
         )
         update refunds r set attempts = attempts + 1, next_attempt_at = $1::timestamptz + interval '5 minutes'
         from due, payments p
         where r.id = due.id and p.id = r.payment_id
         returning r.*, p.provider, p.provider_ref as provider_payment_ref`,
        options.ids ? [at, options.limit ?? 50, options.ids] : [at, options.limit ?? 50],
      );
      return rows;
    });
    let done = 0;
    let failed = 0;
    for (const refund of claimed) {
      try {
        if (!refund.provider_payment_ref) throw new ProviderError('the payment has no acquirer reference');
        const { refundRef } = await provider(refund.provider).refund({
          providerRef: refund.provider_payment_ref,
          amount: refund.amount,
          idempotencyKey: refund.idempotency_key,
        });
        await db.query(`update refunds set status = 'done', provider_ref = $2, done_at = $3, last_error = null where id = $1`, [
          refund.id,
          refundRef,
          new Date(now()),
        ]);
        done += 1;
      } catch (error) {
        failed += 1;
        const delay = REFUND_RETRY_MS[Math.min(refund.attempts - 1, REFUND_RETRY_MS.length - 1)] ?? 60_000;
        log.warn({ err: error, refund: refund.id }, 'refund failed; will retry');
        await db.query('update refunds set last_error = $2, next_attempt_at = $3 where id = $1', [
          refund.id,
          (error as Error).message.slice(0, 500),
          new Date(now() + delay),
        ]);
      }
    }
    return { done, failed };
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
      await db.query('update payments set cancel_confirmed_at = $2 where id = $1 and cancel_confirmed_at is null', [payment.id, new Date(now())]);
      return;
    }
    await applyOutcome(
      payment.provider,
      { eventId: `cancel:${payment.provider_ref}:${outcome.status}`, providerRef: payment.provider_ref, merchantRef: payment.public_id, outcome },
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
      const { rows } = await db.query<{ id: number }>('select id from orders where hash = $1', [order.hash]);
      orderId = rows[0]?.id;
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

  /** Asks the provider about a pending payment and applies a final answer (return URL, polling). */
  async function reconcile(payment: PaymentRow): Promise<void> {
    if (payment.status === 'canceled') return cancelOne(payment);
    if (payment.status !== 'pending' || !payment.provider_ref) return;
    let outcome: ProviderOutcome;
    try {
      outcome = await provider(payment.provider).checkStatus({ providerRef: payment.provider_ref, merchantRef: payment.public_id });
    } catch (error) {
      log.warn({ err: error, payment: payment.public_id }, 'payment status check failed');
      return;
    }
    if (outcome.status === 'pending') return;
    await applyOutcome(
      payment.provider,
      { eventId: `status:${payment.provider_ref}:${outcome.status}`, providerRef: payment.provider_ref, merchantRef: payment.public_id, outcome },
      { source: 'status check', outcome },
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

  return { startPayment, applyOutcome, requestRefund, processRefunds, reconcile, reconcileOrder, cancelAtAcquirer, markPaid, provider };
}

/** The last declined (or cancelled) payment of an order and its number among the order's attempts. */
export function lastDecline(payments: readonly PaymentRow[]): { reason: FailureReason | ''; number: number } {
  for (let i = payments.length - 1; i >= 0; i -= 1) {
    const p = payments[i];
    if (p && p.decline_reason && (p.status === 'declined' || p.status === 'succeeded' || p.status === 'canceled')) {
      return { reason: p.decline_reason as FailureReason, number: i + 1 };
    }
  }
  return { reason: '', number: 0 };
}

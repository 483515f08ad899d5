import type { Lang } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { type FailureReason, OrderPayState } from '../../contract/payment.ts';
import type { CurrencyCode } from '../../contract/setup.ts';
import type { Db, Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { OrderStatus, newHash } from '../orders/orders.service.ts';
import { type OrderRow, findOrderByHash, findOrderById, lockOrderByHash, lockOrderById, markOrderPaid } from '../orders/orders.repository.ts';
import { acquirerRefusal } from '../../contract/acquirer-limits.ts';
import type { PaymentKind } from '../../contract/payment.ts';
import { type CancelOutcome, type PaymentAction, type ProviderOutcome, type ProviderRegistry, type StartPaymentResult } from './provider.ts';
import { createRefundRunner } from './refund-runner.ts';
import {
  type PaymentRow,
  automaticRefundKey,
  claimDueRrnLookups,
  confirmPaymentCancel,
  finishRrnLookup,
  scheduleRrnLookup,
  findRefundIdByKey,
  insertNotification,
  insertRefund,
  keepProviderRef,
  linkNotificationToPayment,
  markCanceledPaymentCaptured,
  markPaymentDeclined,
  markPaymentFailed,
  markPaymentSucceeded,
  takeRefundableAmount,
  findPaymentByPublicId,
  findPaymentMethods,
  findPaymentsOfOrder,
  cancelReplacedPayments,
  findOpenPayments,
  findUnconfirmedCancels,
  insertPayment,
  markPaymentPending,
} from './payments.repository.ts';
import { serverText, textOf } from '../locales/texts.ts';

export const orderNotFound = () => new BusinessError(ErrorCode.notFound, { status: 404, text: textOf('payments', 'orderDeleted') });

/** What the storefront does after POST /api/order/pay. */
export type PayResult =
  | { type: 'nominal'; hash: string }
  | { type: 'paid' }
  | { type: 'action'; action: PaymentAction; publicId: string; expiresAt: Date };

export type PaymentsHooks = {
  /** Runs inside the transaction that marks an order paid: ticket codes, bonuses, e-mail. */
  onPaid(tx: Queryable, orderId: number, at: Date): Promise<void>;
};

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** How often an RRN is asked for before the payment is left to the registry by its acquirer id. */
const RRN_ATTEMPTS = 5;

/** Longer than any acquirer's answer to a registration: a payment 'created' this long ago was abandoned. */
const STALE_REGISTRATION_MS = 2 * 60_000;

/**
 * An open payment a repeated Pay may answer: pending with its stored link, or still being
 * registered. One left 'created' by a process that died (or pending from before links were
 * stored) is not: it is cancelled and replaced.
 */
function reusable(p: PaymentRow, at: Date): boolean {
  if (p.status === 'pending') return p.action !== null;
  return at.getTime() - p.created_at.getTime() <= STALE_REGISTRATION_MS;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Nobody may be waiting: a refusal nobody awaits must not become an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

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
  /** The line count of an order's sale receipt, checked against the acquirer's item limit before it is asked. */
  receiptLines?: (tx: Queryable, orderId: number, amount: number) => Promise<number>;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}) {
  const { db, now, providers, hooks } = deps;
  const log = deps.log ?? { warn: () => undefined, error: () => undefined };
  /** Payments this process is registering with their acquirer, by id: what their Pay will answer. */
  const registering = new Map<number, Promise<PayResult>>();

  function provider(id: string) {
    const found = providers.get(id);
    if (!found) throw new Error(`no payment provider '${id}'`);
    return found;
  }

  /**
   * Refuses, with the reason in the visitor's language, a payment the method's acquirer documents
   * it would refuse (a receipt e-mail too long for it, a sum under its minimum): nothing is created.
   */
  function refuseWhatTheAcquirerWould(providerId: string, payment: { kind: PaymentKind; amount: number; email: string }): void {
    const limits = provider(providerId).limits;
    const refusal = acquirerRefusal(limits, payment);
    if (refusal === 'receiptEmailTooLong') {
      throw new BusinessError(ErrorCode.payment, { status: 400, text: textOf('payments', 'receiptEmailTooLong', { max: limits?.receiptEmailMax ?? 0 }) });
    }
    if (refusal === 'belowMinimum') {
      const min = limits?.minAmount?.[payment.kind] ?? 0;
      throw new BusinessError(ErrorCode.payment, { status: 400, text: textOf('payments', 'belowMinimum', { min: `${(min / 100).toLocaleString('ru-RU')} ₽` }) });
    }
  }

  /** Whether the order page offers a method of this provider and kind for this sum. */
  function methodOffered(method: { provider: string; kind: PaymentKind }, amount: number): boolean {
    const limits = providers.get(method.provider)?.limits;
    const min = limits?.minAmount?.[method.kind];
    return min === undefined || amount === 0 || amount >= min;
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
    let registration: ({ id: number } & ReturnType<typeof deferred<PayResult>>) | undefined;
    const prepared = await db.transaction(async (tx) => {
      const order = await lockOrderByHash(tx, input.hash);
      if (!order) throw orderNotFound();
      if (order.status === OrderStatus.paid) throw new BusinessError(ErrorCode.payment, { text: textOf('payments', 'alreadyPaid') });
      const unpaid = order.status === OrderStatus.reserved || order.status === OrderStatus.confirmed;
      if (!unpaid || order.released_at || order.reserved_until.getTime() <= at.getTime()) {
        throw new BusinessError(ErrorCode.payment, { text: textOf('payments', 'expired') });
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
      refuseWhatTheAcquirerWould(method.provider, { kind: method.kind, amount: order.total, email: order.email });
      // A receipt over the acquirer's item limit would be refused at the bank as "unavailable": say so here.
      const max = providers.get(method.provider)?.receiptItemsMax;
      if (max !== undefined && deps.receiptLines && (await deps.receiptLines(tx, order.id, order.total)) > max) {
        throw new BusinessError(ErrorCode.payment, { status: 422, text: textOf('payments', 'receiptTooLarge', { max }) });
      }
      // One open payment per order and method: Pay pressed twice (or by twenty scripts at once,
      // serialised by the order's row lock above) answers the payment already open, so the bank
      // never holds two live payments of one order; another method cancels it first.
      const open = await findOpenPayments(tx, order.id);
      const same = open.find((p) => p.method_id === method.id && p.amount === order.total && reusable(p, at));
      if (same) return { type: 'open' as const, payment: same };
      if (open.length > 0) await cancelReplacedPayments(tx, open.map((p) => p.id), at);
      const payment = await insertPayment(tx, {
        publicId: newHash(),
        orderId: order.id,
        methodId: method.id,
        provider: method.provider,
        kind: method.kind,
        amount: order.total,
        currency: input.currency,
        at,
      });
      // Registered before the row lock goes, so a Pay that finds this payment 'created' can wait for it.
      const noted = { id: payment.id, ...deferred<PayResult>() };
      registration = noted;
      registering.set(payment.id, noted.promise);
      return { type: 'start' as const, payment, order, replaced: open.length > 0, registration: noted };
    }).catch((error: unknown) => {
      // The transaction rolled back after the payment was noted: it never existed.
      if (registration) registering.delete(registration.id);
      throw error;
    });
    if (prepared.type === 'open') return answerOpenPayment(prepared.payment);
    if (prepared.type !== 'start') return prepared;

    const { payment } = prepared;
    try {
      if (prepared.replaced) await cancelAtAcquirer({ orderId: payment.order_id });
      const result = await registerPayment(prepared, input);
      prepared.registration.resolve(result);
      return result;
    } catch (error) {
      prepared.registration.reject(error);
      throw error;
    } finally {
      registering.delete(payment.id);
    }
  }

  /**
   * The answer for a payment already open: its stored bank link, or, while it is still being
   * registered by another Pay of this process, that Pay's answer. One being registered by another
   * instance has no link yet: the visitor retries in a moment.
   */
  async function answerOpenPayment(payment: PaymentRow): Promise<PayResult> {
    if (payment.status === 'pending' && payment.action) return { type: 'action', action: payment.action, publicId: payment.public_id, expiresAt: await reservedUntilOf(payment) };
    const inFlight = registering.get(payment.id);
    if (inFlight) return inFlight;
    // Its registration may have finished since this Pay read it.
    const fresh = await findPaymentByPublicId(db, payment.public_id);
    if (fresh?.status === 'pending' && fresh.action) return { type: 'action', action: fresh.action, publicId: fresh.public_id, expiresAt: await reservedUntilOf(fresh) };
    throw new BusinessError(ErrorCode.payment, { status: 409, text: textOf('payments', 'beingCreated') });
  }

  /** Registers a new payment with its acquirer and stores the link; see startPayment. */
  async function registerPayment(
    prepared: { payment: PaymentRow; order: OrderRow },
    input: { lang: Lang; origin: string; currency: CurrencyCode },
  ): Promise<PayResult> {
    const { payment, order } = prepared;
    const at = new Date(now());
    let started: StartPaymentResult;
    try {
      started = await provider(payment.provider).startPayment({
        merchantRef: payment.public_id,
        amount: payment.amount,
        currency: input.currency,
        kind: payment.kind,
        description: serverText('payments', 'description', input.lang, { number: order.number }),
        // The visitor comes back in the language they paid in (the order may have been placed in
        // another); written for ru too, so a return address without it is an older payment's.
        returnUrl: `${input.origin}/payments/return/${payment.public_id}?lang=${input.lang}`,
        origin: input.origin,
        expiresAt: order.reserved_until,
        lang: input.lang,
      });
    } catch (error) {
      log.error({ err: error, payment: payment.public_id }, 'payment provider refused to start a payment');
      await markPaymentFailed(db, payment.id, at);
      throw new BusinessError(ErrorCode.payment, { text: textOf('payments', 'bankUnavailable') });
    }
    const action = started.action;
    if (!(await markPaymentPending(db, payment.id, started.providerRef, action))) {
      // The order's sum changed while the acquirer registered this payment, and the change
      // cancelled it (recomputeOrderTotals): the old sum must not be paid. Keep the acquirer's
      // reference so its late outcome is recognised, cancel it there, and refuse.
      await keepProviderRef(db, payment.id, started.providerRef);
      await cancelAtAcquirer({ orderId: payment.order_id });
      throw new BusinessError(ErrorCode.payment, { text: textOf('payments', 'orderChanged') });
    }
    return { type: 'action', action, publicId: payment.public_id, expiresAt: order.reserved_until };
  }

  async function reservedUntilOf(payment: PaymentRow): Promise<Date> {
    const order = await findOrderById(db, payment.order_id);
    return order?.reserved_until ?? new Date(now());
  }

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
      const order = await lockOrderById(tx, payment.order_id);
      const open = order !== undefined && order.status === OrderStatus.confirmed && order.released_at === null;
      const payable = open && order.total === captured && captured === payment.amount;
      // Not payable though the order still awaits payment: the sums differ, the order changed.
      const reason: FailureReason | null = payable || order?.status === OrderStatus.paid ? null : open ? 'order-changed' : 'booking-expired';
      await markPaymentSucceeded(tx, { id: payment.id, amount: captured, providerRef: n.providerRef, reason, rrn: n.outcome.rrn ?? null, at });
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
    if (!(await takeRefundableAmount(tx, r.paymentId, r.amount))) throw new BusinessError(ErrorCode.payment, { text: () => 'refund exceeds the captured amount' });
    return insertRefund(tx, r);
  }

  const refunds = createRefundRunner({ db, now, provider, log });
  const { processRefunds } = refunds;

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
  async function readBack(payment: PaymentRow & { provider_ref: string }, applies: (outcome: ProviderOutcome) => boolean, source: string): Promise<void> {
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
      { eventId: `status:${payment.provider_ref}:${outcome.status}`, providerRef: payment.provider_ref, merchantRef: payment.public_id, outcome },
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
    await readBack({ ...payment, provider_ref: payment.provider_ref }, (outcome) => outcome.status === 'succeeded', 'status check of a declined payment');
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

  return {
    startPayment,
    applyOutcome,
    requestRefund,
    processRefunds,
    checkSentRefunds: refunds.checkSentRefunds,
    refundNews: refunds.refundNews,
    lookUpRrns,
    recheckDeclined,
    methodOffered,
    /** Every configured provider's id (the reconciliation job reads declined payments of those whose declines may turn). */
    providerIds: () => [...providers.keys()],
    reconcile,
    reconcileOrder,
    cancelAtAcquirer,
    markPaid,
    provider,
    payStateOf,
    declineOf,
    returnedOrder,
  };
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

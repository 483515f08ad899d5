import type { Lang } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { acquirerRefusal } from '../../contract/acquirer-limits.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import type { PaymentKind } from '../../contract/payment.ts';
import type { CurrencyCode } from '../../contract/setup.ts';
import type { Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { serverText, textOf } from '../locales/texts.ts';
import { newHash } from '../orders/orders.service.ts';
import { type OrderRow, findOrderById, lockOrderByHash } from '../orders/orders.repository.ts';
import { type PayResult, type PaymentsContext, orderNotFound } from './payment-context.ts';
import type { StartPaymentResult } from './provider.ts';
import {
  type PaymentRow,
  cancelReplacedPayments,
  findOpenPayments,
  findPaymentByPublicId,
  findPaymentMethods,
  insertPayment,
  keepProviderRef,
  markPaymentFailed,
  markPaymentPending,
} from './payments.repository.ts';

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
 * Starting a payment: the order checked, the method's acquirer limits applied, one open payment
 * per order and method, and the payment registered with its acquirer after the order's lock.
 */
export function paymentStart(
  ctx: PaymentsContext,
  after: {
    markPaid(tx: Queryable, orderId: number, at: Date): Promise<boolean>;
    cancelAtAcquirer(order: { orderId: number }): Promise<void>;
  },
) {
  const { db, now, providers, log, provider } = ctx;
  const { markPaid, cancelAtAcquirer } = after;
  /** Payments this process is registering with their acquirer, by id: what their Pay will answer. */
  const registering = new Map<number, Promise<PayResult>>();

  /**
   * Refuses, with the reason in the visitor's language, a payment the method's acquirer documents
   * it would refuse (a receipt e-mail too long for it, a sum under its minimum): nothing is created.
   */
  function refuseWhatTheAcquirerWould(providerId: string, payment: { kind: PaymentKind; amount: number; email: string }): void {
    const limits = provider(providerId).limits;
    const refusal = acquirerRefusal(limits, payment);
    if (refusal === 'receiptEmailTooLong') {
      throw new BusinessError(ErrorCode.payment, {
        status: 400,
        text: textOf('payments', 'receiptEmailTooLong', { max: limits?.receiptEmailMax ?? 0 }),
      });
    }
    if (refusal === 'belowMinimum') {
      const min = limits?.minAmount?.[payment.kind] ?? 0;
      throw new BusinessError(ErrorCode.payment, {
        status: 400,
        text: textOf('payments', 'belowMinimum', { min: `${(min / 100).toLocaleString('ru-RU')} ₽` }),
      });
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
    const prepared = await db
      .transaction(async (tx) => {
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
        if (max !== undefined && ctx.receiptLines && (await ctx.receiptLines(tx, order.id, order.total)) > max) {
          throw new BusinessError(ErrorCode.payment, { status: 422, text: textOf('payments', 'receiptTooLarge', { max }) });
        }
        // One open payment per order and method: Pay pressed twice (or by twenty scripts at once,
        // serialised by the order's row lock above) answers the payment already open, so the bank
        // never holds two live payments of one order; another method cancels it first.
        const open = await findOpenPayments(tx, order.id);
        const same = open.find((p) => p.method_id === method.id && p.amount === order.total && reusable(p, at));
        if (same) return { type: 'open' as const, payment: same };
        if (open.length > 0)
          await cancelReplacedPayments(
            tx,
            open.map((p) => p.id),
            at,
          );
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
      })
      .catch((error: unknown) => {
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
    if (payment.status === 'pending' && payment.action)
      return { type: 'action', action: payment.action, publicId: payment.public_id, expiresAt: await reservedUntilOf(payment) };
    const inFlight = registering.get(payment.id);
    if (inFlight) return inFlight;
    // Its registration may have finished since this Pay read it.
    const fresh = await findPaymentByPublicId(db, payment.public_id);
    if (fresh?.status === 'pending' && fresh.action)
      return { type: 'action', action: fresh.action, publicId: fresh.public_id, expiresAt: await reservedUntilOf(fresh) };
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

  return { startPayment, methodOffered };
}

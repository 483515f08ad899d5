/**
 * The higher price's difference of an exchange: the buyer's link starts a payment of it on the
 * order's acquirer (the method the order was paid with), its success completes the exchange in
 * the transaction that records it, and an exchange not paid in time lapses: its held places go
 * back on sale and the old tickets, which never stopped admitting, stay.
 */
import { normalizeLang } from '../../../contract/common.ts';
import { ReturnStatus } from '../../../contract/order-status.ts';
import type { CurrencyCode } from '../../../contract/setup.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { serverText } from '../../locales/texts.ts';
import { enqueueMail } from '../../mail/outbox.repository.ts';
import { lockOrderById } from '../../orders/orders.repository.ts';
import { newHash, returnLinePlaces } from '../../orders/orders.service.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import {
  type PaymentRow,
  cancelOpenPayments,
  cancelReplacedPayments,
  findOpenPayments,
  insertPayment,
  keepProviderRef,
  markPaymentFailed,
  markPaymentPending,
} from '../../payments/payments.repository.ts';
import type { PaymentAction } from '../../payments/provider.ts';
import { lockTickets, moveTickets } from '../../returns/returns.repository.ts';
import { issueTicketCodes } from '../../tickets/ticket-codes.ts';
import { type ExchangeMailContext, exchangeDoneMail } from './exchange-mail.ts';
import {
  type ExchangeRow,
  deleteAwaitingTickets,
  findDueExchanges,
  findExchange,
  findExchangeByToken,
  findExchangeSessionOfLine,
  findLineQuantities,
  findOnlinePayment,
  findTicketStates,
  settleWaitingExchange,
} from './order-exchange.repository.ts';
import { payTokenHash } from './order-exchange.service.ts';

/**
 * Completes a waiting exchange whose difference was paid, inside the payment's transaction (the
 * order's row is locked by it): the old tickets' places go back, they stop admitting, the new
 * tickets are issued and the buyer mailed. Answers false, changing nothing, when the exchange is
 * no longer waiting or an old ticket no longer admits (returned meanwhile).
 */
export async function completePaidExchange(tx: Queryable, exchangeId: number, at: Date, mail: ExchangeMailContext): Promise<boolean> {
  const exchange = await findExchange(tx, exchangeId, true);
  if (!exchange || exchange.status !== 'awaiting-payment') return false;
  const order = await lockOrderById(tx, exchange.order_id);
  if (!order) return false;
  await lockTickets(tx, exchange.old_ticket_ids);
  const rows = await findTicketStates(tx, exchange.old_ticket_ids);
  if (rows.length !== exchange.old_ticket_ids.length || rows.some((r) => r.status !== ReturnStatus.returnable)) {
    await lapseExchange(tx, exchange, at);
    return false;
  }
  const perLine = new Map<number, number>();
  for (const r of rows) perLine.set(r.order_line_id, (perLine.get(r.order_line_id) ?? 0) + 1);
  for (const [lineId, count] of [...perLine].sort((a, b) => a[0] - b[0])) {
    if (!(await returnLinePlaces(tx, lineId, count)))
      throw new Error(`order line ${lineId} has fewer places left than its exchanged tickets`);
  }
  await moveTickets(tx, exchange.old_ticket_ids, ReturnStatus.returnable, ReturnStatus.exchanged);
  if (
    (await moveTickets(tx, exchange.new_ticket_ids, ReturnStatus.awaitingExchange, ReturnStatus.returnable)) !==
    exchange.new_ticket_ids.length
  )
    throw new Error(`exchange ${exchange.id} lost its new tickets`);
  await issueTicketCodes(tx, order.id);
  await settleWaitingExchange(tx, exchange.id, 'done', at);
  const target = await findExchangeSessionOfLine(tx, exchange.new_line_ids[0] ?? 0);
  if (target) {
    const done = await exchangeDoneMail(tx, mail, {
      orderId: order.id,
      orderLang: order.lang,
      exchangeId: exchange.id,
      count: exchange.old_ticket_ids.length,
      refund: 0,
      target: { eventName: target.event_name, startsAt: target.starts_at, hasTime: target.has_time },
    });
    if (done) await enqueueMail(tx, done, at);
  }
  return true;
}

/** Gives a waiting exchange up: its held places go back and its unissued tickets go; the old ones keep admitting. */
async function lapseExchange(tx: Queryable, exchange: ExchangeRow, at: Date): Promise<boolean> {
  if (!(await settleWaitingExchange(tx, exchange.id, 'lapsed', at))) return false;
  for (const line of await findLineQuantities(tx, exchange.new_line_ids)) {
    if (line.left > 0 && !(await returnLinePlaces(tx, line.id, line.left))) throw new Error(`exchange line ${line.id} could not go back`);
  }
  await deleteAwaitingTickets(tx, exchange.new_ticket_ids, ReturnStatus.awaitingExchange);
  return true;
}

/**
 * Lapses the waiting exchanges whose time to pay is over (the exchanges job, on every instance):
 * each with its order's row locked, as a payment's outcome locks it, so a payment arriving at the
 * same moment either completes the exchange first or finds it lapsed and goes back whole.
 */
export async function lapseDueExchanges(deps: { db: Db; now: () => number; payments: Pick<PaymentsService, 'cancelAtAcquirer'> }) {
  const at = new Date(deps.now());
  let lapsed = 0;
  for (const due of await findDueExchanges(deps.db, at, 100)) {
    const done = await deps.db.transaction(async (tx) => {
      await lockOrderById(tx, due.order_id);
      const exchange = await findExchange(tx, due.id, true);
      if (!exchange || exchange.status !== 'awaiting-payment') return false;
      if (!(await lapseExchange(tx, exchange, at))) return false;
      // The difference's payment still open at the bank must not be paid now.
      await cancelOpenPayments(tx, exchange.order_id);
      return true;
    });
    if (done) {
      lapsed += 1;
      await deps.payments.cancelAtAcquirer({ orderId: due.order_id });
    }
  }
  return lapsed;
}

export type ExchangePayPage =
  | { kind: 'action'; action: PaymentAction; publicId: string; lang: string; amount: number; until: Date }
  | { kind: 'gone'; lang: string; orderHash: string | null };

/**
 * Starts (or answers the open) payment of a waiting exchange's difference from its e-mail link,
 * with the method the order was paid with; a link of an exchange that is done, lapsed or past
 * its time answers 'gone'.
 */
export async function startExchangePayment(
  deps: { db: Db; now: () => number; payments: PaymentsService },
  input: { token: string; origin: string; currency: CurrencyCode },
): Promise<ExchangePayPage> {
  const at = new Date(deps.now());
  const found = await findExchangeByToken(deps.db, payTokenHash(input.token));
  if (!found) return { kind: 'gone', lang: 'ru', orderHash: null };
  const prepared = await deps.db.transaction(async (tx) => {
    const order = await lockOrderById(tx, found.order_id);
    const exchange = await findExchange(tx, found.id, true);
    if (!order || !exchange || exchange.status !== 'awaiting-payment' || !exchange.pay_until || exchange.pay_until <= at)
      return { kind: 'gone' as const, lang: order?.lang ?? 'ru', orderHash: order?.hash ?? null };
    const amount = exchange.new_amount - exchange.old_amount;
    const open = await findOpenPayments(tx, order.id);
    const same = open.find((p) => p.exchange_id === exchange.id && p.status === 'pending' && p.action !== null && p.amount === amount);
    if (same) return { kind: 'open' as const, payment: same, order, exchange };
    if (open.length > 0)
      await cancelReplacedPayments(
        tx,
        open.map((p) => p.id),
        at,
      );
    const method = await findOnlinePayment(tx, order.id);
    if (!method) return { kind: 'gone' as const, lang: order.lang, orderHash: order.hash };
    const payment = await insertPayment(tx, {
      publicId: newHash(),
      orderId: order.id,
      methodId: method.method_id,
      provider: method.provider,
      kind: method.kind as PaymentRow['kind'],
      amount,
      currency: input.currency,
      at,
      exchangeId: exchange.id,
    });
    return { kind: 'start' as const, payment, order, exchange, replaced: open.length > 0 };
  });
  if (prepared.kind === 'gone') return prepared;
  const { order, exchange } = prepared;
  const lang = normalizeLang(order.lang);
  const until = exchange.pay_until ?? at;
  if (prepared.kind === 'open' && prepared.payment.action)
    return {
      kind: 'action',
      action: prepared.payment.action,
      publicId: prepared.payment.public_id,
      lang,
      amount: prepared.payment.amount,
      until,
    };
  const payment = prepared.payment as PaymentRow;
  if (prepared.kind === 'start' && prepared.replaced) await deps.payments.cancelAtAcquirer({ orderId: order.id });
  try {
    const started = await deps.payments.provider(payment.provider).startPayment({
      merchantRef: payment.public_id,
      amount: payment.amount,
      currency: input.currency,
      kind: payment.kind,
      description: serverText('payments', 'description', lang, { number: order.number }),
      returnUrl: `${input.origin}/payments/return/${payment.public_id}?lang=${lang}`,
      origin: input.origin,
      expiresAt: until,
      lang,
    });
    if (!(await markPaymentPending(deps.db, payment.id, started.providerRef, started.action))) {
      // The exchange lapsed while the acquirer registered it: cancel it there too.
      await keepProviderRef(deps.db, payment.id, started.providerRef);
      await deps.payments.cancelAtAcquirer({ orderId: order.id });
      return { kind: 'gone', lang, orderHash: order.hash };
    }
    return { kind: 'action', action: started.action, publicId: payment.public_id, lang, amount: payment.amount, until };
  } catch (error) {
    await markPaymentFailed(deps.db, payment.id, new Date(deps.now()));
    throw error;
  }
}

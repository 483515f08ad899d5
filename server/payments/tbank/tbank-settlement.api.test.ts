import { beforeAll, describe, expect, it } from 'vitest';
import {
  lastPaymentOf,
  orderRowOf,
  paidAtFake,
  pressAtFake,
  refundFirstTicket,
  useTbankApp,
} from '../../../tests/fakes/acquirer-test-kit.ts';
import { type TbankFake, fakeTbankToken } from '../../../tests/fakes/tbank-fake.ts';
import type { TestApp } from '../../../tests/harness.ts';
import { deskOn } from '../../admin/orders/orders-desk-kit.ts';
import { reconcileStalePayments } from '../../jobs/reconcile-payments.ts';
import { serverText } from '../../locales/texts.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import { makeOrder, pay, view } from '../payment-test-kit.ts';

// What T-Bank's reference says beyond the happy path: the link lapses at RedirectDueDate, SBP
// takes 10 ₽ and more, a receipt e-mail has at most 64 characters, notifications are answered
// without calling T-Bank back, refunds may still be under way (REFUNDING, ASYNC_REFUNDING), and
// a decline may be followed by a success of the same payment.

const CARD = 1;
const QR = 2;
const TERMINAL = 'SettleTerminal';
const PASSWORD = 'settle-terminal-password';

const acquirer = useTbankApp({ card: { terminalKey: TERMINAL, password: PASSWORD } });
let t: TestApp;
let fake: TbankFake;
beforeAll(() => {
  t = acquirer.app();
  fake = acquirer.fake();
});

const orderRow = (hash: string) => orderRowOf(t, hash);
const lastPayment = (orderId: number) => lastPaymentOf(t, orderId);
const atBank = (providerRef: string) => fake.payments.get(Number(providerRef));
const initCalls = () => fake.calls.filter((c) => c.method === 'Init').length;

async function paidOrder() {
  const paid = await paidAtFake(t);
  expect(paid.row.status).toBe(OrderStatus.paid);
  return paid;
}

const refundOne = (row: { id: number }, paymentId: number, key: string) => refundFirstTicket(t, row.id, paymentId, key);

const refundRow = async (id: number) =>
  (
    await t.db.query<{ status: string; provider_attempt: number; last_error: string | null; provider_status: string | null }>(
      'select * from refunds where id = $1',
      [id],
    )
  ).rows[0];

describe('T-Bank: the link lapses with the reserve', () => {
  it('sends the reserve end as RedirectDueDate; paid in time the order is paid', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    const { rows } = await t.db.query<{ reserved_until: Date }>('select reserved_until from orders where hash = $1', [order.hash]);
    const init = fake.calls.filter((c) => c.method === 'Init').at(-1)?.body ?? {};
    expect(init.RedirectDueDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(Date.parse(String(init.RedirectDueDate))).toBe(Math.floor((rows[0]?.reserved_until.getTime() ?? 0) / 1000) * 1000);
    await pressAtFake(String(answer.bankUrl), 'pay');
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
  });

  it('after RedirectDueDate the card page takes no payment: DEADLINE_EXPIRED, nothing taken, nothing to refund', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    const payment = await lastPayment((await orderRow(order.hash)).id);
    t.clock.advance(60 * 60_000);
    await pressAtFake(String(answer.bankUrl), 'pay');
    expect(atBank(payment.provider_ref)?.status).toBe('DEADLINE_EXPIRED');
    const { rows } = await t.db.query('select 1 from refunds where payment_id = $1', [payment.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('T-Bank: what it refuses is refused before it is called', () => {
  it('an order whose e-mail is longer than 64 characters is refused at Pay with the reason; 64 characters pay', async () => {
    const long = `${'a'.repeat(65 - '@example.test'.length)}@example.test`;
    expect(long).toHaveLength(65);
    const order = await makeOrder(t, { email: long });
    const before = initCalls();
    const refused = await t.post('/api/order/pay', { hash: order.hash, lang: 'en', bank_data: { id: CARD } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorText: serverText('payments', 'receiptEmailTooLong', 'en', { max: 64 }) });
    expect(initCalls()).toBe(before);
    expect(
      (await t.db.query('select 1 from payments p join orders o on o.id = p.order_id where o.hash = $1', [order.hash])).rows,
    ).toHaveLength(0);

    const fits = await makeOrder(t, { email: long.slice(1) });
    const answer = await pay(t, fits.hash, CARD);
    expect(fake.calls.filter((c) => c.method === 'Init').at(-1)?.body).toMatchObject({ Receipt: { Email: long.slice(1) } });
    await pressAtFake(String(answer.bankUrl), 'pay');
    expect((await orderRow(fits.hash)).status).toBe(OrderStatus.paid);
  });

  it('SBP is not offered for a sum under 10 ₽ and refused at Pay with the reason; a card pays it; 10 ₽ is offered SBP', async () => {
    const small = await makeOrder(t);
    // A discount brought the order to 9.99 ₽.
    await t.db.query('update orders set total = 999 where hash = $1', [small.hash]);
    const shown = await view(t, small.hash);
    const ids = (shown.body.payments as { creditcompany_id: number }[]).map((m) => m.creditcompany_id);
    expect(ids).toContain(CARD);
    expect(ids).not.toContain(QR);
    const before = initCalls();
    const refused = await t.post('/api/order/pay', { hash: small.hash, lang: 'ru', bank_data: { id: QR } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorText: serverText('payments', 'belowMinimum', 'ru', { min: '10 ₽' }) });
    expect(initCalls()).toBe(before);
    const card = await pay(t, small.hash, CARD);
    await pressAtFake(String(card.bankUrl), 'pay');
    expect((await orderRow(small.hash)).status).toBe(OrderStatus.paid);

    const ten = await makeOrder(t);
    await t.db.query('update orders set total = 1000 where hash = $1', [ten.hash]);
    expect(((await view(t, ten.hash)).body.payments as { creditcompany_id: number }[]).map((m) => m.creditcompany_id)).toContain(QR);
    const qr = await pay(t, ten.hash, QR);
    expect(String(qr.form_qr_url)).toMatch(/\/sbp\/\d+$/);
  });
});

describe('T-Bank: notifications are answered without calling T-Bank back', () => {
  it('a CONFIRMED notification is answered OK with no CheckOrder while T-Bank waits; the RRN job asks for it after', async () => {
    const { payment } = await paidOrder();
    expect(fake.notifications.at(-1)).toMatchObject({ status: 200, answer: 'OK' });
    expect(fake.checkOrdersWhileDelivering()).toBe(0);
    expect(payment.rrn).toBeNull();
    expect(await t.app.payments.lookUpRrns()).toBeGreaterThanOrEqual(1);
    expect((await lastPayment(payment.order_id)).rrn).toBe(atBank(payment.provider_ref)?.rrn);
    // Asked once: nothing is due any more.
    const calls = fake.calls.filter((c) => c.method === 'CheckOrder').length;
    await t.app.payments.lookUpRrns();
    expect(fake.calls.filter((c) => c.method === 'CheckOrder').length).toBe(calls);
  });

  it('a Token of another length or not hex is refused like a wrong one', async () => {
    const { payment } = await paidOrder();
    const sent = fake.notifications.at(-1)?.body as Record<string, unknown>;
    for (const token of [String(sent.Token).slice(1), `${String(sent.Token).slice(0, 63)}z`, '', fakeTbankToken(sent, 'wrong')]) {
      const response = await t.app.inject({ method: 'POST', url: '/payments/notify/tbank', payload: { ...sent, Token: token } });
      expect(response.statusCode, token).toBe(400);
    }
    expect((await lastPayment(payment.order_id)).status).toBe('succeeded');
  });
});

describe('T-Bank: a success after a decline', () => {
  it('a signed REJECTED then CONFIRMED of the same payment: both answered OK and the order is paid', async () => {
    const order = await makeOrder(t);
    await pay(t, order.hash, CARD);
    const row = await orderRow(order.hash);
    const payment = await lastPayment(row.id);
    await fake.rejectThenConfirm(Number(payment.provider_ref));
    expect(fake.notifications.slice(-2).map((n) => [n.body.Status, n.status, n.answer])).toEqual([
      ['REJECTED', 200, 'OK'],
      ['CONFIRMED', 200, 'OK'],
    ]);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
    expect(await lastPayment(row.id)).toMatchObject({ status: 'succeeded', decline_reason: null });
  });

  it('when the order can no longer take it (paid by another payment meanwhile), the success is refunded whole', async () => {
    const order = await makeOrder(t);
    await pay(t, order.hash, CARD);
    const row = await orderRow(order.hash);
    const first = await lastPayment(row.id);
    // Declined; the buyer pays again and that payment pays the order.
    const rejected = atBank(first.provider_ref);
    if (!rejected) throw new Error('no payment at the fake');
    rejected.status = 'REJECTED';
    rejected.errorCode = '1051';
    await fake.resend(rejected.id);
    expect((await lastPayment(row.id)).status).toBe('declined');
    const again = await pay(t, order.hash, CARD);
    await pressAtFake(String(again.bankUrl), 'pay');
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
    // Now the first payment's money comes after all.
    rejected.status = 'CONFIRMED';
    rejected.errorCode = '0';
    await fake.resend(rejected.id);
    const { rows } = await t.db.query<{ status: string; amount: number }>(
      'select r.status, r.amount from refunds r where r.payment_id = $1',
      [first.id],
    );
    expect(rows).toEqual([{ status: 'done', amount: 106000 }]);
    expect(rejected.refunded).toBe(106000);
  });

  it('the reconciliation job reads declined payments back: a success T-Bank reports later pays the order', async () => {
    const order = await makeOrder(t);
    await pay(t, order.hash, CARD);
    const row = await orderRow(order.hash);
    const payment = await lastPayment(row.id);
    const p = atBank(payment.provider_ref);
    if (!p) throw new Error('no payment at the fake');
    p.status = 'REJECTED';
    await fake.resend(p.id);
    expect((await lastPayment(row.id)).status).toBe('declined');
    // The success is never notified; only reading the payment back finds it.
    fake.dropNotifications();
    p.status = 'CONFIRMED';
    t.clock.advance(60_000);
    await reconcileStalePayments(t.db, t.app.payments, t.clock.now);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
    // Beyond a day after the decline it is not read back any more.
    const later = await makeOrder(t);
    await pay(t, later.hash, CARD);
    const declined = await lastPayment((await orderRow(later.hash)).id);
    await t.db.query(`update payments set status = 'declined', decline_reason = 'card-data', finished_at = $2 where id = $1`, [
      declined.id,
      t.clock.date(),
    ]);
    const q = atBank(declined.provider_ref);
    if (q) q.status = 'CONFIRMED';
    t.clock.advance(25 * 3600_000);
    const states = fake.calls.filter((c) => c.method === 'GetState' && String(c.body.PaymentId) === declined.provider_ref).length;
    await reconcileStalePayments(t.db, t.app.payments, t.clock.now);
    expect(fake.calls.filter((c) => c.method === 'GetState' && String(c.body.PaymentId) === declined.provider_ref).length).toBe(states);
  });
});

describe('T-Bank: a refund is done when T-Bank says so', () => {
  it('a refund answered REFUNDING stays under way until T-Bank finishes it; its notification makes the read-back due', async () => {
    const { row, payment } = await paidOrder();
    fake.refundLater();
    const refundId = await refundOne(row, payment.id, `return:async-${row.id}`);
    await t.app.payments.processRefunds({ ids: [refundId] });
    expect(await refundRow(refundId)).toMatchObject({ status: 'sent', provider_status: 'REFUNDING' });
    // Read back while T-Bank still works on it: still under way.
    await t.db.query('update refunds set check_after = $2 where id = $1', [refundId, t.clock.date()]);
    await t.app.payments.checkSentRefunds();
    expect((await refundRow(refundId))?.status).toBe('sent');
    // T-Bank finishes it and notifies: the notification makes it due, the job reads it back.
    await fake.finishRefund(Number(payment.provider_ref), 'done');
    expect(fake.notifications.at(-1)).toMatchObject({ status: 200, answer: 'OK' });
    expect(await t.app.payments.checkSentRefunds()).toMatchObject({ done: 1 });
    expect(await refundRow(refundId)).toMatchObject({ status: 'done', provider_status: 'PARTIAL_REFUNDED' });
  });

  it('an SBP refund (ASYNC_REFUNDING) that T-Bank fails is sent again, and after its last attempt is left failed for staff on the order page', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, QR);
    await pressAtFake(String(answer.form_qr_url), 'pay');
    const row = await orderRow(order.hash);
    expect(row.status).toBe(OrderStatus.paid);
    const payment = await lastPayment(row.id);
    fake.refundLater();
    const key = `return:sbp-${row.id}`;
    const refundId = await refundOne(row, payment.id, key);
    for (const attempt of [1, 2, 3]) {
      await t.app.payments.processRefunds({ ids: [refundId] });
      expect(await refundRow(refundId)).toMatchObject({ status: 'sent', provider_status: 'ASYNC_REFUNDING', provider_attempt: attempt });
      expect(fake.calls.filter((c) => c.method === 'Cancel').at(-1)?.body.ExternalRequestId).toBe(
        attempt === 1 ? key : `${key}~${attempt}`,
      );
      // T-Bank's failure is notified as the payment's status (CONFIRMED again); the read-back finds it.
      await fake.finishRefund(Number(payment.provider_ref), 'failed');
      t.clock.advance(6 * 60_000);
      await t.app.payments.checkSentRefunds();
    }
    expect(await refundRow(refundId)).toMatchObject({ status: 'failed', provider_status: 'CONFIRMED' });
    // Staff see it on the order page of the back office, with the bank's answer.
    const { desk } = await deskOn(t);
    const seen = (await desk.view(row.id)).refunds.find((r) => r.id === refundId);
    expect(seen).toMatchObject({ status: 'failed', lastError: expect.stringContaining('CONFIRMED') });
    // A failed refund is not sent again on its own.
    const cancels = fake.calls.filter((c) => c.method === 'Cancel').length;
    await t.app.payments.processRefunds({ ids: [refundId] });
    expect(fake.calls.filter((c) => c.method === 'Cancel').length).toBe(cancels);
  });
});

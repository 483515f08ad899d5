import { beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_URL,
  followReturn,
  lastPaymentOf,
  orderRowOf,
  pressAtFake,
  returnRequestFor,
  useTbankApp,
} from '../../../tests/fakes/acquirer-test-kit.ts';
import { type TbankFake, fakeTbankToken } from '../../../tests/fakes/tbank-fake.ts';
import type { TestApp } from '../../../tests/harness.ts';
import { reconcileStalePayments } from '../../jobs/reconcile-payments.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import { makeOrder, pay } from '../payment-test-kit.ts';
import { serverText } from '../../locales/texts.ts';

const CARD = 1;
const QR = 2;
const PUSHKIN = 4;
const TERMINAL = 'StorefrontTest';
const PASSWORD = 'terminal-password-1';
const PUSHKIN_TERMINAL = 'StorefrontPushkin';
const PUSHKIN_PASSWORD = 'terminal-password-2';

const acquirer = useTbankApp({
  card: { terminalKey: TERMINAL, password: PASSWORD },
  pushkin: { terminalKey: PUSHKIN_TERMINAL, password: PUSHKIN_PASSWORD },
});
let t: TestApp;
let fake: TbankFake;
beforeAll(() => {
  t = acquirer.app();
  fake = acquirer.fake();
});

const orderRow = (hash: string) => orderRowOf(t, hash);
const fakePaymentOf = (orderId: string) => [...fake.payments.values()].find((p) => p.orderId === orderId);
const lastPayment = (orderId: number) => lastPaymentOf(t, orderId);
const notificationCount = async () =>
  Number((await t.db.query<{ n: string }>(`select count(*) as n from payment_notifications where provider like 'tbank%'`)).rows[0]?.n);

describe('T-Bank: card payments', () => {
  it('sends the buyer to PaymentURL after an Init with kopecks, our attempt id, the URLs, one stage and a receipt; CONFIRMED pays the order', async () => {
    const order = await makeOrder(t, { email: 'card@example.test' });
    const answer = await pay(t, order.hash, CARD);
    const row = await orderRow(order.hash);
    const payment = await lastPayment(row.id);
    expect(answer.bankUrl).toBe(`${fake.base}/pay/${payment.provider_ref}`);

    const init = fake.calls.filter((c) => c.method === 'Init').at(-1)?.body ?? {};
    expect(init).toMatchObject({
      TerminalKey: TERMINAL,
      Amount: 106000,
      OrderId: payment.public_id,
      NotificationURL: `${PUBLIC_URL}/payments/notify/tbank`,
      SuccessURL: expect.stringContaining(`${PUBLIC_URL}/payments/return/${payment.public_id}`),
      FailURL: expect.stringContaining(`${PUBLIC_URL}/payments/return/${payment.public_id}`),
      PayType: 'O',
      Description: `Заказ № ${order.number}`,
    });
    const receipt = init.Receipt as { FfdVersion: string; Email: string; Taxation: string; Items: Record<string, unknown>[] };
    expect(receipt.Email).toBe('card@example.test');
    expect(receipt.Taxation).toBe('usn_income');
    expect(receipt.FfdVersion).toBe('1.2');
    // The two identical tickets make one item of quantity 2, their fees another; each a service by the piece, no VAT.
    expect(receipt.Items).toEqual([
      expect.objectContaining({ Price: 50000, Quantity: 2, Amount: 100000 }),
      expect.objectContaining({ Name: 'Сервисный сбор', Price: 3000, Quantity: 2, Amount: 6000 }),
    ]);
    for (const item of receipt.Items)
      expect(item).toMatchObject({ Tax: 'none', PaymentMethod: 'full_prepayment', PaymentObject: 'service', MeasurementUnit: 'шт' });

    const location = await pressAtFake(String(answer.bankUrl), 'pay');
    expect(fake.notifications.at(-1)).toMatchObject({ status: 200, answer: 'OK' });
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
    expect(await followReturn(t, location)).toBe(`/order/${order.hash}`);
    expect((await lastPayment(row.id)).status).toBe('succeeded');
  });

  it('applies a repeated notification once, and refuses a wrong Token, a changed amount, another terminal or an unknown payment', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    await pressAtFake(String(answer.bankUrl), 'pay');
    const sent = fake.notifications.at(-1)?.body as Record<string, unknown>;
    const before = await notificationCount();

    const replay = await t.app.inject({ method: 'POST', url: '/payments/notify/tbank', payload: sent });
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe('OK');
    expect(await notificationCount()).toBe(before);

    const forged = [
      { ...sent, Token: fakeTbankToken(sent, 'not-the-password') },
      { ...sent, Amount: 1 },
      { ...sent, TerminalKey: PUSHKIN_TERMINAL },
      fake.sign(TERMINAL, { ...sent, Token: undefined, OrderId: 'no-such-payment', PaymentId: 999 }),
      'OK',
      { ...sent, Status: 'REJECTED' },
    ];
    for (const body of forged.slice(0, 3).concat(forged.slice(4))) {
      const response = await t.app.inject({ method: 'POST', url: '/payments/notify/tbank', payload: body as Record<string, unknown> });
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    // Genuinely signed but for a payment we never made: acknowledged, nothing applied to any order.
    const unknown = await t.app.inject({ method: 'POST', url: '/payments/notify/tbank', payload: forged[3] as Record<string, unknown> });
    expect(unknown.statusCode).toBe(200);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
    expect((await lastPayment((await orderRow(order.hash)).id)).status).toBe('succeeded');
  });

  it('shows the declined page with the reason T-Bank rejected the card for, and the order stays payable', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    const location = await pressAtFake(String(answer.bankUrl), '1051');
    expect(await followReturn(t, location)).toContain(`/order/declined/${order.hash}`);
    const row = await orderRow(order.hash);
    expect(await lastPayment(row.id)).toMatchObject({ status: 'declined', decline_reason: 'insufficient-funds' });
    expect(row.status).toBe(OrderStatus.confirmed);
    const again = await pay(t, order.hash, CARD);
    expect(String(again.bankUrl)).toMatch(new RegExp(`^${fake.base}/pay/\\d+$`));
  });

  it('an Init that meets a 5xx or no answer shows the bank is unavailable, charges nothing, and the order stays payable', async () => {
    const order = await makeOrder(t);
    for (const fault of ['500', 'timeout'] as const) {
      fake.arm('/v2/Init', fault);
      const response = await t.post('/api/order/pay', { hash: order.hash, lang: 'ru', bank_data: { id: CARD } });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ errorText: serverText('payments', 'bankUnavailable', 'ru') });
    }
    const row = await orderRow(order.hash);
    expect(row.status).toBe(OrderStatus.confirmed);
    const answer = await pay(t, order.hash, CARD);
    await pressAtFake(String(answer.bankUrl), 'pay');
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
  });

  it('a CheckOrder that fails leaves the RRN unknown and never holds up the payment', async () => {
    // The RRNs the earlier tests' payments wait for are asked now, so the lookup below asks for this one alone.
    await t.app.payments.lookUpRrns();
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    await pressAtFake(String(answer.bankUrl), 'pay');
    const row = await orderRow(order.hash);
    expect(row.status).toBe(OrderStatus.paid);
    // The fault is met here, in this test: armed and left unmet, it would fail a later test's CheckOrder.
    fake.arm('/v2/CheckOrder', '500');
    const asked = fake.calls.filter((c) => c.method === 'CheckOrder').length;
    expect(await t.app.payments.lookUpRrns()).toBe(1);
    expect(fake.calls.filter((c) => c.method === 'CheckOrder').length).toBe(asked);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
    expect((await lastPayment(row.id)).rrn).toBeNull();
    // Asked again five minutes later, it is found.
    t.clock.advance(5 * 60_000 + 1000);
    expect(await t.app.payments.lookUpRrns()).toBe(1);
    const payment = await lastPayment(row.id);
    expect(payment.rrn).toBe(fakePaymentOf(payment.public_id)?.rrn);
  });
});

describe('T-Bank: SBP', () => {
  it('shows GetQr PAYLOAD as the QR code; the status poll reports the payment once the buyer paid in the bank app', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, QR);
    const payment = await lastPayment((await orderRow(order.hash)).id);
    expect(answer).toMatchObject({
      form_qr_url: `${fake.base}/sbp/${payment.provider_ref}`,
      form_qr_code: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GetQr', body: { PaymentId: payment.provider_ref, DataType: 'PAYLOAD' } });
    const poll = async () => (await t.post('/api/order/status', { hash: order.hash })).json();
    expect(await poll()).toBe(0);
    fake.dropNotifications();
    await pressAtFake(String(answer.form_qr_url), 'pay');
    // The notification was lost; the poll reads the state back with GetState.
    expect(await poll()).toBe(1);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
    // SBP operations have no RRN.
    expect((await lastPayment((await orderRow(order.hash)).id)).rrn).toBeNull();
  });
});

describe('T-Bank: refunds, reconciliation, Pushkin card', () => {
  it('refunds one returned ticket with a receipt of only that ticket, then the rest, through Cancel', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    await pressAtFake(String(answer.bankUrl), 'pay');
    const row = await orderRow(order.hash);
    const payment = await lastPayment(row.id);
    const { rows: tickets } = await t.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id', [row.id]);
    const at = t.clock.date();

    const partial = await t.db.transaction((tx) =>
      t.app.payments.requestRefund(tx, { paymentId: payment.id, amount: 53000, reason: 'return', key: `return:tb-${row.id}`, at }),
    );
    await returnRequestFor(t, row.id, [tickets[0]?.id as number], 53000, partial, 3000);
    expect(await t.app.payments.processRefunds({ ids: [partial] })).toEqual({ done: 1, failed: 0 });
    const atBank = fakePaymentOf(payment.public_id);
    expect(atBank?.status).toBe('PARTIAL_REFUNDED');
    const first = atBank?.refunds[0];
    expect(first?.amount).toBe(53000);
    expect(first?.receipt?.Items.map((i) => i.Amount)).toEqual([50000, 3000]);
    expect(first?.externalRequestId).toBe(`return:tb-${row.id}`);

    const rest = await t.db.transaction((tx) =>
      t.app.payments.requestRefund(tx, { paymentId: payment.id, amount: 53000, reason: 'return', key: `return:tb2-${row.id}`, at }),
    );
    await t.app.payments.processRefunds({ ids: [rest] });
    expect(atBank?.status).toBe('REFUNDED');
    expect(atBank?.refunds.map((r) => r.amount)).toEqual([53000, 53000]);
    // Processing the same refund again sends the same ExternalRequestId: refunded once.
    await t.db.query(`update refunds set status = 'pending' where id = $1`, [rest]);
    await t.app.payments.processRefunds({ ids: [rest] });
    expect(atBank?.refunds).toHaveLength(2);
  });

  it('a lost notification is caught by the reconciliation job 15 minutes later, the RRN taken from CheckOrder', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    fake.dropNotifications();
    await pressAtFake(String(answer.bankUrl), 'pay');
    const row = await orderRow(order.hash);
    expect(row.status).toBe(OrderStatus.confirmed);
    await reconcileStalePayments(t.db, t.app.payments, t.clock.now);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.confirmed);
    t.clock.advance(15 * 60_000 + 1000);
    expect(await reconcileStalePayments(t.db, t.app.payments, t.clock.now)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
    expect((await lastPayment(row.id)).rrn).toBeNull();
    // The RRN is asked for by its job, after the payment is applied.
    expect(await t.app.payments.lookUpRrns()).toBeGreaterThanOrEqual(1);
    const payment = await lastPayment(row.id);
    expect(payment.rrn).toBe(fakePaymentOf(payment.public_id)?.rrn);
  });

  it('a Pushkin-card order pays as a card on the Pushkin terminal, whole price, the RRN taken from CheckOrder', async () => {
    const order = await makeOrder(t, { pushkin: true });
    const answer = await pay(t, order.hash, PUSHKIN);
    const row = await orderRow(order.hash);
    const payment = await lastPayment(row.id);
    expect(payment.provider).toBe('tbank-pushkin');
    expect(fake.calls.filter((c) => c.method === 'Init').at(-1)?.body).toMatchObject({
      TerminalKey: PUSHKIN_TERMINAL,
      Amount: 106000,
      NotificationURL: `${PUBLIC_URL}/payments/notify/tbank-pushkin`,
    });
    await pressAtFake(String(answer.bankUrl), 'pay');
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
    await t.app.payments.lookUpRrns();
    const paid = await lastPayment(row.id);
    expect(paid.rrn).toBe(fakePaymentOf(paid.public_id)?.rrn);
    expect(fake.calls.filter((c) => c.method === 'CheckOrder').at(-1)?.body).toMatchObject({
      TerminalKey: PUSHKIN_TERMINAL,
      OrderId: paid.public_id,
    });
    // The Pushkin order is offered no SBP.
    const qr = await t.post('/api/order/pay', { hash: (await makeOrder(t, { pushkin: true })).hash, lang: 'ru', bank_data: { id: QR } });
    expect(qr.statusCode).toBe(400);
  });
});

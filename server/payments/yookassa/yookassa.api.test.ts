import { beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_URL,
  followReturn,
  lastPaymentOf,
  orderRowOf,
  pressAtFake,
  returnRequestFor,
  useYookassaApp,
} from '../../../tests/fakes/acquirer-test-kit.ts';
import type { YookassaFake } from '../../../tests/fakes/yookassa-fake.ts';
import type { TestApp } from '../../../tests/harness.ts';
import { reconcileStalePayments } from '../../jobs/reconcile-payments.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import { makeOrder, pay } from '../payment-test-kit.ts';
import { serverText } from '../../locales/texts.ts';

const CARD = 1;
const QR = 2;
const PUSHKIN = 4;
const SHOP = '501234';
const SECRET_KEY = 'test_secret_key_1';
const PUSHKIN_SHOP = '501235';
const PUSHKIN_SECRET_KEY = 'test_secret_key_2';

const acquirer = useYookassaApp(
  { card: { shopId: SHOP, secretKey: SECRET_KEY }, pushkin: { shopId: PUSHKIN_SHOP, secretKey: PUSHKIN_SECRET_KEY } },
  // The QR scenario, kept behind YOOKASSA_SBP_CONFIRMATION=qr (yookassa-settlement tests the redirect default).
  { yookassaSbpConfirmation: 'qr' },
);
let t: TestApp;
let fake: YookassaFake;
beforeAll(() => {
  t = acquirer.app();
  fake = acquirer.fake();
});

const orderRow = (hash: string) => orderRowOf(t, hash);
const lastPayment = (orderId: number) => lastPaymentOf(t, orderId);
const notificationCount = async () =>
  Number((await t.db.query<{ n: string }>(`select count(*) as n from payment_notifications where provider like 'yookassa%'`)).rows[0]?.n);

describe('YooKassa: card payments', () => {
  it('creates the payment with Basic auth, our attempt id as Idempotence-Key, a decimal amount, capture, redirect and a receipt; the webhook, read back, pays the order', async () => {
    const order = await makeOrder(t, { email: 'yk@example.test' });
    const answer = await pay(t, order.hash, CARD);
    const row = await orderRow(order.hash);
    const payment = await lastPayment(row.id);
    expect(answer.bankUrl).toBe(`${fake.base}/pay/${payment.provider_ref}`);
    const create = fake.calls.filter((c) => c.path === 'payments').at(-1);
    expect(create?.key).toBe(payment.public_id);
    expect(create?.body).toMatchObject({
      amount: { value: '1060.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: expect.stringContaining(`${PUBLIC_URL}/payments/return/${payment.public_id}`) },
      payment_method_data: { type: 'bank_card' },
      description: `Заказ № ${order.number}`,
      metadata: { payment: payment.public_id },
    });
    const receipt = (create?.body as { receipt: { customer: { email: string }; items: Record<string, unknown>[] } }).receipt;
    expect(receipt.customer.email).toBe('yk@example.test');
    // The two identical tickets make one item of quantity 2, their fees another; amount is the price of one.
    expect(receipt.items).toEqual([
      expect.objectContaining({ quantity: '2.00', amount: { value: '500.00', currency: 'RUB' } }),
      expect.objectContaining({ description: 'Сервисный сбор', quantity: '2.00', amount: { value: '30.00', currency: 'RUB' } }),
    ]);
    for (const item of receipt.items)
      expect(item).toMatchObject({ vat_code: 1, payment_mode: 'full_prepayment', payment_subject: 'service', measure: 'piece' });

    const location = await pressAtFake(String(answer.bankUrl), 'pay');
    expect(fake.webhooks.at(-1)?.status).toBe(200);
    // The webhook was trusted only after GET /payments/{id}.
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', path: `payments/${payment.provider_ref}` });
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
    expect(await followReturn(t, location)).toBe(`/order/${order.hash}`);
    expect((await lastPayment(row.id)).rrn).toMatch(/^6\d{11}$/);
  });

  it('a forged webhook (the payment still pending at YooKassa, or unknown) changes nothing; a replay is applied once', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    const row = await orderRow(order.hash);
    const payment = await lastPayment(row.id);
    const forged = {
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: payment.provider_ref, status: 'succeeded', amount: { value: '1060.00', currency: 'RUB' } },
    };
    const first = await t.app.inject({ method: 'POST', url: '/payments/notify/yookassa', payload: forged });
    expect(first.statusCode).toBe(200);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.confirmed);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/payments/notify/yookassa',
      payload: { ...forged, object: { id: '2f0c0000-000f-5000-9000-1b68e7b15f3f' } },
    });
    expect(unknown.statusCode).toBe(400);
    const junk = await t.app.inject({
      method: 'POST',
      url: '/payments/notify/yookassa',
      payload: { type: 'notification', event: 'payment.succeeded', object: { id: '../refunds' } },
    });
    expect(junk.statusCode).toBe(400);

    await pressAtFake(String(answer.bankUrl), 'pay');
    const before = await notificationCount();
    await fake.resend(payment.provider_ref);
    expect(fake.webhooks.at(-1)?.status).toBe(200);
    expect(await notificationCount()).toBe(before);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
  });

  it('a webhook that cannot be read back (YooKassa down) answers 429 with Retry-After, changes nothing, and is applied when repeated', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    const row = await orderRow(order.hash);
    const payment = await lastPayment(row.id);
    fake.dropWebhooks();
    await pressAtFake(String(answer.bankUrl), 'pay');
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.confirmed);
    const webhook = { type: 'notification', event: 'payment.succeeded', object: { id: payment.provider_ref, status: 'succeeded' } };
    fake.arm(`/v3/payments/${payment.provider_ref}`, '500');
    const refused = await t.app.inject({ method: 'POST', url: '/payments/notify/yookassa', payload: webhook });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    const repeated = await t.app.inject({ method: 'POST', url: '/payments/notify/yookassa', payload: webhook });
    expect(repeated.statusCode).toBe(200);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
  });

  it('a canceled payment shows the declined page with its reason; the order stays payable', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    const location = await pressAtFake(String(answer.bankUrl), '3d_secure_failed');
    expect(await followReturn(t, location)).toContain(`/order/declined/${order.hash}`);
    const row = await orderRow(order.hash);
    expect(await lastPayment(row.id)).toMatchObject({ status: 'declined', decline_reason: 'no-3ds' });
    expect(row.status).toBe(OrderStatus.confirmed);
  });

  it('a 5xx that stays after the repeats, or no answer, from YooKassa shows the bank is unavailable, charges nothing, and the order stays payable', async () => {
    const order = await makeOrder(t);
    for (const fault of ['500', 'timeout'] as const) {
      // A 500 is repeated three times with the same Idempotence-Key (YooKassa's SDKs do): all four fail here.
      for (let i = 0; i < (fault === '500' ? 4 : 1); i += 1) fake.arm('/v3/payments', fault);
      const response = await t.post('/api/order/pay', { hash: order.hash, lang: 'ru', bank_data: { id: CARD } });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ errorText: serverText('payments', 'bankUnavailable', 'ru') });
    }
    const answer = await pay(t, order.hash, CARD);
    await pressAtFake(String(answer.bankUrl), 'pay');
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
    expect(
      [...fake.payments.values()].filter(
        (p) => p.object.metadata.payment && p.object.status === 'succeeded' && p.object.description === `Заказ № ${order.number}`,
      ),
    ).toHaveLength(1);
  });
});

describe('YooKassa: SBP, refunds, reconciliation, Pushkin card', () => {
  it('shows confirmation_data of an sbp payment as the QR code; the poll reads the payment back', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, QR);
    const payment = await lastPayment((await orderRow(order.hash)).id);
    expect(answer).toMatchObject({
      form_qr_url: `${fake.base}/sbp/${payment.provider_ref}`,
      form_qr_code: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(fake.calls.filter((c) => c.path === 'payments').at(-1)?.body).toMatchObject({
      confirmation: { type: 'qr' },
      payment_method_data: { type: 'sbp' },
    });
    fake.dropWebhooks();
    await pressAtFake(String(answer.form_qr_url), 'pay');
    expect((await t.post('/api/order/status', { hash: order.hash })).json()).toBe(1);
  });

  it('refunds one returned ticket with its own receipt, then the rest, each with its Idempotence-Key once', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    await pressAtFake(String(answer.bankUrl), 'pay');
    const row = await orderRow(order.hash);
    const payment = await lastPayment(row.id);
    const { rows: tickets } = await t.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id', [row.id]);
    const at = t.clock.date();
    const partial = await t.db.transaction((tx) =>
      t.app.payments.requestRefund(tx, { paymentId: payment.id, amount: 53000, reason: 'return', key: `return:yk-${row.id}`, at }),
    );
    await returnRequestFor(t, row.id, [tickets[1]?.id as number], 53000, partial, 3000);
    expect(await t.app.payments.processRefunds({ ids: [partial] })).toEqual({ done: 1, failed: 0 });
    const atShop = fake.payments.get(payment.provider_ref);
    expect(atShop?.refunds[0]?.amount).toBe(53000);
    expect(atShop?.refunds[0]?.receipt.items.map((i) => i.amount.value)).toEqual(['500.00', '30.00']);
    expect(fake.calls.filter((c) => c.path === 'refunds').at(-1)).toMatchObject({
      key: `return:yk-${row.id}`,
      body: { payment_id: payment.provider_ref, amount: { value: '530.00' } },
    });

    const rest = await t.db.transaction((tx) =>
      t.app.payments.requestRefund(tx, { paymentId: payment.id, amount: 53000, reason: 'return', key: `return:yk2-${row.id}`, at }),
    );
    await t.app.payments.processRefunds({ ids: [rest] });
    await t.db.query(`update refunds set status = 'pending' where id = $1`, [rest]);
    await t.app.payments.processRefunds({ ids: [rest] });
    expect(atShop?.refunds.map((r) => r.amount)).toEqual([53000, 53000]);
  });

  it('a lost webhook is caught by the reconciliation job 15 minutes later', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    fake.dropWebhooks();
    await pressAtFake(String(answer.bankUrl), 'pay');
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.confirmed);
    t.clock.advance(15 * 60_000 + 1000);
    expect(await reconcileStalePayments(t.db, t.app.payments, t.clock.now)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
  });

  it('a Pushkin-card order pays by card on the Pushkin shop', async () => {
    const order = await makeOrder(t, { pushkin: true });
    const answer = await pay(t, order.hash, PUSHKIN);
    const payment = await lastPayment((await orderRow(order.hash)).id);
    expect(payment.provider).toBe('yookassa-pushkin');
    expect(fake.payments.get(payment.provider_ref)?.shopId).toBe(PUSHKIN_SHOP);
    expect(fake.calls.filter((c) => c.path === 'payments').at(-1)?.body).toMatchObject({
      payment_method_data: { type: 'bank_card' },
      amount: { value: '1060.00' },
    });
    // YooKassa sends the webhook to the URL registered for the Pushkin shop.
    fake.dropWebhooks();
    await pressAtFake(String(answer.bankUrl), 'pay');
    const back = await t.get(`/payments/return/${payment.public_id}`);
    expect(back.headers.location).toBe(`/order/${order.hash}`);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
  });
});

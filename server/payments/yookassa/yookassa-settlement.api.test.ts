import { beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_URL,
  followReturn,
  lastPaymentOf,
  orderRowOf,
  paidAtFake,
  pressAtFake,
  refundFirstTicket,
  useYookassaApp,
} from '../../../tests/fakes/acquirer-test-kit.ts';
import type { YookassaFake } from '../../../tests/fakes/yookassa-fake.ts';
import type { TestApp } from '../../../tests/harness.ts';
import { deskOn } from '../../admin/orders/orders-desk-kit.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import { READ_BACK_LIMITS } from '../payments-stack.ts';
import { makeOrder, pay } from '../payment-test-kit.ts';

// What YooKassa's documentation and SDKs say beyond the happy path: SBP is confirmed on its own
// page (redirect), a call answered 202 or 500 is repeated with the same Idempotence-Key, a
// refund may be pending and end succeeded or canceled, refunds go back in the payment's
// currency, and unsigned webhooks cause read-backs that must be limited.

const CARD = 1;
const QR = 2;
const SHOP = '502001';
const SECRET_KEY = 'test_settlement_key';

const acquirer = useYookassaApp({ card: { shopId: SHOP, secretKey: SECRET_KEY } });
let t: TestApp;
let fake: YookassaFake;
beforeAll(() => {
  t = acquirer.app();
  fake = acquirer.fake();
});

const orderRow = (hash: string) => orderRowOf(t, hash);
const lastPayment = (orderId: number) => lastPaymentOf(t, orderId);
const refundRow = async (id: number) =>
  (
    await t.db.query<{ status: string; provider_attempt: number; provider_ref: string | null; last_error: string | null }>(
      'select * from refunds where id = $1',
      [id],
    )
  ).rows[0];

async function paidOrder() {
  const paid = await paidAtFake(t);
  expect(paid.row.status).toBe(OrderStatus.paid);
  return paid;
}

const refundOne = (row: { id: number }, paymentId: number, key: string) => refundFirstTicket(t, row.id, paymentId, key);

describe('YooKassa: SBP by redirect', () => {
  it("starts SBP with confirmation redirect (its documented scenario): the buyer pays on YooKassa's page and comes back paid", async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, QR);
    const row = await orderRow(order.hash);
    const payment = await lastPayment(row.id);
    expect(answer).toMatchObject({ bankUrl: `${fake.base}/sbp/${payment.provider_ref}` });
    expect(answer.form_qr_url).toBeUndefined();
    expect(fake.calls.filter((c) => c.path === 'payments').at(-1)?.body).toMatchObject({
      confirmation: { type: 'redirect', return_url: expect.stringContaining(`${PUBLIC_URL}/payments/return/${payment.public_id}`) },
      payment_method_data: { type: 'sbp' },
    });
    // The order page offers no QR modal of ours for it.
    expect((await t.post('/api/order/view', { hash: order.hash, lang: 'ru' })).json()).toMatchObject({ payment_qr: null });
    const location = await pressAtFake(String(answer.bankUrl), 'pay');
    expect(await followReturn(t, location)).toBe(`/order/${order.hash}`);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
  });
});

describe('YooKassa: 202 and 500 are repeated with the same Idempotence-Key', () => {
  it('a payment answered 202 (still processing) is asked again with the same key and registered once', async () => {
    const order = await makeOrder(t);
    fake.answerProcessing('payments', 2);
    const answer = await pay(t, order.hash, CARD);
    const payment = await lastPayment((await orderRow(order.hash)).id);
    const creates = fake.calls.filter((c) => c.path === 'payments' && c.key === payment.public_id);
    expect(creates).toHaveLength(3);
    expect([...fake.payments.values()].filter((p) => p.object.metadata.payment === payment.public_id)).toHaveLength(1);
    await pressAtFake(String(answer.bankUrl), 'pay');
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
  });

  it('a refund answered 500 once is repeated with the same key and done once', async () => {
    const { row, payment } = await paidOrder();
    const refundId = await refundOne(row, payment.id, `return:r500-${row.id}`);
    fake.arm('/v3/refunds', '500');
    expect(await t.app.payments.processRefunds({ ids: [refundId] })).toEqual({ done: 1, failed: 0 });
    expect(fake.calls.filter((c) => c.path === 'refunds' && c.key === `return:r500-${row.id}`)).toHaveLength(1);
    expect(fake.payments.get(payment.provider_ref)?.refunds).toHaveLength(1);
  });
});

describe('YooKassa: a refund is done when YooKassa says so', () => {
  it('a pending refund stays under way; refund.succeeded makes the read-back (GET /refunds/{id}) due and marks it done', async () => {
    const { row, payment } = await paidOrder();
    fake.refundsAs('pending');
    const refundId = await refundOne(row, payment.id, `return:pending-${row.id}`);
    expect(await t.app.payments.processRefunds({ ids: [refundId] })).toEqual({ done: 0, failed: 0 });
    const sent = await refundRow(refundId);
    expect(sent).toMatchObject({ status: 'sent' });
    // The buyer's return reads as under way, not refunded.
    const { rows } = await t.db.query<{ status: string }>('select status from refunds where id = $1', [refundId]);
    expect(rows[0]?.status).not.toBe('done');
    await fake.finishRefund(String(sent?.provider_ref), 'succeeded');
    expect(fake.webhooks.at(-1)).toMatchObject({ status: 200 });
    expect(await t.app.payments.checkSentRefunds()).toMatchObject({ done: 1 });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', path: `refunds/${sent?.provider_ref}` });
    expect((await refundRow(refundId))?.status).toBe('done');
  });

  it('a refund YooKassa cancels is sent again under a new Idempotence-Key, and after its last attempt left failed for staff', async () => {
    const { row, payment } = await paidOrder();
    fake.refundsAs('pending');
    const key = `return:cancel-${row.id}`;
    const refundId = await refundOne(row, payment.id, key);
    for (const attempt of [1, 2, 3]) {
      await t.app.payments.processRefunds({ ids: [refundId] });
      expect(fake.calls.filter((c) => c.path === 'refunds').at(-1)?.key).toBe(attempt === 1 ? key : `${key}~${attempt}`);
      const sent = await refundRow(refundId);
      expect(sent).toMatchObject({ status: 'sent', provider_attempt: attempt });
      await fake.finishRefund(String(sent?.provider_ref), 'canceled', 'insufficient_funds');
      await t.app.payments.checkSentRefunds();
    }
    expect(await refundRow(refundId)).toMatchObject({ status: 'failed', last_error: expect.stringContaining('insufficient_funds') });
    const { desk } = await deskOn(t);
    expect((await desk.view(row.id)).refunds.find((r) => r.id === refundId)).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('insufficient_funds'),
    });
  });

  it("refunds go back in the payment's currency", async () => {
    const { row, payment } = await paidOrder();
    const { rows } = await t.db.query<{ currency: string }>('select currency from payments where id = $1', [payment.id]);
    expect(rows[0]?.currency).toBe('RUB');
    const refundId = await refundOne(row, payment.id, `return:currency-${row.id}`);
    await t.app.payments.processRefunds({ ids: [refundId] });
    const body = fake.calls.filter((c) => c.path === 'refunds').at(-1)?.body as {
      amount: { currency: string };
      receipt: { items: { amount: { currency: string } }[] };
    };
    expect(body.amount.currency).toBe('RUB');
    expect(body.receipt.items.length).toBeGreaterThan(0);
    expect(body.receipt.items.map((item) => item.amount.currency)).toEqual(body.receipt.items.map(() => 'RUB'));
    expect((await refundRow(refundId))?.status).toBe('done');
  });
});

describe('YooKassa: a success after a cancel', () => {
  it('a payment read back succeeded after it was recorded canceled pays the order', async () => {
    const order = await makeOrder(t);
    await pay(t, order.hash, CARD);
    const row = await orderRow(order.hash);
    const payment = await lastPayment(row.id);
    const p = fake.payments.get(payment.provider_ref);
    if (!p) throw new Error('no payment at the fake');
    Object.assign(p.object, { status: 'canceled', cancellation_details: { party: 'payment_network', reason: 'general_decline' } });
    await fake.resend(payment.provider_ref);
    expect((await lastPayment(row.id)).status).toBe('declined');
    Object.assign(p.object, { status: 'succeeded', paid: true, cancellation_details: undefined });
    await fake.resend(payment.provider_ref);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
  });
});

describe('YooKassa: webhook read-backs are limited', () => {
  it('per payment: past the limit a webhook is answered 429 without a read-back; a genuine one goes through once the window passed', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    const payment = await lastPayment((await orderRow(order.hash)).id);
    const webhook = { type: 'notification', event: 'payment.succeeded', object: { id: payment.provider_ref } };
    const reads = () => fake.calls.filter((c) => c.method === 'GET' && c.path === `payments/${payment.provider_ref}`).length;
    for (let i = 0; i < READ_BACK_LIMITS.perPayment; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/payments/notify/yookassa',
        payload: webhook,
        remoteAddress: `10.1.0.${i + 1}`,
      });
      expect(response.statusCode).toBe(200);
    }
    const before = reads();
    const refused = await t.app.inject({ method: 'POST', url: '/payments/notify/yookassa', payload: webhook, remoteAddress: '10.1.1.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(reads()).toBe(before);
    fake.dropWebhooks();
    await pressAtFake(String(answer.bankUrl), 'pay');
    t.clock.advance(READ_BACK_LIMITS.windowMs + 1000);
    const genuine = await t.app.inject({ method: 'POST', url: '/payments/notify/yookassa', payload: webhook });
    expect(genuine.statusCode).toBe(200);
    expect((await orderRow(order.hash)).status).toBe(OrderStatus.paid);
  });

  it("per address: past the limit one sender's webhooks are answered 429 without a read-back; another sender is read back", async () => {
    const reads = () => fake.calls.filter((c) => c.method === 'GET').length;
    const forged = (i: number) => ({ type: 'notification', event: 'payment.succeeded', object: { id: `forged-${i}` } });
    for (let i = 0; i < READ_BACK_LIMITS.perAddress; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/payments/notify/yookassa',
        payload: forged(i),
        remoteAddress: '203.0.113.9',
      });
      expect(response.statusCode).toBe(400);
    }
    const before = reads();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/payments/notify/yookassa',
      payload: forged(-1),
      remoteAddress: '203.0.113.9',
    });
    expect(refused.statusCode).toBe(429);
    expect(reads()).toBe(before);
    const other = await t.app.inject({
      method: 'POST',
      url: '/payments/notify/yookassa',
      payload: forged(-2),
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(400);
    expect(reads()).toBe(before + 1);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { expireUnpaidOrders } from '../jobs/expiry.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog, sandboxId, view } from '../payments/payment-test-kit.ts';
import { sandboxKey, signSandboxNotification } from '../payments/sandbox/sandbox-bank.ts';

// The order view's `refunds` (docs/payments.md, 'Wire decisions where the spec is silent'): the
// payments of the order given back automatically, so the order page can say the money is on its
// way back; a ticket return's refund is not one of them.

const SECRET = 'test-secret-'.padEnd(40, 'x');
const CARD = 1;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
  await preparePaymentCatalog(t, { capacity: 500 });
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(new Date('2026-11-21T10:00:00Z')));

describe('POST /api/order/view: refunds', () => {
  it('lists none for an order paid once', async () => {
    const order = await makeOrder(t);
    expect((await view(t, order.hash)).body.refunds).toEqual([]);
    expect(await completeAtBank(t, sandboxId(await pay(t, order.hash, CARD)), 'pay')).toBe(`/order/${order.hash}`);
    const { status, body } = await view(t, order.hash);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: OrderStatus.paid, refunds: [] });
  });

  it('lists none when two tabs pay one order: both get the same bank page, paid once', async () => {
    const order = await makeOrder(t);
    // Two tabs of the same order press Pay: one open payment per order and method, so one bank page.
    const first = sandboxId(await pay(t, order.hash, CARD));
    const second = sandboxId(await pay(t, order.hash, CARD));
    expect(second).toBe(first);
    expect(await completeAtBank(t, first, 'pay')).toBe(`/order/${order.hash}`);
    expect((await view(t, order.hash)).body).toMatchObject({ status: OrderStatus.paid, refunds: [] });
  });

  it('lists a success refunded because the sum changed while paying, and the order stays payable', async () => {
    const order = await makeOrder(t);
    const bankId = sandboxId(await pay(t, order.hash, CARD));
    // The visitor paid at the bank a moment before a promo code changed the sum in another tab.
    await t.db.query("update sandbox_acquirer_payments set status = 'paid' where id = $1", [bankId]);
    const changed = await t.post('/api/order/discount', { hash: order.hash, lang: 'ru', promoCode: 'DEMO10' });
    expect(changed.json()).toMatchObject({ errorCode: '0' });

    const { body } = await view(t, order.hash);
    expect(body).toMatchObject({ status: OrderStatus.confirmed, demsumma: 960 });
    expect(body.refunds).toEqual([{ payment_num: 1, amount: 1060, state: 'done', reason: 'order-changed' }]);
  });

  it('lists a payment that arrived after the booking expired', async () => {
    // Earlier tests' unpaid orders expire first, so only this order's payment comes late.
    t.clock.advance(16 * 60_000);
    await expireUnpaidOrders(t.db, t.clock.date());
    const order = await makeOrder(t);
    const id = sandboxId(await pay(t, order.hash, CARD));
    await t.db.query("update sandbox_acquirer_payments set status = 'paid' where id = $1", [id]);
    t.clock.advance(16 * 60_000);
    expect(await expireUnpaidOrders(t.db, t.clock.date())).toBe(1);
    const { rows } = await t.db.query<{ merchant_ref: string }>('select merchant_ref from sandbox_acquirer_payments where id = $1', [id]);
    const late = signSandboxNotification(sandboxKey(SECRET), {
      event_id: `${id}:paid`,
      payment_id: id,
      order_ref: rows[0]?.merchant_ref as string,
      status: 'paid',
      amount: 106000,
      reason: '',
    });
    expect((await t.app.inject({ method: 'POST', url: '/payments/notify/sandbox', payload: late })).json()).toEqual({
      ok: true,
      result: 'refunded',
    });

    const { body } = await view(t, order.hash);
    expect(body.status).toBe(OrderStatus.canceled);
    expect(body.refunds).toEqual([{ payment_num: 1, amount: 1060, state: 'done', reason: 'booking-expired' }]);
  });

  it("does not list a ticket return's refund (it has its own screens)", async () => {
    const order = await makeOrder(t);
    await completeAtBank(t, sandboxId(await pay(t, order.hash, CARD)), 'pay');
    const { rows } = await t.db.query<{ id: number }>("select id from payments where order_id = $1 and status = 'succeeded'", [order.id]);
    const paymentId = rows[0]?.id as number;
    // As returns.service.ts confirms a return: part of the paid payment, keyed by the return request.
    const refundId = await t.db.transaction((tx) =>
      t.app.payments.requestRefund(tx, {
        paymentId,
        amount: 50000,
        reason: `return of tickets of order ${order.number}`,
        key: 'return:987654',
        at: t.clock.date(),
      }),
    );
    expect(await t.app.payments.processRefunds({ ids: [refundId] })).toEqual({ done: 1, failed: 0 });
    expect((await view(t, order.hash)).body.refunds).toEqual([]);
  });
});

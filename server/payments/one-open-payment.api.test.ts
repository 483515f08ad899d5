import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { makeOrder, pay, preparePaymentCatalog, sandboxId } from './payment-test-kit.ts';

// Runs on PGlite (project api) and on a real PostgreSQL server (project api-pg), where the
// parallel Pay calls truly race for the order's row lock.

const CARD = 1;
const QR = 2;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
  await preparePaymentCatalog(t, { capacity: 500 });
});
afterAll(() => t.close());

async function paymentsOf(orderId: number) {
  const { rows } = await t.db.query<{ status: string; method_id: number }>(
    'select status, method_id from payments where order_id = $1 order by id',
    [orderId],
  );
  return rows;
}

describe('POST /api/order/pay: one open payment per order', () => {
  it('answers 20 parallel Pay calls with one payment: one registration at the bank, one open payment, the same bank form', async () => {
    const order = await makeOrder(t);
    const sandbox = t.app.payments.provider('sandbox');
    const startPayment = sandbox.startPayment.bind(sandbox);
    let registrations = 0;
    sandbox.startPayment = async (input) => {
      registrations += 1;
      return startPayment(input);
    };
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => t.post('/api/order/pay', { hash: order.hash, lang: 'ru', bank_data: { id: CARD } })),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const forms = new Set(answers.map((a) => JSON.stringify([a.json().form_action, Object.entries(a.json().form_bank).sort()])));
      expect(forms.size).toBe(1);
      expect(registrations).toBe(1);
      expect(await paymentsOf(order.id)).toEqual([{ status: 'pending', method_id: CARD }]);
    } finally {
      sandbox.startPayment = startPayment;
    }
  });

  it('answers a second Pay with the same method with the same QR link and image', async () => {
    const order = await makeOrder(t);
    const first = await pay(t, order.hash, QR);
    const second = await pay(t, order.hash, QR, 'en');
    expect(second.form_qr_url).toBe(first.form_qr_url);
    expect(second.form_qr_code).toBe(first.form_qr_code);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('cancels the open payment, at the bank too, before starting one with another method', async () => {
    const order = await makeOrder(t);
    const card = sandboxId(await pay(t, order.hash, CARD));
    const qr = sandboxId(await pay(t, order.hash, QR));
    expect(qr).not.toBe(card);
    expect(await paymentsOf(order.id)).toEqual([
      { status: 'canceled', method_id: CARD },
      { status: 'pending', method_id: QR },
    ]);
    const { rows } = await t.db.query<{ status: string }>('select status from sandbox_acquirer_payments where id = $1', [card]);
    expect(rows[0]?.status).toBe('canceled');
    // The cancelled card payment shows no decline: nothing went wrong, the visitor chose another way.
    const status = await t.post('/api/order/status', { hash: order.hash });
    expect(status.json()).toBe(0);
  });

  it('starts a new payment after the open one was declined', async () => {
    const order = await makeOrder(t);
    const first = sandboxId(await pay(t, order.hash, CARD));
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${first}/complete`,
      payload: 'choice=insufficient-funds',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const second = sandboxId(await pay(t, order.hash, CARD));
    expect(second).not.toBe(first);
  });
});

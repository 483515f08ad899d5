import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { makeOrder, pay, preparePaymentCatalog, sandboxId } from './payment-test-kit.ts';

const CARD = 1;
const QR = 2;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
  await preparePaymentCatalog(t, { capacity: 100 });
});
afterAll(() => t.close());

/** Finishes the sandbox payment and answers the return address the bank sends the visitor to. */
async function finishAtBank(id: string, choice: string): Promise<string> {
  const done = await t.app.inject({
    method: 'POST',
    url: `/sandbox/pay/${id}/complete`,
    payload: `choice=${encodeURIComponent(choice)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(done.statusCode).toBe(303);
  return String(done.headers.location).replace(/^https?:\/\/[^/]+/, '');
}

describe('GET /payments/return/:paymentId', () => {
  it.each(['pay', 'insufficient-funds'])(
    "sends a browser without the paying browser's cookie home, never to the order (%s): a payment id seen on a QR does not lead to the order",
    async (choice) => {
      const order = await makeOrder(t);
      const id = sandboxId(await pay(t, order.hash, QR));
      const back = await t.app.inject({ method: 'GET', url: await finishAtBank(id, choice) });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe('/');
      expect(back.body).not.toContain(order.hash);
      // The outcome still counts: a success paid the order.
      const { rows } = await t.db.query<{ status: number }>('select status from orders where id = $1', [order.id]);
      expect(rows[0]?.status).toBe(choice === 'pay' ? 30 : 20);
    },
  );

  it('refuses a forged cookie of the right name', async () => {
    const order = await makeOrder(t);
    const id = sandboxId(await pay(t, order.hash, CARD));
    const address = await finishAtBank(id, 'pay');
    const publicId = /\/payments\/return\/([^?]+)/.exec(address)?.[1] ?? '';
    const forged = await t.app.inject({ method: 'GET', url: address, headers: { cookie: `sf_pay_${publicId}=forged` } });
    expect(forged.headers.location).toBe('/');
  });

  it('takes the paying browser (it carries the cookie Pay set) to its order', async () => {
    const order = await makeOrder(t);
    const answer = await t.post('/api/order/pay', { hash: order.hash, lang: 'ru', bank_data: { id: CARD } });
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toMatch(/^sf_pay_[\w-]+=[\w-]+; Path=\/payments\/return\/[\w-]+; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const back = await t.get(await finishAtBank(sandboxId(answer.json()), 'pay'));
    expect(back.headers.location).toBe(`/order/${order.hash}`);
  });
});

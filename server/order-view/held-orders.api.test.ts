import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { heldOrdersResponse } from '../../contract/order-view.ts';
import { insertQuantityCatalog } from '../quantity-order/quantity-fixtures.ts';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { expireUnpaidOrders } from '../jobs/expiry.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { makeOrder, preparePaymentCatalog } from '../payments/payment-test-kit.ts';

const START = new Date('2026-11-21T10:00:00Z');
const EVENT = 'test-event-9000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 100 });
  await insertQuantityCatalog(t.db);
  // Issued at START: the tests below move the clock forward and back to START.
  await t.csrfToken();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

const held = async (body: Record<string, unknown>) => {
  const res = await t.post('/api/order/held', body);
  return { status: res.statusCode, body: res.json() };
};

describe('POST /api/order/held', () => {
  it('answers the remembered orders of the event still held unpaid, with the seconds left, the latest hold first', async () => {
    const first = await makeOrder(t);
    t.clock.advance(60_000);
    const second = await makeOrder(t, { status: OrderStatus.reserved });
    t.clock.advance(30_000);
    const { status, body } = await held({ hash: EVENT, orders: [first.hash, second.hash], lang: 'ru' });
    expect(status).toBe(200);
    expect(heldOrdersResponse.parse(body)).toEqual({
      errorCode: '0',
      errorText: '',
      orders: [
        { hash: second.hash, ord_num: second.number, status: 10, reserveTime: 900 - 30 },
        { hash: first.hash, ord_num: first.number, status: 20, reserveTime: 900 - 90 },
      ],
    });
  });

  it('leaves out orders of another event, paid, cancelled, expired and unknown ones', async () => {
    const kept = await makeOrder(t);
    const paid = await makeOrder(t);
    await t.db.query(`update orders set status = 30, paid_at = $2 where hash = $1`, [paid.hash, START.toISOString()]);
    const cancelled = await makeOrder(t);
    await t.db.query(`update orders set status = 90, canceled_at = $2 where hash = $1`, [cancelled.hash, START.toISOString()]);
    const orders = [kept.hash, paid.hash, cancelled.hash, 'x'.repeat(32)];
    expect((await held({ hash: EVENT, orders })).body.orders.map((o: { hash: string }) => o.hash)).toEqual([kept.hash]);
    // The same order asked about under another event's page is not offered there.
    expect((await held({ hash: 'test-qty-ordinary', orders })).body.orders).toEqual([]);
    // Its hold over (the expiry job released it, or not yet): never offered again.
    t.clock.advance(15 * 60_000);
    expect((await held({ hash: EVENT, orders })).body.orders).toEqual([]);
    await expireUnpaidOrders(t.db, t.clock.date());
    expect((await held({ hash: EVENT, orders })).body.orders).toEqual([]);
  });

  const refused = [
    { description: 'no order named', body: { hash: EVENT, orders: [] } },
    {
      description: 'more than ten orders',
      body: { hash: EVENT, orders: Array.from({ length: 11 }, (_, i) => `order-hash-${String(i).padStart(6, '0')}`) },
    },
    { description: 'a hash no order can have', body: { hash: EVENT, orders: ['../../etc'] } },
    { description: 'no event', body: { orders: ['a'.repeat(32)] } },
  ];
  it.each(refused)('refuses $description with -1002 and a text', async ({ body }) => {
    const res = await held({ ...body, lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: '-1002', errorText: expect.any(String) });
    expect(res.body.errorText.length).toBeGreaterThan(0);
  });
});

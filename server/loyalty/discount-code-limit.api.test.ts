import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, testConfig, type TestApp } from '../../tests/harness.ts';
import { buildApp } from '../app.ts';
import { makeOrder, preparePaymentCatalog, proveCard, view } from '../payments/payment-test-kit.ts';
import { CODE_FAILURE_LIMIT, CODE_FAILURE_LIMIT_PER_ADDRESS, CODE_FAILURE_WINDOW_MS } from './discounts.service.ts';

const START = new Date('2026-11-21T10:00:00Z');
const CARD_CODE = '1000200030004000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 500 });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(START);
  // Every test's visitor comes from the same address: each starts with none of its wrong codes.
  await t.db.query('delete from discount_code_failures');
});

const discount = (hash: string, body: object, app = t) => app.post('/api/order/discount', { hash, lang: 'ru', ...body });
const failures = async (orderId: number) =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from discount_code_failures where order_id = $1', [orderId])).rows[0]?.n;

/**
 * Tries `count` wrong codes, alternating promo codes and card numbers: a promo code is refused as
 * wrong; a card number gets the one answer every card gets (a code is required), and counts too.
 */
async function tryWrongCodes(hash: string, count: number, app = t) {
  for (let i = 0; i < count; i++) {
    const response = await discount(
      hash,
      i % 2 === 0 ? { promoCode: `GUESS${i}` } : { cardCode: `000000000000${String(i).padStart(4, '0')}` },
      app,
    );
    if (i % 2 === 0) expect(response.statusCode, response.body).toBe(400);
    else expect(response.json()).toMatchObject({ errorCode: '0', cardProof: 'required' });
  }
}

describe('POST /api/order/discount: guessing codes', () => {
  it(`answers the ${CODE_FAILURE_LIMIT + 1}th wrong code with 429 -1029, and then a right one too, changing nothing`, async () => {
    const order = await makeOrder(t);
    await tryWrongCodes(order.hash, CODE_FAILURE_LIMIT);
    expect(await failures(order.id)).toBe(CODE_FAILURE_LIMIT);

    const refused = await discount(order.hash, { promoCode: 'GUESS-ELEVEN', lang: 'en' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errorCode: '-1029', errorText: 'Too many requests. Please wait a moment and try again.' });
    // A right code is refused as well: else the limit would only slow the guessing down.
    for (const body of [{ promoCode: 'DEMO10' }, { cardCode: CARD_CODE }]) {
      const right = await discount(order.hash, body);
      expect(right.statusCode).toBe(429);
      expect(right.json().errorCode).toBe('-1029');
    }
    expect(await failures(order.id)).toBe(CODE_FAILURE_LIMIT);
    expect((await view(t, order.hash)).body.discountData).toMatchObject({ promoCode: '', cardCode: '', totalDiscount: 0 });
  });

  it('does not count right codes, nor the calls without a code; asking for a card code counts once', async () => {
    const order = await makeOrder(t);
    await proveCard(t, order.hash, CARD_CODE);
    await tryWrongCodes(order.hash, CODE_FAILURE_LIMIT - 2);
    expect((await discount(order.hash, { promoCode: 'DEMO10' })).statusCode).toBe(200);
    expect((await discount(order.hash, { cardCode: CARD_CODE })).statusCode).toBe(200);
    expect((await discount(order.hash, { bonuses: 1 })).statusCode).toBe(200);
    expect(await failures(order.id)).toBe(CODE_FAILURE_LIMIT - 1);
    // The tenth wrong code is still answered as wrong; the eleventh try is the one refused.
    expect((await discount(order.hash, { promoCode: 'NOPE' })).statusCode).toBe(400);
    expect((await discount(order.hash, { promoCode: 'DEMO10' })).statusCode).toBe(429);
    // Spending bonuses sends no code: it is not a guess, and still works.
    expect((await discount(order.hash, { bonuses: 2 })).statusCode).toBe(200);
    expect((await view(t, order.hash)).body.discountData).toMatchObject({ promoCode: 'DEMO10', cardCode: CARD_CODE, useBonuses: 2 });
  });

  it('keeps what a wrong code came with undone, but counts the wrong code', async () => {
    const order = await makeOrder(t);
    // A right promo code with a wrong card: the call changes nothing, as before, and counts once.
    const response = await discount(order.hash, { promoCode: 'DEMO10', cardCode: '0000111122223333', cardProof: '123456' });
    expect(response.statusCode).toBe(400);
    expect(await failures(order.id)).toBe(1);
    expect((await view(t, order.hash)).body.discountData).toMatchObject({ promoCode: '', cardCode: '', totalDiscount: 0 });
  });

  it('lets the order try again once its wrong codes are an hour old', async () => {
    const order = await makeOrder(t);
    // A reservation of 15 minutes would end first: this order is held for longer than the window.
    await t.db.query('update orders set reserved_until = $2 where id = $1', [
      order.id,
      new Date(START.getTime() + 2 * CODE_FAILURE_WINDOW_MS),
    ]);
    await tryWrongCodes(order.hash, CODE_FAILURE_LIMIT);
    const refused = await discount(order.hash, { promoCode: 'DEMO10' });
    expect(refused.statusCode).toBe(429);
    // Retry-After says when the oldest wrong code stops counting (the test clock stands still).
    expect(refused.headers['retry-after']).toBe(String(CODE_FAILURE_WINDOW_MS / 1000));
    t.clock.advance(CODE_FAILURE_WINDOW_MS - 1000);
    const later = await discount(order.hash, { promoCode: 'DEMO10' });
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await discount(order.hash, { promoCode: 'DEMO10' })).statusCode).toBe(200);
  });

  it('counts per order: another order of the same buyer is not limited', async () => {
    const first = await makeOrder(t);
    const second = await makeOrder(t);
    await tryWrongCodes(first.hash, CODE_FAILURE_LIMIT);
    expect((await discount(first.hash, { promoCode: 'DEMO10' })).statusCode).toBe(429);
    expect((await discount(second.hash, { promoCode: 'DEMO10' })).statusCode).toBe(200);
  });

  it(`counts per client address too: ${CODE_FAILURE_LIMIT_PER_ADDRESS} wrong codes over many orders, then 429 on a new order`, async () => {
    for (let done = 0; done < CODE_FAILURE_LIMIT_PER_ADDRESS; done += CODE_FAILURE_LIMIT) {
      await tryWrongCodes((await makeOrder(t)).hash, Math.min(CODE_FAILURE_LIMIT, CODE_FAILURE_LIMIT_PER_ADDRESS - done));
    }
    const fresh = await makeOrder(t);
    const refused = await discount(fresh.hash, { cardCode: CARD_CODE });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('-1029');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts the tries of every server instance on the database together', async () => {
    // A second instance of the app on the same database, as behind a load balancer.
    const other = await buildApp(testConfig(), { db: t.db, secret: 'test-secret-'.padEnd(40, 'x'), now: t.clock.now });
    await other.ready();
    try {
      const otherApp: TestApp = {
        ...t,
        app: other,
        post: async (url, body) => {
          const token = (await other.inject({ method: 'GET', url: '/api/token' })).json<{ token: string }>().token;
          return other.inject({
            method: 'POST',
            url,
            payload: body,
            headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
          });
        },
      };
      const order = await makeOrder(t);
      await tryWrongCodes(order.hash, CODE_FAILURE_LIMIT / 2);
      await tryWrongCodes(order.hash, CODE_FAILURE_LIMIT / 2, otherApp);
      expect((await discount(order.hash, { promoCode: 'DEMO10' })).statusCode).toBe(429);
      expect((await discount(order.hash, { promoCode: 'DEMO10' }, otherApp)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('holds under concurrent tries: no more than the limit are ever judged', async () => {
    const order = await makeOrder(t);
    const answers = await Promise.all(
      Array.from({ length: 3 * CODE_FAILURE_LIMIT }, (_, i) => discount(order.hash, { promoCode: `RACE${i}` })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(CODE_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * CODE_FAILURE_LIMIT);
    expect(await failures(order.id)).toBe(CODE_FAILURE_LIMIT);
  });
});

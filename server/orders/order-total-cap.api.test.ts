import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { insertQuantityCatalog, ordinaryOrderBody, sessionWhen, stockOf } from '../quantity-order/quantity-fixtures.ts';
import { type SchemeFixture, insertSchemeEvent, schemeOrderBody } from '../seating/scheme-test-kit.ts';
import { MAX_ORDER_AMOUNT } from './pricing.ts';

// Order sums are int4 columns (at most 2 147 483 647 minor units); MAX_ORDER_AMOUNT caps an order
// well inside them, and going over it is the spec's limit (-9998), never a 400 from the database or a 500.
const TEXTS = {
  ru: 'Сумма заказа больше допустимой. Уменьшите количество билетов или услуг в заказе.',
  en: 'The order total is above the allowed maximum. Choose fewer tickets or services.',
  kz: 'Тапсырыс сомасы рұқсат етілгеннен асып кетті. Билеттер немесе қызметтер санын азайтыңыз.',
  ch: '订单金额超过允许的上限。请减少门票或服务的数量。',
};
const OFFER = 4_000; // price_id of the test's costly offer: 4 000 000 ₽, 10 per order

let t: TestApp;
let when: { day: string; time: string };
let scheme: SchemeFixture;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  await insertQuantityCatalog(t.db, { capacity: 100 });
  scheme = await insertSchemeEvent(t.db, { at: t.clock.date() });
  when = await sessionWhen(t.db, 9200);
  await t.db.query(
    `insert into special_offers (id, package_id, event_id, name, amount, per_order_limit) values ($1, 40, 9200, '{"ru": "Ложа", "en": "Box"}', 400000000, 10)`,
    [OFFER],
  );
});
afterAll(() => t.close());

/** Sets the adult price of event 9200 (no service fee) and moves the catalog version, so the next order sees it. */
async function adultPrice(kopecks: number) {
  await t.db.query('update prices set amount = $1, service_fee = 0 where id = 9200', [kopecks]);
  await t.db.query('update catalog_version set version = version + 1 where id = 1');
}

async function order(quantity: number, lang = 'ru') {
  const body = {
    ...ordinaryOrderBody(when, quantity, lang),
    data: [{ ...when, actionId: 9200, categoryId: 9200, zoneId: 0, quantity, sum: 0, seatId: 0 }],
  };
  const response = await t.post('/api/order/create', body);
  return { status: response.statusCode, body: response.json<{ errorCode: string; errorText: string; hash?: string }>() };
}

describe('the order total cap on order creation', () => {
  beforeEach(() => adultPrice(50_000));

  it.each([
    { description: 'above the cap, inside int4', price: 600_000_000, quantity: 2 },
    { description: 'beyond int4', price: 2_000_000_000, quantity: 2 },
    { description: 'beyond int4 many times over', price: 2_000_000_000, quantity: 5 },
  ])('refuses an order $description with -9998 and reserves nothing', async ({ price, quantity }) => {
    await adultPrice(price);
    const before = await stockOf(t.db, 9200);
    const { status, body } = await order(quantity);
    expect(status).toBe(409);
    expect(body).toEqual({ errorCode: '-9998', errorText: TEXTS.ru });
    expect(await stockOf(t.db, 9200)).toEqual(before);
  });

  it.each(Object.entries(TEXTS))('answers the cap in the visitor language (%s)', async (lang, text) => {
    await adultPrice(2_000_000_000);
    const { body } = await order(2, lang);
    expect(body).toEqual({ errorCode: '-9998', errorText: text });
  });

  it('accepts an order of exactly the cap', async () => {
    await adultPrice(MAX_ORDER_AMOUNT / 2);
    const { status, body } = await order(2);
    expect(status, JSON.stringify(body)).toBe(200);
    const { rows } = await t.db.query<{ total: number }>('select total from orders where hash = $1', [body.hash]);
    expect(rows[0]?.total).toBe(MAX_ORDER_AMOUNT);
  });
});

describe('the order total cap when offers are added', () => {
  const add = (hash: string, parent: number, n: number) =>
    t.post('/api/order/add-special-offer', {
      hash,
      lang: 'en',
      data: Array.from({ length: n }, () => ({ parent_id: parent, package_id: 40, price_id: OFFER, cost: 4_000_000 })),
    });
  const view = async (hash: string) =>
    (await t.post('/api/order/view', { hash, lang: 'ru' })).json<{ demsumma: number; toping: unknown[]; main: { id: number }[] }>();

  it('refuses offers that would take the order above the cap, in one request or over several, and changes nothing', async () => {
    await adultPrice(50_000);
    const { body } = await order(1);
    const hash = body.hash as string;
    const parent = (await view(hash)).main[0]?.id as number;
    // 500 ₽ + 2 × 4 000 000 ₽: inside the cap.
    expect((await add(hash, parent, 2)).json()).toEqual({ errorCode: '0', errorText: '' });
    const before = await view(hash);
    expect(before.demsumma).toBe(8_000_500);

    // A third takes it to 12 000 500 ₽; six at once beyond int4.
    for (const n of [1, 6]) {
      const refused = await add(hash, parent, n);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ errorCode: '-9998', errorText: TEXTS.en });
    }
    const after = await view(hash);
    expect(after.demsumma).toBe(before.demsumma);
    expect(after.toping).toHaveLength(2);
  });
});

describe('the order total cap on a scheme order', () => {
  it('refuses seats whose sum goes above the cap with -9998 and holds none', async () => {
    // Stalls at 600 000 000 kopecks a seat (plus its 150 ₽ fee): two seats are above the cap.
    await t.db.query('update prices set amount = 600000000 where id = $1', [scheme.stallsPriceId]);
    const seats = scheme.seatIds.slice(0, 2).map((seat_id) => ({ seat_id, price_id: scheme.stallsPriceId }));
    const lines = async () =>
      (await t.db.query<{ n: number }>('select count(*)::int as n from order_lines where session_id = $1', [scheme.sessionId])).rows[0]?.n;
    const response = await t.post('/api/order/create-scheme', schemeOrderBody(scheme, seats, { lang: 'kz' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errorCode: '-9998', errorText: TEXTS.kz });
    expect(await lines()).toBe(0);
    // One seat is inside it.
    const one = await t.post('/api/order/create-scheme', schemeOrderBody(scheme, seats.slice(0, 1)));
    expect(one.statusCode, one.body).toBe(200);
    expect(await lines()).toBe(1);
  });
});

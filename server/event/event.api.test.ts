import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noSchemeResponse } from '../../contract/event.ts';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { insertQuantityCatalog, sessionWhen } from '../quantity-order/quantity-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  await insertQuantityCatalog(t.db);
});
afterAll(() => t.close());

const page = async (body: Record<string, unknown>) => {
  const res = await t.post('/api/no-scheme', body);
  return { status: res.statusCode, body: res.json() };
};

describe('POST /api/no-scheme', () => {
  it('answers the action, calendar, prices, ticket info and checkboxes of the event page', async () => {
    const { status, body } = await page({ hash: 'test-qty-ordinary', lang: 'en' });
    expect(status).toBe(200);
    const data = noSchemeResponse.parse(body);
    expect(data.action).toMatchObject({
      hash: 'test-qty-ordinary',
      action_id: 9200,
      age_from: 6,
      maybefree: 0,
      rowcount: 2,
      demquantlimit: 5,
      writeticketname: 0,
      usepushkarta: 1,
      usenopushkarta: 1,
      useseatsvg: 0,
      issubscription: 0,
      grouplimit: 2,
    });
    expect(data.action.name.ru).toBe('Постоянная экспозиция');
    const first = await sessionWhen(t.db, 9200);
    expect(data.calendar[0]).toEqual({ calendar_id: 9200, event_day: first.day, event_time: first.time, quant: 20, groupquant: 3 });
    expect(data.calendar).toHaveLength(2);
    const adult = data.price.find((p) => p.price_id === 9200 && p.action_day === first.day);
    expect(adult).toMatchObject({
      clientcategory_id: 9200,
      price: 500,
      priceservise: 30,
      currency_id: 1,
      needprice: 0,
      passagequant: 0,
      useproculture: 0,
    });
    const group = data.price.find((p) => p.price_id === 9202);
    expect(group).toMatchObject({ price: 3000, priceservise: 10, currency_id: 2, passagequant: 25 });
    expect(data.price.find((p) => p.price_id === 9201)?.needprice).toBe(2);
    expect(data.price.some((p) => p.price_id === 9204)).toBe(false);
    expect(data.ticketPrice.map((p) => p.price_id)).toContain(9204);
    expect(data.ticketInfo).toMatchObject({ totalticketcount: 30, showticketcount: 1, subscription: null, saledate: null });
    expect(data.ticketInfo.pricelimits).toContainEqual({ calendar_id: 9200, price_id: 9205, quant: 3 });
    expect(data.checkboxList).toEqual([
      { id: 9200, name: expect.objectContaining({ ru: 'Согласен с правилами посещения' }), url: {}, filling: 1 },
      { id: 9201, name: expect.objectContaining({ ru: 'Подписаться на новости' }), url: {}, filling: 0 },
    ]);
    expect(data.actionStr).toEqual([]);
  });

  it('carries the picture and the description as plain text, following a catalog change', async () => {
    const before = noSchemeResponse.parse((await page({ hash: 'test-qty-pushkin' })).body);
    expect(before.action.image_url).toEqual({});
    expect(before.action.descript_text).toEqual({});
    await t.db.query(`update events set image_url = $1, description = $2 where id = 9204`, [
      { ru: '/static/demo/avant-garde.svg', en: '/static/demo/avant-garde-en.svg' },
      {
        ru: '<p>Лекция о <b>Малевиче</b> &laquo;Чёрный квадрат&raquo;.</p><script>alert(1)</script><p>Вход&nbsp;с 14 лет.</p>',
        en: '<p></p>',
      },
    ]);
    await t.db.query('update catalog_version set version = version + 1 where id = 1');
    const data = noSchemeResponse.parse((await page({ hash: 'test-qty-pushkin' })).body);
    expect(data.action.image_url).toEqual({ ru: '/static/demo/avant-garde.svg', en: '/static/demo/avant-garde-en.svg' });
    // Tags and scripts dropped, entities decoded; a language whose text is empty is left out.
    expect(data.action.descript_text).toEqual({ ru: 'Лекция о Малевиче «Чёрный квадрат». Вход с 14 лет.' });
  });

  const filters = [
    { description: 'the Pushkin card keeps useproculture 0 and 1', pushkarta: 1, expected: [0, 1] },
    { description: 'an ordinary card keeps useproculture 0 and 2', pushkarta: 0, expected: [0, 2] },
    { description: 'no payment method keeps every price', pushkarta: undefined, expected: [0, 1, 2] },
  ];
  it.each(filters)('filters prices by payment method: $description', async ({ pushkarta, expected }) => {
    const { body } = await page({ hash: 'test-qty-ordinary', pushkarta });
    const kinds = [...new Set(noSchemeResponse.parse(body).price.map((p) => p.useproculture))].sort();
    expect(kinds).toEqual(expected);
  });

  it('lists the composition of a subscription', async () => {
    const data = noSchemeResponse.parse((await page({ hash: 'test-qty-sub' })).body);
    expect(data.action.issubscription).toBe(1);
    expect(data.price.map((p) => p.price_id)).toContain(9230);
    expect(data.ticketPrice).toEqual([]);
    expect(data.actionStr).toEqual([
      {
        action: expect.objectContaining({ ru: 'Постоянная экспозиция' }),
        location: expect.objectContaining({ ru: 'Главное здание' }),
        address: expect.objectContaining({ ru: 'ул. Тестовая, 1' }),
        day: '',
        time: '',
      },
    ]);
  });

  it('marks an event whose sales have not begun with -99999 and its sale date', async () => {
    await t.db.query(`update events set sale_starts_at = now() + interval '3 days' where id = 9201`);
    const data = noSchemeResponse.parse((await page({ hash: 'test-qty-free' })).body);
    expect(data.ticketInfo.totalticketcount).toBe(-99999);
    expect(data.ticketInfo.saledate).not.toBeNull();
    expect(data.calendar).toEqual([]);
    await t.db.query('update events set sale_starts_at = null where id = 9201');
  });

  it('counts 0 when sold out', async () => {
    await t.db.query('update sessions set remaining = 0 where event_id = 9204');
    const data = noSchemeResponse.parse((await page({ hash: 'test-qty-pushkin' })).body);
    expect(data.ticketInfo.totalticketcount).toBe(0);
    expect(data.calendar[0]?.quant).toBe(0);
  });

  it('hides sessions that have started', async () => {
    const start = t.clock.now();
    const { rows } = await t.db.query<{ at: Date }>('select starts_at as at from sessions where id = 9200');
    t.clock.set((rows[0]?.at.getTime() ?? 0) + 60_000);
    try {
      // The harness token was issued a week earlier in clock time: take a fresh one.
      const token = (await t.get('/api/token')).json<{ token: string }>().token;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/no-scheme',
        payload: { hash: 'test-qty-ordinary' },
        headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(noSchemeResponse.parse(res.json()).calendar.map((c) => c.calendar_id)).toEqual([9201]);
    } finally {
      t.clock.set(start);
    }
  });

  it('answers 404 with -1004 for an unknown event', async () => {
    const { status, body } = await page({ hash: 'nope' });
    expect(status).toBe(404);
    expect(body).toMatchObject({ errorCode: '-1004', errorText: 'Данные не найдены' });
  });
});

describe('POST /api/no-scheme on the demo catalog', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
  });
  afterAll(async () => {
    await demo.close();
  });

  it.each(['br', 'gzip'])(
    'compresses a large answer (a demo event of 14 days) with %s for a browser that accepts it: the same JSON',
    async (encoding) => {
      const plain = await demo.post('/api/no-scheme', { hash: 'city-through-centuries' });
      const res = await demo.post('/api/no-scheme', { hash: 'city-through-centuries' }, { 'accept-encoding': `${encoding}, deflate` });
      expect([plain.statusCode, plain.payload.length > 4096]).toEqual([200, true]);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(JSON.parse(body.toString('utf8'))).toEqual(plain.json());
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    },
  );
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SchemeMapResponse, decodeSeatRow, makeStandingCartId } from '../../contract/scheme.ts';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { expireUnpaidOrders } from '../jobs/expiry.ts';
import { weekdayOf } from '../../contract/concession-rules.ts';
import { venueDateParts } from '../order-view/dates.ts';
import { saveSetup } from '../setup/setup.repository.ts';
import { type SchemeFixture, insertSchemeEvent, schemeOrderBody } from './scheme-test-kit.ts';

let t: TestApp;
let f: SchemeFixture;

async function start(options: Parameters<typeof insertSchemeEvent>[1] = {}) {
  t = await createTestApp({ demo: false });
  f = await insertSchemeEvent(t.db, { at: t.clock.date(), ...options });
}
/** An app of its own for each test: the tests that hold places, move the clock or change the catalog. */
function appPerTest(options: Parameters<typeof insertSchemeEvent>[1] = {}) {
  beforeEach(() => start(options));
  afterEach(() => t.close());
}
/**
 * One app for a block of tests that only read or are refused: each still proves it held nothing,
 * and a fresh app per test would only repeat the same setup.
 */
function appPerBlock() {
  beforeAll(() => start());
  afterAll(() => t.close());
}

const seat = (i: number) => f.seatIds[i] as number;
const standing = (random: string, category = f.standingCategoryId) => ({
  seat_id: makeStandingCartId(f.standingAreaId, category, random),
  price_id: f.standingPriceId,
});
const map = async (calendarId = f.sessionId) => {
  const res = await t.post('/api/scheme', { hash: f.hash, calendar_id: calendarId, lang: 'ru' });
  expect(res.statusCode).toBe(200);
  return res.json<SchemeMapResponse>();
};
const freeSeats = (answer: SchemeMapResponse) => {
  const free = new Map<number, boolean>();
  for (const row of answer.seat_numbers) decodeSeatRow(row).ids.forEach((id, i) => free.set(id, row.free[i] === 1));
  return free;
};
const stock = async () => {
  const { rows } = await t.db.query<{ remaining: number; standing: number; lines: number; orders: number }>(
    `select (select remaining from sessions where id = 9101) as remaining,
            (select remaining from standing_stock where session_id = 9101) as standing,
            (select count(*) from order_lines)::int as lines, (select count(*) from orders)::int as orders`,
  );
  return rows[0];
};
const order = (tickets: { seat_id: number | string; price_id: number }[], extra: Record<string, unknown> = {}) =>
  t.post('/api/order/create-scheme', schemeOrderBody(f, tickets, extra));

describe('the scheme calls, read or refused without holding anything (one app for all)', () => {
  appPerBlock();

  it('answers the header and the calendar entries in the venue time zone with the places left', async () => {
    const res = await t.post('/api/scheme/sessions', { hash: f.hash });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errorCode).toBe('0');
    expect(body.action).toMatchObject({ action_id: 9100, useseatsvg: 1, age_from: 12, demquantlimit: 10, name: { ru: 'Концерт' } });
    expect(body.calendar).toHaveLength(2);
    expect(body.calendar[0]).toMatchObject({ calendar_id: 9101, quant: 45 });
    expect(body.calendar[0].event_day).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(body.calendar[0].event_time).toMatch(/^\d{2}:\d{2}$/);
  });

  it('answers 404 with -1004 for an unknown event', async () => {
    const res = await t.post('/api/scheme/sessions', { hash: 'no-such-event' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorCode: '-1004', errorText: 'Данные не найдены' });
  });

  it('answers the drawing, every seat with its place and availability, the zones with prices and the standing area', async () => {
    const body = await map();
    expect(body.svg).toMatch(/^<svg [^>]*viewBox="0 0 360 320"/);
    expect(body.svg).toContain('Сцена');
    expect(body.svg).not.toContain('<circle');
    expect(body.seat_size).toBe(30);
    expect(body.sectors.map((s) => s.sector_id)).toEqual([9101, 9102]);
    expect(body.seat_numbers).toHaveLength(4);
    const first = body.seat_numbers[0];
    if (!first) throw new Error('no rows');
    expect(first).toMatchObject({ sector_id: 9101, row: '1' });
    const decoded = decodeSeatRow(first);
    expect(decoded.ids.slice(0, 3)).toEqual([seat(0), seat(1), seat(2)]);
    expect(decoded.xs.slice(0, 3)).toEqual([45, 75, 105]);
    expect(decoded.ys[0]).toBe(80);
    expect(first.seat.slice(0, 3)).toEqual(['1', '2', '3']);
    expect([...freeSeats(body).values()].every(Boolean)).toBe(true);
    const stalls = body.zones.find((z) => z.zone_id === 9101);
    expect(stalls?.prices.map((p) => [p.price, p.priceservise])).toEqual([
      [2000, 150],
      [1000, 150],
    ]);
    expect(body.zones.find((z) => z.zone_id === 9102)?.prices[0]).toMatchObject({ price: 1200, priceservise: 120 });
    expect(body.seat_stand).toEqual([
      expect.objectContaining({ seat_id: 9101, cat: 9101, price_id: 9104, price: 800, priceservise: 50, limit: 5, quant: 5 }),
    ]);
  });

  it('answers 404 for a session of another event', async () => {
    const res = await t.post('/api/scheme', { hash: f.hash, calendar_id: 123456 });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('-1004');
  });

  it('is sent brotli-compressed to a client that accepts it (gzip when only that: the 20,000-seat test below)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/scheme',
      payload: { hash: f.hash, calendar_id: f.sessionId },
      headers: { 'x-csrf-token': await t.csrfToken(), 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')).calendar_id).toBe(f.sessionId);
  });

  it.each([
    { description: 'a seat at the price of another zone', cart: () => [{ seat_id: seat(35), price_id: f.stallsPriceId }], code: '-1011' },
    { description: 'a seat of no hall', cart: () => [{ seat_id: 999999, price_id: f.stallsPriceId }], code: '-1011' },
    { description: 'a price of no event', cart: () => [{ seat_id: seat(0), price_id: 424242 }], code: '-1011' },
    { description: 'a standing place of a category its id does not name', cart: () => [standing('z', 9102)], code: '-1011' },
    {
      description: 'the same seat twice',
      cart: () => [
        { seat_id: seat(0), price_id: f.stallsPriceId },
        { seat_id: seat(0), price_id: f.stallsChildPriceId },
      ],
      code: '-1002',
    },
    { description: 'a malformed standing id', cart: () => [{ seat_id: '12-x', price_id: f.standingPriceId }], code: '-1002' },
    { description: 'an empty cart', cart: () => [], code: '-1002' },
  ])('refuses $description and holds nothing', async ({ cart, code }) => {
    const before = await stock();
    const res = await order(cart());
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().errorCode).toBe(code);
    expect(await stock()).toEqual(before);
  });

  it.each([
    { description: 'a short name', extra: { fio: 'Ив' }, field: 'fio', message: 'not-valid-fio' },
    { description: 'a bad e-mail', extra: { email: 'ivan@', re_email: 'ivan@' }, field: 'email', message: 'not-valid-email' },
    { description: 'a repeated e-mail that differs', extra: { re_email: 'other@example.com' }, field: 're_email', message: 're-email' },
    { description: 'a short phone', extra: { phone: '123' }, field: 'phone', message: 'not-valid-phone' },
    { description: 'a phone impossible for its country', extra: { phone: '+7 79000000000' }, field: 'phone', message: 'not-valid-phone' },
  ])('refuses $description with the field error code, as the quantity order does', async ({ extra, field, message }) => {
    const res = await order([{ seat_id: seat(0), price_id: f.stallsPriceId }], extra);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: '-1002', fields: expect.arrayContaining([{ path: field, code: message }]) });
    expect((await stock())?.orders).toBe(0);
  });

  it('refuses more places than demquantlimit with -9998', async () => {
    const res = await order(Array.from({ length: 11 }, (_, i) => ({ seat_id: seat(i), price_id: f.stallsPriceId })));
    expect(res.json().errorCode).toBe('-9998');
    expect((await stock())?.orders).toBe(0);
  });

  it('refuses without the CSRF token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/create-scheme',
      payload: schemeOrderBody(f, [{ seat_id: seat(0), price_id: f.stallsPriceId }]),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('-1000');
  });
});

describe('POST /api/scheme/sessions', () => {
  appPerTest();

  it('leaves out sessions that have started', async () => {
    t.clock.advance(3.5 * 86_400_000);
    const body = (await t.post('/api/scheme/sessions', { hash: f.hash })).json();
    expect(body.calendar.map((c: { calendar_id: number }) => c.calendar_id)).toEqual([9102]);
  });
});

describe('POST /api/scheme', () => {
  appPerTest();

  it('marks seats held by an order as taken for that session only, and shows the standing places left', async () => {
    expect((await order([{ seat_id: seat(0), price_id: f.stallsPriceId }, standing('a1')])).json().errorCode).toBe('0');
    const free = freeSeats(await map());
    expect(free.get(seat(0))).toBe(false);
    expect(free.get(seat(1))).toBe(true);
    expect((await map()).seat_stand[0]).toMatchObject({ quant: 4, limit: 4 });
    expect(freeSeats(await map(f.laterSessionId)).get(seat(0))).toBe(true);
  });

  it('shows a sale, a release, a price change and a catalog change at once though the answer is kept between calls', async () => {
    // As a browser asks (compressed), so the kept compressed bytes are checked too.
    const brMap = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/scheme',
        payload: { hash: f.hash, calendar_id: f.sessionId, lang: 'ru' },
        headers: { 'x-csrf-token': await t.csrfToken(), 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      return JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) as SchemeMapResponse;
    };
    const before = await brMap();
    expect(await brMap()).toEqual(before);
    expect(freeSeats(before).get(seat(2))).toBe(true);

    expect((await order([{ seat_id: seat(2), price_id: f.stallsPriceId }, standing('b1')])).json().errorCode).toBe('0');
    const sold = await brMap();
    expect(freeSeats(sold).get(seat(2))).toBe(false);
    expect(sold.seat_stand[0]).toMatchObject({ quant: 4 });

    expect(await expireUnpaidOrders(t.db, new Date(t.clock.now() + 365 * 86_400_000))).toBe(1);
    const released = await brMap();
    expect(freeSeats(released).get(seat(2))).toBe(true);
    expect(released.seat_stand[0]).toMatchObject({ quant: 5 });

    await t.db.query('update prices set amount = 250000 where id = $1', [f.stallsPriceId]);
    const repriced = await brMap();
    expect(repriced.zones.flatMap((z) => z.prices).find((p) => p.price_id === f.stallsPriceId)?.price).toBe(2500);

    // A catalog import rewrites the hall and moves the catalog version (server/catalog/import.ts).
    await t.db.query('update hall_sectors set name = \'{"ru": "Партер (новый)", "en": "Stalls"}\' where id = 9101');
    await t.db.query('update catalog_version set version = version + 1');
    expect((await brMap()).sectors.find((s) => s.sector_id === 9101)?.name).toMatchObject({ ru: 'Партер (новый)' });
  });
});

describe('POST /api/order/create-scheme', () => {
  appPerTest();

  it('holds two seats and a standing place, prices them on the server with the fee per seat, and answers the order hash', async () => {
    const res = await order([
      { seat_id: seat(0), price_id: f.stallsPriceId },
      { seat_id: seat(35), price_id: f.balconyPriceId },
      standing('x9'),
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errorCode).toBe('0');
    expect(body.hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const { rows } = await t.db.query<{ status: number; subtotal: number; service_fee: number; total: number; buyer_name: string }>(
      'select status, subtotal, service_fee, total, buyer_name from orders where hash = $1',
      [body.hash],
    );
    // 2000 + 1200 + 800 roubles; fees 150 + 10 % of 1200 + 50.
    expect(rows[0]).toEqual({ status: 20, subtotal: 400000, service_fee: 32000, total: 432000, buyer_name: 'Иван Петров' });
    expect(await stock()).toMatchObject({ remaining: 42, standing: 4, lines: 3, orders: 1 });
  });

  it('ignores the prices the page sends', async () => {
    const body = schemeOrderBody(f, [{ seat_id: seat(0), price_id: f.stallsPriceId }]);
    const res = await t.post('/api/order/create-scheme', {
      ...body,
      tickets: body.tickets.map((x) => ({ ...x, price: 1, priceservise: 0 })),
    });
    const { rows } = await t.db.query<{ total: number }>('select total from orders where hash = $1', [res.json().hash]);
    expect(rows[0]?.total).toBe(215000);
  });

  it('gives status 10 when the event has named tickets', async () => {
    await t.db.query('update events set named_tickets = true where id = $1', [f.eventId]);
    const res = await order([{ seat_id: seat(0), price_id: f.stallsPriceId }]);
    const { rows } = await t.db.query<{ status: number }>('select status from orders where hash = $1', [res.json().hash]);
    expect(rows[0]?.status).toBe(10);
  });

  it("refuses a seat another order holds with 'Место недоступно' and holds nothing of the second cart", async () => {
    await order([{ seat_id: seat(1), price_id: f.stallsPriceId }]);
    const before = await stock();
    const res = await order([
      { seat_id: seat(0), price_id: f.stallsPriceId },
      { seat_id: seat(1), price_id: f.stallsPriceId },
      standing('q'),
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: '-1011', errorText: 'Место недоступно' });
    expect(await stock()).toEqual(before);
    expect(freeSeats(await map()).get(seat(0))).toBe(true);
  });

  it('refuses more standing places than are left and holds nothing', async () => {
    const cart = Array.from({ length: 6 }, (_, i) => standing(`r${i}`));
    const before = await stock();
    const res = await order([{ seat_id: seat(2), price_id: f.stallsPriceId }, ...cart]);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('-1010');
    expect(await stock()).toEqual(before);
    expect((await order(cart.slice(0, 5))).json().errorCode).toBe('0');
    expect(await stock()).toMatchObject({ standing: 0 });
  });

  it('refuses the order until a required checkbox is ticked', async () => {
    await t.db.exec(
      `insert into checkboxes (id, scope, event_id, name, required) values (9100, 'order', 9100, '{"ru": "Согласен"}', true)`,
    );
    const cart = [{ seat_id: seat(0), price_id: f.stallsPriceId }];
    const refused = await order(cart);
    expect(refused.json()).toMatchObject({ errorCode: '-1002', errorText: 'Для оформления необходимо заполнить все поля' });
    expect((await order(cart, { checkboxList: [{ id: 9100, checked: true }] })).json().errorCode).toBe('0');
  });

  it('refuses a session that has started', async () => {
    t.clock.advance(3.5 * 86_400_000);
    const res = await order([{ seat_id: seat(0), price_id: f.stallsPriceId }]);
    expect(res.statusCode).toBe(409);
    expect((await stock())?.orders).toBe(0);
  });
});

describe('a concession category on a seated event: on its days only', () => {
  appPerTest();

  it('is offered on the map and sold for a session on its weekday, neither on another day (-1040, nothing held)', async () => {
    // The child category applies only on the first session's weekday (the venue's, Moscow's); the
    // later session is a day after it.
    const { rows } = await t.db.query<{ starts_at: Date }>('select starts_at from sessions where id = $1', [f.sessionId]);
    const day = venueDateParts(rows[0]?.starts_at as Date, 'Europe/Moscow').iso;
    await t.db.query('update categories set concession = $1::jsonb where id = 9102', [
      JSON.stringify({ document: 'student-card', weekdays: [weekdayOf(day)] }),
    ]);
    const priceIds = (answer: SchemeMapResponse) => answer.zones.flatMap((z) => z.prices.map((p) => p.price_id));
    expect(priceIds(await map(f.sessionId))).toContain(f.stallsChildPriceId);
    expect(priceIds(await map(f.laterSessionId))).not.toContain(f.stallsChildPriceId);
    expect(priceIds(await map(f.laterSessionId))).toContain(f.stallsPriceId);
    // The concession's price names the document to show at the door; an ordinary price names none.
    const prices = (await map(f.sessionId)).zones.flatMap((z) => z.prices);
    expect(prices.find((p) => p.price_id === f.stallsChildPriceId)?.document).toMatchObject({
      ru: 'Студенческий билет',
      en: 'Student card',
    });
    expect(prices.find((p) => p.price_id === f.stallsPriceId)?.document).toEqual({});

    const later = schemeOrderBody(f, [{ seat_id: seat(0), price_id: f.stallsChildPriceId }]);
    const laterOrder = (price: number) =>
      t.post('/api/order/create-scheme', {
        ...later,
        calendarId: f.laterSessionId,
        tickets: later.tickets.map((x) => ({ ...x, price_id: price, calendar_id: f.laterSessionId })),
      });
    const refused = await laterOrder(f.stallsChildPriceId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: '-1040', errorText: 'Эта категория билетов не действует в выбранный день.' });
    expect((await stock())?.orders).toBe(0);
    expect(freeSeats(await map(f.laterSessionId)).get(seat(0))).toBe(true);

    // The ordinary category that day, and the concession on its own day, are sold.
    expect((await laterOrder(f.stallsPriceId)).json().errorCode).toBe('0');
    expect((await order([{ seat_id: seat(1), price_id: f.stallsChildPriceId }])).json().errorCode).toBe('0');
  });

  it('names the document of a concession on its standing places too, in the venue’s words after the name', async () => {
    await t.db.query('update categories set concession = $1::jsonb where id = 9101', [
      JSON.stringify({ document: 'pension-certificate', documentText: { ru: 'или карта москвича' } }),
    ]);
    const body = await map(f.sessionId);
    expect(body.seat_stand[0]?.document).toMatchObject({ ru: 'Пенсионное удостоверение (или карта москвича)', en: 'Pension certificate' });
    expect(body.zones.find((z) => z.zone_id === 9101)?.prices.find((p) => p.price_id === f.stallsPriceId)?.document).toEqual(
      body.seat_stand[0]?.document,
    );
  });
});

describe('captcha on scheme orders', () => {
  afterEach(() => t.close());
  const enableCaptcha = async (patch: Record<string, unknown>) => {
    await saveSetup(t.db, patch);
    t.clock.advance(6000); // past the setup cache
  };

  it('needs the image captcha when it is enabled, holds nothing without it, and a right answer passes once', async () => {
    t = await createTestApp({ demo: false, deps: { captchaText: () => 'K7M3P' } });
    f = await insertSchemeEvent(t.db, { at: t.clock.date() });
    await enableCaptcha({ captcha: { enabled: true } });
    const before = await stock();
    const missing = await order([{ seat_id: seat(0), price_id: f.stallsPriceId }]);
    expect(missing.json().errorCode).toBe('-1001');
    const wrongSid = (await t.get('/api/captcha')).json<{ sid: string }>().sid;
    expect(
      (await order([{ seat_id: seat(0), price_id: f.stallsPriceId }], { captchaSid: wrongSid, captchaText: 'WRONG' })).json().errorCode,
    ).toBe('-1001');
    expect(await stock()).toEqual(before);
    const { sid } = (await t.get('/api/captcha')).json<{ sid: string }>();
    const placed = await order([{ seat_id: seat(0), price_id: f.stallsPriceId }], { captchaSid: sid, captchaText: 'K7M3P' });
    expect(placed.json().errorCode).toBe('0');
    const reused = await order([{ seat_id: seat(1), price_id: f.stallsPriceId }], { captchaSid: sid, captchaText: 'K7M3P' });
    expect(reused.json().errorCode).toBe('-1001');
  });

  it('verifies the reCAPTCHA token when reCAPTCHA is enabled', async () => {
    t = await createTestApp({ demo: false, deps: { recaptcha: { verify: async (token) => token === 'good-token' } } });
    f = await insertSchemeEvent(t.db, { at: t.clock.date() });
    await enableCaptcha({ recaptcha: { enabled: true, sitekey: 'site' } });
    const skipped = await order([{ seat_id: seat(0), price_id: f.stallsPriceId }], { recaptchaSkip: 1 });
    expect(skipped.json().errorCode).toBe('-1001');
    const bad = await order([{ seat_id: seat(0), price_id: f.stallsPriceId }], { recaptchaToken: 'forged' });
    expect(bad.json().errorCode).toBe('-1001');
    const good = await order([{ seat_id: seat(0), price_id: f.stallsPriceId }], { recaptchaToken: 'good-token' });
    expect(good.json().errorCode).toBe('0');
  });
});

describe('the map answer of a 20 000-seat hall', () => {
  appPerTest({ rows: 100, perRow: 200 });

  it('stays small gzipped and is answered quickly from the cached hall drawing', async () => {
    const token = await t.csrfToken();
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/scheme',
        payload: { hash: f.hash, calendar_id: f.sessionId },
        headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': 'gzip' },
      });
    const first = await post();
    const started = performance.now();
    const second = await post();
    const warm = performance.now() - started;
    const answer = JSON.parse(gunzipSync(second.rawPayload).toString('utf8')) as SchemeMapResponse;
    const seats = answer.seat_numbers.reduce((sum, row) => sum + row.seat_id.length, 0);
    expect(seats).toBe(20_000);
    console.log(
      `20 000-seat map: ${first.rawPayload.length} bytes gzipped, ${gunzipSync(first.rawPayload).length} bytes raw, warm answer ${warm.toFixed(0)} ms`,
    );
    expect(first.rawPayload.length).toBeLessThan(120_000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../tests/harness.ts';
import { completeAtBank, pay, sandboxId } from './payments/payment-test-kit.ts';

/**
 * Whatever a client sends gets a clear answer (a 4xx with errorCode and errorText), never a 5xx.
 * Every call of the storefront starts from a valid body on the demo catalog, and each of its
 * values in turn is replaced by something hostile: numbers beyond a PostgreSQL integer, NUL
 * characters, very long texts, wrong types. Each answer must be below 500 and, on /api, carry errorCode and errorText.
 */

const HOSTILE: unknown[] = [
  2_147_483_648,
  -2_147_483_649,
  9_007_199_254_740_991,
  1e300,
  0.5,
  -1,
  0,
  '\u0000',
  'ab\u0000cd',
  'x'.repeat(5000),
  '',
  null,
  true,
  {},
  [],
];

type Call = { url: string; body: Record<string, unknown> };

/** Every path to a value in a body: keys of objects and indexes of arrays. */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length ? value.flatMap((item, i) => leafPaths(item, [...prefix, i])) : [prefix];
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    return entries.length ? entries.flatMap(([key, item]) => leafPaths(item, [...prefix, key])) : [prefix];
  }
  return [prefix];
}

function replaced(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(body)) return body.map((item, i) => (i === head ? replaced(item, rest, value) : item));
  const object = body as Record<string, unknown>;
  return { ...object, [head]: replaced(object[head], rest, value) };
}

type Session = { calendar_id: number; event_day: string; event_time: string };
type Price = {
  calendar_id: number;
  action_day: string;
  action_id: number;
  clientcategory_id: number;
  zonelevel_id: number;
  price: number;
  passagequant: number;
  useproculture: number;
  needprice: number;
};

/** An order line for one ordinary ticket of the event page's first session. */
function firstLine(event: { calendar: Session[]; price: Price[] }) {
  const session = event.calendar[0];
  const price = event.price.find(
    (p) =>
      session &&
      p.action_day === session.event_day &&
      (p.calendar_id === 0 || p.calendar_id === session.calendar_id) &&
      p.passagequant === 0 &&
      p.useproculture !== 1 &&
      p.needprice <= 1,
  );
  if (!session || !price) throw new Error('no ordinary price on the demo event');
  return {
    day: session.event_day,
    time: session.event_time,
    actionId: price.action_id,
    categoryId: price.clientcategory_id,
    zoneId: price.zonelevel_id,
    quantity: 1,
    sum: price.price,
    seatId: 0,
  };
}

let t: TestApp;
const calls: Call[] = [];

function expectClearAnswer(response: { statusCode: number; body: string }, what: string) {
  expect(response.statusCode, `${what} → ${response.statusCode} ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400 && what.includes('/api/')) {
    const answer = JSON.parse(response.body) as Record<string, unknown>;
    expect(typeof answer.errorCode, what).toBe('string');
    expect(typeof answer.errorText, what).toBe('string');
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const buyer = { fio: 'Иван Петров', phone: '+7 999 901-02-03', email: 'ivan@example.com', re_email: 'ivan@example.com' };

  // A quantity order on the demo's ordinary event, as the event page sends it.
  const event = (await t.post('/api/no-scheme', { hash: 'city-through-centuries', lang: 'ru' })).json();
  const required = event.checkboxList.map((box: { id: number }) => ({ id: box.id, checked: true }));
  const line = firstLine(event);
  const orderBody = { hash: 'city-through-centuries', lang: 'ru', data: [line], ...buyer, checkboxList: required };
  const place = async () => {
    const answer = await t.post('/api/order/create', orderBody);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ hash: string }>().hash;
  };
  const unpaid = await place();
  const paid = await place();
  expect(await completeAtBank(t, sandboxId(await pay(t, paid, 1)), 'pay')).toBe(`/order/${paid}`);
  const { rows: tickets } = await t.db.query<{ id: number }>(
    `select t.id from tickets t join order_lines l on l.id = t.order_line_id join orders o on o.id = l.order_id where o.hash = $1`,
    [paid],
  );

  // The named-ticket event: its order waits for the visitors' names.
  const named = (await t.post('/api/no-scheme', { hash: 'storage-vault-tour', lang: 'ru' })).json();
  const namedOrder = await t.post('/api/order/create', {
    ...orderBody,
    hash: 'storage-vault-tour',
    data: [firstLine(named)],
    checkboxList: named.checkboxList.map((box: { id: number }) => ({ id: box.id, checked: true })),
  });
  expect(namedOrder.statusCode, namedOrder.body).toBe(200);
  const namedHash = namedOrder.json<{ hash: string }>().hash;
  const namedData = (await t.post('/api/order-data', { hash: namedHash, lang: 'ru' })).json();

  // The seated event: a session, its map and a free seat.
  const sessions = (await t.post('/api/scheme/sessions', { hash: 'tchaikovsky-symphony-night', lang: 'ru' })).json();
  const calendarId = sessions.calendar[0].calendar_id;
  const { rows: seats } = await t.db.query<{ seat_id: number; price_id: number; event_id: number }>(
    `select st.id as seat_id, p.id as price_id, s.event_id from sessions s join events e on e.id = s.event_id
       join hall_seats st on st.hall_id = e.hall_id join prices p on p.event_id = e.id and p.zone_id = st.zone_id
      where s.id = $1 order by st.id, p.id limit 1`,
    [calendarId],
  );
  const seat = seats[0];
  if (!seat) throw new Error('no free seat on the demo scheme');

  calls.push(
    { url: '/api/no-scheme', body: { hash: 'city-through-centuries', lang: 'en' } },
    { url: '/api/order/create', body: orderBody },
    { url: '/api/scheme/sessions', body: { hash: 'tchaikovsky-symphony-night', lang: 'ru' } },
    { url: '/api/scheme', body: { hash: 'tchaikovsky-symphony-night', calendar_id: calendarId, lang: 'ru' } },
    {
      url: '/api/order/create-scheme',
      body: {
        ...buyer,
        action_id: seat.event_id,
        calendarId,
        lang: 'ru',
        checkboxList: [],
        tickets: [{ seat_id: seat.seat_id, price_id: seat.price_id, quantity: 1, calendar_id: calendarId }],
      },
    },
    { url: '/api/captcha/check', body: { code: 'ABCDE', sid: 'abcdef' } },
    { url: '/api/order-data', body: { hash: namedHash, lang: 'ru' } },
    {
      url: '/api/confirm-nominal',
      body: {
        hash: namedHash,
        lang: 'ru',
        id: namedData.response.map((item: { id: number }) => item.id),
        surname: ['Иванова'],
        name: ['Мария'],
        middleName: ['Сергеевна'],
        date: ['24.05.1987'],
        docTypeId: [1],
        docNum: ['4509 123456'],
        countryId: [643],
        regionId: [null],
        checkboxList: namedData.checkboxList.map((box: { id: number }) => ({ id: box.id, checked: true })),
      },
    },
    { url: '/api/order/view', body: { hash: unpaid, lang: 'ru', bank_data: { id: 1, name: 'card', type: 'card' } } },
    {
      url: '/api/order/add-special-offer',
      body: { hash: unpaid, lang: 'ru', data: [{ uid: 'a1', parent_id: tickets[0]?.id ?? 1, package_id: 0, price_id: 1, cost: 100 }] },
    },
    { url: '/api/order/remove-special-offer', body: { hash: unpaid, lang: 'ru', id: 1 } },
    { url: '/api/order/discount', body: { hash: unpaid, lang: 'ru', bonuses: 10, cardCode: '1234567890123456', promoCode: 'DEMO10' } },
    { url: '/api/order/discount/cancel', body: { hash: unpaid, lang: 'ru' } },
    { url: '/api/order/held', body: { hash: 'city-through-centuries', orders: [unpaid], lang: 'ru' } },
    { url: '/api/order/status', body: { hash: unpaid } },
    { url: '/api/order/pay', body: { hash: unpaid, lang: 'ru', bank_data: { id: 1 } } },
    { url: '/api/order/number', body: { hash: unpaid, lang: 'ru' } },
    { url: `/api/order/return/${paid}`, body: { hash: paid, lang: 'ru', hashConf: 'abcdefgh' } },
    { url: '/api/order/return-create', body: { hash: paid, lang: 'ru', reason: 1, id: tickets.map((ticket) => ticket.id), consent: true } },
    { url: '/api/order/return-confirm', body: { hash: paid, lang: 'ru', hashConf: 'a'.repeat(32), consent: true } },
  );
}, 120_000);
afterAll(() => t.close());

describe('hostile values in every call', () => {
  it('answers each value of each call below 500, with errorCode and errorText', async () => {
    expect(calls.length).toBeGreaterThanOrEqual(19);
    for (const call of calls) {
      for (const path of leafPaths(call.body)) {
        for (const value of HOSTILE) {
          const body = replaced(call.body, path, value) as Record<string, unknown>;
          expectClearAnswer(await t.post(call.url, body), `${call.url} ${path.join('.')}=${JSON.stringify(value).slice(0, 20)}`);
        }
      }
      for (const value of HOSTILE) expectClearAnswer(await t.post(call.url, { ...call.body, extra: value }), `${call.url} extra`);
    }
  }, 300_000);
});

describe('the fields of a refused body', () => {
  it("names each wrong field once, with an error code rather than the validator's prose", async () => {
    const create = calls.find((call) => call.url === '/api/order/create');
    if (!create) throw new Error('no create call');
    const { data: _data, ...withoutLines } = create.body;
    const answer = await t.post('/api/order/create', { ...withoutLines, fio: '', phone: 7 });
    expect(answer.statusCode).toBe(400);
    const fields = answer.json<{ fields: { path: string; code: string }[] }>().fields;
    expect(fields).toContainEqual({ path: 'data', code: 'invalid' });
    expect(fields).toContainEqual({ path: 'phone', code: 'invalid' });
    for (const field of fields) expect(field.code).toMatch(/^[\w.-]+$/);
    expect(new Set(fields.map((f) => `${f.path} ${f.code}`)).size).toBe(fields.length);
  });
});

describe('hostile addresses', () => {
  const PARTS = ['%00', '%ZZ', '%E0%A4%A', 'x'.repeat(300), '2147483648', '..%2F..%2Fetc'];

  it.each([
    ['GET', '/api/ticket/{}'],
    ['GET', '/api/afisha?lang={}'],
    ['GET', '/api/rules?lang={}'],
    ['GET', '/payments/return/{}'],
    ['GET', '/sandbox/pay/{}'],
    ['GET', '/sandbox/qr/{}'],
    ['POST', '/api/order/return/{}'],
    ['POST', '/api/{}'],
    ['GET', '/event/{}'],
    ['GET', '/{}'],
  ])('%s %s: below 500 for every malformed part', async (method, pattern) => {
    for (const part of PARTS) {
      const url = pattern.replace('{}', part);
      const headers = { 'x-csrf-token': await t.csrfToken(), 'x-requested-with': 'XMLHttpRequest' };
      const response = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers,
        ...(method === 'POST' ? { payload: { hash: part, lang: 'ru' } } : {}),
      });
      expectClearAnswer(response, `${method} ${url}`);
    }
  });

  it.each([
    ['/sandbox/pay', 'MdOrder=%00&amount=1'],
    ['/sandbox/pay/abc/complete', 'choice=pay%00'],
    ['/payments/notify/sandbox', 'id=%00'],
  ])('form POST %s with a NUL: below 500', async (url, payload) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectClearAnswer(response, `POST ${url}`);
  });

  it('answers an API address it cannot decode and a NUL in a body with -1002 and a text', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/%ZZ' });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ errorCode: '-1002' });
    const nul = await t.post('/api/order/discount', { hash: 'a'.repeat(22), lang: 'en', promoCode: 'ab\u0000c' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ errorCode: '-1002', errorText: expect.stringMatching(/\w/) });
  });
});

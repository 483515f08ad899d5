import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { signCrmToken } from '../crm/crm-token.ts';
import { saveSetup } from '../setup/setup.repository.ts';
import { insertQuantityCatalog, sessionWhen, stockOf } from './quantity-fixtures.ts';

const CRM_SECRET = 'crm-secret-'.padEnd(40, 'z');
let t: TestApp;
let when: { day: string; time: string };
let captchaAnswer = 'ABCDE';

beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    config: { crmSecret: CRM_SECRET },
    deps: {
      recaptcha: { verify: async (token) => token === 'good-token' },
      captchaText: () => captchaAnswer,
    },
  });
  await insertQuantityCatalog(t.db);
  when = await sessionWhen(t.db, 9200);
});
afterAll(() => t.close());

const buyer = { fio: 'Иван Петров', phone: '+7 999 901 02 03', email: 'ivan@mail.ru', re_email: 'ivan@mail.ru' };
const pushkinBuyer = {
  pushkarta: 1,
  surname: 'Иванов',
  name: 'Иван',
  patronymic: 'Иванович',
  phone: '+7 (999) 901-02-03',
  email: 'ivan@mail.ru',
  re_email: 'ivan@mail.ru',
};
const line = (categoryId: number, quantity: number, extra: Record<string, unknown> = {}) => ({
  day: when.day,
  time: when.time,
  actionId: 9200,
  categoryId,
  zoneId: 0,
  quantity,
  sum: 0,
  seatId: 0,
  ...extra,
});
const order = (overrides: Record<string, unknown> = {}) => ({
  hash: 'test-qty-ordinary',
  lang: 'ru',
  data: [line(9200, 2)],
  ...buyer,
  checkboxList: [{ id: 9200, checked: true }],
  ...overrides,
});

type Answer = { errorCode: string; errorText: string; hash?: string; fields?: { path: string; code: string }[] };
const create = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const res = await t.post('/api/order/create', body, headers);
  return { status: res.statusCode, body: res.json<Answer>() };
};
const orderOf = async (hash: string) => {
  const { rows } = await t.db.query<{
    id: number;
    status: number;
    subtotal: number;
    service_fee: number;
    total: number;
    buyer_name: string;
    pushkin_card: boolean;
    is_subscription: boolean;
    crm_client_id: number | null;
    phone: string;
    reserved_until: Date;
    created_at: Date;
  }>('select * from orders where hash = $1', [hash]);
  const row = rows[0];
  if (!row) throw new Error('order not found');
  const tickets = await t.db.query<{ n: number }>('select count(*)::int as n from tickets where order_id = $1', [row.id]);
  return { ...row, tickets: tickets.rows[0]?.n };
};

async function setSetup(patch: Record<string, unknown>) {
  await saveSetup(t.db, patch);
  t.clock.advance(6000); // past the setup cache
}

describe('POST /api/order/create', () => {
  it('creates an ordinary order priced on the server, with one ticket per place, and takes the places', async () => {
    const before = await stockOf(t.db, 9200);
    const { status, body } = await create(order({ data: [line(9200, 2), line(9201, 2)] }));
    expect(status).toBe(200);
    expect(body.errorCode).toBe('0');
    expect(body.hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const saved = await orderOf(body.hash as string);
    // 2 × (500 ₽ + 30 ₽ fee) + 2 × 200 ₽
    expect(saved).toMatchObject({ status: 20, subtotal: 140000, service_fee: 6000, total: 146000, tickets: 4, buyer_name: 'Иван Петров' });
    expect(saved.reserved_until.getTime() - saved.created_at.getTime()).toBe(15 * 60_000);
    expect((await stockOf(t.db, 9200)).places).toBe((before.places ?? 0) - 4);
  });

  it('stores the phone as E.164', async () => {
    const { body } = await create(order({ phone: '+7 (900) 000-00-00' }));
    expect(body.errorCode).toBe('0');
    expect((await orderOf(body.hash as string)).phone).toBe('+79000000000');
  });

  it('ignores the sum the client sends', async () => {
    const { body } = await create(order({ data: [line(9200, 1, { sum: 0.01 })] }));
    expect(body.errorCode).toBe('0');
    expect((await orderOf(body.hash as string)).total).toBe(53000);
  });

  it('sells a group excursion ticket from the group slots with its percent fee', async () => {
    const before = await stockOf(t.db, 9200);
    const { body } = await create(order({ data: [line(9202, 1)] }));
    expect(body.errorCode).toBe('0');
    expect(await orderOf(body.hash as string)).toMatchObject({ subtotal: 300000, service_fee: 30000, total: 330000, tickets: 1 });
    const after = await stockOf(t.db, 9200);
    expect(after.group).toBe((before.group ?? 0) - 1);
    expect(after.places).toBe(before.places);
  });

  it('sells a Pushkin-card ticket with the names and the normalised phone', async () => {
    const { body } = await create({ ...order({ data: [line(9203, 1)] }), ...pushkinBuyer, fio: undefined });
    expect(body.errorCode).toBe('0');
    expect(await orderOf(body.hash as string)).toMatchObject({
      pushkin_card: true,
      buyer_name: 'Иванов Иван Иванович',
      phone: '79999010203',
      total: 45000,
    });
  });

  it('sells a free ticket for nothing', async () => {
    const free = await sessionWhen(t.db, 9210);
    const { body } = await create({
      ...order(),
      hash: 'test-qty-free',
      checkboxList: [],
      data: [{ ...line(9210, 3), ...free, actionId: 9201 }],
    });
    expect(body.errorCode).toBe('0');
    expect(await orderOf(body.hash as string)).toMatchObject({ total: 0, tickets: 3, status: 20 });
  });

  it('sells a subscription itself at its own prices', async () => {
    const sub = await sessionWhen(t.db, 9230);
    const { body } = await create({
      ...order(),
      hash: 'test-qty-sub',
      checkboxList: [],
      data: [{ ...line(9230, 2), ...sub, actionId: 9203 }],
    });
    expect(body.errorCode).toBe('0');
    expect(await orderOf(body.hash as string)).toMatchObject({ total: 300000, tickets: 2, is_subscription: false });
  });

  it('creates a named-ticket order reserved (10) until the holders are named', async () => {
    const named = await sessionWhen(t.db, 9220);
    const { body } = await create({
      ...order(),
      hash: 'test-qty-named',
      checkboxList: [],
      data: [{ ...line(9220, 2), ...named, actionId: 9202 }],
    });
    expect(body.errorCode).toBe('0');
    expect((await orderOf(body.hash as string)).status).toBe(10);
  });
});

describe('POST /api/order/create refuses bad input and reserves nothing', () => {
  const cases: {
    description: string;
    body: () => Record<string, unknown>;
    status: number;
    code: string;
    field?: string;
    fieldCode?: string;
  }[] = [
    {
      description: 'a name with digits',
      body: () => order({ fio: 'Иван 2' }),
      status: 400,
      code: '-1002',
      field: 'fio',
      fieldCode: 'not-valid-fio',
    },
    { description: 'no name', body: () => order({ fio: '' }), status: 400, code: '-1002', field: 'fio', fieldCode: 'required-fio' },
    {
      description: 'a 5-character phone',
      body: () => order({ phone: '12345' }),
      status: 400,
      code: '-1002',
      field: 'phone',
      fieldCode: 'not-valid-phone',
    },
    {
      description: 'a phone with the country code typed twice',
      body: () => order({ phone: '+7 79000000000' }),
      status: 400,
      code: '-1002',
      field: 'phone',
      fieldCode: 'not-valid-phone',
    },
    {
      description: 'an 11-digit Russian national number',
      body: () => order({ phone: '+7 89000000000' }),
      status: 400,
      code: '-1002',
      field: 'phone',
      fieldCode: 'not-valid-phone',
    },
    {
      description: 'a phone without its country code',
      body: () => order({ phone: '89000000000' }),
      status: 400,
      code: '-1002',
      field: 'phone',
      fieldCode: 'not-valid-phone',
    },
    {
      description: 'a bad e-mail',
      body: () => order({ email: 'ivan@', re_email: 'ivan@' }),
      status: 400,
      code: '-1002',
      field: 'email',
      fieldCode: 'not-valid-email',
    },
    {
      description: 'a re_email that differs',
      body: () => order({ re_email: 'ivan@mail.com' }),
      status: 400,
      code: '-1002',
      field: 're_email',
      fieldCode: 're-email',
    },
    {
      description: 'the required checkbox unticked',
      body: () => order({ checkboxList: [{ id: 9201, checked: true }] }),
      status: 400,
      code: '-1002',
      field: 'checkboxList.9200',
      fieldCode: 'required-checkbox',
    },
    {
      description: 'fewer child tickets than needprice',
      body: () => order({ data: [line(9201, 1)] }),
      status: 400,
      code: '-1002',
      field: 'data.9201',
      fieldCode: 'needprice',
    },
    {
      description: 'more tickets than demquantlimit',
      body: () => order({ data: [line(9200, 4), line(9201, 2)] }),
      status: 409,
      code: '-9998',
    },
    {
      description: 'more group tickets than the per-order limit',
      body: () => order({ data: [line(9202, 3)] }),
      status: 409,
      code: '-9998',
    },
    {
      description: 'two tickets with the Pushkin card',
      body: () => ({ ...order({ data: [line(9203, 2)] }), ...pushkinBuyer }),
      status: 409,
      code: '-9998',
    },
    {
      description: 'a Pushkin name in Latin letters',
      body: () => ({ ...order({ data: [line(9203, 1)] }), ...pushkinBuyer, surname: 'Ivanov' }),
      status: 400,
      code: '-1002',
      field: 'surname',
      fieldCode: 'not-valid-surname',
    },
    {
      description: 'a Pushkin phone of 10 digits',
      body: () => ({ ...order({ data: [line(9203, 1)] }), ...pushkinBuyer, phone: '+7 (999) 901-02' }),
      status: 400,
      code: '-1002',
      field: 'phone',
      fieldCode: 'not-valid-pushkin-phone',
    },
    {
      description: 'a Pushkin-only price with an ordinary card',
      body: () => order({ data: [line(9203, 1)] }),
      status: 400,
      code: '-1002',
      field: 'data',
      fieldCode: 'not-valid-lines',
    },
    {
      description: 'a non-card price with the Pushkin card',
      body: () => ({ ...order({ data: [line(9201, 2)] }), ...pushkinBuyer }),
      status: 400,
      code: '-1002',
      field: 'data',
      fieldCode: 'not-valid-lines',
    },
    { description: 'more limited-category places than are left', body: () => order({ data: [line(9204, 4)] }), status: 409, code: '-1010' },
    {
      description: 'a category the event does not have',
      body: () => order({ data: [line(9999, 1)] }),
      status: 400,
      code: '-1002',
      field: 'data',
      fieldCode: 'not-valid-lines',
    },
    {
      description: 'a day with no session',
      body: () => order({ data: [line(9200, 1, { day: '01.01.2001' })] }),
      status: 409,
      code: '-1004',
    },
    {
      description: 'lines for two sessions',
      body: () => order({ data: [line(9200, 1), line(9200, 1, { time: '23:59' })] }),
      status: 400,
      code: '-1002',
      field: 'data',
      fieldCode: 'not-valid-lines',
    },
    { description: 'a zero quantity', body: () => order({ data: [line(9200, 0)] }), status: 400, code: '-1002' },
    { description: 'no lines', body: () => order({ data: [] }), status: 400, code: '-1002' },
    {
      description: 'a subscription line without a CRM client',
      body: () => order({ data: [line(9200, 1, { subscrit_id: 9203 })] }),
      status: 400,
      code: '-1002',
      field: 'data',
      fieldCode: 'not-valid-subscription',
    },
    { description: 'an unknown event', body: () => order({ hash: 'no-such-event' }), status: 404, code: '-1004' },
    {
      description: 'an ordinary buyer on a Pushkin-card-only event',
      body: () => order({ hash: 'test-qty-pushkin' }),
      status: 400,
      code: '-1002',
      field: 'pushkarta',
      fieldCode: 'required-pushkin-card',
    },
  ];

  it.each(cases)('$description: $code', async ({ body, status, code, field, fieldCode }) => {
    const before = await stockOf(t.db, 9200);
    const res = await create(body());
    expect(res.status).toBe(status);
    expect(res.body.errorCode).toBe(code);
    expect(res.body.errorText).not.toBe('');
    if (field) expect(res.body.fields).toContainEqual({ path: field, code: fieldCode });
    expect(await stockOf(t.db, 9200)).toEqual(before);
  });

  it('answers the error text in the request language', async () => {
    const res = await create(order({ lang: 'en', data: [line(9200, 6)] }));
    expect(res.body).toMatchObject({ errorCode: '-9998', errorText: 'The limit on the number of tickets in one order has been reached' });
  });

  it('converts an e-mail typed with the Russian layout', async () => {
    const { body } = await create(order({ email: 'шмфт"ьфшдюкг', re_email: 'шмфт"ьфшдюкг', data: [line(9200, 1)] }));
    expect(body.errorCode).toBe('0');
    const { rows } = await t.db.query<{ email: string }>('select email from orders where hash = $1', [body.hash]);
    expect(rows[0]?.email).toBe('ivan@mail.ru');
  });
});

describe('subscriptions and the CRM client', () => {
  const token = () => signCrmToken(CRM_SECRET, 9200, t.clock.now() + 3600_000);
  const subLine = (quantity: number) => line(9200, quantity, { subscrit_id: 9203 });

  it('identifies the CRM client of a signed token in the setup, and nobody for a forged one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/setup', headers: { 'x-crm-token': token() } });
    expect(res.json<{ crm_client: unknown }>().crm_client).toEqual({
      data: {
        id: 9200,
        typeId: 1,
        typeName: 'Член клуба',
        cardCode: 'CARD-9200',
        first_name: 'Анна',
        last_name: 'Смирнова',
        middle_name: 'Петровна',
        phone: '+79990001122',
        email: 'anna@example.com',
      },
      subscriptions: [{ hash_id: 'test-qty-sub', quant: 3 }],
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const forged = await t.get(`/api/setup?crm=${token().replace(/^9200\./, '9201.')}`);
    expect(forged.json<{ crm_client: unknown }>().crm_client).toBeNull();
    const byQuery = await t.get(`/api/setup?crm=${token()}`);
    expect(byQuery.json<{ crm_client: { data: { id: number } } }>().crm_client.data.id).toBe(9200);
  });

  it('tells the event page how many subscription visits are left', async () => {
    const res = await t.post('/api/no-scheme', { hash: 'test-qty-ordinary' }, { 'x-crm-token': token() });
    expect(res.json<{ ticketInfo: { subscription: unknown } }>().ticketInfo.subscription).toEqual({
      subscrit_id: 9203,
      hash_id: 'test-qty-sub',
      quant: 3,
    });
  });

  it('takes tickets by subscription at subscription prices and spends the visits', async () => {
    const { body } = await create(order({ data: [subLine(2)] }), { 'x-crm-token': token() });
    expect(body.errorCode).toBe('0');
    expect(await orderOf(body.hash as string)).toMatchObject({ is_subscription: true, crm_client_id: 9200, total: 0, tickets: 2 });
    const { rows } = await t.db.query<{ remaining: number }>('select remaining from crm_subscriptions where client_id = 9200');
    expect(rows[0]?.remaining).toBe(1);
    const lines = await t.db.query<{ subscription_event_id: number; seat_id: number | null }>(
      'select l.subscription_event_id, l.seat_id from order_lines l join orders o on o.id = l.order_id where o.hash = $1',
      [body.hash],
    );
    expect(lines.rows).toEqual([{ subscription_event_id: 9203, seat_id: null }]);
  });

  it('limits subscription holders to the visits left, reserving nothing', async () => {
    const before = await stockOf(t.db, 9200);
    const { status, body } = await create(order({ data: [subLine(2)] }), { 'x-crm-token': token() });
    expect(status).toBe(409);
    expect(body.errorCode).toBe('-9998');
    expect(await stockOf(t.db, 9200)).toEqual(before);
  });

  it("takes as many tickets as the visits left, even beyond the event's per-order limit", async () => {
    await t.db.query('update crm_subscriptions set remaining = 7 where client_id = 9200');
    // Event 9200 sells at most 5 tickets per order; the holder has 7 visits left. Session 9201
    // (10 places), so the other tests keep session 9200's places.
    const other = await sessionWhen(t.db, 9201);
    const lines = (quantity: number) => [{ ...subLine(quantity), ...other }];
    try {
      expect((await create(order({ data: lines(8) }), { 'x-crm-token': token() })).body.errorCode).toBe('-9998');
      const { body } = await create(order({ data: lines(6) }), { 'x-crm-token': token() });
      expect(body.errorCode).toBe('0');
      expect(await orderOf(body.hash as string)).toMatchObject({ is_subscription: true, tickets: 6 });
    } finally {
      await t.db.query('update crm_subscriptions set remaining = 1 where client_id = 9200');
    }
  });

  it('refuses subscription lines with an expired token', async () => {
    const expired = signCrmToken(CRM_SECRET, 9200, t.clock.now() - 1000);
    const { body } = await create(order({ data: [subLine(1)] }), { 'x-crm-token': expired });
    expect(body.errorCode).toBe('-1002');
  });
});

describe('captcha on order creation', () => {
  beforeEach(() => {
    captchaAnswer = 'K7M3P';
  });
  afterAll(async () => {
    await setSetup({});
  });

  it('needs the image captcha when it is enabled, and a right answer passes once', async () => {
    await setSetup({ captcha: { enabled: true } });
    const before = await stockOf(t.db, 9200);
    const missing = await create(order({ data: [line(9200, 1)] }));
    expect(missing).toMatchObject({ status: 400, body: { errorCode: '-1001' } });
    expect(await stockOf(t.db, 9200)).toEqual(before);

    const { sid, code } = (await t.get('/api/captcha')).json<{ sid: string; code: string }>();
    expect(code).toMatch(/^<img src="data:image\/png;base64,[^"]+" width="160" height="56" alt="captcha">$/);
    const ok = await create(order({ data: [line(9200, 1)], captchaSid: sid, captchaText: 'k7m3p' }));
    expect(ok.body.errorCode).toBe('0');
    const again = await create(order({ data: [line(9200, 1)], captchaSid: sid, captchaText: 'K7M3P' }));
    expect(again.body.errorCode).toBe('-1001');
  });

  it('uses up an image after one wrong answer', async () => {
    await setSetup({ captcha: { enabled: true } });
    const { sid } = (await t.get('/api/captcha')).json<{ sid: string }>();
    expect((await create(order({ data: [line(9200, 1)], captchaSid: sid, captchaText: 'WRONG' }))).body.errorCode).toBe('-1001');
    expect((await create(order({ data: [line(9200, 1)], captchaSid: sid, captchaText: 'K7M3P' }))).body.errorCode).toBe('-1001');
  });

  it('gives the captcha back when the order is refused for another reason', async () => {
    await setSetup({ captcha: { enabled: true } });
    const { sid } = (await t.get('/api/captcha')).json<{ sid: string }>();
    expect((await create(order({ data: [line(9204, 4)], captchaSid: sid, captchaText: 'K7M3P' }))).body.errorCode).toBe('-1010');
    expect((await create(order({ data: [line(9200, 1)], captchaSid: sid, captchaText: 'K7M3P' }))).body.errorCode).toBe('0');
  });

  it('verifies the reCAPTCHA token when reCAPTCHA is enabled, and never trusts recaptchaSkip', async () => {
    await setSetup({ recaptcha: { enabled: true, sitekey: 'site-key' } });
    const before = await stockOf(t.db, 9200);
    expect((await create(order({ recaptchaToken: 'bad-token' }))).body.errorCode).toBe('-1001');
    expect((await create(order({ recaptchaSkip: 1 }))).body.errorCode).toBe('-1001');
    expect(await stockOf(t.db, 9200)).toEqual(before);
    expect((await create(order({ data: [line(9200, 1)], recaptchaToken: 'good-token' }))).body.errorCode).toBe('0');
  });
});

describe('GET /api/captcha and POST /api/captcha/check', () => {
  beforeEach(() => {
    captchaAnswer = 'H4T8W';
  });
  const check = async (sid: string, code: string) => (await t.post('/api/captcha/check', { sid, code })).json<boolean>();

  it('answers true for the right code, in any case, without using it up', async () => {
    const { sid } = (await t.get('/api/captcha')).json<{ sid: string }>();
    expect(await check(sid, 'h4t8w')).toBe(true);
    expect(await check(sid, 'H4T8W')).toBe(true);
  });

  it('answers false for a wrong code and then for the right one too', async () => {
    const { sid } = (await t.get('/api/captcha')).json<{ sid: string }>();
    expect(await check(sid, 'XXXXX')).toBe(false);
    expect(await check(sid, 'H4T8W')).toBe(false);
  });

  it('answers false once the captcha expired', async () => {
    const { sid } = (await t.get('/api/captcha')).json<{ sid: string }>();
    t.clock.advance(11 * 60_000);
    expect(await check(sid, 'H4T8W')).toBe(false);
  });

  it('answers false for an unknown sid and refuses a code longer than 8 characters', async () => {
    expect(await check('no-such-sid', 'H4T8W')).toBe(false);
    const res = await t.post('/api/captcha/check', { sid: 'x', code: '123456789' });
    expect(res.statusCode).toBe(400);
  });

  it('never puts the answer in the image as text', async () => {
    const { code } = (await t.get('/api/captcha')).json<{ code: string }>();
    expect(code).not.toContain('H4T8W');
    expect(code).not.toMatch(/<text/);
  });
});

describe('an order after a catalog import', () => {
  // What an import does (server/catalog/import.ts): change the catalog and move its version.
  const imported = async (sql: string) => {
    await t.db.query(sql);
    await t.db.query('update catalog_version set version = version + 1');
  };

  it('is priced at the catalog as it is now, not as the server last read it', async () => {
    const before = await create(order({ data: [line(9200, 1)] }));
    expect((await orderOf(before.body.hash as string)).total).toBe(53000);
    await imported('update prices set amount = 60000 where id = 9200');
    try {
      const after = await create(order({ data: [line(9200, 1)] }));
      expect(after.body.errorCode).toBe('0');
      expect(await orderOf(after.body.hash as string)).toMatchObject({ subtotal: 60000, service_fee: 3000, total: 63000 });
    } finally {
      await imported('update prices set amount = 50000 where id = 9200');
    }
  });

  it('is refused for a session the import cancelled, reserving nothing', async () => {
    expect((await create(order({ data: [line(9200, 1)] }))).body.errorCode).toBe('0');
    const before = await stockOf(t.db, 9200);
    const orders = (await t.db.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]?.n;
    await imported('update sessions set is_cancelled = true where id = 9200');
    try {
      const { status, body } = await create(order({ data: [line(9200, 1)] }));
      expect(status).toBe(409);
      expect(body.errorText).toBe('Покупка недоступна для выбранного дня или сеанса');
      expect(await stockOf(t.db, 9200)).toEqual(before);
      expect((await t.db.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]?.n).toBe(orders);
    } finally {
      await imported('update sessions set is_cancelled = false where id = 9200');
    }
  });
});

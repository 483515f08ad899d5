import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertMiniCatalog } from '../../../tests/fixtures.ts';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { insertSchemeEvent } from '../../seating/scheme-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// Noon in Moscow: the mini catalog's session is a week on, the scheme's three days on.
const NOON = new Date('2026-11-21T09:00:00Z');
const SALES = '/api/admin/desk/sales';

/** The mini catalog's session 9000: price 9000 is 500 ₽ (+30 ₽ web fee), price 9001 is 300 ₽. */
const sale = (over: Record<string, unknown> = {}) => ({
  sessionId: 9000,
  lines: [{ priceId: 9000, quantity: 2 }],
  payment: { kind: 'cash', tendered: 150000 },
  expectedTotal: 100000,
  ...over,
});

async function counts(t: TestApp) {
  const { rows } = await t.db.query<{ orders: number; payments: number; remaining: number; audit: number }>(
    `select (select count(*) from orders)::int as orders, (select count(*) from desk_payments)::int as payments,
            (select remaining from sessions where id = 9000) as remaining,
            (select count(*) from audit_log where action = 'desk.sale')::int as audit`,
  );
  return rows[0];
}

/** A Pushkin-card payment's holder, as the cashier types it. */
const pushkin = { kind: 'pushkin', surname: 'Иванова', name: 'Мария', phone: '+79999010203' };

/** An app with the mini catalog (5 places, the limited price 3), its session a week on, and a signed-in cashier. */
async function openSalesDesk() {
  const t = await createTestApp({ demo: false, clock: createClock(NOON) });
  await insertMiniCatalog(t.db, { capacity: 5, priceLimit: 3 });
  await t.db.query('update sessions set starts_at = $1 where id = 9000', [new Date(NOON.getTime() + 7 * 86_400_000)]);
  return { t, cashier: await signedInAs(t, 'cashier') };
}

describe('POST /api/admin/desk/sales', () => {
  let t: TestApp;
  let cashier: { cookie: string; member: { id: number; name: string } };
  beforeEach(async () => {
    ({ t, cashier } = await openSalesDesk());
  });
  afterEach(() => t.close());

  it('sells two places for cash: paid at once, channel desk, the change, the cashier in the audit log', async () => {
    const response = await adminCall(t, 'POST', SALES, cashier.cookie, sale());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      errorCode: '0',
      order: { total: 100000, tickets: 2 },
      payments: [{ method: 'cash', amount: 100000 }],
      change: 50000,
    });
    const order = await t.db.query<Record<string, unknown>>(
      'select status, channel, sold_by, sold_by_name, total, service_fee, paid_at from orders where id = $1',
      [body.order.id],
    );
    expect(order.rows[0]).toEqual({
      status: 30,
      channel: 'desk',
      sold_by: cashier.member.id,
      sold_by_name: cashier.member.name,
      total: 100000,
      service_fee: 0,
      paid_at: NOON,
    });
    const tickets = await t.db.query<{ code: string | null }>('select code from tickets where order_id = $1', [body.order.id]);
    expect(tickets.rows).toHaveLength(2);
    for (const ticket of tickets.rows) expect(ticket.code).not.toBeNull();
    const paid = await t.db.query('select method, amount, tendered, staff_id from desk_payments where order_id = $1', [body.order.id]);
    expect(paid.rows).toEqual([{ method: 'cash', amount: 100000, tendered: 150000, staff_id: cashier.member.id }]);
    const audit = await t.db.query<{ staff_id: number; after: { cashier: string } }>(
      "select staff_id, after from audit_log where action = 'desk.sale'",
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({
        staff_id: cashier.member.id,
        after: expect.objectContaining({ cashier: cashier.member.name, total: 100000 }),
      }),
    ]);
    expect((await counts(t))?.remaining).toBe(3);
    // No address was given: no e-mail goes out.
    expect((await t.db.query('select 1 from mail_outbox')).rows).toHaveLength(0);
  });

  it('sends the tickets when the buyer gives an e-mail', async () => {
    const response = await adminCall(t, 'POST', SALES, cashier.cookie, sale({ email: 'buyer@example.test' }));
    expect(response.statusCode, response.body).toBe(200);
    const mail = await t.db.query<{ to_address: string }>('select * from mail_outbox where order_id = $1', [response.json().order.id]);
    expect(mail.rows).toHaveLength(1);
  });

  it.each([
    {
      description: 'card with the slip’s RRN and last digits',
      payment: { kind: 'card', rrn: '123456789012', last4: '4242' },
      rows: [{ method: 'card', amount: 100000, tendered: null, rrn: '123456789012', card_last4: '4242' }],
      change: 0,
    },
    {
      description: 'card without the slip',
      payment: { kind: 'card', rrn: '', last4: '' },
      rows: [{ method: 'card', amount: 100000, tendered: null, rrn: null, card_last4: null }],
      change: 0,
    },
    {
      description: 'cash and card together',
      payment: { kind: 'split', cash: 30000, tendered: 50000, last4: '1111' },
      rows: [
        { method: 'cash', amount: 30000, tendered: 50000, rrn: null, card_last4: null },
        { method: 'card', amount: 70000, tendered: null, rrn: null, card_last4: '1111' },
      ],
      change: 20000,
    },
    {
      description: 'cash without counting what was handed over',
      payment: { kind: 'cash' },
      rows: [{ method: 'cash', amount: 100000, tendered: null, rrn: null, card_last4: null }],
      change: 0,
    },
  ])('takes $description', async ({ payment, rows, change }) => {
    const response = await adminCall(t, 'POST', SALES, cashier.cookie, sale({ payment }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().change).toBe(change);
    const paid = await t.db.query('select method, amount, tendered, rrn, card_last4 from desk_payments order by id');
    expect(paid.rows).toEqual(rows);
  });

  it('sells one place on the Pushkin card: the holder named on the order, the ticket reported to the registry with the terminal’s RRN', async () => {
    await t.db.query('update events set use_pushkin_card = true where id = 9000');
    const payment = {
      kind: 'pushkin',
      surname: 'Иванова',
      name: 'Мария',
      patronymic: '',
      phone: '+7 (999) 901-02-03',
      rrn: '000111222333',
    };
    const response = await adminCall(
      t,
      'POST',
      SALES,
      cashier.cookie,
      sale({ lines: [{ priceId: 9000, quantity: 1 }], expectedTotal: 50000, payment }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const order = await t.db.query('select pushkin_card, buyer_name, phone from orders');
    expect(order.rows).toEqual([{ pushkin_card: true, buyer_name: 'Иванова Мария', phone: '79999010203' }]);
    const reports = await t.db.query<{ payload: { payment: { rrn: string }; visitor: { full_name: string } } }>(
      "select payload from registry_reports where kind = 'ticket'",
    );
    expect(reports.rows).toHaveLength(1);
    expect(reports.rows[0]?.payload.payment.rrn).toBe('000111222333');
    expect(reports.rows[0]?.payload.visitor.full_name).toBe('Иванова Мария');
  });

  it('refuses two Pushkin-card places in one sale', async () => {
    await t.db.query('update events set use_pushkin_card = true where id = 9000');
    const response = await adminCall(t, 'POST', SALES, cashier.cookie, sale({ payment: pushkin }));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().errorCode).toBe('-2605');
  });

  it('refuses cash for an event sold with the Pushkin card only', async () => {
    await t.db.query('update events set use_pushkin_card = true, use_ordinary_card = false where id = 9000');
    const response = await adminCall(t, 'POST', SALES, cashier.cookie, sale());
    expect(response.json().errorCode).toBe('-2608');
  });

  it('refuses a named-ticket sale without its holders, a cancelled session and a session whose day is over', async () => {
    await t.db.query('update events set named_tickets = true where id = 9000');
    expect((await adminCall(t, 'POST', SALES, cashier.cookie, sale())).json().errorCode).toBe('-2642');
    await t.db.query('update events set named_tickets = false where id = 9000');
    await t.db.query('update sessions set is_cancelled = true where id = 9000');
    expect((await adminCall(t, 'POST', SALES, cashier.cookie, sale())).json().errorCode).toBe('-2601');
    await t.db.query('update sessions set is_cancelled = false, starts_at = $1 where id = 9000', [new Date(NOON.getTime() - 86_400_000)]);
    expect((await adminCall(t, 'POST', SALES, cashier.cookie, sale())).json().errorCode).toBe('-2601');
    // Started an hour ago, today: still sold (a visitor may come in late).
    await t.db.query('update sessions set starts_at = $1 where id = 9000', [new Date(NOON.getTime() - 3_600_000)]);
    expect((await adminCall(t, 'POST', SALES, cashier.cookie, sale())).statusCode).toBe(200);
  });
});

// Refusals change nothing (each proves it), so they share one desk.
describe('POST /api/admin/desk/sales refused', () => {
  let t: TestApp;
  let cashier: { cookie: string; member: { id: number; name: string } };
  beforeAll(async () => {
    ({ t, cashier } = await openSalesDesk());
  });
  afterAll(() => t.close());

  it.each([
    { description: 'a total the server does not find', body: sale({ expectedTotal: 106000 }), status: 409, code: '-2602', text: /1\s000/ },
    { description: 'less cash than due', body: sale({ payment: { kind: 'cash', tendered: 90000 } }), status: 400, code: '-2603' },
    { description: 'a split of no cash', body: sale({ payment: { kind: 'split', cash: 0 } }), status: 400, code: '-2604' },
    { description: 'a split of the whole total', body: sale({ payment: { kind: 'split', cash: 100000 } }), status: 400, code: '-2604' },
    {
      description: 'the Pushkin card on an event that does not take it',
      body: sale({ lines: [{ priceId: 9000, quantity: 1 }], expectedTotal: 50000, payment: pushkin }),
      status: 409,
      code: '-2605',
    },
    {
      description: 'a price the session does not sell',
      body: sale({ lines: [{ priceId: 424242, quantity: 1 }] }),
      status: 400,
      code: '-2607',
    },
    { description: 'an unknown session', body: sale({ sessionId: 424242 }), status: 404, code: '-2600' },
    {
      description: 'more places than are left',
      body: sale({ lines: [{ priceId: 9000, quantity: 6 }], expectedTotal: 300000, payment: { kind: 'card' } }),
      status: 409,
      code: '-1010',
    },
    {
      description: 'more places than the limited price has',
      body: sale({ lines: [{ priceId: 9001, quantity: 4 }], expectedTotal: 120000, payment: { kind: 'card' } }),
      status: 409,
      code: '-1010',
    },
    { description: 'both quantities and seats', body: sale({ seats: [{ seatId: 9001, priceId: 9000 }] }), status: 400, code: '-1002' },
    { description: 'neither quantities nor seats', body: sale({ lines: [] }), status: 400, code: '-1002' },
    { description: 'an e-mail that is not one', body: sale({ email: 'not-an-address' }), status: 400, code: '-1002' },
    { description: 'an RRN with letters', body: sale({ payment: { kind: 'card', rrn: 'ABC' } }), status: 400, code: '-1002' },
    { description: 'an unknown payment kind', body: sale({ payment: { kind: 'voucher' } }), status: 400, code: '-1002' },
    { description: 'a fraction of a kopeck', body: sale({ expectedTotal: 100000.5 }), status: 400, code: '-1002' },
  ])('refuses $description and changes nothing', async ({ body, status, code, text }) => {
    const before = await counts(t);
    const response = await adminCall(t, 'POST', SALES, cashier.cookie, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().errorCode).toBe(code);
    expect(response.json().errorText).not.toBe('');
    if (text) expect(response.json().errorText).toMatch(text);
    expect(await counts(t)).toEqual(before);
  });

  it('answers the refusal in the cashier’s language', async () => {
    const response = await adminCall(t, 'POST', SALES, cashier.cookie, sale({ lang: 'en', payment: { kind: 'cash', tendered: 1 } }));
    expect(response.json()).toMatchObject({ errorCode: '-2603', errorText: 'Less cash was handed over than is due in cash.' });
  });
});

describe('POST /api/admin/desk/sales of seats', () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp({ demo: false, clock: createClock(NOON) });
    await insertSchemeEvent(t.db, { at: NOON, rows: 2, perRow: 5, standing: 3 });
    cookie = (await signedInAs(t, 'manager')).cookie;
  });
  afterEach(() => t.close());

  it('sells seats of the map at their zone’s price without the web’s fee, and refuses a seat sold already', async () => {
    const seats = [
      { seatId: 100001, priceId: 9101 },
      { seatId: 100002, priceId: 9102 },
    ];
    const first = await adminCall(t, 'POST', SALES, cookie, { sessionId: 9101, seats, payment: { kind: 'card' }, expectedTotal: 300000 });
    expect(first.statusCode, first.body).toBe(200);
    const again = await adminCall(t, 'POST', SALES, cookie, {
      sessionId: 9101,
      seats: [{ seatId: 100002, priceId: 9101 }],
      payment: { kind: 'card' },
      expectedTotal: 200000,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().errorCode).toBe('-1011');
  });

  it('offers and sells a concession category on a day the storefront’s map leaves it out: the cashier sees the document', async () => {
    // The session is on Tuesday 24 November; the child category applies on Mondays only.
    await t.db.query('update categories set concession = $1::jsonb where id = 9102', [
      JSON.stringify({ document: 'student-card', weekdays: [1] }),
    ]);
    const storefront = await t.post('/api/scheme', { hash: 'scheme-event-9100', calendar_id: 9101, lang: 'ru' });
    const mapPrices = storefront.json().zones.flatMap((z: { prices: { price_id: number }[] }) => z.prices.map((p) => p.price_id));
    expect(mapPrices).not.toContain(9102);
    const desk = await adminCall(t, 'GET', '/api/admin/desk/sessions/9101', cookie);
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().session.prices).toContainEqual(expect.objectContaining({ id: 9102, categoryId: 9102, zoneId: 9101 }));
    const sold = await adminCall(t, 'POST', SALES, cookie, {
      sessionId: 9101,
      seats: [{ seatId: 100001, priceId: 9102 }],
      payment: { kind: 'card' },
      expectedTotal: 100000,
    });
    expect(sold.statusCode, sold.body).toBe(200);
  });

  it('refuses a seat at another zone’s price, or not in the hall', async () => {
    for (const seats of [[{ seatId: 100001, priceId: 9103 }], [{ seatId: 999999, priceId: 9101 }]]) {
      const response = await adminCall(t, 'POST', SALES, cookie, {
        sessionId: 9101,
        seats,
        payment: { kind: 'card' },
        expectedTotal: 200000,
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().errorCode).toBe('-1011');
    }
    expect((await t.db.query('select 1 from orders')).rows).toHaveLength(0);
  });
});

describe('GET /api/admin/desk/sessions', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ demo: false, clock: createClock(NOON) });
    await insertMiniCatalog(t.db);
    await insertSchemeEvent(t.db, { at: NOON });
    // Late tonight in Moscow (23:30), early this morning (08:00, begun), and yesterday evening.
    await t.db.query(
      `insert into sessions (id, event_id, starts_at, capacity, remaining) values
         (9003, 9000, '2026-11-21T20:30:00Z', 10, 10), (9002, 9000, '2026-11-21T05:00:00Z', 10, 10), (9001, 9000, '2026-11-20T18:00:00Z', 10, 10)`,
    );
    await t.db.query("update sessions set starts_at = '2026-11-28T10:00:00Z' where id = 9000");
    cookie = (await signedInAs(t, 'cashier')).cookie;
  });
  afterAll(() => t.close());

  it('lists today’s sessions first, in the venue’s day and time, and none of the days before', async () => {
    const response = await adminCall(t, 'GET', '/api/admin/desk/sessions', cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.today).toBe('2026-11-21');
    expect(body.sessions.map((s: { id: number; day: string; time: string }) => [s.id, s.day, s.time])).toEqual([
      [9002, '2026-11-21', '08:00'],
      [9003, '2026-11-21', '23:30'],
      [9101, '2026-11-24', '12:00'],
      [9102, '2026-11-25', '12:00'],
      [9000, '2026-11-28', '13:00'],
    ]);
    expect(body.sessions[2]).toMatchObject({
      eventHash: 'scheme-event-9100',
      useSeatMap: true,
      eventName: { ru: 'Концерт', en: 'Concert' },
    });
  });

  it.each([
    { q: 'конц', ids: [9101, 9102] },
    { q: 'КОНЦЕРТ', ids: [9101, 9102] },
    { q: 'Concert', ids: [9101, 9102] },
    { q: '%', ids: [] },
    { q: 'нет такого', ids: [] },
  ])('finds the events named like $q', async ({ q, ids }) => {
    const response = await adminCall(t, 'GET', `/api/admin/desk/sessions?q=${encodeURIComponent(q)}`, cookie);
    expect(response.json().sessions.map((s: { id: number }) => s.id)).toEqual(ids);
  });

  it('answers a session’s prices with what is left at a limited one', async () => {
    const response = await adminCall(t, 'GET', '/api/admin/desk/sessions/9000', cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().session.prices.map((p: { id: number; amount: number }) => [p.id, p.amount])).toEqual([
      [9000, 50000],
      [9001, 30000],
    ]);
    expect((await adminCall(t, 'GET', '/api/admin/desk/sessions/9001', cookie)).json().errorCode).toBe('-2601');
    expect((await adminCall(t, 'GET', '/api/admin/desk/sessions/424242', cookie)).statusCode).toBe(404);
  });
});

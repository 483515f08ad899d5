import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import {
  DEAR_PRICE,
  OTHER_SESSION,
  addExchangeTargets,
  exchangeSnapshot,
  orderTickets,
  resetExchangeCatalog,
} from '../admin/order-exchange/exchange-kit.ts';
import { completeAtBank, preparePaymentCatalog, view } from '../payments/payment-test-kit.ts';
import { paidOrder } from '../returns/returns-test-kit.ts';

// The buyer's own exchange through the order page's calls: the three outcomes of the difference
// (the same engine as staff, so the figures, the bank and the e-mails are the staff flow's) and
// every refusal with its visitor code, in the visitor's language, changing nothing.
const START = new Date('2026-11-21T10:00:00Z');
const DAY = 24 * 3600_000;
const HOUR = 3600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 50 });
  await addExchangeTargets(t, new Date(START.getTime() + 14 * DAY));
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetExchangeCatalog(t, START);
  await t.db.query(`update events set self_exchange_hours_before = 24, is_published = true where id = 9000`);
});

const ticketsOf = (orderId: number) => orderTickets(t, orderId);
type Body = { ticketIds: number[]; sessionId: number; places: { priceId: number; seatId?: number }[]; expectedDifference?: number };
const quote = (hash: string, body: Body, lang = 'ru') => t.post('/api/order/exchange-quote', { hash, lang, ...body });
const exchange = (hash: string, body: Body, lang = 'ru') => t.post('/api/order/exchange', { hash, lang, ...body });

describe('POST /api/order/exchange-options', () => {
  it('offers the tickets, their deadline and the sessions on sale with their prices', async () => {
    const order = await paidOrder(t);
    const answer = await t.post('/api/order/exchange-options', { hash: order.hash, lang: 'ru' });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<{
      refusal: string | null;
      deadline: string;
      tickets: { id: number }[];
      sessions: { id: number; prices: { id: number; amount: number }[] }[];
    }>();
    expect(body.refusal).toBeNull();
    expect(body.deadline).toBe(new Date(START.getTime() + 7 * DAY - 24 * HOUR).toISOString());
    expect(body.tickets).toHaveLength(2);
    expect(body.sessions.map((s) => s.id)).toEqual([9000, OTHER_SESSION]);
    expect(body.sessions[1]?.prices.map((p) => p.id).sort()).toEqual([9000, 9001, DEAR_PRICE]);
    // The order page's button comes with the order view, by the same rule and the same deadline.
    expect((await view(t, order.hash)).body.selfExchange).toEqual({ allowed: true, deadline: body.deadline });
  });

  it.each([
    { description: 'an event that does not allow it', hours: null, at: 0, refusal: '-1030' },
    { description: 'after the deadline', hours: 24, at: 7 * DAY - 24 * HOUR, refusal: '-1031' },
  ])('says why not, with no sessions: $description', async ({ hours, at, refusal }) => {
    const order = await paidOrder(t);
    await t.db.query('update events set self_exchange_hours_before = $1 where id = 9000', [hours]);
    t.clock.set(new Date(START.getTime() + at));
    const answer = await t.post('/api/order/exchange-options', { hash: order.hash, lang: 'ru' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ refusal, sessions: [] });
    expect((await view(t, order.hash)).body.selfExchange).toEqual({ allowed: false, deadline: null });
  });
});

describe('POST /api/order/exchange', () => {
  it('a cheaper category: the old ticket stops admitting, the new one is issued, the difference refunded and the buyer mailed', async () => {
    const order = await paidOrder(t);
    const [first, second] = await ticketsOf(order.id);
    const body = { ticketIds: [first?.id ?? 0], sessionId: OTHER_SESSION, places: [{ priceId: 9001 }] };
    const quoted = await quote(order.hash, body);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({ oldAmount: 53000, newAmount: 30000, difference: -23000 });

    const done = await exchange(order.hash, { ...body, expectedDifference: -23000 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ errorCode: '0', status: 'done', difference: -23000, refund: 'done', payPath: null });
    const newId = done.json<{ newTicketIds: number[] }>().newTicketIds[0];
    const after = await ticketsOf(order.id);
    expect(after.find((x) => x.id === first?.id)?.status).toBe(90);
    expect(after.find((x) => x.id === second?.id)).toEqual(second);
    expect(after.find((x) => x.id === newId)).toMatchObject({ status: 0, code: expect.stringMatching(/^\d{16}$/) });
    const { rows: refunds } = await t.db.query('select amount, status from refunds');
    expect(refunds).toEqual([{ amount: 23000, status: 'done' }]);
    const { rows: mails } = await t.db.query<{ subject: string }>(
      `select subject from mail_outbox where dedupe_key like 'order-exchange:%'`,
    );
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Билеты обменяны: /)]);
    // Recorded as the buyer's, with no member of staff.
    const { rows: made } = await t.db.query('select made_by, staff_id from order_exchanges');
    expect(made).toEqual([{ made_by: 'buyer', staff_id: null }]);
    const { rows: audit } = await t.db.query(`select action, staff_id, after->>'madeBy' as made_by from audit_log where subject_id = $1`, [
      String(order.id),
    ]);
    expect(audit).toEqual([{ action: 'order.exchange', staff_id: null, made_by: 'buyer' }]);
  });

  it('the same price: at once, with no refund', async () => {
    const order = await paidOrder(t);
    const ids = (await ticketsOf(order.id)).map((x) => x.id);
    const done = await exchange(order.hash, {
      ticketIds: ids,
      sessionId: OTHER_SESSION,
      places: [{ priceId: 9000 }, { priceId: 9000 }],
      expectedDifference: 0,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', difference: 0, refund: null, payPath: null });
    expect((await ticketsOf(order.id)).map((x) => x.status)).toEqual([90, 90, 0, 0]);
    expect((await t.db.query('select 1 from refunds')).rows).toHaveLength(0);
  });

  it('a dearer category: the buyer is sent to pay the difference; paid, the exchange completes', async () => {
    const order = await paidOrder(t);
    const [first] = await ticketsOf(order.id);
    const done = await exchange(order.hash, {
      ticketIds: [first?.id ?? 0],
      sessionId: OTHER_SESSION,
      places: [{ priceId: DEAR_PRICE }],
      expectedDifference: 27000,
    });
    expect(done.statusCode, done.body).toBe(200);
    const answer = done.json<{ status: string; payPath: string }>();
    expect(answer).toMatchObject({ status: 'awaiting-payment', payPath: expect.stringMatching(/^\/exchange\/pay\/[\w-]{32}$/) });
    // The e-mail carries the same link.
    const { rows: mails } = await t.db.query<{ text_body: string }>(
      `select text_body from mail_outbox where dedupe_key like 'order-exchange-pay:%'`,
    );
    expect(mails[0]?.text_body).toContain(answer.payPath);
    expect((await ticketsOf(order.id)).map((x) => x.status)).toEqual([0, 0, 50]);

    const opened = await t.get(answer.payPath);
    expect(opened.statusCode, opened.body).toBe(200);
    const mdOrder = /name="MdOrder" value="([\w-]+)"/.exec(opened.body)?.[1] ?? '';
    await completeAtBank(t, mdOrder, 'pay');
    expect((await ticketsOf(order.id)).map((x) => x.status)).toEqual([90, 0, 0]);
  });
});

describe('refusals change nothing', () => {
  type Case = {
    description: string;
    code: string;
    status: number;
    text: RegExp;
    arrange?: (orderId: number) => Promise<void>;
    body: (ids: number[]) => Body;
    hash?: string;
  };
  const cheaper = (ids: number[]): Body => ({
    ticketIds: [ids[0] ?? 0],
    sessionId: OTHER_SESSION,
    places: [{ priceId: 9001 }],
    expectedDifference: -23000,
  });
  const cases: Case[] = [
    {
      description: 'an event that does not allow it',
      code: '-1030',
      status: 409,
      text: /^This event does not allow exchanging/,
      arrange: async () => {
        await t.db.query('update events set self_exchange_hours_before = null where id = 9000');
      },
      body: cheaper,
    },
    {
      description: 'after the deadline',
      code: '-1031',
      status: 409,
      text: /^The deadline for exchanging/,
      arrange: async () => {
        t.clock.set(new Date(START.getTime() + 7 * DAY - 23 * HOUR));
      },
      body: cheaper,
    },
    {
      description: 'a ticket used at the door',
      code: '-1032',
      status: 409,
      text: /^The chosen tickets cannot be exchanged/,
      arrange: async (orderId) => {
        await t.db.query(
          `insert into checkins (ticket_id, session_id, checked_in_at, recorded_at, device_label, device_key)
           select min(id), 9000, $2, $2, 'door', 'door' from tickets where order_id = $1`,
          [orderId, START],
        );
      },
      body: cheaper,
    },
    {
      description: 'a returned ticket',
      code: '-1032',
      status: 409,
      text: /^The chosen tickets cannot be exchanged/,
      arrange: async (orderId) => {
        await t.db.query('update tickets set status = 70 where id = (select min(id) from tickets where order_id = $1)', [orderId]);
      },
      body: cheaper,
    },
    {
      description: 'a cancelled session',
      code: '-1033',
      status: 409,
      text: /^The chosen session is not on sale/,
      arrange: async () => {
        await t.db.query(`update sessions set is_cancelled = true where id = ${OTHER_SESSION}`);
      },
      body: cheaper,
    },
    {
      description: 'an event taken off sale',
      code: '-1033',
      status: 409,
      text: /^The chosen session is not on sale/,
      arrange: async () => {
        await t.db.query('update events set is_published = false where id = 9000');
      },
      body: cheaper,
    },
    {
      description: 'a Pushkin-card order',
      code: '-1034',
      status: 409,
      text: /^This order cannot be exchanged online/,
      arrange: async (orderId) => {
        await t.db.query('update orders set pushkin_card = true where id = $1', [orderId]);
      },
      body: cheaper,
    },
    {
      description: 'fewer places than tickets',
      code: '-1035',
      status: 400,
      text: /^Choose a category for each ticket/,
      body: (ids) => ({ ticketIds: ids, sessionId: OTHER_SESSION, places: [{ priceId: 9001 }], expectedDifference: 0 }),
    },
    {
      description: 'a difference that moved since it was shown',
      code: '-1036',
      status: 409,
      text: /^The price has changed/,
      body: (ids) => ({ ...cheaper(ids), expectedDifference: -1 }),
    },
    {
      description: 'an exchange already awaiting its difference',
      code: '-1037',
      status: 409,
      text: /^An exchange of this order is already awaiting payment/,
      arrange: async (orderId) => {
        const { rows } = await t.db.query<{ hash: string; id: number }>(
          'select o.hash, min(t.id) as id from orders o join tickets t on t.order_id = o.id where o.id = $1 group by o.hash',
          [orderId],
        );
        const first = rows[0];
        const waiting = await exchange(first?.hash ?? '', {
          ticketIds: [first?.id ?? 0],
          sessionId: OTHER_SESSION,
          places: [{ priceId: DEAR_PRICE }],
          expectedDifference: 27000,
        });
        expect(waiting.statusCode, waiting.body).toBe(200);
      },
      body: (ids) => ({ ...cheaper(ids), ticketIds: [ids[1] ?? 0] }),
    },
    {
      description: 'no place left in the session chosen',
      code: '-1010',
      status: 409,
      text: /./,
      arrange: async () => {
        await t.db.query(`update sessions set remaining = 0 where id = ${OTHER_SESSION}`);
      },
      body: cheaper,
    },
    {
      description: 'an unknown order',
      code: '-1004',
      status: 404,
      text: /./,
      hash: 'a'.repeat(32),
      body: cheaper,
    },
  ];

  it.each(cases)('$description: $code', async ({ code, status, text, arrange, body, hash }) => {
    const order = await paidOrder(t);
    const ids = (await ticketsOf(order.id)).map((x) => x.id);
    await arrange?.(order.id);
    const before = await exchangeSnapshot(t, order.id);
    for (const call of [quote, exchange]) {
      const refused = await call(hash ?? order.hash, body(ids), 'en');
      // The quote does not compare the difference: it answers the new one.
      if (call === quote && code === '-1036') continue;
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json()).toMatchObject({ errorCode: code, errorText: expect.stringMatching(text) });
    }
    expect(await exchangeSnapshot(t, order.id)).toEqual(before);
  });
});

describe('POST /api/order/exchange on a seated event', () => {
  // The order holds seats 9001 and 9002 of the first session; the new seats are of the other one.
  // A seat is sold at one price per category of its zone: a cheaper category of its own.
  const CHEAP_PRICE = 9003;
  beforeEach(async () => {
    await t.db.query('update events set use_seat_map = true where id = 9000');
    await t.db.query(
      `insert into categories (id, event_id, name) values (9002, 9000, '{"ru":"Льготный","en":"Concession","kz":"Жеңілдікті","ch":"优惠"}')`,
    );
    await t.db.query(
      `insert into prices (id, event_id, category_id, zone_id, amount, service_fee) values (${CHEAP_PRICE}, 9000, 9002, 9000, 20000, 0)`,
    );
  });
  afterEach(async () => {
    await t.db.query('delete from orders');
    await t.db.query(`delete from prices where id = ${CHEAP_PRICE}`);
    await t.db.query('delete from categories where id = 9002');
  });
  const seatedOrder = () => paidOrder(t, { lines: [{ seatId: 9001 }, { seatId: 9002 }] });
  const seatsOf = async (orderId: number) =>
    (
      await t.db.query<{ seat_id: number; session_id: number; released: boolean }>(
        'select seat_id, session_id, released from order_lines where order_id = $1 order by id',
        [orderId],
      )
    ).rows;

  it('moves each ticket to the seat chosen for it, at the same price at once', async () => {
    const order = await seatedOrder();
    const ids = (await ticketsOf(order.id)).map((x) => x.id);
    const body = {
      ticketIds: ids,
      sessionId: OTHER_SESSION,
      places: [
        { priceId: 9000, seatId: 9005 },
        { priceId: 9000, seatId: 9006 },
      ],
    };
    const quoted = await quote(order.hash, body);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({
      difference: 0,
      places: [
        { seatId: 9005, amount: 53000 },
        { seatId: 9006, amount: 53000 },
      ],
    });
    const done = await exchange(order.hash, { ...body, expectedDifference: 0 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', difference: 0, refund: null, payPath: null });
    expect(await seatsOf(order.id)).toEqual([
      { seat_id: 9001, session_id: 9000, released: true },
      { seat_id: 9002, session_id: 9000, released: true },
      { seat_id: 9005, session_id: OTHER_SESSION, released: false },
      { seat_id: 9006, session_id: OTHER_SESSION, released: false },
    ]);
    expect((await ticketsOf(order.id)).map((x) => x.status)).toEqual([90, 90, 0, 0]);
  });

  it('prices each seat by the category chosen for it: a cheaper one is refunded, a dearer one paid by the link', async () => {
    const order = await seatedOrder();
    const [first, second] = (await ticketsOf(order.id)).map((x) => x.id);
    const cheaper = { ticketIds: [first ?? 0], sessionId: OTHER_SESSION, places: [{ priceId: CHEAP_PRICE, seatId: 9007 }] };
    expect((await quote(order.hash, cheaper)).json()).toMatchObject({ oldAmount: 53000, newAmount: 20000, difference: -33000 });
    const refunded = await exchange(order.hash, { ...cheaper, expectedDifference: -33000 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'done', difference: -33000, refund: 'done' });
    expect((await t.db.query('select amount, status from refunds')).rows).toEqual([{ amount: 33000, status: 'done' }]);

    const dearer = { ticketIds: [second ?? 0], sessionId: OTHER_SESSION, places: [{ priceId: DEAR_PRICE, seatId: 9008 }] };
    const paying = await exchange(order.hash, { ...dearer, expectedDifference: 27000 });
    expect(paying.statusCode, paying.body).toBe(200);
    expect(paying.json()).toMatchObject({
      status: 'awaiting-payment',
      difference: 27000,
      payPath: expect.stringMatching(/^\/exchange\/pay\//),
    });
    // Until the difference is paid the old seat still admits and the new one is held for the buyer.
    expect(await seatsOf(order.id)).toEqual([
      { seat_id: 9001, session_id: 9000, released: true },
      { seat_id: 9002, session_id: 9000, released: false },
      { seat_id: 9007, session_id: OTHER_SESSION, released: false },
      { seat_id: 9008, session_id: OTHER_SESSION, released: false },
    ]);
  });

  type Refusal = { description: string; code: string; status: number; text: RegExp; places: (ids: number[]) => Body['places'] };
  const refusals: Refusal[] = [
    {
      description: 'a seat taken by another order meanwhile',
      code: '-1039',
      status: 409,
      text: /^The chosen seat has just been taken/,
      places: () => [
        { priceId: 9000, seatId: 9003 },
        { priceId: 9000, seatId: 9004 },
      ],
    },
    {
      description: 'fewer seats than tickets',
      code: '-1038',
      status: 400,
      text: /^Choose one free seat of the hall for each ticket/,
      places: () => [{ priceId: 9000, seatId: 9005 }],
    },
    {
      description: 'one seat for both tickets',
      code: '-1038',
      status: 400,
      text: /^Choose one free seat/,
      places: () => [
        { priceId: 9000, seatId: 9005 },
        { priceId: 9000, seatId: 9005 },
      ],
    },
    {
      description: 'a place without a seat',
      code: '-1038',
      status: 400,
      text: /^Choose one free seat/,
      places: () => [{ priceId: 9000, seatId: 9005 }, { priceId: 9000 }],
    },
    {
      description: 'a seat of another session’s hall',
      code: '-1038',
      status: 400,
      text: /^Choose one free seat/,
      places: () => [
        { priceId: 9000, seatId: 9005 },
        { priceId: 9000, seatId: OTHER_HALL_SEAT },
      ],
    },
  ];
  const OTHER_HALL_SEAT = 9101;

  it.each(refusals)(
    'refuses $description ($code) in the visitor’s language and changes nothing',
    async ({ code, status, text, places }) => {
      // Another event's session in a hall of its own: its seat is no seat of this session.
      const name = JSON.stringify({ ru: 'Малый', en: 'Small', kz: 'Кіші', ch: '小' });
      await t.db.query(`insert into halls (id, venue_id, name, width, height) values (9100, 9000, $1, 10, 10) on conflict do nothing`, [
        name,
      ]);
      await t.db.query(`insert into zones (id, hall_id, name, color) values (9100, 9100, $1, '#00ff00') on conflict do nothing`, [name]);
      await t.db.query(`insert into hall_sectors (id, hall_id, name) values (9100, 9100, $1) on conflict do nothing`, [name]);
      await t.db.query(
        `insert into hall_seats (id, hall_id, sector_id, zone_id, row_label, seat_label, x, y)
       values (${OTHER_HALL_SEAT}, 9100, 9100, 9100, '1', '1', 1, 1) on conflict do nothing`,
      );
      const order = await seatedOrder();
      await paidOrder(t, { lines: [{ seatId: 9004, sessionId: OTHER_SESSION }] });
      const ids = (await ticketsOf(order.id)).map((x) => x.id);
      const before = await exchangeSnapshot(t, order.id);
      const seatsBefore = await seatsOf(order.id);
      for (const call of [quote, exchange]) {
        const refused = await call(
          order.hash,
          { ticketIds: ids, sessionId: OTHER_SESSION, places: places(ids), expectedDifference: 0 },
          'en',
        );
        // The quote prices the places and never holds them: a seat taken is found by the exchange only.
        if (call === quote && code === '-1039') continue;
        expect(refused.statusCode, refused.body).toBe(status);
        expect(refused.json()).toMatchObject({ errorCode: code, errorText: expect.stringMatching(text) });
      }
      expect(await exchangeSnapshot(t, order.id)).toEqual(before);
      expect(await seatsOf(order.id)).toEqual(seatsBefore);
    },
  );
});

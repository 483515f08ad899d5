import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

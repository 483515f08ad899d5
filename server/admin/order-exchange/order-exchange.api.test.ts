import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { DEVICE, deviceKey, withKey } from '../../checkin/checkin-test-kit.ts';
import { completeAtBank, preparePaymentCatalog } from '../../payments/payment-test-kit.ts';
import { paidOrder } from '../../returns/returns-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';
import { lapseDueExchanges } from './exchange-payment.ts';
import { type ReceiptSettings, createReceiptSource } from '../../payments/receipt.ts';
import {
  DEAR_PRICE,
  OTHER_SESSION,
  addExchangeTargets,
  exchangeSnapshot,
  exchangeTickets,
  orderTickets,
  quoteExchange,
  resetExchangeCatalog,
} from './exchange-kit.ts';

// A staff exchange of a paid order's tickets through the back office's calls: each outcome of the
// price difference, the door, the e-mail, the audit, and every refusal changing nothing.
const START = new Date('2026-11-21T10:00:00Z');
const RECEIPTS: ReceiptSettings = {
  paymentMode: 'full_prepayment',
  tax: 'none',
  taxation: 'usn_income',
  ffd: '1.2',
  timeZone: 'Europe/Moscow',
};
const DAY = 24 * 3600_000;

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 50 });
  await addExchangeTargets(t, new Date(START.getTime() + 14 * DAY));
  manager = (await signedInAs(t, 'manager')).cookie;
});
afterAll(() => t.close());
beforeEach(() => resetExchangeCatalog(t, START));

const ticketsOf = (orderId: number) => orderTickets(t, orderId);
const remainingOf = async (session: number) =>
  (await t.db.query<{ remaining: number }>('select remaining from sessions where id = $1', [session])).rows[0]?.remaining;

describe('POST /api/admin/orders/:id/exchange', () => {
  it('exchanges a ticket for a cheaper category of another session: the old one stops admitting, the new one is issued, the difference is refunded and the buyer mailed', async () => {
    const order = await paidOrder(t);
    const [first, second] = await ticketsOf(order.id);
    const body = { ticketIds: [first?.id ?? 0], sessionId: OTHER_SESSION, places: [{ priceId: 9001 }] };

    const quoted = await quoteExchange(t, manager, order.id, body);
    expect(quoted.statusCode, quoted.body).toBe(200);
    // 500 ₽ and its 30 ₽ fee paid; 300 ₽ with no fee now: 230 ₽ back.
    expect(quoted.json()).toMatchObject({ oldAmount: 53000, newAmount: 30000, difference: -23000 });

    const done = await exchangeTickets(t, manager, order.id, { ...body, expectedDifference: -23000 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ errorCode: '0', status: 'done', difference: -23000, refund: 'done', payUntil: null });
    const newId = done.json<{ newTicketIds: number[] }>().newTicketIds[0];

    const after = await ticketsOf(order.id);
    expect(after.find((x) => x.id === first?.id)?.status).toBe(90);
    expect(after.find((x) => x.id === second?.id)).toEqual(second);
    const issued = after.find((x) => x.id === newId);
    expect(issued).toMatchObject({ status: 0, code: expect.stringMatching(/^\d{16}$/) });
    expect(await remainingOf(9000)).toBe(50 - 1);
    expect(await remainingOf(OTHER_SESSION)).toBe(10 - 1);

    // The refund went to the bank on the order's payment, under the exchange's key.
    const { rows: refunds } = await t.db.query<{ amount: number; status: string; idempotency_key: string }>(
      'select amount, status, idempotency_key from refunds',
    );
    expect(refunds).toEqual([{ amount: 23000, status: 'done', idempotency_key: expect.stringMatching(/^exchange:\d+$/) }]);

    // The old code is refused at the door as replaced; the order page no longer shows it.
    const key = await deviceKey(t);
    const scanned = await withKey(t, '/api/checkin/scan', key, { code: first?.code, deviceId: DEVICE });
    expect(scanned.json()).toMatchObject({ verdict: 'replaced' });
    const view = await t.post('/api/order/view', { hash: order.hash, lang: 'ru' });
    const codes = JSON.stringify(view.json());
    expect(codes).not.toContain(String(first?.code));
    expect(codes).toContain(String(issued?.code));

    const { rows: mails } = await t.db.query<{ subject: string; text_body: string; to_address: string }>(
      `select subject, text_body, to_address from mail_outbox where dedupe_key like 'order-exchange:%'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Билеты обменяны: Событие, 5 декабря 2026/);
    expect(mails[0]?.text_body).toMatch(/Разницу в цене, 230\s₽/);
    const { rows: newHash } = await t.db.query<{ hash: string }>('select hash from tickets where id = $1', [newId]);
    expect(mails[0]?.text_body).toContain(`/ticket/${newHash[0]?.hash}`);
    const { rows: oldHash } = await t.db.query<{ hash: string }>('select hash from tickets where id = $1', [first?.id]);
    expect(mails[0]?.text_body).not.toContain(`/ticket/${oldHash[0]?.hash}`);

    // The refund receipt («возврат прихода») of the difference names the ticket given up, at the refunded sum.
    const refundReceipt = await createReceiptSource(t.db, RECEIPTS).forRefund(refunds[0]?.idempotency_key ?? '', 23000);
    expect(refundReceipt.whole).toBe(false);
    expect(refundReceipt.receipt).toMatchObject({ kind: 'refund', total: 23000 });
    expect(refundReceipt.receipt.lines.map((l) => l.name)).toEqual([
      expect.stringMatching(/^Событие, .*ряд 1|^Событие, /),
      'Сервисный сбор',
    ]);
    // The order's own sale receipt is as it was: the exchange's new line is not what its payment sold.
    const { rows: paid } = await t.db.query<{ public_id: string }>('select public_id from payments where order_id = $1', [order.id]);
    const sale = await createReceiptSource(t.db, RECEIPTS).forPayment(paid[0]?.public_id ?? '', 106000);
    expect(sale.lines.map((l) => [l.price, l.quantity])).toEqual([
      [50000, 2],
      [3000, 2],
    ]);

    const { rows: audit } = await t.db.query<{ action: string; after: Record<string, unknown> }>(
      `select action, after from audit_log where subject_type = 'order' and subject_id = $1`,
      [String(order.id)],
    );
    expect(audit).toEqual([
      {
        action: 'order.exchange',
        after: expect.objectContaining({
          ticketIds: [first?.id],
          newTicketIds: [newId],
          sessionId: OTHER_SESSION,
          amount: -23000,
          status: 'done',
        }),
      },
    ]);
  });

  it('exchanges at an equal price at once, with no refund, in the language of the order', async () => {
    const order = await paidOrder(t);
    await t.db.query(`update orders set lang = 'en' where id = $1`, [order.id]);
    const ids = (await ticketsOf(order.id)).map((x) => x.id);
    const done = await exchangeTickets(t, manager, order.id, {
      ticketIds: ids,
      sessionId: OTHER_SESSION,
      places: [{ priceId: 9000 }, { priceId: 9000 }],
      expectedDifference: 0,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', difference: 0, refund: null });
    expect((await ticketsOf(order.id)).map((x) => x.status)).toEqual([90, 90, 0, 0]);
    expect((await t.db.query('select 1 from refunds')).rows).toHaveLength(0);
    const { rows: mails } = await t.db.query<{ subject: string }>(
      `select subject from mail_outbox where dedupe_key like 'order-exchange:%'`,
    );
    expect(mails[0]?.subject).toMatch(/^Tickets exchanged: /);
  });

  it('holds the new places of a dearer exchange and mails the buyer a link to pay the difference; the old tickets still admit', async () => {
    const order = await paidOrder(t);
    const [first] = await ticketsOf(order.id);
    const done = await exchangeTickets(t, manager, order.id, {
      ticketIds: [first?.id ?? 0],
      sessionId: OTHER_SESSION,
      places: [{ priceId: DEAR_PRICE }],
      expectedDifference: 80000 - 53000,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'awaiting-payment', difference: 27000, refund: null, payUntil: expect.any(String) });
    const after = await ticketsOf(order.id);
    expect(after.map((x) => [x.status, x.code === null])).toEqual([
      [0, false],
      [0, false],
      [50, true],
    ]);
    expect(await remainingOf(9000)).toBe(48);
    expect(await remainingOf(OTHER_SESSION)).toBe(9);
    const { rows: mails } = await t.db.query<{ subject: string; text_body: string }>(
      `select subject, text_body from mail_outbox where dedupe_key like 'order-exchange-pay:%'`,
    );
    expect(mails[0]?.subject).toBe(`Доплата за обмен билетов по заказу № ${order.number}`);
    expect(mails[0]?.text_body).toMatch(/разницу 270\s₽/);
    expect(mails[0]?.text_body).toMatch(/\/exchange\/pay\/[\w-]{32}/);

    // A second exchange of the order waits for this one.
    const again = await exchangeTickets(t, manager, order.id, {
      ticketIds: [after[1]?.id ?? 0],
      sessionId: OTHER_SESSION,
      places: [{ priceId: 9000 }],
      expectedDifference: 0,
      lang: 'en',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorCode: '-2665',
      errorText: expect.stringMatching(/^An exchange of this order is already waiting/),
    });
  });
});

describe('refusals change nothing', () => {
  type Case = {
    description: string;
    code: string;
    status: number;
    text: RegExp;
    arrange?: (orderId: number) => Promise<void>;
    body: (ids: number[]) => Record<string, unknown>;
  };
  const cases: Case[] = [
    {
      description: 'a difference that moved since the quote',
      code: '-2663',
      status: 409,
      text: /^The price difference changed/,
      body: (ids) => ({ ticketIds: [ids[0]], sessionId: OTHER_SESSION, places: [{ priceId: 9001 }], expectedDifference: -1 }),
    },
    {
      description: 'a ticket that is not the order’s',
      code: '-2660',
      status: 409,
      text: /^These tickets cannot be exchanged/,
      body: () => ({ ticketIds: [999999], sessionId: OTHER_SESSION, places: [{ priceId: 9001 }], expectedDifference: 0 }),
    },
    {
      description: 'a ticket named twice',
      code: '-2660',
      status: 400,
      text: /^These tickets cannot be exchanged/,
      body: (ids) => ({
        ticketIds: [ids[0], ids[0]],
        sessionId: OTHER_SESSION,
        places: [{ priceId: 9001 }, { priceId: 9001 }],
        expectedDifference: 0,
      }),
    },
    {
      description: 'a returned ticket',
      code: '-2660',
      status: 409,
      text: /^These tickets cannot be exchanged/,
      arrange: async (orderId) => {
        await t.db.query('update tickets set status = 70 where id = (select min(id) from tickets where order_id = $1)', [orderId]);
      },
      body: (ids) => ({ ticketIds: [ids[0]], sessionId: OTHER_SESSION, places: [{ priceId: 9001 }], expectedDifference: -23000 }),
    },
    {
      description: 'a cancelled session',
      code: '-2661',
      status: 409,
      text: /^This session cannot be exchanged to/,
      arrange: async () => {
        await t.db.query(`update sessions set is_cancelled = true where id = ${OTHER_SESSION}`);
      },
      body: (ids) => ({ ticketIds: [ids[0]], sessionId: OTHER_SESSION, places: [{ priceId: 9001 }], expectedDifference: -23000 }),
    },
    {
      description: 'a session that does not exist',
      code: '-2661',
      status: 409,
      text: /^This session cannot be exchanged to/,
      body: (ids) => ({ ticketIds: [ids[0]], sessionId: 424242, places: [{ priceId: 9001 }], expectedDifference: -23000 }),
    },
    {
      description: 'fewer places than tickets',
      code: '-2662',
      status: 400,
      text: /^The new places do not match the tickets/,
      body: (ids) => ({ ticketIds: ids, sessionId: OTHER_SESSION, places: [{ priceId: 9001 }], expectedDifference: 0 }),
    },
    {
      description: 'a price the session does not sell',
      code: '-2662',
      status: 400,
      text: /^The new places do not match the tickets/,
      body: (ids) => ({ ticketIds: [ids[0]], sessionId: OTHER_SESSION, places: [{ priceId: 123456 }], expectedDifference: 0 }),
    },
    {
      description: 'a seat on an event sold without a map',
      code: '-2662',
      status: 400,
      text: /^The new places do not match the tickets/,
      body: (ids) => ({
        ticketIds: [ids[0]],
        sessionId: OTHER_SESSION,
        places: [{ priceId: 9001, seatId: 9001 }],
        expectedDifference: -23000,
      }),
    },
    {
      description: 'a Pushkin-card order',
      code: '-2664',
      status: 409,
      text: /^This order cannot be exchanged/,
      arrange: async (orderId) => {
        await t.db.query('update orders set pushkin_card = true where id = $1', [orderId]);
      },
      body: (ids) => ({ ticketIds: [ids[0]], sessionId: OTHER_SESSION, places: [{ priceId: 9001 }], expectedDifference: -23000 }),
    },
    {
      description: 'no place left in the new session',
      code: '-1010',
      status: 409,
      text: /./,
      arrange: async () => {
        await t.db.query(`update sessions set remaining = 0 where id = ${OTHER_SESSION}`);
      },
      body: (ids) => ({ ticketIds: [ids[0]], sessionId: OTHER_SESSION, places: [{ priceId: 9001 }], expectedDifference: -23000 }),
    },
  ];

  it.each(cases)('$description: $code', async ({ code, status, text, arrange, body }) => {
    const order = await paidOrder(t);
    const ids = (await ticketsOf(order.id)).map((x) => x.id);
    await arrange?.(order.id);
    const before = await exchangeSnapshot(t, order.id);
    const refused = await exchangeTickets(t, manager, order.id, { lang: 'en', ...body(ids) } as never);
    expect(refused.statusCode, refused.body).toBe(status);
    expect(refused.json()).toMatchObject({ errorCode: code, errorText: expect.stringMatching(text) });
    expect(await exchangeSnapshot(t, order.id)).toEqual(before);
    expect(
      (await t.db.query(`select 1 from audit_log where subject_type = 'order' and subject_id = $1`, [String(order.id)])).rows,
    ).toHaveLength(0);
  });

  it('refuses an unpaid order and an unknown one', async () => {
    const unpaid = await adminCall(t, 'POST', '/api/admin/orders/424242/exchange', manager, {
      ticketIds: [1],
      sessionId: OTHER_SESSION,
      places: [{ priceId: 9001 }],
      expectedDifference: 0,
    });
    expect(unpaid.statusCode).toBe(404);
  });

  it('refuses a seat another order holds on a seated event (the seat index decides)', async () => {
    await t.db.query(`update events set use_seat_map = true where id = 9000`);
    const order = await paidOrder(t, { lines: [{ seatId: 9001 }] });
    const other = await paidOrder(t, { lines: [{ seatId: 9002, sessionId: OTHER_SESSION }] });
    expect(other.id).toBeGreaterThan(0);
    const [ticket] = await ticketsOf(order.id);
    const before = await exchangeSnapshot(t, order.id);
    const refused = await exchangeTickets(t, manager, order.id, {
      ticketIds: [ticket?.id ?? 0],
      sessionId: OTHER_SESSION,
      places: [{ priceId: 9000, seatId: 9002 }],
      expectedDifference: 0,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: '-1011' });
    expect(await exchangeSnapshot(t, order.id)).toEqual(before);

    // The same seat of the other session is free once its order gave it up; moving onto a free seat works.
    const moved = await exchangeTickets(t, manager, order.id, {
      ticketIds: [ticket?.id ?? 0],
      sessionId: OTHER_SESSION,
      places: [{ priceId: 9000, seatId: 9003 }],
      expectedDifference: 0,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const { rows: seats } = await t.db.query('select seat_id, session_id, released from order_lines where order_id = $1 order by id', [
      order.id,
    ]);
    expect(seats).toEqual([
      { seat_id: 9001, session_id: 9000, released: true },
      { seat_id: 9003, session_id: OTHER_SESSION, released: false },
    ]);
  });
});

describe('GET /api/admin/orders/:id/exchange-options', () => {
  it('lists the event’s sessions still to come with their prices', async () => {
    const order = await paidOrder(t);
    const answer = await adminCall(t, 'GET', `/api/admin/orders/${order.id}/exchange-options?lang=ru`, manager);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<{ sessions: { id: number; prices: { id: number; amount: number; fee: number }[] }[] }>();
    expect(body.sessions.map((s) => s.id)).toEqual([9000, OTHER_SESSION]);
    expect(body.sessions[1]?.prices.map((p) => [p.id, p.amount, p.fee])).toEqual([
      [9000, 50000, 3000],
      [9001, 30000, 0],
      [DEAR_PRICE, 80000, 0],
    ]);
  });

  it('names the event’s hash, name, and each price’s category and zone for the hall map of a seated event', async () => {
    const order = await paidOrder(t);
    await t.db.query(`update events set use_seat_map = true where id = 9000`);
    const answer = await adminCall(t, 'GET', `/api/admin/orders/${order.id}/exchange-options?lang=ru`, manager);
    expect(answer.statusCode, answer.body).toBe(200);
    const { rows } = await t.db.query<{ hash: string; name: Record<string, string> }>('select hash, name from events where id = 9000');
    const { rows: prices } = await t.db.query<{ id: number; category_id: number; zone_id: number | null }>(
      'select id, category_id, zone_id from prices where event_id = 9000',
    );
    const body = answer.json<{
      useSeatMap: boolean;
      eventHash: string;
      eventName: Record<string, string>;
      sessions: { prices: { id: number; categoryId: number; zoneId: number | null }[] }[];
    }>();
    expect(body.useSeatMap).toBe(true);
    expect(body.eventHash).toBe(rows[0]?.hash);
    expect(body.eventName.ru).toBe(rows[0]?.name.ru);
    const listed = body.sessions.flatMap((s) => s.prices);
    expect(listed.length).toBeGreaterThan(0);
    for (const p of listed) {
      const row = prices.find((r) => r.id === p.id);
      expect([p.categoryId, p.zoneId]).toEqual([row?.category_id, row?.zone_id]);
    }
  });
});

describe('GET /exchange/pay/:token (the difference of a dearer exchange)', () => {
  async function dearerExchange() {
    const order = await paidOrder(t);
    const [first, second] = await ticketsOf(order.id);
    const made = await exchangeTickets(t, manager, order.id, {
      ticketIds: [first?.id ?? 0],
      sessionId: OTHER_SESSION,
      places: [{ priceId: DEAR_PRICE }],
      expectedDifference: 27000,
    });
    expect(made.statusCode, made.body).toBe(200);
    const { rows } = await t.db.query<{ text_body: string }>(
      `select text_body from mail_outbox where dedupe_key like 'order-exchange-pay:%'`,
    );
    const path = /\/exchange\/pay\/[\w-]+/.exec(rows[0]?.text_body ?? '')?.[0] ?? '';
    return { order, first, second, path, newId: made.json<{ newTicketIds: number[] }>().newTicketIds[0] };
  }

  it('pays the difference at the bank with the order’s method: the exchange completes, the old ticket stops admitting and the new one is mailed', async () => {
    const { order, first, second, path, newId } = await dearerExchange();
    const opened = await t.get(path);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.body).toContain('К доплате: 270');
    const mdOrder = /name="MdOrder" value="([\w-]+)"/.exec(opened.body)?.[1] ?? '';
    expect(mdOrder).not.toBe('');
    // A second visit answers the same open payment.
    const again = await t.get(path);
    expect(/name="MdOrder" value="([\w-]+)"/.exec(again.body)?.[1]).toBe(mdOrder);

    await completeAtBank(t, mdOrder, 'pay');
    const after = await ticketsOf(order.id);
    expect(after.find((x) => x.id === first?.id)?.status).toBe(90);
    expect(after.find((x) => x.id === second?.id)?.status).toBe(0);
    expect(after.find((x) => x.id === newId)).toMatchObject({ status: 0, code: expect.stringMatching(/^\d{16}$/) });
    expect(await remainingOf(9000)).toBe(49);
    expect(await remainingOf(OTHER_SESSION)).toBe(9);
    const { rows: payments } = await t.db.query<{ amount: number; status: string; exchange_id: number | null }>(
      'select amount, status, exchange_id from payments where order_id = $1 order by id',
      [order.id],
    );
    expect(payments).toEqual([
      { amount: 106000, status: 'succeeded', exchange_id: null },
      { amount: 27000, status: 'succeeded', exchange_id: expect.any(Number) },
    ]);
    const { rows: mails } = await t.db.query<{ subject: string }>(
      `select subject from mail_outbox where dedupe_key like 'order-exchange:%'`,
    );
    expect(mails[0]?.subject).toMatch(/^Билеты обменяны: /);
    expect((await t.db.query('select 1 from refunds')).rows).toHaveLength(0);
    // The difference's sale receipt («приход») sells the new place at the difference.
    const { rows: difference } = await t.db.query<{ public_id: string }>('select public_id from payments where exchange_id is not null');
    const sale = await createReceiptSource(t.db, RECEIPTS).forPayment(difference[0]?.public_id ?? '', 27000);
    expect(sale).toMatchObject({
      kind: 'sale',
      total: 27000,
      lines: [{ name: expect.stringMatching(/^Событие, /), price: 27000, quantity: 1 }],
    });

    // The link has done its work.
    const gone = await t.get(path);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('Эта ссылка больше не действует');
  });

  it('lapses when not paid in time: the held place goes back, the unissued ticket goes, the old tickets keep admitting and the open payment is cancelled', async () => {
    const { order, first, path, newId } = await dearerExchange();
    const opened = await t.get(path);
    expect(opened.statusCode).toBe(200);
    t.clock.set(new Date(START.getTime() + 25 * 3600_000));
    expect(await lapseDueExchanges({ db: t.db, now: t.clock.now, payments: t.app.payments })).toBe(1);
    // A second runner finds nothing left to lapse.
    expect(await lapseDueExchanges({ db: t.db, now: t.clock.now, payments: t.app.payments })).toBe(0);
    const after = await ticketsOf(order.id);
    expect(after.map((x) => x.status)).toEqual([0, 0]);
    expect(after.some((x) => x.id === newId)).toBe(false);
    expect(after.find((x) => x.id === first?.id)?.code).toBe(first?.code);
    expect(await remainingOf(OTHER_SESSION)).toBe(10);
    expect(await remainingOf(9000)).toBe(48);
    const { rows: open } = await t.db.query<{ status: string }>('select status from payments where exchange_id is not null');
    expect(open).toEqual([{ status: 'canceled' }]);
    expect((await t.get(path)).statusCode).toBe(410);
  });
});

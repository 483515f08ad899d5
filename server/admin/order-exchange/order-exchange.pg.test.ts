import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../../../tests/harness.ts';
import { makeOrder, preparePaymentCatalog } from '../../payments/payment-test-kit.ts';
import { paidOrder } from '../../returns/returns-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';
import { OTHER_SESSION, addExchangeTargets, exchangeTickets } from './exchange-kit.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so rows never contend there.
const START = new Date('2026-11-21T10:00:00Z');
const DAY = 24 * 3600_000;

let t: TestApp;
let manager: string;
let otherManager: string;
beforeEach(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 200 });
  await t.db.query('update sessions set starts_at = $1 where id = 9000', [new Date(START.getTime() + 7 * DAY)]);
  await addExchangeTargets(t, new Date(START.getTime() + 14 * DAY));
  manager = (await signedInAs(t, 'manager')).cookie;
  otherManager = (await signedInAs(t, 'owner')).cookie;
});
afterEach(() => t.close());

const codeOf = (r: { json: () => unknown }) => (r.json() as { errorCode: string }).errorCode;
const ticketIds = async (orderId: number) =>
  (await t.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id', [orderId])).rows.map((r) => r.id);

/** A web order's placement through the order core (the same place_order statement the storefront's calls run), answered as a code. */
async function webOrder(line: { sessionId: number; seatId?: number | null; priceId?: number }): Promise<string> {
  try {
    await makeOrder(t, { lines: [{ sessionId: line.sessionId, seatId: line.seatId ?? null, priceId: line.priceId ?? 9000 }] });
    return '0';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe('an exchange racing the storefront and other staff (PostgreSQL)', () => {
  it('gives the last place of a session to exactly one of an exchange and a web order, round after round', async () => {
    let exchanges = 0;
    for (let round = 0; round < 8; round += 1) {
      const order = await paidOrder(t);
      const [ticket] = await ticketIds(order.id);
      await t.db.query(`update sessions set remaining = 1 where id = ${OTHER_SESSION}`);
      const [exchanged, web] = await Promise.all([
        exchangeTickets(t, manager, order.id, {
          ticketIds: [ticket ?? 0],
          sessionId: OTHER_SESSION,
          places: [{ priceId: 9000 }],
          expectedDifference: 0,
        }),
        webOrder({ sessionId: OTHER_SESSION }),
      ]);
      expect(exchanged.statusCode, exchanged.body).toBeLessThan(500);
      const codes = [codeOf(exchanged), web];
      expect(
        codes.filter((c) => c === '0'),
        codes.join(' '),
      ).toHaveLength(1);
      expect(codes).toContain('-1010');
      if (codeOf(exchanged) === '0') exchanges += 1;
      const { rows } = await t.db.query<{ remaining: number; sold: number }>(
        `select (select remaining from sessions where id = ${OTHER_SESSION}) as remaining,
                (select coalesce(sum(quantity - returned_quantity), 0)::int from order_lines where session_id = ${OTHER_SESSION} and not released) as sold`,
      );
      expect(rows[0]?.remaining).toBe(0);
      // The loser's order left nothing: a refused exchange keeps its old ticket valid.
      if (codeOf(exchanged) !== '0') {
        const { rows: old } = await t.db.query<{ status: number }>('select status from tickets where id = $1', [ticket]);
        expect(old[0]?.status).toBe(0);
      }
    }
    const { rows } = await t.db.query<{ n: number }>(`select count(*)::int as n from order_exchanges`);
    expect(rows[0]?.n).toBe(exchanges);
  });

  it('leaves each seat of the new session to exactly one of an exchange and a web order racing for it', async () => {
    await t.db.query('update events set use_seat_map = true where id = 9000');
    const seats = [9001, 9002, 9003, 9004, 9005, 9006];
    const orders = [];
    for (const [i, seat] of seats.entries())
      orders.push({ seat, order: await paidOrder(t, { lines: [{ seatId: 9001 + ((i + 6) % 10) }] }) });
    const answers = await Promise.all(
      orders.map(async ({ seat, order }) => {
        const [ticket] = await ticketIds(order.id);
        const [exchanged, web] = await Promise.all([
          exchangeTickets(t, manager, order.id, {
            ticketIds: [ticket ?? 0],
            sessionId: OTHER_SESSION,
            places: [{ priceId: 9000, seatId: seat }],
            expectedDifference: 0,
          }),
          webOrder({ sessionId: OTHER_SESSION, seatId: seat }),
        ]);
        return { seat, exchange: codeOf(exchanged), status: exchanged.statusCode, web };
      }),
    );
    for (const a of answers) {
      expect(a.status).toBeLessThan(500);
      expect(
        [a.exchange, a.web].filter((c) => c === '0'),
        JSON.stringify(a),
      ).toHaveLength(1);
      expect([a.exchange, a.web]).toContain('-1011');
    }
    const { rows } = await t.db.query<{ seat_id: number; n: number }>(
      `select seat_id, count(*)::int as n from order_lines where session_id = ${OTHER_SESSION} and not released group by seat_id order by seat_id`,
    );
    expect(rows).toEqual(seats.map((seat) => ({ seat_id: seat, n: 1 })));
  });

  it('lets one of two staff exchanging the same tickets at once win; the other is refused and nothing is refunded twice', async () => {
    for (let round = 0; round < 5; round += 1) {
      const order = await paidOrder(t);
      const ids = await ticketIds(order.id);
      const body = { ticketIds: ids, sessionId: OTHER_SESSION, places: [{ priceId: 9001 }, { priceId: 9001 }], expectedDifference: -46000 };
      const answers = await Promise.all([
        exchangeTickets(t, manager, order.id, body),
        exchangeTickets(t, otherManager, order.id, { ...body, lang: 'en' }),
      ]);
      const codes = answers.map(codeOf);
      expect(
        codes.filter((c) => c === '0'),
        answers.map((a) => a.body).join(' '),
      ).toHaveLength(1);
      const loser = answers.find((a) => codeOf(a) !== '0');
      expect(loser?.statusCode).toBe(409);
      expect(codes.filter((c) => c !== '0')).toEqual(['-2660']);
      const { rows } = await t.db.query<{ refunds: number; amount: number; exchanges: number; valid: number }>(
        `select (select count(*)::int from refunds r join payments p on p.id = r.payment_id where p.order_id = $1) as refunds,
                (select coalesce(sum(r.amount), 0)::int from refunds r join payments p on p.id = r.payment_id where p.order_id = $1) as amount,
                (select count(*)::int from order_exchanges where order_id = $1) as exchanges,
                (select count(*)::int from tickets where order_id = $1 and status = 0) as valid`,
        [order.id],
      );
      expect(rows[0]).toEqual({ refunds: 1, amount: 46000, exchanges: 1, valid: 2 });
    }
  });

  it('never refunds more than was paid when an exchange and a staff refund of the order meet', async () => {
    for (let round = 0; round < 6; round += 1) {
      const order = await paidOrder(t);
      const [first] = await ticketIds(order.id);
      const [exchanged, refunded] = await Promise.all([
        exchangeTickets(t, manager, order.id, {
          ticketIds: [first ?? 0],
          sessionId: OTHER_SESSION,
          places: [{ priceId: 9001 }],
          expectedDifference: -23000,
        }),
        adminCall(t, 'POST', `/api/admin/orders/${order.id}/refund`, otherManager, {
          ticketIds: [first],
          reason: 'Просьба покупателя',
          lang: 'ru',
        }),
      ]);
      expect(exchanged.statusCode, exchanged.body).toBeLessThan(500);
      expect(refunded.statusCode, refunded.body).toBeLessThan(500);
      // The order's row lock puts one first; the second finds the ticket gone and is refused.
      expect(
        [codeOf(exchanged), codeOf(refunded)].filter((c) => c === '0'),
        `${exchanged.body} ${refunded.body}`,
      ).toHaveLength(1);
      const { rows } = await t.db.query<{ status: number }>('select status from tickets where id = $1', [first]);
      expect([70, 80, 90]).toContain(rows[0]?.status);
      const { rows: money } = await t.db.query<{ refunded: number; amount: number }>(
        `select refunded_amount as refunded, amount from payments where order_id = $1 and status = 'succeeded'`,
        [order.id],
      );
      expect(money[0]?.refunded).toBeLessThanOrEqual(money[0]?.amount ?? 0);
      expect(money[0]?.refunded).toBe(codeOf(exchanged) === '0' ? 23000 : 50000);
    }
  });
});

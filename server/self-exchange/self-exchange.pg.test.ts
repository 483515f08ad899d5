import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../../tests/harness.ts';
import { OTHER_SESSION, addExchangeTargets, exchangeTickets } from '../admin/order-exchange/exchange-kit.ts';
import { signedInAs } from '../admin/staff/staff-test-kit.ts';
import { makeOrder, preparePaymentCatalog } from '../payments/payment-test-kit.ts';
import { paidOrder } from '../returns/returns-test-kit.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so rows never contend there. The
// buyer's exchange is the staff exchange's engine, under the same order-row lock and stock guards.
const START = new Date('2026-11-21T10:00:00Z');
const DAY = 24 * 3600_000;

let t: TestApp;
let manager: string;
beforeEach(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 200 });
  await t.db.query('update sessions set starts_at = $1 where id = 9000', [new Date(START.getTime() + 7 * DAY)]);
  await t.db.query('update events set self_exchange_hours_before = 24 where id = 9000');
  await addExchangeTargets(t, new Date(START.getTime() + 14 * DAY));
  manager = (await signedInAs(t, 'manager')).cookie;
});
afterEach(() => t.close());

const codeOf = (r: { json: () => unknown }) => (r.json() as { errorCode: string }).errorCode;
const ticketIds = async (orderId: number) =>
  (await t.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id', [orderId])).rows.map((r) => r.id);
const buyerExchange = (hash: string, body: Record<string, unknown>) => t.post('/api/order/exchange', { hash, lang: 'ru', ...body });

/**
 * A buyer's exchange of one ticket onto `place` of the other session and a web order for the same
 * place, sent at once: exactly one of them wins; answers the buyer's code and the web order's.
 */
async function raceForPlace(hash: string, ticketId: number, place: { priceId: number; seatId: number | null }) {
  const web = makeOrder(t, { lines: [{ sessionId: OTHER_SESSION, ...place }] }).then(
    () => '0',
    (error: unknown) => (error as { code?: string }).code ?? String(error),
  );
  const [exchanged, webCode] = await Promise.all([
    buyerExchange(hash, { ticketIds: [ticketId], sessionId: OTHER_SESSION, places: [place], expectedDifference: 0 }),
    web,
  ]);
  expect(exchanged.statusCode, exchanged.body).toBeLessThan(500);
  const codes = [codeOf(exchanged), webCode];
  expect(
    codes.filter((c) => c === '0'),
    codes.join(' '),
  ).toHaveLength(1);
  return { buyer: codeOf(exchanged), web: webCode };
}

describe("a buyer's exchange racing staff and the storefront (PostgreSQL)", () => {
  it('lets one of the buyer and a member of staff exchanging the same tickets at once win; the other is refused and one refund is made', async () => {
    for (let round = 0; round < 5; round += 1) {
      const order = await paidOrder(t);
      const ids = await ticketIds(order.id);
      const body = { ticketIds: ids, sessionId: OTHER_SESSION, places: [{ priceId: 9001 }, { priceId: 9001 }], expectedDifference: -46000 };
      const [buyer, staff] = await Promise.all([buyerExchange(order.hash, body), exchangeTickets(t, manager, order.id, body)]);
      expect(buyer.statusCode, buyer.body).toBeLessThan(500);
      expect(staff.statusCode, staff.body).toBeLessThan(500);
      const codes = [codeOf(buyer), codeOf(staff)];
      expect(
        codes.filter((c) => c === '0'),
        codes.join(' '),
      ).toHaveLength(1);
      // The loser finds the tickets exchanged already: the buyer in the visitor's code, staff in theirs.
      expect(codes).toContain(codeOf(buyer) === '0' ? '-2660' : '-1032');
      const { rows } = await t.db.query<{ n: number; amount: number }>(
        `select count(*)::int as n, coalesce(sum(r.amount), 0)::int as amount from refunds r
           join payments p on p.id = r.payment_id where p.order_id = $1`,
        [order.id],
      );
      expect(rows[0]).toEqual({ n: 1, amount: 46000 });
      const { rows: exchanges } = await t.db.query<{ made_by: string }>('select made_by from order_exchanges where order_id = $1', [
        order.id,
      ]);
      expect(exchanges).toEqual([{ made_by: codeOf(buyer) === '0' ? 'buyer' : 'staff' }]);
    }
  });

  it('gives the last place of a session to exactly one of a buyer exchanging and a web order, round after round', async () => {
    for (let round = 0; round < 6; round += 1) {
      const order = await paidOrder(t);
      const [ticket] = await ticketIds(order.id);
      await t.db.query(`update sessions set remaining = 1 where id = ${OTHER_SESSION}`);
      const codes = await raceForPlace(order.hash, ticket ?? 0, { priceId: 9000, seatId: null });
      expect([codes.buyer, codes.web]).toContain('-1010');
      const { rows } = await t.db.query<{ remaining: number }>(`select remaining from sessions where id = ${OTHER_SESSION}`);
      expect(rows[0]?.remaining).toBe(0);
    }
  });

  it('gives a seat to exactly one of a buyer exchanging onto it and a web order for it, round after round', async () => {
    await t.db.query('update events set use_seat_map = true where id = 9000');
    const seats = [9003, 9004, 9005, 9006, 9007, 9008];
    for (const seat of seats) {
      const order = await paidOrder(t, { lines: [{ seatId: 9001 + (seat % 2) }] });
      const [ticket] = await ticketIds(order.id);
      const codes = await raceForPlace(order.hash, ticket ?? 0, { priceId: 9000, seatId: seat });
      // The buyer who lost hears that the seat was taken; the web order that lost, the order path's "seat unavailable".
      expect(codes.buyer === '0' ? codes.web : codes.buyer).toBe(codes.buyer === '0' ? '-1011' : '-1039');
      const { rows } = await t.db.query<{ n: number }>(
        `select count(*)::int as n from order_lines where session_id = ${OTHER_SESSION} and seat_id = $1 and not released`,
        [seat],
      );
      expect(rows[0]?.n).toBe(1);
      // The loser changed nothing: a buyer who lost keeps the old seat admitting.
      if (codes.buyer !== '0') {
        const { rows: tickets } = await t.db.query<{ status: number }>('select status from tickets where order_id = $1', [order.id]);
        expect(tickets.map((x) => x.status)).toEqual([0]);
      }
      await t.db.query('delete from orders');
    }
  });
});

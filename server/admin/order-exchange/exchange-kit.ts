import type { TestApp } from '../../../tests/harness.ts';
import { adminCall } from '../staff/staff-test-kit.ts';

/** The mini catalog's other session of the same event, a week after its first, and a dearer price of another category. */
export const OTHER_SESSION = 9001;
export const DEAR_PRICE = 9002;

/** Adds the other session (10 places) and the dearer category (800 ₽, no fee) to the mini catalog. */
export async function addExchangeTargets(t: TestApp, startsAt: Date, capacity = 10) {
  await t.db.query(
    `insert into sessions (id, event_id, starts_at, capacity, remaining, group_capacity, group_remaining)
     values (${OTHER_SESSION}, 9000, $1, $2, $2, 0, 0)`,
    [startsAt, capacity],
  );
  await t.db.query(`insert into categories (id, event_id, name) values (9001, 9000, '{"ru":"VIP","en":"VIP","kz":"VIP","ch":"VIP"}')`);
  await t.db.query(
    `insert into prices (id, event_id, category_id, zone_id, amount, service_fee) values (${DEAR_PRICE}, 9000, 9001, 9000, 80000, 0)`,
  );
}

export type ExchangeBody = {
  ticketIds: number[];
  sessionId: number;
  places: { priceId: number; seatId?: number | null }[];
  expectedDifference?: number;
  lang?: string;
};

export const quoteExchange = (t: TestApp, cookie: string, orderId: number, body: ExchangeBody) =>
  adminCall(t, 'POST', `/api/admin/orders/${orderId}/exchange-quote`, cookie, { lang: 'ru', ...body });

export const exchangeTickets = (t: TestApp, cookie: string, orderId: number, body: ExchangeBody) =>
  adminCall(t, 'POST', `/api/admin/orders/${orderId}/exchange`, cookie, { lang: 'ru', ...body });

/** The order's tickets, lines and the sessions' places, for "nothing changed" checks. */
export async function exchangeSnapshot(t: TestApp, orderId: number) {
  const tickets = await t.db.query('select id, status, code from tickets where order_id = $1 order by id', [orderId]);
  const lines = await t.db.query(
    'select id, session_id, price_id, released, returned_quantity from order_lines where order_id = $1 order by id',
    [orderId],
  );
  const sessions = await t.db.query('select id, remaining from sessions where event_id = 9000 order by id');
  const refunds = await t.db.query('select amount, status from refunds order by id');
  const exchanges = await t.db.query('select count(*)::int as n from order_exchanges');
  return { tickets: tickets.rows, lines: lines.rows, sessions: sessions.rows, refunds: refunds.rows, exchanges: exchanges.rows };
}

/** Between tests: no orders or mail, the event sold without a map, its first session a week after `start`, both sessions whole. */
export async function resetExchangeCatalog(t: TestApp, start: Date) {
  t.clock.set(start);
  await t.db.query('delete from orders');
  await t.db.query('delete from mail_outbox');
  await t.db.query(`update events set use_seat_map = false where id = 9000`);
  await t.db.query(`update sessions set is_cancelled = false, remaining = capacity, starts_at = $1 where id = 9000`, [
    new Date(start.getTime() + 7 * 24 * 3600_000),
  ]);
  await t.db.query(`update sessions set is_cancelled = false, remaining = capacity where id = ${OTHER_SESSION}`);
}

/** The order's tickets by id: status and code. */
export async function orderTickets(t: TestApp, orderId: number) {
  const { rows } = await t.db.query<{ id: number; status: number; code: string | null }>(
    'select id, status, code from tickets where order_id = $1 order by id',
    [orderId],
  );
  return rows;
}

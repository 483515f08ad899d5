import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { makeOrder, preparePaymentCatalog } from '../../payments/payment-test-kit.ts';
import { paidOrder, resetReturnableEvent } from '../../returns/returns-test-kit.ts';
import { deskOn } from '../orders/orders-desk-kit.ts';
import { createCheckinService } from '../../checkin/checkin.service.ts';
import { expireUnpaidOrders } from '../../jobs/expiry.ts';
import { createReportsService } from './reports.service.ts';

// Reports from SQL aggregates, on PGlite (api) and PostgreSQL (api-pg). Two paid orders on two
// days (21 and 22 November, Moscow), one ticket of the first refunded by staff on the 22nd, and
// one order still unpaid.
const DAY1 = new Date('2026-11-21T10:00:00Z');

let t: TestApp;
let reports: ReturnType<typeof createReportsService>;
let held: number;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(DAY1) });
  await preparePaymentCatalog(t, { capacity: 500 });
  await resetReturnableEvent(t, DAY1);
  const { desk, actor: ACTOR } = await deskOn(t);
  reports = createReportsService({ db: t.db, timeZone: 'Europe/Moscow' });
  const first = await paidOrder(t);
  // 23:30 in Moscow on the 22nd is still the 22nd there (20:30 UTC).
  t.clock.set(new Date('2026-11-22T20:30:00Z'));
  await paidOrder(t, { lines: [{ quantity: 3 }] });
  const [ticket] = (await t.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id', [first.id])).rows;
  await desk.refund({ orderId: first.id, ticketIds: [ticket?.id as number], percent: null, reason: 'возврат', reasonId: 1, actor: ACTOR });
  held = (await makeOrder(t)).id;
});
afterAll(() => t.close());

const PERIOD = { from: '2026-11-01', to: '2026-11-30' };

/** Codes of the tickets still valid (paid, not returned), in order. */
const validTicketCodes = async () =>
  (
    await t.db.query<{ code: string }>(
      'select t.code from tickets t join orders o on o.id = t.order_id where o.status = 30 and t.status = 0 order by t.id',
    )
  ).rows.map((r) => r.code);

describe('sales report', () => {
  it('by day: each day its sales, refunds netted on the day they were made', async () => {
    const r = await reports.sales({ ...PERIOD, group: 'day' });
    expect(
      r.rows.map(({ key, orders, tickets, amount, returnedTickets, refunds, net }) => ({
        key,
        orders,
        tickets,
        amount,
        returnedTickets,
        refunds,
        net,
      })),
    ).toEqual([
      { key: '2026-11-21', orders: 1, tickets: 2, amount: 106_000, returnedTickets: 0, refunds: 0, net: 106_000 },
      { key: '2026-11-22', orders: 1, tickets: 3, amount: 159_000, returnedTickets: 1, refunds: 50_000, net: 109_000 },
    ]);
    expect(r.totals).toEqual({ orders: 2, tickets: 5, amount: 265_000, returnedTickets: 1, refunds: 50_000, net: 215_000 });
  });

  it.each(['event', 'session', 'category', 'payment'] as const)('by %s: the same totals as by day', async (group) => {
    const r = await reports.sales({ ...PERIOD, group });
    expect(r.rows).toHaveLength(1);
    expect(r.totals).toEqual({ orders: 2, tickets: 5, amount: 265_000, returnedTickets: 1, refunds: 50_000, net: 215_000 });
  });

  it('names the rows: the event, the payment method', async () => {
    expect((await reports.sales({ ...PERIOD, group: 'event' })).rows[0]?.name?.ru).toBe('Событие');
    expect((await reports.sales({ ...PERIOD, group: 'payment' })).rows[0]?.name?.ru).toBe('Банковская карта');
    const session = (await reports.sales({ ...PERIOD, group: 'session' })).rows[0];
    expect(session?.eventName?.ru).toBe('Событие');
    expect(session?.startsAt).not.toBeNull();
  });

  it('counts only the period, and only the chosen event', async () => {
    const first = await reports.sales({ from: '2026-11-21', to: '2026-11-21', group: 'day' });
    expect(first.totals).toMatchObject({ orders: 1, amount: 106_000, refunds: 0 });
    const none = await reports.sales({ ...PERIOD, eventId: 1, group: 'event' });
    expect(none.rows).toEqual([]);
  });

  it.each([
    { description: 'an end before the start', from: '2026-11-02', to: '2026-11-01' },
    { description: 'more than 366 days', from: '2025-01-01', to: '2026-01-02' },
  ])('refuses $description with a field error', async ({ from, to }) => {
    await expect(reports.sales({ from, to, group: 'day' })).rejects.toMatchObject({ code: '-2103', status: 400 });
  });
});

describe('occupancy report', () => {
  beforeAll(async () => {
    // Two seats staff blocked for the session (each takes a place from what is free, migration
    // 1010) and three places the box office sold.
    await t.db.exec(`
      insert into halls (id, venue_id, name, width, height) select 9700, venue_id, '{"ru": "Зал"}', 100, 100 from events where id = (select event_id from sessions where id = 9000);
      insert into zones (id, hall_id, name) values (9700, 9700, '{"ru": "Партер"}');
      insert into hall_sectors (id, hall_id, name) values (9700, 9700, '{"ru": "Партер"}');
      insert into hall_seats (id, hall_id, sector_id, zone_id, row_label, seat_label, x, y) values
        (970001, 9700, 9700, 9700, '1', '1', 10, 10), (970002, 9700, 9700, 9700, '1', '2', 20, 10);
      insert into seat_blocks (session_id, seat_id, reason, blocked_at) values (9000, 970001, 'guest', now()), (9000, 970002, 'technical', now());
      update sessions set sold_outside = 3, remaining = remaining - 3 where id = 9000;
    `);
  });

  it('gives each session its places sold, held, blocked, sold outside and free, adding up to its capacity, and 0 checked in before the door opens', async () => {
    const r = await reports.occupancy({ from: '2026-12-01', to: '2026-12-31' });
    expect(r.rows).toHaveLength(1);
    const { rows } = await t.db.query<{ remaining: number }>('select remaining from sessions where id = 9000');
    expect(r.rows[0]).toMatchObject({
      sessionId: 9000,
      capacity: 500,
      sold: 4,
      held: 2,
      blocked: 2,
      soldOutside: 3,
      free: 489,
      checkedIn: 0,
      notCheckedIn: 4,
    });
    expect(rows[0]?.remaining).toBe(489);
    const row = r.rows[0];
    expect((row?.sold ?? 0) + (row?.held ?? 0) + (row?.blocked ?? 0) + (row?.soldOutside ?? 0) + (row?.free ?? 0)).toBe(500);
    expect(held).toBeGreaterThan(0);
  });

  it('counts the tickets admitted at the door as checked in, and the rest of the sold ones as not in yet, as the door counts them', async () => {
    const door = createCheckinService({ db: t.db, now: t.clock.now, timeZone: 'Europe/Moscow' });
    const valid = await validTicketCodes();
    const scanner = { kind: 'staff', staffId: 1, staffName: 'Контролёр', deviceId: 'device-report-1' } as const;
    for (const code of valid.slice(0, 2))
      expect((await door.scan(scanner, code, { sessionIds: [9000], lang: 'ru' })).verdict).toBe('admitted');
    const r = await reports.occupancy({ from: '2026-12-01', to: '2026-12-31' });
    expect(r.rows[0]).toMatchObject({ sold: 4, checkedIn: 2, notCheckedIn: 2 });
    const [counts] = (await door.activity({ scope: null }, [9000], 'ru')).sessions;
    expect(counts).toMatchObject({ sold: 4, admitted: 2, remaining: 2 });
  });
});

describe('CSV export', () => {
  it('writes the sales report for Excel: BOM, the header in the staff member language, CRLF, a totals row', async () => {
    const csv = await reports.salesCsv({ ...PERIOD, group: 'day', lang: 'ru', dialect: 'rfc4180' });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'День,Заказов,Билетов продано,Продажи,Билетов возвращено,Возвраты,Итого',
      '2026-11-21,1,2,1060.00,0,0.00,1060.00',
      '2026-11-22,1,3,1590.00,1,500.00,1090.00',
      'Итого,2,5,2650.00,1,500.00,2150.00',
      '',
    ]);
  });

  it('writes sessions with their event, semicolons and decimal commas in the Excel dialect', async () => {
    const csv = await reports.salesCsv({ ...PERIOD, group: 'session', lang: 'en', dialect: 'excel-semicolon' });
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Session;Event;Orders;Tickets sold;Sales;Tickets returned;Refunds;Net');
    expect(lines[1]).toMatch(/;Событие;2;5;2650,00;1;500,00;2150,00$/);
    expect(lines[2]).toBe('Total;;2;5;2650,00;1;500,00;2150,00');
  });

  it('writes the occupancy report', async () => {
    const csv = await reports.occupancyCsv({ from: '2026-12-01', to: '2026-12-31', lang: 'ru', dialect: 'rfc4180' });
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Сеанс,Мероприятие,Мест,Продано,Забронировано,Заблокировано,Продано вне сайта,Свободно,Прошли на вход,Ещё не прошли',
    );
    expect(lines[1]).toMatch(/,Событие,500,4,2,2,3,489,2,2$/);
    const en = await reports.occupancyCsv({ from: '2026-12-01', to: '2026-12-31', lang: 'en', dialect: 'rfc4180' });
    expect(en.slice(1).split('\r\n')[0]).toBe('Session,Event,Places,Sold,Held,Blocked,Sold elsewhere,Free,Checked in,Not in yet');
  });
});

describe('occupancy after a return', () => {
  it('no longer counts an admitted ticket that staff refunded afterwards, neither as sold nor as checked in', async () => {
    const { desk, actor } = await deskOn(t);
    const { rows } = await t.db.query<{ id: number; order_id: number }>(
      'select t.id, t.order_id from tickets t join checkins c on c.ticket_id = t.id order by t.id limit 1',
    );
    const admitted = rows[0];
    if (!admitted) throw new Error('an admitted ticket');
    await desk.refund({ orderId: admitted.order_id, ticketIds: [admitted.id], percent: null, reason: 'ушёл в начале', reasonId: 1, actor });
    const r = await reports.occupancy({ from: '2026-12-01', to: '2026-12-31' });
    expect(r.rows[0]).toMatchObject({ sold: 3, checkedIn: 1, notCheckedIn: 2 });
  });
});

describe('occupancy after a reserve runs out', () => {
  it('counts the expired order neither as held nor as sold, and its places as free again', async () => {
    const before = (await reports.occupancy({ from: '2026-12-01', to: '2026-12-31' })).rows[0];
    expect(before?.held).toBe(2);
    expect(await expireUnpaidOrders(t.db, new Date('2026-12-31T00:00:00Z'))).toBeGreaterThan(0);
    const after = (await reports.occupancy({ from: '2026-12-01', to: '2026-12-31' })).rows[0];
    expect(after).toMatchObject({ sold: before?.sold, held: 0, free: (before?.free ?? 0) + 2 });
  });
});

describe('sales report of an order in two price categories', () => {
  let two: TestApp;
  let twoReports: ReturnType<typeof createReportsService>;
  beforeAll(async () => {
    two = await createTestApp({ demo: false, clock: createClock(DAY1) });
    await preparePaymentCatalog(two, { capacity: 500 });
    await resetReturnableEvent(two, DAY1);
    await two.db.exec(`
      insert into categories (id, event_id, name) values (9001, 9000, '{"ru":"Детский","en":"Child","kz":"Балалар","ch":"儿童"}');
      insert into prices (id, event_id, category_id, zone_id, amount, service_fee) values (9002, 9000, 9001, 9000, 20000, 0);
    `);
    twoReports = createReportsService({ db: two.db, timeZone: 'Europe/Moscow' });
    await paidOrder(two, { lines: [{ quantity: 1 }, { quantity: 1, priceId: 9002, categoryId: 9001, unitPrice: 20000, unitFee: 0 }] });
  });
  afterAll(() => two.close());

  it('gives each category the order, and the total the one order', async () => {
    const r = await twoReports.sales({ ...PERIOD, group: 'category' });
    expect(r.rows.map((row) => [row.name?.ru, row.orders, row.tickets])).toEqual([
      ['Взрослый', 1, 1],
      ['Детский', 1, 1],
    ]);
    expect(r.totals.orders).toBe(1);
    expect(r.totals.tickets).toBe(2);
    expect(r.totals.orders).toBe((await twoReports.sales({ ...PERIOD, group: 'day' })).totals.orders);
  });
});

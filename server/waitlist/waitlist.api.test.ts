import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertMiniCatalog } from '../../tests/fixtures.ts';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { expireUnpaidOrders } from '../jobs/expiry.ts';
import { completeAtBank, makeOrder, pay, sandboxId } from '../payments/payment-test-kit.ts';
import { insertSchemeEvent } from '../seating/scheme-test-kit.ts';
import { placeOrder } from '../orders/orders.service.ts';
import { testOrder } from '../orders/order-test-kit.ts';
import { deliverToCatcher, entries, join, linkIn, stateOf } from './waitlist-test-kit.ts';
import { saveSetup } from '../setup/setup.repository.ts';
import { SETUP_TTL_MS } from '../setup/setup.service.ts';
import { WAITLIST_JOINS_PER_ADDRESS, WAITLIST_JOINS_PER_EMAIL } from './waitlist.service.ts';

// The waiting list through the storefront's calls and the matching job, the clock moved by hand:
// joining (and each refusal), the confirmation and offer e-mails at a real SMTP server, the offer's
// hold, its expiry and the next in line, the purchase, and leaving by the signed link.
const START = new Date('2026-11-21T10:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;

/** The mini catalog's session with `capacity` places, all held by unpaid orders of one place each (answered). */
async function soldOut(capacity: number) {
  await insertMiniCatalog(t.db, { capacity });
  await t.db.query('update sessions set starts_at = $1 where id = 9000', [new Date(START.getTime() + 7 * DAY)]);
  const orders = [];
  for (let i = 0; i < capacity; i += 1) orders.push(await makeOrder(t, { lines: [{ quantity: 1 }], email: `buyer${i}@example.test` }));
  return orders;
}

const remaining = async () =>
  (await t.db.query<{ remaining: number }>('select remaining from sessions where id = 9000')).rows[0]?.remaining;

/** A second visitor category of the mini event, after the adult one: concession at 200 ₽ (price 9002, limited to `stock` when given). */
async function addConcession(stock?: number) {
  await t.db.exec(`
    insert into categories (id, event_id, sortnum, name) values (9001, 9000, 2, '{"ru":"Льготный","en":"Concession"}');
    insert into prices (id, event_id, category_id, zone_id, amount, service_fee, quantity_limit)
      values (9002, 9000, 9001, 9000, 20000, 0, ${stock ?? 'null'});
  `);
  if (stock !== undefined) await t.db.query('insert into price_stock (session_id, price_id, remaining) values (9000, 9002, $1)', [stock]);
}

/** The price and category of the order an entry was offered. */
const offeredLines = async (email: string) =>
  (
    await t.db.query<{ price_id: number; category_id: number; quantity: number }>(
      `select l.price_id, l.category_id, l.quantity from order_lines l join waitlist_entries w on w.offered_order_id = l.order_id
        where w.email = $1 order by l.id`,
      [email],
    )
  ).rows;

beforeEach(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
});
afterEach(() => t.close());

describe('POST /api/waitlist/join', () => {
  it('puts a visitor in line on a sold-out session and mails the confirmation with an unsubscribe link', async () => {
    await soldOut(2);
    const first = await join(t, { email: ' Anna@Example.test ', places: 2 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ errorCode: '0', errorText: '', position: 1 });
    const second = await join(t, { email: 'boris@example.test', lang: 'en' });
    expect(second.json()).toMatchObject({ errorCode: '0', position: 2 });
    expect(await stateOf(t)).toEqual({ 'anna@example.test': 'waiting', 'boris@example.test': 'waiting' });

    // The worker sends a batch side by side: the catcher's order is not the outbox's.
    const mails = (await deliverToCatcher(t)).sort((a, b) => a.to.localeCompare(b.to));
    expect(mails.map((m) => m.to)).toEqual(['anna@example.test', 'boris@example.test']);
    expect(mails[0]?.subject).toContain('Лист ожидания: Событие');
    expect(mails[0]?.text).toContain('мест — 2');
    expect(mails[0]?.text).toContain('1-й в очереди');
    expect(mails[1]?.subject).toContain('Waiting list');
    expect(mails[1]?.text).toContain('number 2 in line');
    const link = linkIn(mails[1]?.text ?? '', '/waitlist/unsubscribe/');
    expect(link.searchParams.get('lang')).toBe('en');
  });

  it('refuses a second sign-up of the same e-mail for the session, clearly and in the visitor language', async () => {
    await soldOut(1);
    expect((await join(t, {})).statusCode).toBe(200);
    const again = await join(t, { email: 'ANNA@example.test', lang: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      errorCode: '-1061',
      errorText: 'This e-mail is already on the waiting list for this session.',
    });
    expect(await entries(t)).toHaveLength(1);
  });

  it('refuses a session that still has places, an unknown or past session, and changes nothing', async () => {
    await insertMiniCatalog(t.db, { capacity: 3 });
    await t.db.query('update sessions set starts_at = $1 where id = 9000', [new Date(START.getTime() + DAY)]);
    const open = await join(t, {});
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ errorCode: '-1060' });
    expect(open.json().errorText).toContain('ещё есть свободные места');

    const unknown = await join(t, { sessionId: 123456 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorCode: '-1004' });

    await t.db.query('update sessions set remaining = 0, starts_at = $1 where id = 9000', [new Date(START.getTime() - MINUTE)]);
    expect((await join(t, {})).statusCode).toBe(404);
    expect(await entries(t)).toEqual([]);
    expect((await t.db.query('select 1 from mail_outbox')).rows).toEqual([]);
  });

  it('refuses bad input with -1002 naming the field, and changes nothing', async () => {
    await soldOut(1);
    const cases = [
      { body: { email: 'not-an-email' }, path: 'email' },
      { body: { email: '' }, path: 'email' },
      { body: { places: 0 }, path: 'places' },
      { body: { places: 11 }, path: 'places' },
      { body: { places: 1.5 }, path: 'places' },
      { body: { sessionId: 'x' }, path: 'sessionId' },
    ];
    for (const { body, path } of cases) {
      const answer = await join(t, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().errorCode).toBe('-1002');
      expect(JSON.stringify(answer.json())).toContain(path);
    }
    expect(await entries(t)).toEqual([]);
  });

  it('refuses more places than the event allows in one order, and a zone or sector on a session without a seat map', async () => {
    await soldOut(1);
    await t.db.query('update events set order_limit = 2 where id = 9000');
    expect((await join(t, { places: 3 })).json()).toMatchObject({ errorCode: '-9998' });
    const zone = await join(t, { zoneId: 9000 });
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toMatchObject({ errorCode: '-1063' });
    expect(await entries(t)).toEqual([]);
  });

  it('takes the visitor category asked for, and refuses one the session does not sell or a seated hall', async () => {
    await soldOut(1);
    await addConcession();
    expect((await join(t, { categoryId: 9001 })).statusCode).toBe(200);
    expect((await t.db.query('select category_id from waitlist_entries')).rows).toEqual([{ category_id: 9001 }]);
    const unknown = await join(t, { email: 'boris@example.test', categoryId: 424242, lang: 'en' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ errorCode: '-1064', errorText: "This ticket category is not among the session's prices." });
    // A category only sold with the Pushkin card is not one an offer can hold.
    await t.db.query('update prices set pushkin = 1 where id = 9002');
    expect((await join(t, { email: 'boris@example.test', categoryId: 9001 })).json()).toMatchObject({ errorCode: '-1064' });
    const f = await insertSchemeEvent(t.db, { rows: 1, perRow: 1, standing: 0, at: START });
    await t.db.query('update sessions set remaining = 0 where id = $1', [f.sessionId]);
    const seated = await join(t, { sessionId: f.sessionId, email: 'boris@example.test', categoryId: f.adultCategoryId });
    expect(seated.statusCode).toBe(400);
    expect(seated.json()).toMatchObject({ errorCode: '-1064' });
    expect(await entries(t)).toHaveLength(1);
  });

  it('limits sign-ups per e-mail and per client address (429 -1029 with Retry-After)', async () => {
    await soldOut(1);
    for (let i = 0; i < WAITLIST_JOINS_PER_EMAIL; i += 1) await join(t, {});
    const overEmail = await join(t, {});
    expect(overEmail.statusCode).toBe(429);
    expect(overEmail.json()).toMatchObject({ errorCode: '-1029' });
    expect(Number(overEmail.headers['retry-after'])).toBeGreaterThan(0);

    // The address counted every call so far, the one the e-mail's limit refused too.
    for (let n = WAITLIST_JOINS_PER_EMAIL + 1; n < WAITLIST_JOINS_PER_ADDRESS; n += 1) {
      expect((await join(t, { email: `x${n}@example.test` })).statusCode).toBe(200);
    }
    const overAddress = await join(t, { email: 'other@example.test' });
    expect(overAddress.statusCode).toBe(429);
    expect(await entries(t)).toHaveLength(1 + WAITLIST_JOINS_PER_ADDRESS - WAITLIST_JOINS_PER_EMAIL - 1);

    // Once the window has passed, the address may sign up again.
    t.clock.advance(2 * MINUTE);
    expect((await join(t, { email: 'later@example.test' })).statusCode).toBe(200);
  });

  it('asks for the image captcha when the setup turns it on, and takes a right answer', async () => {
    await t.close();
    t = await createTestApp({ demo: false, clock: createClock(START), deps: { captchaText: () => 'K7M3P' } });
    await soldOut(1);
    await saveSetup(t.db, { captcha: { enabled: true } });
    t.clock.advance(SETUP_TTL_MS + 1000);
    expect((await join(t, {})).json()).toMatchObject({ errorCode: '-1001' });
    const wrong = (await t.get('/api/captcha')).json<{ sid: string }>().sid;
    expect((await join(t, { captchaSid: wrong, captchaText: 'XXXXX' })).json()).toMatchObject({ errorCode: '-1001' });
    expect(await entries(t)).toEqual([]);
    const sid = (await t.get('/api/captcha')).json<{ sid: string }>().sid;
    const answer = await join(t, { captchaSid: sid, captchaText: 'K7M3P' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await entries(t)).toHaveLength(1);
  });
});

describe('POST /api/waitlist/unsubscribe', () => {
  it('takes the entry out of the line by the signed link, once, with no sign-in', async () => {
    await soldOut(1);
    await join(t, {});
    const link = linkIn((await deliverToCatcher(t))[0]?.text ?? '', '/waitlist/unsubscribe/');
    const token = link.pathname.split('/').pop() ?? '';
    const left = await t.post('/api/waitlist/unsubscribe', { token, lang: 'ru' });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ errorCode: '0', errorText: '', unsubscribed: true });
    expect(await stateOf(t)).toEqual({ 'anna@example.test': 'unsubscribed' });
    expect((await t.post('/api/waitlist/unsubscribe', { token })).json()).toMatchObject({ unsubscribed: false });
    // Having left, the visitor may join again.
    expect((await join(t, {})).statusCode).toBe(200);
  });

  it('refuses a token this server did not sign', async () => {
    await soldOut(1);
    await join(t, {});
    for (const token of ['1.abc', `1.${'A'.repeat(43)}`, 'garbage', `999999.${'A'.repeat(43)}`]) {
      const answer = await t.post('/api/waitlist/unsubscribe', { token, lang: 'en' });
      expect(answer.statusCode, token).toBe(400);
      expect(answer.json()).toEqual({ errorCode: '-1062', errorText: 'The unsubscribe link is not valid.' });
    }
    expect(await stateOf(t)).toEqual({ 'anna@example.test': 'waiting' });
  });
});

describe('the matching job', () => {
  it('offers a released place to the first in line, expires the unpaid offer, gives it to the next, who buys', async () => {
    const [held] = await soldOut(1);
    await join(t, { email: 'anna@example.test' });
    t.clock.advance(MINUTE);
    await join(t, { email: 'boris@example.test' });
    await deliverToCatcher(t);
    await t.db.query('insert into waitlist_hold_settings (event_id, hold_minutes, updated_at) values (9000, 20, $1)', [t.clock.date()]);

    // Nothing free yet: nobody is offered anything.
    expect(await t.app.waitlistMatcher.run()).toEqual({ released: 0, offered: 0 });

    // The unpaid reserve runs out: its place comes back and goes to Anna, held for 20 minutes.
    t.clock.advance(15 * MINUTE);
    expect(await expireUnpaidOrders(t.db, t.clock.date())).toBe(1);
    expect(await remaining()).toBe(1);
    expect(await t.app.waitlistMatcher.run()).toEqual({ released: 0, offered: 1 });
    expect(await remaining()).toBe(0);
    const anna = (await entries(t))[0];
    expect(anna).toMatchObject({ state: 'offered', offered_until: new Date(t.clock.now() + 20 * MINUTE) });
    const offer = (
      await t.db.query<{ id: number; hash: string; status: number; email: string; reserved_until: Date; total: number }>(
        'select id, hash, status, email, reserved_until, total from orders where id = $1',
        [anna?.offered_order_id],
      )
    ).rows[0];
    expect(offer).toMatchObject({
      status: OrderStatus.confirmed,
      email: 'anna@example.test',
      reserved_until: anna?.offered_until,
      total: 53000,
    });
    expect(held?.id).not.toBe(offer?.id);

    // Anna's e-mail links straight to the order's page to pay; the order view shows it awaiting payment.
    const [mail] = await deliverToCatcher(t);
    expect(mail?.to).toBe('anna@example.test');
    expect(mail?.subject).toContain('Билеты для вас');
    const payLink = linkIn(mail?.text ?? '', '/order/');
    expect(payLink.pathname).toBe(`/order/${offer?.hash}`);
    const view = await t.post('/api/order/view', { hash: offer?.hash, lang: 'ru' });
    expect(view.json()).toMatchObject({ errorCode: '0' });

    // Running again changes nothing: one offer per place.
    expect(await t.app.waitlistMatcher.run()).toEqual({ released: 0, offered: 0 });

    // Anna does not pay in time: the hold ends, the place goes to Boris.
    t.clock.advance(20 * MINUTE);
    expect(await t.app.waitlistMatcher.run()).toEqual({ released: 1, offered: 1 });
    expect(await stateOf(t)).toEqual({ 'anna@example.test': 'expired', 'boris@example.test': 'offered' });
    expect((await t.db.query('select status from orders where id = $1', [anna?.offered_order_id])).rows[0]).toEqual({
      status: OrderStatus.canceled,
    });
    const boris = (await entries(t))[1];
    const borisOrder = (await t.db.query<{ hash: string }>('select hash from orders where id = $1', [boris?.offered_order_id])).rows[0];
    const [borisMail] = await deliverToCatcher(t);
    expect(borisMail?.to).toBe('boris@example.test');

    // Boris pays from the e-mail's link: the entry is bought.
    const answer = await pay(t, borisOrder?.hash ?? '', 1);
    expect(await completeAtBank(t, sandboxId(answer), 'pay')).toBe(`/order/${borisOrder?.hash}`);
    expect(await t.app.waitlistMatcher.run()).toEqual({ released: 0, offered: 0 });
    expect(await stateOf(t)).toEqual({ 'anna@example.test': 'expired', 'boris@example.test': 'bought' });
    expect(await remaining()).toBe(0);
  });

  it('serves the first whose request fits, keeping a larger request first in line', async () => {
    const orders = await soldOut(3);
    await join(t, { email: 'two@example.test', places: 2 });
    t.clock.advance(MINUTE);
    await join(t, { email: 'one@example.test', places: 1 });
    await t.db.transaction((tx) =>
      import('../orders/orders.service.ts').then((m) => m.releaseOrder(tx, orders[0]?.id ?? 0, t.clock.date(), 'expired')),
    );
    await t.app.waitlistMatcher.run();
    expect(await stateOf(t)).toEqual({ 'two@example.test': 'waiting', 'one@example.test': 'offered' });
    await t.db.transaction(async (tx) => {
      const m = await import('../orders/orders.service.ts');
      await m.releaseOrder(tx, orders[1]?.id ?? 0, t.clock.date(), 'expired');
      await m.releaseOrder(tx, orders[2]?.id ?? 0, t.clock.date(), 'expired');
    });
    await t.app.waitlistMatcher.run();
    expect(await stateOf(t)).toEqual({ 'two@example.test': 'offered', 'one@example.test': 'offered' });
    const { rows } = await t.db.query<{ quantity: number }>(
      'select l.quantity from order_lines l join waitlist_entries w on w.offered_order_id = l.order_id where w.email = $1',
      ['two@example.test'],
    );
    expect(rows).toEqual([{ quantity: 2 }]);
  });

  it('holds the places at the visitor category asked for, and at the first ordinary price when that one has run out', async () => {
    const orders = await soldOut(4);
    await addConcession(1);
    await join(t, { email: 'pair@example.test', places: 2, categoryId: 9001 });
    t.clock.advance(MINUTE);
    await join(t, { email: 'one@example.test', categoryId: 9001 });
    t.clock.advance(MINUTE);
    await join(t, { email: 'plain@example.test' });
    await t.db.transaction(async (tx) => {
      const m = await import('../orders/orders.service.ts');
      for (const order of orders) await m.releaseOrder(tx, order.id, t.clock.date(), 'expired');
    });
    expect(await t.app.waitlistMatcher.run()).toEqual({ released: 0, offered: 3 });
    // Two concession places asked, one left in the concession's own stock: the first ordinary price instead.
    expect(await offeredLines('pair@example.test')).toEqual([{ price_id: 9000, category_id: 9000, quantity: 2 }]);
    expect(await offeredLines('one@example.test')).toEqual([{ price_id: 9002, category_id: 9001, quantity: 1 }]);
    expect(await offeredLines('plain@example.test')).toEqual([{ price_id: 9000, category_id: 9000, quantity: 1 }]);
    expect((await t.db.query('select remaining from price_stock where price_id = 9002')).rows).toEqual([{ remaining: 0 }]);
  });

  it('offers at the first ordinary price when the category asked for is no longer sold', async () => {
    const [held] = await soldOut(1);
    await addConcession();
    await join(t, { categoryId: 9001 });
    await t.db.query('delete from prices where id = 9002');
    await t.db.transaction((tx) =>
      import('../orders/orders.service.ts').then((m) => m.releaseOrder(tx, held?.id ?? 0, t.clock.date(), 'expired')),
    );
    expect(await t.app.waitlistMatcher.run()).toEqual({ released: 0, offered: 1 });
    expect(await offeredLines('anna@example.test')).toEqual([{ price_id: 9000, category_id: 9000, quantity: 1 }]);
  });

  it('never holds a concession category on a day it does not apply, chosen or not', async () => {
    // The session is on 28 November (soldOut moves it a week on), in the venue's zone as in UTC.
    const [held] = await soldOut(1);
    await addConcession();
    const concessionOn = (day: number) =>
      t.db.query(`update categories set concession = $1 where id = 9001`, [
        JSON.stringify({ weekdays: [], monthDays: [day], monthWeekdays: [] }),
      ]);
    await concessionOn(27);
    expect((await join(t, { categoryId: 9001 })).json()).toMatchObject({ errorCode: '-1064' });
    await concessionOn(28);
    expect((await join(t, { categoryId: 9001 })).statusCode).toBe(200);
    // The venue then moves the concession's day: the offer falls back to the ordinary price.
    await concessionOn(27);
    await t.db.transaction((tx) =>
      import('../orders/orders.service.ts').then((m) => m.releaseOrder(tx, held?.id ?? 0, t.clock.date(), 'expired')),
    );
    expect(await t.app.waitlistMatcher.run()).toEqual({ released: 0, offered: 1 });
    expect(await offeredLines('anna@example.test')).toEqual([{ price_id: 9000, category_id: 9000, quantity: 1 }]);
  });

  it('unsubscribing while holding an offer gives the places to the next in line', async () => {
    const [held] = await soldOut(1);
    await join(t, { email: 'anna@example.test' });
    t.clock.advance(MINUTE);
    await join(t, { email: 'boris@example.test' });
    const links = (await deliverToCatcher(t)).sort((a, b) => a.to.localeCompare(b.to)).map((m) => linkIn(m.text, '/waitlist/unsubscribe/'));
    await t.db.transaction((tx) =>
      import('../orders/orders.service.ts').then((m) => m.releaseOrder(tx, held?.id ?? 0, t.clock.date(), 'expired')),
    );
    await t.app.waitlistMatcher.run();
    expect(await stateOf(t)).toMatchObject({ 'anna@example.test': 'offered' });
    const token = links[0]?.pathname.split('/').pop() ?? '';
    expect((await t.post('/api/waitlist/unsubscribe', { token })).json()).toMatchObject({ unsubscribed: true });
    expect(await remaining()).toBe(1);
    await t.app.waitlistMatcher.run();
    expect(await stateOf(t)).toEqual({ 'anna@example.test': 'unsubscribed', 'boris@example.test': 'offered' });
  });

  it('in a seated hall holds seats side by side in the sector asked for', async () => {
    const f = await insertSchemeEvent(t.db, { rows: 2, perRow: 3, standing: 0, at: START });
    await t.db.query('update sessions set remaining = 6, capacity = 6 where id = $1', [f.sessionId]);
    // Every seat held: stalls row 1 (seats 1-3) and balcony row 2 (seats 4-6), one order each.
    const seatOrder = (seats: number[], zone: number, price: number) =>
      t.db.transaction((tx) =>
        placeOrder(tx, {
          ...testOrder([], t.clock.date()),
          eventId: f.eventId,
          lines: seats.map((seatId) => ({
            sessionId: f.sessionId,
            priceId: price,
            categoryId: f.adultCategoryId,
            zoneId: zone,
            seatId,
            standingAreaId: null,
            subscriptionEventId: null,
            isGroup: false,
            quantity: 1,
            unitPrice: 100,
            unitFee: 0,
          })),
        }),
      );
    const stalls = await seatOrder(f.seatIds.slice(0, 3), 9101, f.stallsPriceId);
    const balcony = await seatOrder(f.seatIds.slice(3, 6), 9102, f.balconyPriceId);
    expect((await join(t, { sessionId: f.sessionId, email: 'pair@example.test', places: 2, sectorId: 9102 })).statusCode).toBe(200);
    const badSector = await join(t, { sessionId: f.sessionId, email: 'x@example.test', sectorId: 424242 });
    expect(badSector.json()).toMatchObject({ errorCode: '-1063' });

    // The stalls come back: not the sector asked for, so nothing is offered.
    await t.db.transaction((tx) =>
      import('../orders/orders.service.ts').then((m) => m.releaseOrder(tx, stalls.id, t.clock.date(), 'expired')),
    );
    expect((await t.app.waitlistMatcher.run()).offered).toBe(0);
    // The balcony comes back: two seats side by side there, at the balcony's price.
    await t.db.transaction((tx) =>
      import('../orders/orders.service.ts').then((m) => m.releaseOrder(tx, balcony.id, t.clock.date(), 'expired')),
    );
    expect((await t.app.waitlistMatcher.run()).offered).toBe(1);
    const { rows } = await t.db.query<{ seat_id: number; price_id: number }>(
      'select l.seat_id, l.price_id from order_lines l join waitlist_entries w on w.offered_order_id = l.order_id order by l.seat_id',
    );
    expect(rows).toEqual([
      { seat_id: f.seatIds[3], price_id: f.balconyPriceId },
      { seat_id: f.seatIds[4], price_id: f.balconyPriceId },
    ]);
  });
});

describe('the unsubscribe page', () => {
  it('is served as a private page (200, never indexed) for a token-shaped address, and 404 otherwise', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'waitlist-dist-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="ru"><head><title>Storefront</title></head><body><div id="root"></div></body></html>',
    );
    const site = await createTestApp({ demo: false, clock: createClock(START), webDist });
    try {
      const page = await site.get(`/waitlist/unsubscribe/12.${'A'.repeat(43)}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('noindex,nofollow');
      expect((await site.get('/waitlist/unsubscribe/not-a-token')).statusCode).toBe(404);
    } finally {
      await site.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});

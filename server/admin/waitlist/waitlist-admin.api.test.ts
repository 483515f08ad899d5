import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertMiniCatalog } from '../../../tests/fixtures.ts';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import { makeOrder } from '../../payments/payment-test-kit.ts';
import { releaseOrder } from '../../orders/orders.service.ts';
import { insertSchemeEvent } from '../../seating/scheme-test-kit.ts';
import { join, stateOf } from '../../waitlist/waitlist-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// The waiting list of a session in the back office: the line and its states, the hold time per
// event and venue, removing an entry (audited), and each refusal in the staff member's language.
const START = new Date('2026-11-21T10:00:00Z');
const MINUTE = 60_000;

let t: TestApp;
let manager: string;
/** The audit log is append-only: each test reads the entries after this id. */
let since = 0;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await insertMiniCatalog(t.db, { capacity: 1 });
  manager = (await signedInAs(t, 'manager')).cookie;
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(START);
  await t.db.exec('delete from waitlist_entries; delete from waitlist_hold_settings; delete from orders; delete from rate_limit_hits');
  since = (await t.db.query<{ id: number }>('select coalesce(max(id), 0)::int as id from audit_log')).rows[0]?.id ?? 0;
  await t.db.query('update sessions set remaining = capacity, starts_at = $1 where id = 9000', [
    new Date(START.getTime() + 7 * 86_400_000),
  ]);
});

const list = async (lang = 'ru') => adminCall(t, 'GET', `/api/admin/sessions/9000/waitlist?lang=${lang}`, manager);

describe('the back office waiting list of a session', () => {
  it('lists who waits, for how many, their state and place in line, and the hold time that applies', async () => {
    const held = await makeOrder(t, { lines: [{ quantity: 1 }] });
    await join(t, { email: 'anna@example.test', places: 1 });
    t.clock.advance(MINUTE);
    await join(t, { email: 'boris@example.test', places: 1 });
    await t.db.transaction((tx) => releaseOrder(tx, held.id, t.clock.date(), 'expired'));
    await t.app.waitlistMatcher.run();

    const answer = await list();
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(body.hold).toEqual({ eventMinutes: null, venueMinutes: null, minutes: 30, defaultMinutes: 30 });
    expect(body.entries).toMatchObject([
      {
        email: 'anna@example.test',
        places: 1,
        state: 'offered',
        position: 1,
        offeredUntil: new Date(t.clock.now() + 30 * MINUTE).toISOString(),
      },
      { email: 'boris@example.test', places: 1, state: 'waiting', position: 2, offeredUntil: null },
    ]);
    expect(body.entries[0].orderNumber).toBeGreaterThan(0);
  });

  it('names the category asked for in a quantity session, and the zone and sector in a seated hall (null: none asked)', async () => {
    const enter = (sessionId: number, email: string, ask: { category?: number; zone?: number; sector?: number }) =>
      t.db.query(
        `insert into waitlist_entries (session_id, email, places, category_id, zone_id, sector_id, joined_at)
         values ($1, $2, 1, $3, $4, $5, $6)`,
        [sessionId, email, ask.category ?? null, ask.zone ?? null, ask.sector ?? null, t.clock.date()],
      );
    await enter(9000, 'anna@example.test', { category: 9000 });
    await enter(9000, 'boris@example.test', {});
    const quantity = (await list('en')).json();
    expect(quantity.session.seated).toBe(false);
    expect(quantity.entries).toMatchObject([
      { email: 'anna@example.test', categoryName: { ru: 'Взрослый', en: 'Взрослый', kz: 'Взрослый', ch: 'Взрослый' } },
      { email: 'boris@example.test', categoryName: null, zoneName: null, sectorName: null },
    ]);

    const f = await insertSchemeEvent(t.db, { rows: 2, perRow: 1, standing: 0, at: START });
    await enter(f.sessionId, 'zone@example.test', { zone: 9102 });
    await enter(f.sessionId, 'sector@example.test', { sector: 9101 });
    await enter(f.sessionId, 'any@example.test', {});
    const seated = await adminCall(t, 'GET', `/api/admin/sessions/${f.sessionId}/waitlist?lang=en`, manager);
    expect(seated.statusCode, seated.body).toBe(200);
    expect(seated.json().session.seated).toBe(true);
    expect(seated.json().entries).toMatchObject([
      { email: 'zone@example.test', categoryName: null, zoneName: { ru: 'Балкон' }, sectorName: null },
      { email: 'sector@example.test', categoryName: null, zoneName: null, sectorName: { ru: 'Партер', en: 'Stalls' } },
      { email: 'any@example.test', categoryName: null, zoneName: null, sectorName: null },
    ]);
  });

  it('sets the hold time per event over the venue default, audited; null clears it', async () => {
    const venue = await adminCall(t, 'PUT', '/api/admin/sessions/9000/waitlist/hold', manager, { venueMinutes: 45 });
    expect(venue.statusCode, venue.body).toBe(200);
    expect(venue.json().hold).toMatchObject({ venueMinutes: 45, eventMinutes: null, minutes: 45 });
    const event = await adminCall(t, 'PUT', '/api/admin/sessions/9000/waitlist/hold', manager, { eventMinutes: 10 });
    expect(event.json().hold).toMatchObject({ venueMinutes: 45, eventMinutes: 10, minutes: 10 });

    // The job holds an offer for the event's time.
    const held = await makeOrder(t, { lines: [{ quantity: 1 }] });
    await join(t, {});
    await t.db.transaction((tx) => releaseOrder(tx, held.id, t.clock.date(), 'expired'));
    await t.app.waitlistMatcher.run();
    const { rows } = await t.db.query<{ reserved_until: Date }>(`select reserved_until from orders where email = 'anna@example.test'`);
    expect(rows[0]?.reserved_until).toEqual(new Date(t.clock.now() + 10 * MINUTE));

    const cleared = await adminCall(t, 'PUT', '/api/admin/sessions/9000/waitlist/hold', manager, { eventMinutes: null });
    expect(cleared.json().hold).toMatchObject({ eventMinutes: null, minutes: 45 });
    const audit = await t.db.query<{ action: string; after: { holdMinutes: number } }>(
      `select action, after from audit_log where action = 'waitlist.hold' and id > $1 order by id`,
      [since],
    );
    expect(audit.rows.map((r) => r.after.holdMinutes)).toEqual([45, 10, 45]);
  });

  it('refuses a hold time out of range or an empty change with the field named, and changes nothing', async () => {
    for (const body of [{ eventMinutes: 4 }, { eventMinutes: 1441 }, { venueMinutes: 2.5 }, {}]) {
      const answer = await adminCall(t, 'PUT', '/api/admin/sessions/9000/waitlist/hold', manager, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.db.query('select 1 from waitlist_hold_settings')).rows).toEqual([]);
  });

  it('removes an entry (audited); one holding an offer gives its places to the next in line', async () => {
    const held = await makeOrder(t, { lines: [{ quantity: 1 }] });
    await join(t, { email: 'anna@example.test' });
    t.clock.advance(MINUTE);
    await join(t, { email: 'boris@example.test' });
    await t.db.transaction((tx) => releaseOrder(tx, held.id, t.clock.date(), 'expired'));
    await t.app.waitlistMatcher.run();
    const [anna] = (await list()).json().entries;

    const removed = await adminCall(t, 'POST', `/api/admin/sessions/9000/waitlist/${anna.id}/remove`, manager);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ errorCode: '0', removed: true });
    expect((await t.db.query('select status from orders where id = $1', [anna.orderId])).rows[0]).toEqual({ status: OrderStatus.canceled });
    await t.app.waitlistMatcher.run();
    expect(await stateOf(t)).toEqual({ 'anna@example.test': 'removed', 'boris@example.test': 'offered' });
    const audit = await t.db.query<{ subject_id: string; after: { email: string } }>(
      `select subject_id, after from audit_log where action = 'waitlist.remove' and id > $1`,
      [since],
    );
    expect(audit.rows).toEqual([{ subject_id: '9000', after: expect.objectContaining({ email: 'anna@example.test', places: 1 }) }]);

    // Removed once: a second removal is refused, in the member's language.
    const again = await adminCall(t, 'POST', `/api/admin/sessions/9000/waitlist/${anna.id}/remove?lang=en`, manager);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('-2772');
  });

  it('refuses an unknown session or entry', async () => {
    const session = await adminCall(t, 'GET', '/api/admin/sessions/424242/waitlist', manager);
    expect(session.statusCode).toBe(404);
    expect(session.json()).toMatchObject({ errorCode: '-2770', errorText: 'Такого сеанса нет.' });
    const entry = await adminCall(t, 'POST', '/api/admin/sessions/9000/waitlist/424242/remove', manager);
    expect(entry.statusCode).toBe(404);
    expect(entry.json()).toMatchObject({ errorCode: '-2771' });
    expect((await adminCall(t, 'PUT', '/api/admin/sessions/424242/waitlist/hold', manager, { eventMinutes: 10 })).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { afishaResponse } from '../../../contract/afisha.ts';
import { decodeSeatRow } from '../../../contract/scheme-codec.ts';
import { type SchemeMapResponse, schemeSessionsResponse } from '../../../contract/scheme.ts';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { type SchemeFixture, insertSchemeEvent, schemeOrderBody } from '../../seating/scheme-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

const START = new Date('2026-11-21T10:00:00Z');

let t: TestApp;
let f: SchemeFixture;
let manager: string;
let managerId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  f = await insertSchemeEvent(t.db, { at: START, rows: 4, perRow: 10 });
  const signed = await signedInAs(t, 'manager');
  manager = signed.cookie;
  managerId = signed.member.id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.exec('delete from seat_blocks; update order_lines set released = true where seat_id is not null;');
});

const blocksUrl = () => `/api/admin/halls/sessions/${f.sessionId}/blocks`;
const seat = (n: number) => f.seatIds[n] as number;

/** Whether the storefront's map offers each seat of the first row (seat ids in order). */
async function storefrontFree(): Promise<Map<number, number>> {
  const res = await t.post('/api/scheme', { hash: f.hash, calendar_id: f.sessionId, lang: 'ru' });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as SchemeMapResponse;
  const free = new Map<number, number>();
  for (const row of answer.seat_numbers) {
    const decoded = decodeSeatRow(row);
    decoded.ids.forEach((id, i) => free.set(id, row.free[i] ?? 0));
  }
  return free;
}

const dump = async () =>
  JSON.stringify(
    (await t.db.query('select * from seat_blocks order by seat_id')).rows.concat(
      (await t.db.query('select count(*)::int as n from audit_log')).rows,
      (await t.db.query('select count(*)::int as n from order_lines where not released')).rows,
      (await t.db.query('select id, remaining from sessions order by id')).rows,
    ),
  );

describe('POST /api/admin/halls/sessions/:id/blocks', () => {
  it('blocks seats with a reason: the storefront stops offering them, a hold on one is refused, the audit log has it', async () => {
    const before = await storefrontFree();
    expect(before.get(seat(0))).toBe(1);

    const res = await adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seat(1), seat(0)], reason: 'guest', note: 'Пресса' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ errorCode: '0', seatIds: [seat(0), seat(1)] });

    const after = await storefrontFree();
    expect(after.get(seat(0))).toBe(0);
    expect(after.get(seat(1))).toBe(0);
    expect(after.get(seat(2))).toBe(1);

    const hold = await t.post('/api/order/create-scheme', schemeOrderBody(f, [{ seat_id: seat(0), price_id: f.stallsPriceId }]));
    expect(hold.statusCode).toBe(409);
    expect(hold.json()).toMatchObject({ errorCode: '-1011', errorText: 'Место недоступно' });
    const held = await t.db.query('select 1 from order_lines where seat_id = $1 and not released', [seat(0)]);
    expect(held.rows).toHaveLength(0);

    const audit = await t.db.query<{
      action: string;
      staff_id: number;
      subject_id: string;
      after: { reason: string; note: string; seats: { id: number; row: string; seat: string }[] };
    }>(`select action, staff_id, subject_id, after from audit_log where action = 'hall.seats-block'`);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      staff_id: managerId,
      subject_id: String(f.sessionId),
      after: { reason: 'guest', note: 'Пресса' },
    });
    expect(audit.rows[0]?.after.seats.map((s) => [s.id, s.row, s.seat])).toEqual([
      [seat(0), '1', '1'],
      [seat(1), '1', '2'],
    ]);
  });

  it('shows each seat state in the back office map: free, held, sold, blocked, with who blocked it', async () => {
    const held = await t.post('/api/order/create-scheme', schemeOrderBody(f, [{ seat_id: seat(3), price_id: f.stallsPriceId }]));
    expect(held.statusCode, held.body).toBe(200);
    const sold = await t.post('/api/order/create-scheme', schemeOrderBody(f, [{ seat_id: seat(4), price_id: f.stallsPriceId }]));
    await t.db.query('update orders set status = 30 where hash = $1', [sold.json().hash]);
    await adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seat(5)], reason: 'technical' });

    const res = await adminCall(t, 'GET', `/api/admin/halls/sessions/${f.sessionId}/map?lang=en`, manager);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      states: string[];
      map: { seat_numbers: SchemeMapResponse['seat_numbers'] };
      blocks: { seatId: number; reason: string; by: string }[];
    };
    const firstRow = body.map.seat_numbers[0];
    expect(firstRow && decodeSeatRow(firstRow).ids.slice(0, 6)).toEqual([seat(0), seat(1), seat(2), seat(3), seat(4), seat(5)]);
    expect(body.states[0]?.slice(0, 6)).toBe('fffhsb');
    expect(body.blocks).toEqual([{ seatId: seat(5), reason: 'technical', note: '', by: 'Test manager', at: START.toISOString() }]);
  });

  it('refuses to block a held seat, naming it, and changes nothing', async () => {
    const held = await t.post('/api/order/create-scheme', schemeOrderBody(f, [{ seat_id: seat(7), price_id: f.stallsPriceId }]));
    expect(held.statusCode, held.body).toBe(200);
    const before = await dump();
    const res = await adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seat(6), seat(7)], reason: 'guest' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      errorCode: '-2300',
      errorText: 'Эти места заняты заказами, заблокировать их нельзя: Партер, ряд 1, место 8',
    });
    expect(await dump()).toBe(before);
  });

  it.each([
    { description: 'an empty seat list', body: { seatIds: [], reason: 'guest' }, field: 'seatIds' },
    { description: 'an unknown reason', body: { seatIds: [100001], reason: 'friend' }, field: 'reason' },
    { description: 'a seat twice', body: { seatIds: [100001, 100001], reason: 'guest' }, field: 'seatIds' },
    { description: 'a note too long', body: { seatIds: [100001], reason: 'guest', note: 'x'.repeat(201) }, field: 'note' },
    { description: 'a seat id that is not a number', body: { seatIds: ['1'], reason: 'guest' }, field: 'seatIds.0' },
  ])('refuses $description with 400 on its field and changes nothing', async ({ body, field }) => {
    const before = await dump();
    const res = await adminCall(t, 'POST', blocksUrl(), manager, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.map((x: { path: string }) => x.path)).toContain(field);
    expect(res.json().errorText).not.toBe('');
    expect(await dump()).toBe(before);
  });

  it('refuses a seat of another hall (400 on seatIds) and an unknown session (404)', async () => {
    const foreign = await adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seat(0), 999_999], reason: 'guest' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ errorCode: '-2303', fields: [{ path: 'seatIds', code: 'seats-not-in-hall' }] });
    const missing = await adminCall(t, 'POST', '/api/admin/halls/sessions/987654/blocks', manager, { seatIds: [seat(0)], reason: 'guest' });
    expect(missing.statusCode).toBe(404);
    expect(await t.db.query('select 1 from seat_blocks')).toMatchObject({ rows: [] });
  });

  it("refuses a seat blocked already, in the member's language", async () => {
    await adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seat(0)], reason: 'guest' });
    const again = await adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seat(0)], reason: 'technical', lang: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorCode: '-2301', errorText: 'These seats are blocked already: Stalls, row 1, seat 1' });
  });
});

const remaining = async (sessionId = f.sessionId) =>
  (await t.db.query<{ remaining: number }>('select remaining from sessions where id = $1', [sessionId])).rows[0]?.remaining;

/** The session's places left as the afisha counts them (the event's total and the day's session). */
async function afishaCount(): Promise<{ total: number | undefined; session: number | undefined }> {
  const res = await t.get('/api/afisha?lang=ru');
  expect(res.statusCode).toBe(200);
  const body = afishaResponse.parse(res.json());
  return {
    total: body.action.find((e) => e.event_id === f.eventId)?.totalticketcount,
    session: body.calendar.flatMap((c) => c._time).find((s) => s.calendar_id === f.sessionId)?.ticketcount,
  };
}

/** The session's places left as the seat map's calendar counts them. */
async function schemeCalendarCount(): Promise<number | undefined> {
  const res = await t.post('/api/scheme/sessions', { hash: f.hash, lang: 'ru' });
  expect(res.statusCode).toBe(200);
  return schemeSessionsResponse.parse(res.json()).calendar.find((c) => c.calendar_id === f.sessionId)?.quant;
}

describe('a blocked seat is not a free place', () => {
  it('takes one place per blocked seat from the session, on the afisha and the calendar at once, and gives it back on unblock', async () => {
    const left = await remaining();
    const laterLeft = await remaining(f.laterSessionId);
    const afisha = await afishaCount();
    const calendar = await schemeCalendarCount();
    expect(afisha.session).toBe(left);
    expect(calendar).toBe(left);

    const blocked = await adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seat(0), seat(1), seat(2)], reason: 'guest' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await remaining()).toBe((left ?? 0) - 3);
    expect(await remaining(f.laterSessionId)).toBe(laterLeft);
    // No clock moves: the afisha keeps its answer for seconds between orders, a block must not wait for that.
    expect(await afishaCount()).toEqual({ total: (afisha.total ?? 0) - 3, session: (left ?? 0) - 3 });
    expect(await schemeCalendarCount()).toBe((left ?? 0) - 3);

    const unblocked = await adminCall(t, 'DELETE', blocksUrl(), manager, { seatIds: [seat(1)] });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect(await remaining()).toBe((left ?? 0) - 2);
    expect(await afishaCount()).toEqual({ total: (afisha.total ?? 0) - 2, session: (left ?? 0) - 2 });
    expect(await schemeCalendarCount()).toBe((left ?? 0) - 2);
  });

  it('refuses to block more seats than the session has places left, saying how many, and changes nothing', async () => {
    const left = await remaining();
    await t.db.query('update sessions set remaining = 2, sold_outside = capacity - 2 where id = $1', [f.sessionId]);
    try {
      const before = await dump();
      const res = await adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seat(0), seat(1), seat(2)], reason: 'technical' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        errorCode: '-2308',
        errorText: 'Свободных мест на сеансе меньше, чем мест для блокировки. Свободно: 2',
      });
      expect(await dump()).toBe(before);
      const two = await adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seat(0), seat(1)], reason: 'technical', lang: 'en' });
      expect(two.statusCode, two.body).toBe(200);
      expect(await remaining()).toBe(0);
    } finally {
      await t.db.query('delete from seat_blocks');
      await t.db.query('update sessions set remaining = $2, sold_outside = 0 where id = $1', [f.sessionId, left]);
    }
  });
});

describe('saving the event of a session with blocked seats in the back office', () => {
  it('keeps the blocks and the places left, counts blocks apart from what is sold, and refuses a capacity below sold, held and blocked', async () => {
    const held = await t.post('/api/order/create-scheme', schemeOrderBody(f, [{ seat_id: seat(9), price_id: f.stallsPriceId }]));
    expect(held.statusCode, held.body).toBe(200);
    await adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seat(10), seat(11)], reason: 'guest' });
    const left = await remaining();
    const loaded = await adminCall(t, 'GET', `/api/admin/catalog/events/${f.eventId}`, manager);
    expect(loaded.statusCode, loaded.body).toBe(200);
    const form = loaded.json() as {
      revision: number;
      taken: Record<string, number>;
      event: { sessions: { id: number; capacity?: number }[] };
    };
    const taken = form.taken[String(f.sessionId)] ?? 0;
    // Lines released by earlier tests' clean-up did not give their places back: read what is held now.
    const { rows } = await t.db.query<{ capacity: number }>('select capacity from sessions where id = $1', [f.sessionId]);
    const capacity = rows[0]?.capacity ?? 0;
    expect(taken).toBe(capacity - (left ?? 0) - 2);

    const saved = await adminCall(t, 'PUT', `/api/admin/catalog/events/${f.eventId}`, manager, {
      revision: form.revision,
      event: form.event,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await remaining()).toBe(left);
    expect((await t.db.query('select seat_id from seat_blocks order by seat_id')).rows).toEqual([
      { seat_id: seat(10) },
      { seat_id: seat(11) },
    ]);

    const again = (await adminCall(t, 'GET', `/api/admin/catalog/events/${f.eventId}`, manager)).json() as typeof form;
    const index = again.event.sessions.findIndex((x) => x.id === f.sessionId);
    const sessions = again.event.sessions.map((x, i) => (i === index ? { ...x, capacity: taken + 1 } : x));
    const refused = await adminCall(t, 'PUT', `/api/admin/catalog/events/${f.eventId}`, manager, {
      revision: again.revision,
      event: { ...again.event, sessions },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([
      {
        path: `event.sessions.${index}.capacity`,
        code: 'below-sold',
        text: `Меньше, чем уже продано, забронировано или заблокировано: ${taken + 2} (заблокировано мест: 2).`,
      },
    ]);
    expect(await remaining()).toBe(left);
  });
});

describe('DELETE /api/admin/halls/sessions/:id/blocks', () => {
  it('gives blocked seats back to sale: the storefront offers them and a buyer can hold one; audited with what the block was', async () => {
    await adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seat(0), seat(1)], reason: 'guest', note: 'VIP' });
    const res = await adminCall(t, 'DELETE', blocksUrl(), manager, { seatIds: [seat(0)] });
    expect(res.statusCode, res.body).toBe(200);
    const free = await storefrontFree();
    expect(free.get(seat(0))).toBe(1);
    expect(free.get(seat(1))).toBe(0);
    const hold = await t.post('/api/order/create-scheme', schemeOrderBody(f, [{ seat_id: seat(0), price_id: f.stallsPriceId }]));
    expect(hold.statusCode, hold.body).toBe(200);
    const audit = await t.db.query<{ before: { seats: { id: number; reason: string; note: string }[] } }>(
      `select before from audit_log where action = 'hall.seats-unblock' order by id desc limit 1`,
    );
    expect(audit.rows[0]?.before.seats).toEqual([
      expect.objectContaining({ id: seat(0), reason: 'guest', note: 'VIP', by: 'Test manager' }),
    ]);
  });

  it('refuses to unblock a seat that is not blocked, naming it, and changes nothing', async () => {
    await adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seat(0)], reason: 'guest' });
    const before = await dump();
    const res = await adminCall(t, 'DELETE', blocksUrl(), manager, { seatIds: [seat(0), seat(2)] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errorCode: '-2302', errorText: 'Эти места не заблокированы: Партер, ряд 1, место 3' });
    expect(await dump()).toBe(before);
  });
});

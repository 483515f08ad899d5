import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../../tests/harness.ts';
import { DEVICE, deviceKey, paidTickets, prepareDoor, withKey } from './checkin-test-kit.ts';

let t: TestApp;
let key: string;
// 12:00 in Moscow: the session that starts 'now' is today in the venue's zone.
const AT = new Date('2026-11-27T09:00:00Z');
/** An hour before: offline scans are dated after the payment. */
const PAID = new Date(AT.getTime() - 3600_000);

async function openDoor() {
  t = await createTestApp({ demo: false, clock: createClock(AT) });
  await prepareDoor(t.db, AT);
  key = await deviceKey(t);
}
/** A door of its own for each test: the tests that admit, change or count what another would see. */
function doorPerTest() {
  beforeEach(openDoor);
  afterEach(() => t.close());
}
/**
 * One door for a block of tests that only read or are refused: each still proves it changed
 * nothing, and a fresh app per test would only repeat the same setup.
 */
function doorPerBlock() {
  beforeAll(openDoor);
  afterAll(() => t.close());
}

const scan = (code: string, extra: Record<string, unknown> = {}) =>
  withKey(t, '/api/checkin/scan', key, { code, deviceId: DEVICE, ...extra });
const admissions = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from checkins')).rows[0]?.n;

describe('POST /api/checkin/scan', () => {
  doorPerTest();

  it('admits a paid ticket with what the controller must see, and refuses it the second time with when and where', async () => {
    const { tickets } = await paidTickets(t.db, AT);
    const code = tickets[0]?.code ?? '';
    const first = await scan(code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      errorCode: '0',
      verdict: 'admitted',
      ticket: {
        code,
        sessionId: 9000,
        event: 'Событие',
        date: '2026-11-27',
        time: '12:00',
        category: 'Взрослый',
        seat: null,
        holder: null,
      },
      usedAt: null,
    });
    t.clock.advance(60_000);
    const second = await scan(code);
    expect(second.json()).toMatchObject({ verdict: 'already-used', usedAt: AT.toISOString(), usedBy: 'Вход А', ticket: { code } });
    expect(await admissions()).toBe(1);
  });

  it('reads a code with stray spaces and a newline as the scanner sends it', async () => {
    const { tickets } = await paidTickets(t.db, AT);
    const code = tickets[0]?.code ?? '';
    expect((await scan(` ${code.slice(0, 8)} ${code.slice(8)}\n`)).json()).toMatchObject({ verdict: 'admitted' });
  });

  it('shows the holder of a named ticket and the seat of a seated one', async () => {
    const { tickets } = await paidTickets(t.db, AT);
    const ticket = tickets[0];
    await t.db.query(`update tickets set holder = '{"surname":"Иванова","name":"Мария","middleName":"Петровна"}' where id = $1`, [
      ticket?.id,
    ]);
    await t.db.query('update order_lines set seat_id = 9003 where id = (select order_line_id from tickets where id = $1)', [ticket?.id]);
    expect((await scan(ticket?.code ?? '')).json()).toMatchObject({
      verdict: 'admitted',
      ticket: { holder: 'Иванова Мария Петровна', seat: { sector: 'Партер', row: '1', seat: '3' } },
    });
  });

  it('names the Pushkin-card buyer as the holder, since such a ticket is for its buyer only', async () => {
    const { tickets } = await paidTickets(t.db, AT, { pushkin: true });
    expect((await scan(tickets[0]?.code ?? '')).json()).toMatchObject({ verdict: 'admitted', ticket: { holder: 'Петров Иван Сергеевич' } });
  });

  const refusals: {
    description: string;
    prepare: (ids: { ticketId: number; orderId: number }) => Promise<unknown>;
    sessionIds?: number[];
    session?: number;
    verdict: string;
  }[] = [
    {
      description: 'a ticket of another date (not among the chosen sessions)',
      prepare: async () => undefined,
      session: 9001,
      sessionIds: [9000],
      verdict: 'wrong-session',
    },
    {
      description: 'a ticket of a session not today when the device chose none',
      prepare: async () => undefined,
      session: 9001,
      verdict: 'wrong-session',
    },
    {
      description: "today's ticket on a device that admits only another session",
      prepare: async () => undefined,
      sessionIds: [9001],
      verdict: 'wrong-session',
    },
    {
      description: 'a returned ticket whose refund is done',
      prepare: ({ ticketId }) => t.db.query('update tickets set status = 70 where id = $1', [ticketId]),
      verdict: 'refunded',
    },
    {
      description: 'a returned ticket whose refund is under way',
      prepare: ({ ticketId }) => t.db.query('update tickets set status = 80 where id = $1', [ticketId]),
      verdict: 'refunded',
    },
    {
      description: 'a ticket of a cancelled session',
      prepare: () => t.db.query('update sessions set is_cancelled = true where id = 9000'),
      verdict: 'cancelled',
    },
    {
      description: 'a ticket of a cancelled order',
      prepare: ({ orderId }) => t.db.query('update orders set status = 90 where id = $1', [orderId]),
      verdict: 'cancelled',
    },
  ];
  it.each(refusals)('refuses $description and admits nothing', async ({ prepare, sessionIds, session, verdict }) => {
    const { orderId, tickets } = await paidTickets(t.db, AT, { sessionId: session ?? 9000 });
    const ticket = tickets[0];
    await prepare({ ticketId: ticket?.id ?? 0, orderId });
    const response = await scan(ticket?.code ?? '', sessionIds ? { sessionIds } : {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ verdict, ticket: { code: ticket?.code } });
    expect(await admissions()).toBe(0);
  });

  it('answers unknown for the code of an unpaid order (codes are issued on payment)', async () => {
    const { tickets } = await paidTickets(t.db, AT);
    await t.db.query('update orders set status = 20 where id = (select order_id from tickets where id = $1)', [tickets[0]?.id]);
    expect((await scan(tickets[0]?.code ?? '')).json()).toMatchObject({ verdict: 'unknown', ticket: null });
  });

  it('refuses a scan without a staff session or device key, or with a wrong or revoked key (401, in the language of the address: the body is not read), and admits nothing', async () => {
    const { tickets } = await paidTickets(t.db, AT);
    const code = tickets[0]?.code ?? '';
    const bare = await t.post('/api/checkin/scan?lang=en', { code, deviceId: DEVICE, lang: 'en' });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({ errorCode: '-2200', errorText: 'Sign in as staff or give a valid device key.' });
    const wrong = await withKey(t, '/api/checkin/scan', `${key.slice(0, -2)}xx`, { code, deviceId: DEVICE });
    expect(wrong.statusCode).toBe(401);
    await t.db.query('update checkin_devices set revoked_at = now()');
    expect((await scan(code)).statusCode).toBe(401);
    expect(await admissions()).toBe(0);
  });
});

describe('POST /api/checkin/sync', () => {
  doorPerTest();
  const sync = (deviceKeyValue: string, deviceId: string, scans: { scanId: string; code: string; scannedAt: string }[]) =>
    withKey(t, '/api/checkin/sync', deviceKeyValue, { deviceId, sessionIds: [9000], scans });

  it('applies offline scans in order at their own times; a second scan of one ticket is already used', async () => {
    const { tickets } = await paidTickets(t.db, PAID, { quantity: 2 });
    const [a, b] = tickets.map((x) => x.code);
    const at1 = new Date(AT.getTime() - 600_000).toISOString();
    const at2 = new Date(AT.getTime() - 300_000).toISOString();
    const response = await sync(key, DEVICE, [
      { scanId: 'scan-000001', code: a ?? '', scannedAt: at1 },
      { scanId: 'scan-000002', code: b ?? '', scannedAt: at1 },
      { scanId: 'scan-000003', code: a ?? '', scannedAt: at2 },
      { scanId: 'scan-000004', code: 'garbage', scannedAt: at2 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toMatchObject([
      { scanId: 'scan-000001', verdict: 'admitted', replayed: false },
      { scanId: 'scan-000002', verdict: 'admitted', replayed: false },
      { scanId: 'scan-000003', verdict: 'already-used', usedAt: at1, replayed: false },
      { scanId: 'scan-000004', verdict: 'malformed', replayed: false },
    ]);
    const { rows } = await t.db.query<{ checked_in_at: Date; recorded_at: Date }>(
      'select checked_in_at, recorded_at from checkins order by ticket_id',
    );
    expect(rows.map((r) => r.checked_in_at.toISOString())).toEqual([at1, at1]);
    expect(rows.every((r) => r.recorded_at.getTime() === AT.getTime())).toBe(true);
  });

  it('keeps an offline time only after the payment and near the session; an implausible one counts as when the server took it, for the registry too', async () => {
    const { tickets } = await paidTickets(t.db, PAID, { quantity: 3, pushkin: true });
    const [a, b, c] = tickets.map((x) => x.code);
    const early = await paidTickets(t.db, new Date(AT.getTime() - 2 * 86_400_000), { pushkin: true });
    const fine = new Date(AT.getTime() - 1800_000).toISOString();
    const response = await sync(key, DEVICE, [
      // A device clock set to 2001, a scan before the ticket was paid, a plausible one, and one 13 hours before the session.
      { scanId: 'scan-2001-01', code: a ?? '', scannedAt: '2001-01-01T00:00:00.000Z' },
      { scanId: 'scan-unpaid1', code: b ?? '', scannedAt: new Date(PAID.getTime() - 60_000).toISOString() },
      { scanId: 'scan-fine-01', code: c ?? '', scannedAt: fine },
      { scanId: 'scan-13h-001', code: early.tickets[0]?.code ?? '', scannedAt: new Date(AT.getTime() - 13 * 3600_000).toISOString() },
    ]);
    expect(response.json().results.map((r: { verdict: string }) => r.verdict)).toEqual(['admitted', 'admitted', 'admitted', 'admitted']);
    const { rows } = await t.db.query<{ code: string; checked_in_at: Date }>(
      'select t.code, c.checked_in_at from checkins c join tickets t on t.id = c.ticket_id',
    );
    const when = new Map(rows.map((r) => [r.code, r.checked_in_at.toISOString()]));
    expect([when.get(a ?? ''), when.get(b ?? ''), when.get(c ?? ''), when.get(early.tickets[0]?.code ?? '')]).toEqual([
      AT.toISOString(),
      AT.toISOString(),
      fine,
      AT.toISOString(),
    ]);
    const visits = await t.db.query<{ code: string; visit_date: number }>(
      `select t.code, (r.payload ->> 'visit_date')::bigint as visit_date from registry_reports r join tickets t on t.id = r.ticket_id where r.kind = 'visit'`,
    );
    expect(new Map(visits.rows.map((r) => [r.code, Number(r.visit_date)]))).toEqual(
      new Map([
        [a, AT.getTime() / 1000],
        [b, AT.getTime() / 1000],
        [c, AT.getTime() / 1000 - 1800],
        [early.tickets[0]?.code, AT.getTime() / 1000],
      ]),
    );
  });

  it('answers a replayed batch with its first verdicts and changes nothing', async () => {
    const { tickets } = await paidTickets(t.db, AT);
    const batch = [{ scanId: 'scan-replay1', code: tickets[0]?.code ?? '', scannedAt: AT.toISOString() }];
    const first = (await sync(key, DEVICE, batch)).json();
    const before = await t.db.query('select * from checkins');
    t.clock.advance(3600_000);
    const again = await sync(key, DEVICE, batch);
    expect(again.statusCode).toBe(200);
    expect(again.json().results).toEqual([{ ...first.results[0], replayed: true }]);
    expect((await t.db.query('select * from checkins')).rows).toEqual(before.rows);
  });

  it('reports a ticket another device admitted first as a conflict, with who and when', async () => {
    const other = await deviceKey(t, 'Вход Б');
    const { tickets } = await paidTickets(t.db, PAID);
    const code = tickets[0]?.code ?? '';
    const early = new Date(AT.getTime() - 120_000).toISOString();
    const later = new Date(AT.getTime() - 60_000).toISOString();
    // Device B scanned later but synced first: the first to sync admits.
    expect((await sync(other, 'device-b-0001', [{ scanId: 'b-scan-0001', code, scannedAt: later }])).json().results[0]).toMatchObject({
      verdict: 'admitted',
    });
    const response = await sync(key, DEVICE, [{ scanId: 'a-scan-0001', code, scannedAt: early }]);
    expect(response.json().results[0]).toMatchObject({ verdict: 'conflict', usedBy: 'Вход Б', usedAt: later, replayed: false });
    expect(await admissions()).toBe(1);
  });

  it('counts a scan time ahead of the server clock as now', async () => {
    const { tickets } = await paidTickets(t.db, AT);
    await sync(key, DEVICE, [
      { scanId: 'scan-future1', code: tickets[0]?.code ?? '', scannedAt: new Date(AT.getTime() + 86_400_000).toISOString() },
    ]);
    const { rows } = await t.db.query<{ checked_in_at: Date }>('select checked_in_at from checkins');
    expect(rows[0]?.checked_in_at.toISOString()).toBe(AT.toISOString());
  });
});

describe('GET /api/checkin/sessions and /api/checkin/activity', () => {
  doorPerTest();

  it("lists today's sessions with sold, admitted and remaining, and the last admissions", async () => {
    const { tickets } = await paidTickets(t.db, AT, { quantity: 3 });
    await paidTickets(t.db, AT, { sessionId: 9001 });
    const returned = await paidTickets(t.db, AT);
    await t.db.query('update tickets set status = 70 where order_id = $1', [returned.orderId]);
    await scan(tickets[0]?.code ?? '');
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
    const day = await get('/api/checkin/sessions?lang=en');
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json()).toMatchObject({
      date: '2026-11-27',
      sessions: [{ sessionId: 9000, time: '12:00', sold: 3, admitted: 1, remaining: 2 }],
    });
    const nextWeek = await get('/api/checkin/sessions?date=2026-12-04');
    expect(nextWeek.json().sessions).toMatchObject([{ sessionId: 9001, sold: 1, admitted: 0, remaining: 1 }]);
    const activity = await get('/api/checkin/activity?sessionIds=9000,9001');
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.json()).toMatchObject({
      sessions: [
        { sessionId: 9000, sold: 3, admitted: 1, remaining: 2 },
        { sessionId: 9001, sold: 1, admitted: 0, remaining: 1 },
      ],
      recent: [{ sessionId: 9000, codeEnd: tickets[0]?.code.slice(-4), device: 'Вход А', at: AT.toISOString() }],
    });
    expect((await get('/api/checkin/activity?sessionIds=abc')).statusCode).toBe(400);
    expect((await get('/api/checkin/sessions?date=2026-13-45')).statusCode).toBe(400);
    expect((await t.get('/api/checkin/sessions')).statusCode).toBe(401);
  });
});

describe('the check-in calls, refused or answered without changing anything (one door for all)', () => {
  doorPerBlock();

  it.each([
    { description: 'a code no ticket has', code: '1234567890123456', verdict: 'unknown' },
    { description: 'a 13-digit EAN of another venue', code: '4600000000000', verdict: 'malformed' },
    { description: 'a URL read from some other QR code', code: 'https://example.com/t/1', verdict: 'malformed' },
    { description: 'a code starting with 0', code: '0234567890123456', verdict: 'malformed' },
  ])('answers $verdict for $description', async ({ code, verdict }) => {
    const response = await scan(code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ verdict, ticket: null });
  });

  it.each([
    { description: 'no code', body: { deviceId: DEVICE } },
    { description: 'a code too long', body: { deviceId: DEVICE, code: '1'.repeat(201) } },
    { description: 'no device id', body: { code: '1234567890123456' } },
    { description: 'a device id with a slash', body: { code: '1234567890123456', deviceId: 'abc/defgh' } },
    { description: 'a session id that is not a number', body: { code: '1234567890123456', deviceId: DEVICE, sessionIds: ['x'] } },
    { description: 'an empty session list', body: { code: '1234567890123456', deviceId: DEVICE, sessionIds: [] } },
  ])('refuses $description with 400 -1002', async ({ body }) => {
    const response = await withKey(t, '/api/checkin/scan', key, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: '-1002' });
  });

  it('needs the CSRF token like every state-changing call', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/checkin/scan',
      payload: { code: '1', deviceId: DEVICE },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: '-1000' });
  });

  it('keeps the device key only hashed', async () => {
    const { rows } = await t.db.query<{ key_sha256: string }>('select key_sha256 from checkin_devices');
    expect(rows[0]?.key_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(key);
  });

  it.each([
    { description: 'an empty batch', scans: [] },
    { description: 'a scan without its id', scans: [{ code: '1234567890123456', scannedAt: AT.toISOString() }] },
    {
      description: 'a scan with a time that is no time',
      scans: [{ scanId: 'scan-bad-01', code: '1234567890123456', scannedAt: 'yesterday' }],
    },
    {
      description: 'more than 200 scans',
      scans: Array.from({ length: 201 }, (_, i) => ({
        scanId: `scan-${String(i).padStart(6, '0')}`,
        code: '1234567890123456',
        scannedAt: AT.toISOString(),
      })),
    },
  ])('refuses $description with 400 and changes nothing', async ({ scans }) => {
    const response = await withKey(t, '/api/checkin/sync', key, { deviceId: DEVICE, scans });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: '-1002' });
    expect((await t.db.query('select 1 from checkin_offline_scans')).rows).toHaveLength(0);
  });

  it('describes the check-in calls and how they authenticate', async () => {
    const doc = (await t.get('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/checkin/scan', '/api/checkin/sync', '/api/checkin/sessions', '/api/checkin/activity']),
    );
    expect(doc.components.securitySchemes.deviceKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/checkin/scan'].post.security).toEqual([
      { csrf: [], staffSession: [] },
      { csrf: [], deviceKey: [] },
    ]);
  });
});

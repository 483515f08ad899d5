import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createClock, createTestApp, testConfig, type TestApp } from '../../tests/harness.ts';
import { QUEUE_MAX_STEP_MS, QUEUE_TICKET_TTL_MS } from './queue.service.ts';

// The waiting room's line through its two calls, the clock moved by hand: tickets are admitted in
// the order taken at the configured pace, an admitted ticket's answer sets the pass nginx checks,
// and a ticket the server did not sign, or an old one, is refused.
const START = new Date('2026-11-21T10:00:00Z');
const PASS_SECRET = 'queue-pass-secret-'.padEnd(48, 'q');
const queue = { passSecret: PASS_SECRET, admitPerSecond: 2, passTtlSeconds: 1200 };

type Place = { errorCode: string; admitted: boolean; ahead: number; waitSeconds: number; ticket?: string };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START), config: { queue } });
});
afterEach(() => t.close());

async function takeTicket(): Promise<string> {
  const response = await t.post('/api/queue/ticket', {});
  expect(response.statusCode, response.body).toBe(200);
  const ticket = response.json<Place>().ticket;
  if (!ticket) throw new Error('no ticket in the answer');
  return ticket;
}

const status = (ticket: string) => t.app.inject({ method: 'GET', url: `/api/queue/status?ticket=${encodeURIComponent(ticket)}&lang=en` });
const placeOf = async (ticket: string) => (await status(ticket)).json<Place>();

/** The Set-Cookie lines of an answer, by cookie name: value and attributes. */
function cookiesOf(response: LightMyRequestResponse): Map<string, string> {
  const set = response.headers['set-cookie'];
  const lines = set === undefined ? [] : Array.isArray(set) ? set : [set];
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

describe('POST /api/queue/ticket', () => {
  it('gives each new visitor the next place at the end of the line', async () => {
    const first = await t.post('/api/queue/ticket', {});
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toMatchObject({ errorCode: '0', admitted: false, ahead: 0, waitSeconds: 1 });
    await takeTicket();
    const third = await t.post('/api/queue/ticket', {});
    // Two tickets before it, at 2 a second: about 2 seconds (1.5 rounded up).
    expect(third.json()).toMatchObject({ admitted: false, ahead: 2, waitSeconds: 2 });
  });

  it('is refused without the CSRF token, like every call that changes something', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/queue/ticket', payload: {} });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/queue/status', () => {
  it('admits an earlier ticket before a later one, at the configured pace', async () => {
    const tickets = [await takeTicket(), await takeTicket(), await takeTicket(), await takeTicket()];
    expect((await Promise.all(tickets.map(placeOf))).map((p) => p.admitted)).toEqual([false, false, false, false]);

    t.clock.advance(1000); // two a second: the first two
    expect((await Promise.all(tickets.map(placeOf))).map((p) => [p.admitted, p.ahead])).toEqual([
      [true, 0],
      [true, 0],
      [false, 0],
      [false, 1],
    ]);
    // A later ticket asking first changes nothing: the order is the tickets', not the questions'.
    t.clock.advance(500);
    expect((await placeOf(tickets[3] as string)).admitted).toBe(false);
    expect((await placeOf(tickets[2] as string)).admitted).toBe(true);
    t.clock.advance(500);
    expect((await placeOf(tickets[3] as string)).admitted).toBe(true);
  });

  it("sets an admitted ticket's pass as nginx's secure_link_md5 checks it, and none before", async () => {
    const ticket = await takeTicket();
    const waiting = await status(ticket);
    expect(waiting.headers['set-cookie']).toBeUndefined();
    t.clock.advance(1000);
    const admitted = await status(ticket);
    expect(admitted.json()).toMatchObject({ errorCode: '0', admitted: true, ahead: 0, waitSeconds: 0 });
    const cookies = cookiesOf(admitted);
    const expires = START.getTime() / 1000 + 1 + queue.passTtlSeconds;
    expect(cookies.get('queue_pass_expires')).toBe(`${expires}; Path=/; HttpOnly; SameSite=Lax; Max-Age=1200`);
    // ngx_http_secure_link_module: the MD5 of the secure_link_md5 string, base64url without padding.
    const md5 = createHash('md5')
      .update(`${expires} ${PASS_SECRET}`)
      .digest('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(cookies.get('queue_pass')).toBe(`${md5}; Path=/; HttpOnly; SameSite=Lax; Max-Age=1200`);
  });

  it.each([
    {
      description: 'another number under the same signature',
      forge: (n: string, at: string, mac: string) => `${Number(n) + 1}.${at}.${mac}`,
    },
    {
      description: 'an earlier time under the same signature',
      forge: (n: string, at: string, mac: string) => `${n}.${Number(at) - 60_000}.${mac}`,
    },
    { description: 'a made-up signature', forge: (n: string, at: string) => `${n}.${at}.${'A'.repeat(43)}` },
  ])('refuses a forged ticket ($description) with 400 -1070 and no pass', async ({ forge }) => {
    const [n = '', at = '', mac = ''] = (await takeTicket()).split('.');
    t.clock.advance(60_000);
    const response = await status(forge(n, at, mac));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: '-1070', errorText: 'The queue ticket is not valid: reload the page to take a new one.' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses what is not a ticket at all with 400', async () => {
    const response = await status('1.2.3');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errorCode: string }>().errorCode).toBe('-1002');
  });

  it('refuses a ticket older than its lifetime with 400 -1071', async () => {
    const ticket = await takeTicket();
    t.clock.advance(QUEUE_TICKET_TTL_MS + 1000);
    const response = await status(ticket);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errorCode: string }>().errorCode).toBe('-1071');
  });

  it('does not save up a quiet spell for the crowd that comes after it', async () => {
    const early = await takeTicket();
    t.clock.advance(1000);
    expect((await placeOf(early)).admitted).toBe(true);
    t.clock.advance(60 * 60_000); // an hour nobody waited
    const crowd = [];
    for (let i = 0; i < 40; i += 1) crowd.push(await takeTicket());
    const admitted = (await Promise.all(crowd.map(placeOf))).filter((p) => p.admitted).length;
    // At most one step's worth (QUEUE_MAX_STEP_MS at 2 a second), not an hour's.
    expect(admitted).toBeLessThanOrEqual((QUEUE_MAX_STEP_MS / 1000) * queue.admitPerSecond);
    expect(admitted).toBeLessThan(crowd.length);
  });

  it('keeps one line across instances of the app on the same database', async () => {
    const other = await buildApp(testConfig({ queue }), { db: t.db, secret: 'test-secret-'.padEnd(40, 'x'), now: t.clock.now });
    await other.ready();
    try {
      const first = await takeTicket();
      const token = (await other.inject({ method: 'GET', url: '/api/token' })).json<{ token: string }>().token;
      const second = (
        await other.inject({
          method: 'POST',
          url: '/api/queue/ticket',
          payload: {},
          headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
        })
      ).json<Place>();
      expect(second).toMatchObject({ admitted: false, ahead: 1 });
      t.clock.advance(500);
      // Each instance answers for the other's ticket, from the one cursor.
      const fromOther = (await other.inject({ method: 'GET', url: `/api/queue/status?ticket=${first}` })).json<Place>();
      expect(fromOther.admitted).toBe(true);
      expect((await placeOf(second.ticket as string)).admitted).toBe(false);
      t.clock.advance(500);
      expect((await placeOf(second.ticket as string)).admitted).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('without QUEUE_PASS_SECRET', () => {
  it('has no line: the calls are not there, and the waiting page falls back to retrying', async () => {
    const plain = await createTestApp({ demo: false, clock: createClock(START) });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/queue/status?ticket=1.2.3' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  STAFF_LOCK_AFTER_FAILURES,
  STAFF_LOCK_MS,
  STAFF_SESSION_IDLE_MS,
  STAFF_SESSION_MAX_MS,
  STAFF_SIGN_IN_LIMIT,
  STAFF_SIGN_IN_WINDOW_MS,
} from '../../../contract/admin/staff-rules.ts';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { TEST_PASSWORD, addTestStaff, adminCall, sessionCookie, signIn, signedInAs } from './staff-test-kit.ts';
import { sessionIdHash } from './staff.service.ts';

const START = new Date('2026-11-21T10:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(START);
  await t.db.query('delete from staff_sign_in_attempts');
  await t.db.query('delete from staff_sign_in_failures');
});

let ipCounter = 0;
/** A client address of its own per test, so the per-address limit of one test does not touch another. */
const freshIp = () => `192.0.2.${++ipCounter}`;

const auditActions = async (staffId: number) =>
  (await t.db.query<{ action: string }>('select action from audit_log where staff_id = $1 order by id', [staffId])).rows.map(
    (r) => r.action,
  );

describe('POST /api/admin/session', () => {
  it('signs in with the e-mail in any case, sets an httpOnly SameSite=Strict cookie and stores only a hash of the session id', async () => {
    const member = await addTestStaff(t, 'manager');
    const response = await signIn(t, member.email.toUpperCase(), TEST_PASSWORD, freshIp());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      errorCode: '0',
      staff: { id: member.id, email: member.email, name: 'Test manager', role: 'manager' },
      permissions: expect.arrayContaining(['orders.read', 'reports.read', 'catalog.write']),
    });
    expect(response.json().permissions).not.toContain('staff.manage');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    const id = sessionCookie(response.headers['set-cookie']).split('=')[1] ?? '';
    // 32 random bytes: 256 bits, well above the 128 asked of a session id.
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    const stored = await t.db.query<{ id_hash: string }>('select id_hash from staff_sessions where staff_id = $1', [member.id]);
    expect(stored.rows).toEqual([{ id_hash: sessionIdHash(id) }]);
    expect(stored.rows[0]?.id_hash).not.toContain(id);
    expect(await auditActions(member.id)).toEqual(['staff.sign-in']);
  });

  it('marks the cookie Secure when the request came over https through a trusted proxy', async () => {
    const proxied = await createTestApp({
      demo: false,
      clock: createClock(START),
      config: { trustProxy: true },
    });
    try {
      const member = await addTestStaff(proxied, 'support');
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { email: member.email, password: TEST_PASSWORD },
        headers: { 'x-csrf-token': await proxied.csrfToken(), 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it("answers an unknown e-mail, a wrong password and a disabled account alike; audits a member's failures and only counts a stranger's", async () => {
    const member = await addTestStaff(t, 'support');
    const disabled = await addTestStaff(t, 'support');
    await t.db.query('update staff set disabled = true where id = $1', [disabled.id]);
    const answers = await Promise.all([
      signIn(t, 'nobody@venue.test', TEST_PASSWORD, freshIp()),
      signIn(t, member.email, 'wrong password here', freshIp()),
      signIn(t, disabled.email, TEST_PASSWORD, freshIp()),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ errorCode: '-2000', errorText: 'Неверный e-mail или пароль.' });
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    expect(await auditActions(member.id)).toEqual(['staff.sign-in-failed']);
    // A stranger's guess at an e-mail no member has is counted, never written to the audit log.
    const unknown = await t.db.query("select 1 from audit_log where action = 'staff.sign-in-failed' and staff_id is null");
    expect(unknown.rows).toEqual([]);
    const counted = await t.db.query<{ failures: number }>(
      "select failures from staff_sign_in_failures where email_key = 'nobody@venue.test'",
    );
    expect(counted.rows).toEqual([{ failures: 1 }]);
    expect((await t.db.query('select 1 from staff_sessions where staff_id in ($1, $2)', [member.id, disabled.id])).rows).toEqual([]);
  });

  it("refuses a malformed body with field codes in the staff member's language, changing nothing", async () => {
    const before = (await t.db.query('select count(*)::int as n from audit_log')).rows[0];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: 'not-an-email', password: '', lang: 'en' },
      headers: { 'x-csrf-token': await t.csrfToken(), 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: '-1002',
      errorText: 'Please check the fields you filled in.',
      fields: expect.arrayContaining([
        { path: 'email', code: 'not-valid-email' },
        { path: 'password', code: 'required-password' },
      ]),
    });
    expect((await t.db.query('select count(*)::int as n from audit_log')).rows[0]).toEqual(before);
  });

  it('refuses a sign-in without the CSRF token', async () => {
    const member = await addTestStaff(t, 'owner');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('-1000');
  });

  it(`locks out one address after ${STAFF_LOCK_AFTER_FAILURES} failures for 15 minutes, answering as an unknown e-mail, while the member signs in from another address`, async () => {
    const member = await addTestStaff(t, 'owner');
    const attacker = freshIp();
    const stranger = 'nobody-locked@venue.test';
    for (let i = 1; i <= STAFF_LOCK_AFTER_FAILURES; i++) {
      const [known, unknown] = [
        await signIn(t, member.email, `wrong password ${i}`, attacker),
        await signIn(t, stranger, `wrong password ${i}`, attacker),
      ];
      // The same answer for a member's e-mail and for an e-mail no member has, at every try.
      expect(known.statusCode).toBe(401);
      expect(known.json()).toEqual({ errorCode: '-2000', errorText: 'Неверный e-mail или пароль.' });
      expect(unknown.json()).toEqual(known.json());
      expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
    }

    // The owner's list shows the lock of the member's e-mail (at whatever address).
    const owner = await signedInAs(t, 'owner');
    const listed = (await adminCall(t, 'GET', '/api/admin/staff', owner.cookie))
      .json()
      .staff.find((m: { id: number }) => m.id === member.id);
    expect(listed.lockedUntil).toBe(new Date(START.getTime() + STAFF_LOCK_MS).toISOString());

    t.clock.advance(STAFF_LOCK_MS - 1000);
    // Locked at this address: even the right password gets the one answer, and no session.
    const stillLocked = await signIn(t, member.email, TEST_PASSWORD, attacker);
    expect(stillLocked.statusCode).toBe(401);
    expect(stillLocked.json()).toEqual({ errorCode: '-2000', errorText: 'Неверный e-mail или пароль.' });
    expect((await t.db.query('select 1 from staff_sessions where staff_id = $1', [member.id])).rows).toEqual([]);
    // The member, from anywhere else, is not locked out by someone else's guesses.
    expect((await signIn(t, member.email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);

    t.clock.advance(1000);
    expect((await signIn(t, member.email, TEST_PASSWORD, attacker)).statusCode).toBe(200);
    const actions = await auditActions(member.id);
    expect(actions.filter((a) => a === 'staff.sign-in-failed')).toHaveLength(STAFF_LOCK_AFTER_FAILURES);
    expect(actions.slice(STAFF_LOCK_AFTER_FAILURES)).toEqual([
      'staff.lock',
      'staff.sign-in-refused-locked',
      'staff.sign-in',
      'staff.sign-in',
    ]);
    // A sign-in at the address lifts its lock.
    expect((await t.db.query('select 1 from staff_sign_in_failures where email_key = lower($1)', [member.email])).rows).toEqual([]);
  });

  it('starts the failure count again after a successful sign-in', async () => {
    const member = await addTestStaff(t, 'manager');
    const ip = freshIp();
    for (let i = 1; i < STAFF_LOCK_AFTER_FAILURES; i++) await signIn(t, member.email, `wrong password ${i}`, ip);
    expect((await signIn(t, member.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect((await signIn(t, member.email, 'wrong once more', ip)).statusCode).toBe(401);
    const counted = await t.db.query('select failures from staff_sign_in_failures where email_key = lower($1)', [member.email]);
    expect(counted.rows).toEqual([{ failures: 1 }]);
  });

  it('counts an IPv6 client by its /64: fresh addresses of one /64 share one limit', async () => {
    const member = await addTestStaff(t, 'support');
    for (let i = 0; i < STAFF_SIGN_IN_LIMIT; i++)
      await signIn(t, `nobody-v6-${i}@venue.test`, 'whatever password', `2001:db8:77:1::${(i + 1).toString(16)}`);
    const refused = await signIn(t, member.email, TEST_PASSWORD, '2001:db8:77:1:ffff::1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('-1029');
    expect((await signIn(t, member.email, TEST_PASSWORD, '2001:db8:77:2::1')).statusCode).toBe(200);
  });

  it(`answers 429 to the ${STAFF_SIGN_IN_LIMIT + 1}th attempt from one address within the window, and not to another address`, async () => {
    const member = await addTestStaff(t, 'support');
    const ip = freshIp();
    for (let i = 0; i < STAFF_SIGN_IN_LIMIT; i++) {
      t.clock.advance(1000);
      await signIn(t, `nobody-${i}@venue.test`, 'whatever password', ip);
    }
    const refused = await signIn(t, member.email, TEST_PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('-1029');
    // The oldest attempt was 20 s into the test; it ages out a window after it.
    expect(Number(refused.headers['retry-after'])).toBe((STAFF_SIGN_IN_WINDOW_MS - (STAFF_SIGN_IN_LIMIT - 1) * 1000) / 1000);
    expect((await t.db.query('select 1 from staff_sessions where staff_id = $1', [member.id])).rows).toEqual([]);

    expect((await signIn(t, member.email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
    t.clock.set(START.getTime() + 1000 + STAFF_SIGN_IN_WINDOW_MS);
    expect((await signIn(t, member.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe("GET /api/admin/me and the session's idle expiry", () => {
  it('answers 401 without a session, or with a made-up one', async () => {
    for (const cookie of [undefined, 'staff_session=' + 'A'.repeat(43), 'staff_session=short']) {
      const response = await adminCall(t, 'GET', '/api/admin/me?lang=en', cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errorCode: '-2001', errorText: 'Please sign in to continue.' });
    }
  });

  it('ends a session after 12 hours idle, and use keeps it alive', async () => {
    const { member, cookie } = await signedInAs(t, 'controller');
    t.clock.advance(STAFF_SESSION_IDLE_MS - 1000);
    expect((await adminCall(t, 'GET', '/api/admin/me', cookie)).json().staff).toMatchObject({ id: member.id, role: 'controller' });
    t.clock.advance(STAFF_SESSION_IDLE_MS - 1000);
    expect((await adminCall(t, 'GET', '/api/admin/me', cookie)).statusCode).toBe(200);
    t.clock.advance(STAFF_SESSION_IDLE_MS);
    expect((await adminCall(t, 'GET', '/api/admin/me', cookie)).statusCode).toBe(401);
    expect((await t.db.query('select 1 from staff_sessions where staff_id = $1', [member.id])).rows).toEqual([]);
  });

  it('ends a session 24 hours after its sign-in however busy it is, and a new sign-in works', async () => {
    const { member, cookie } = await signedInAs(t, 'manager');
    for (let hours = 1; hours < STAFF_SESSION_MAX_MS / 3600_000; hours++) {
      t.clock.advance(3600_000);
      expect((await adminCall(t, 'GET', '/api/admin/me', cookie)).statusCode).toBe(200);
    }
    t.clock.advance(3600_000 - 1000);
    expect((await adminCall(t, 'GET', '/api/admin/me', cookie)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await adminCall(t, 'GET', '/api/admin/me', cookie)).statusCode).toBe(401);
    expect((await t.db.query('select 1 from staff_sessions where staff_id = $1', [member.id])).rows).toEqual([]);
    expect((await signIn(t, member.email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('writes last-seen at most once a minute', async () => {
    const { member, cookie } = await signedInAs(t, 'support');
    const lastSeen = async () =>
      new Date(
        (await t.db.query<{ last_seen_at: Date }>('select last_seen_at from staff_sessions where staff_id = $1', [member.id])).rows[0]
          ?.last_seen_at ?? 0,
      ).getTime();
    t.clock.advance(59_000);
    await adminCall(t, 'GET', '/api/admin/me', cookie);
    expect(await lastSeen()).toBe(START.getTime());
    t.clock.advance(1000);
    await adminCall(t, 'GET', '/api/admin/me', cookie);
    expect(await lastSeen()).toBe(START.getTime() + 60_000);
  });

  it("refuses a disabled member's session at once", async () => {
    const { member, cookie } = await signedInAs(t, 'manager');
    await t.db.query('update staff set disabled = true where id = $1', [member.id]);
    expect((await adminCall(t, 'GET', '/api/admin/me', cookie)).statusCode).toBe(401);
  });
});

describe('DELETE /api/admin/session and POST /api/admin/sessions/revoke-all', () => {
  it('signs out this session only, clears the cookie and audits it', async () => {
    const { member, cookie } = await signedInAs(t, 'support');
    const other = sessionCookie((await signIn(t, member.email, TEST_PASSWORD, freshIp())).headers['set-cookie']);
    const response = await adminCall(t, 'DELETE', '/api/admin/session', cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/^staff_session=; .*Max-Age=0/);
    expect((await adminCall(t, 'GET', '/api/admin/me', cookie)).statusCode).toBe(401);
    expect((await adminCall(t, 'GET', '/api/admin/me', other)).statusCode).toBe(200);
    expect(await auditActions(member.id)).toEqual(['staff.sign-in', 'staff.sign-in', 'staff.sign-out']);
  });

  it('needs the CSRF token to sign out', async () => {
    const { cookie } = await signedInAs(t, 'support');
    const response = await t.app.inject({ method: 'DELETE', url: '/api/admin/session', headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect((await adminCall(t, 'GET', '/api/admin/me', cookie)).statusCode).toBe(200);
  });

  it("signs out everywhere: every session of the member ends, another member's stays", async () => {
    const { member, cookie } = await signedInAs(t, 'owner');
    const second = sessionCookie((await signIn(t, member.email, TEST_PASSWORD, freshIp())).headers['set-cookie']);
    const someoneElse = await signedInAs(t, 'owner');
    const response = await adminCall(t, 'POST', '/api/admin/sessions/revoke-all', cookie, {});
    expect(response.statusCode, response.body).toBe(200);
    expect((await adminCall(t, 'GET', '/api/admin/me', cookie)).statusCode).toBe(401);
    expect((await adminCall(t, 'GET', '/api/admin/me', second)).statusCode).toBe(401);
    expect((await adminCall(t, 'GET', '/api/admin/me', someoneElse.cookie)).statusCode).toBe(200);
    const entry = await t.db.query("select after from audit_log where staff_id = $1 and action = 'staff.sign-out-everywhere'", [member.id]);
    expect(entry.rows).toEqual([{ after: { sessionsEnded: 2 } }]);
  });
});

describe('audit_log', () => {
  it.each(['update audit_log set action = $1', 'delete from audit_log where action <> $1'])(
    'refuses to change entries: %s',
    async (sql) => {
      await addTestStaff(t, 'owner');
      await expect(t.db.query(sql, ['x'])).rejects.toThrow(/append-only/);
    },
  );
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { TEST_PASSWORD, addTestStaff, adminCall, sessionCookie, signIn, signedInAs } from './staff-test-kit.ts';
import { totpCodeAt } from './totp.ts';

const START = new Date('2026-11-21T10:00:00Z');

let t: TestApp;
beforeAll(async () => {
  // A venue east of UTC, so an evening in UTC is the next day at the venue.
  t = await createTestApp({
    demo: false,
    clock: createClock(START),
    config: { timezone: 'Asia/Almaty' },
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(START);
  await t.db.query('delete from staff_sign_in_attempts');
  await t.db.query('delete from staff_reauth_failures');
  await t.db.query('update staff_settings set totp_required = false');
});

const lastAudit = async (action: string) =>
  (
    await t.db.query<{ staff_id: number | null; subject_id: string | null; before: unknown; after: unknown }>(
      'select staff_id, subject_id, before, after from audit_log where action = $1 order by id desc limit 1',
      [action],
    )
  ).rows[0];
const sessionsOf = async (staffId: number) =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from staff_sessions where staff_id = $1', [staffId])).rows[0]?.n;
const staffRow = async (id: number) =>
  (await t.db.query('select name, role, disabled, password_hash from staff where id = $1', [id])).rows[0];
const auditCount = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from audit_log')).rows[0]?.n;

describe('staff management by an owner', () => {
  it('adds a member with a made-up password shown once, who then signs in with it; audited', async () => {
    const owner = await signedInAs(t, 'owner');
    const email = `added-${Date.now()}@venue.test`;
    const response = await adminCall(t, 'POST', '/api/admin/staff', owner.cookie, { email, name: '  Иван Петров ', role: 'support' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.member).toMatchObject({ email, name: 'Иван Петров', role: 'support', disabled: false, totpEnabled: false });
    expect(body.initialPassword).toMatch(/^[\w-]{16}$/);
    expect((await signIn(t, email, body.initialPassword, '10.1.0.1')).statusCode).toBe(200);
    const audit = await lastAudit('staff.add');
    expect(audit).toMatchObject({
      staff_id: owner.member.id,
      subject_id: String(body.member.id),
      after: { email, name: 'Иван Петров', role: 'support', passwordMadeUp: true },
    });
    expect(JSON.stringify(audit)).not.toContain(body.initialPassword);
  });

  it('adds a member with the password the owner sets, and answers no password then', async () => {
    const owner = await signedInAs(t, 'owner');
    const email = `set-${Date.now()}@venue.test`;
    const response = await adminCall(t, 'POST', '/api/admin/staff', owner.cookie, {
      email,
      name: 'Set',
      role: 'controller',
      password: 'owner set this one',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().initialPassword).toBeUndefined();
    expect((await signIn(t, email, 'owner set this one', '10.1.0.2')).statusCode).toBe(200);
  });

  it('refuses bad input and a taken e-mail on their fields, in the language asked, changing nothing', async () => {
    const owner = await signedInAs(t, 'owner');
    const before = await auditCount();
    const bad = await adminCall(t, 'POST', '/api/admin/staff', owner.cookie, {
      email: 'not-an-email',
      name: '',
      role: 'admin',
      password: 'short',
      lang: 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([
        { path: 'email', code: 'not-valid-email' },
        { path: 'name', code: 'required-name' },
        { path: 'role', code: 'not-valid-role' },
        { path: 'password', code: 'password-too-short' },
      ]),
    );
    const taken = await adminCall(t, 'POST', '/api/admin/staff', owner.cookie, {
      email: owner.member.email.toUpperCase(),
      name: 'Twin',
      role: 'support',
      lang: 'en',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      errorCode: '-2008',
      errorText: 'A member of staff with this e-mail exists already.',
      fields: [{ path: 'email', code: 'email-taken' }],
    });
    expect(await auditCount()).toBe(before);
  });

  it('changes a role with before and after in the audit log; the member sees the new role at once', async () => {
    const owner = await signedInAs(t, 'owner');
    const member = await signedInAs(t, 'support');
    const response = await adminCall(t, 'PATCH', `/api/admin/staff/${member.member.id}`, owner.cookie, { role: 'manager' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await lastAudit('staff.update')).toMatchObject({
      staff_id: owner.member.id,
      before: { role: 'support' },
      after: { role: 'manager' },
    });
    expect((await adminCall(t, 'GET', '/api/admin/me', member.cookie)).json().staff.role).toBe('manager');
  });

  it("disabling ends the member's sessions and refuses their sign-in; enabling lets them in again", async () => {
    const owner = await signedInAs(t, 'owner');
    const member = await signedInAs(t, 'support');
    expect((await adminCall(t, 'PATCH', `/api/admin/staff/${member.member.id}`, owner.cookie, { disabled: true })).statusCode).toBe(200);
    expect(await sessionsOf(member.member.id)).toBe(0);
    expect((await adminCall(t, 'GET', '/api/admin/me', member.cookie)).statusCode).toBe(401);
    expect((await signIn(t, member.member.email, TEST_PASSWORD, '10.1.0.3')).statusCode).toBe(401);
    expect((await adminCall(t, 'PATCH', `/api/admin/staff/${member.member.id}`, owner.cookie, { disabled: false })).statusCode).toBe(200);
    expect((await signIn(t, member.member.email, TEST_PASSWORD, '10.1.0.3')).statusCode).toBe(200);
    expect(await lastAudit('staff.update')).toMatchObject({ before: { disabled: true }, after: { disabled: false } });
  });

  it('never leaves the back office without an active owner: the last owner cannot demote or disable themselves', async () => {
    // Only this test's owners may be active owners for the rule to bite: others are demoted first.
    const owner = await signedInAs(t, 'owner');
    await t.db.query("update staff set role = 'manager' where role = 'owner' and id <> $1", [owner.member.id]);
    const before = await staffRow(owner.member.id);
    for (const change of [{ role: 'manager' }, { disabled: true }]) {
      const response = await adminCall(t, 'PATCH', `/api/admin/staff/${owner.member.id}`, owner.cookie, { ...change, lang: 'en' });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({ errorCode: '-2009', errorText: 'The back office cannot be left without an active owner.' });
    }
    expect(await staffRow(owner.member.id)).toEqual(before);
    // With a second owner, the first may step down.
    const second = await addTestStaff(t, 'owner');
    expect((await adminCall(t, 'PATCH', `/api/admin/staff/${owner.member.id}`, owner.cookie, { role: 'manager' })).statusCode).toBe(200);
    const now = await signIn(t, second.email, TEST_PASSWORD, '10.1.0.4');
    const refused = await adminCall(t, 'PATCH', `/api/admin/staff/${second.id}`, sessionCookie(now.headers['set-cookie']), {
      disabled: true,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('resets a password: the old one stops working, a lock is lifted, the member is signed out', async () => {
    const owner = await signedInAs(t, 'owner');
    const member = await signedInAs(t, 'support');
    await t.db.query(
      "insert into staff_sign_in_failures values (lower($1), '192.0.2.66', 10, '2026-11-21T10:45:00Z', '2026-11-21T11:00:00Z')",
      [member.member.email],
    );
    const response = await adminCall(t, 'POST', `/api/admin/staff/${member.member.id}/password`, owner.cookie, {});
    expect(response.statusCode, response.body).toBe(200);
    const made = response.json().initialPassword as string;
    expect(made).toHaveLength(16);
    expect(await sessionsOf(member.member.id)).toBe(0);
    expect((await signIn(t, member.member.email, TEST_PASSWORD, '10.1.0.5')).statusCode).toBe(401);
    expect((await signIn(t, member.member.email, made, '10.1.0.5')).statusCode).toBe(200);
    expect(await lastAudit('staff.password-reset')).toMatchObject({
      before: { lockedUntil: '2026-11-21T11:00:00.000Z' },
      after: { lockedUntil: null },
    });
    expect((await t.db.query('select 1 from staff_sign_in_failures where email_key = lower($1)', [member.member.email])).rows).toEqual([]);
  });

  it("resets another owner's password only with the acting owner's own password", async () => {
    const owner = await signedInAs(t, 'owner');
    const other = await signedInAs(t, 'owner');
    const url = `/api/admin/staff/${other.member.id}/password`;
    const hashBefore = await staffRow(other.member.id);
    const missing = await adminCall(t, 'POST', url, owner.cookie, { lang: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errorCode: '-2014', fields: [{ path: 'actorPassword', code: 'required-password' }] });
    const wrong = await adminCall(t, 'POST', url, owner.cookie, { actorPassword: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: '-2011', fields: [{ path: 'actorPassword', code: 'wrong-current-password' }] });
    expect(await staffRow(other.member.id)).toEqual(hashBefore);
    expect(await sessionsOf(other.member.id)).toBe(1);
    const done = await adminCall(t, 'POST', url, owner.cookie, { actorPassword: TEST_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(await sessionsOf(other.member.id)).toBe(0);
    expect((await signIn(t, other.member.email, done.json().initialPassword, '10.1.0.8')).statusCode).toBe(200);
  });

  it.each([
    { description: 'a common password', password: 'password12345' },
    { description: 'one character repeated', password: 'aaaaaaaaaaaa' },
    { description: 'the e-mail itself', password: 'weak-owner@venue.test' },
    { description: 'the name with a little more', password: 'Weakling Person 1' },
  ])("refuses $description as a new member's password on the field, adding nothing", async ({ password }) => {
    const owner = await signedInAs(t, 'owner');
    const response = await adminCall(t, 'POST', '/api/admin/staff', owner.cookie, {
      email: 'weak-owner@venue.test',
      name: 'Weakling Person',
      role: 'support',
      password,
      lang: 'en',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: '-2013', fields: [{ path: 'password' }] });
    expect((await t.db.query("select 1 from staff where email = 'weak-owner@venue.test'")).rows).toEqual([]);
  });

  it('signs a member out everywhere', async () => {
    const owner = await signedInAs(t, 'owner');
    const member = await signedInAs(t, 'manager');
    await signIn(t, member.member.email, TEST_PASSWORD, '10.1.0.6');
    expect(await sessionsOf(member.member.id)).toBe(2);
    const response = await adminCall(t, 'POST', `/api/admin/staff/${member.member.id}/sign-out-everywhere`, owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(await sessionsOf(member.member.id)).toBe(0);
    expect(await lastAudit('staff.sign-out-everywhere')).toMatchObject({
      staff_id: owner.member.id,
      subject_id: String(member.member.id),
      after: { sessionsEnded: 2 },
    });
  });

  it('answers 404 for an unknown member and 400 for a malformed id', async () => {
    const owner = await signedInAs(t, 'owner');
    expect((await adminCall(t, 'PATCH', '/api/admin/staff/999999', owner.cookie, { name: 'X' })).json().errorCode).toBe('-2010');
    expect((await adminCall(t, 'POST', '/api/admin/staff/999999/password', owner.cookie, {})).statusCode).toBe(404);
    expect((await adminCall(t, 'POST', '/api/admin/staff/abc/sign-out-everywhere', owner.cookie)).statusCode).toBe(400);
  });
});

describe("the member's own account", () => {
  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const me = await signedInAs(t, 'support');
    const other = sessionCookie((await signIn(t, me.member.email, TEST_PASSWORD, '10.2.0.1')).headers['set-cookie']);
    const wrong = await adminCall(t, 'POST', '/api/admin/account/password', me.cookie, {
      currentPassword: 'not it at all',
      newPassword: 'a brand new password',
      lang: 'en',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: '-2011', fields: [{ path: 'currentPassword', code: 'wrong-current-password' }] });
    const short = await adminCall(t, 'POST', '/api/admin/account/password', me.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(short.json().fields).toEqual([{ path: 'newPassword', code: 'password-too-short' }]);
    for (const [newPassword, code] of [
      ['qwertyuiop123', 'password-common'],
      ['zzzzzzzzzzzzzz', 'password-common'],
      [me.member.email, 'password-own-data'],
    ] as const) {
      const weak = await adminCall(t, 'POST', '/api/admin/account/password', me.cookie, { currentPassword: TEST_PASSWORD, newPassword });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ errorCode: '-2013', fields: [{ path: 'newPassword', code }] });
    }
    const done = await adminCall(t, 'POST', '/api/admin/account/password', me.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new password',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await adminCall(t, 'GET', '/api/admin/me', me.cookie)).statusCode).toBe(200);
    expect((await adminCall(t, 'GET', '/api/admin/me', other)).statusCode).toBe(401);
    expect((await signIn(t, me.member.email, 'a brand new password', '10.2.0.2')).statusCode).toBe(200);
    expect(await lastAudit('staff.password-change')).toMatchObject({ staff_id: me.member.id, after: { otherSessionsEnded: 1 } });
  });
});

describe('one-time codes', () => {
  async function turnOn(cookie: string) {
    const setup = await adminCall(t, 'POST', '/api/admin/account/totp/setup', cookie, { password: TEST_PASSWORD });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, uri } = setup.json() as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('digits=6');
    expect(uri).toContain('period=30');
    return secret;
  }

  it('turns on with a first code, then asks for a code at sign-in and takes each code once', async () => {
    const me = await signedInAs(t, 'manager');
    const secret = await turnOn(me.cookie);
    const wrong = await adminCall(t, 'POST', '/api/admin/account/totp/confirm', me.cookie, {
      code: '000000' === totpCodeAt(secret, t.clock.now()) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([{ path: 'code', code: 'wrong-totp' }]);
    expect(
      (await adminCall(t, 'POST', '/api/admin/account/totp/confirm', me.cookie, { code: totpCodeAt(secret, t.clock.now()) })).statusCode,
    ).toBe(200);
    expect((await adminCall(t, 'GET', '/api/admin/account', me.cookie)).json()).toMatchObject({ totpEnabled: true });

    t.clock.set(START.getTime() + 60_000);
    const without = await signIn(t, me.member.email, TEST_PASSWORD, '10.3.0.1');
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({ errorCode: '-2004', totpRequired: true });
    const code = totpCodeAt(secret, t.clock.now());
    const csrf = await t.csrfToken();
    const withCode = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: me.member.email, password: TEST_PASSWORD, totpCode: code },
      remoteAddress: '10.3.0.1',
      headers: { 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: me.member.email, password: TEST_PASSWORD, totpCode: code },
      remoteAddress: '10.3.0.1',
      headers: { 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ errorCode: '-2005', fields: [{ path: 'totpCode', code: 'wrong-totp' }] });
    // The next step's code (the clock a step on) is taken.
    t.clock.set(START.getTime() + 90_000);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: me.member.email, password: TEST_PASSWORD, totpCode: totpCodeAt(secret, t.clock.now()) },
      remoteAddress: '10.3.0.1',
      headers: { 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(next.statusCode, next.body).toBe(200);
    const actions = (
      await t.db.query<{ action: string }>('select action from audit_log where staff_id = $1 order by id', [me.member.id])
    ).rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.totp-setup-start', 'staff.totp-enable', 'staff.sign-in-failed']));
  });

  it('takes the code of the step before and after, not two steps off', async () => {
    const me = await signedInAs(t, 'support');
    const secret = await turnOn(me.cookie);
    expect(
      (await adminCall(t, 'POST', '/api/admin/account/totp/confirm', me.cookie, { code: totpCodeAt(secret, t.clock.now() - 60_000) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await adminCall(t, 'POST', '/api/admin/account/totp/confirm', me.cookie, { code: totpCodeAt(secret, t.clock.now() - 30_000) }))
        .statusCode,
    ).toBe(200);
  });

  it('turns off with the password and a current code only', async () => {
    const me = await signedInAs(t, 'support');
    const secret = await turnOn(me.cookie);
    await adminCall(t, 'POST', '/api/admin/account/totp/confirm', me.cookie, { code: totpCodeAt(secret, t.clock.now()) });
    t.clock.set(START.getTime() + 30_000);
    const code = totpCodeAt(secret, t.clock.now());
    const bad = await adminCall(t, 'POST', '/api/admin/account/totp/disable', me.cookie, { password: TEST_PASSWORD, code: '12345' });
    expect(bad.json().fields).toEqual([{ path: 'code', code: 'not-valid-totp' }]);
    const noPassword = await adminCall(t, 'POST', '/api/admin/account/totp/disable', me.cookie, { code });
    expect(noPassword.json().fields).toEqual([{ path: 'password', code: 'required-password' }]);
    const wrongPassword = await adminCall(t, 'POST', '/api/admin/account/totp/disable', me.cookie, { password: 'not my password', code });
    expect(wrongPassword.json()).toMatchObject({ errorCode: '-2011', fields: [{ path: 'password', code: 'wrong-current-password' }] });
    expect((await adminCall(t, 'GET', '/api/admin/account', me.cookie)).json()).toMatchObject({ totpEnabled: true });
    expect((await adminCall(t, 'POST', '/api/admin/account/totp/disable', me.cookie, { password: TEST_PASSWORD, code })).statusCode).toBe(
      200,
    );
    expect((await t.db.query('select totp_enabled, totp_secret from staff where id = $1', [me.member.id])).rows[0]).toEqual({
      totp_enabled: false,
      totp_secret: null,
    });
    expect((await signIn(t, me.member.email, TEST_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it("an owner turns a member's codes off (a lost device): the member signs in with the password alone", async () => {
    const owner = await signedInAs(t, 'owner');
    const me = await signedInAs(t, 'support');
    const secret = await turnOn(me.cookie);
    await adminCall(t, 'POST', '/api/admin/account/totp/confirm', me.cookie, { code: totpCodeAt(secret, t.clock.now()) });
    expect((await signIn(t, me.member.email, TEST_PASSWORD, '10.3.0.9')).json().errorCode).toBe('-2004');
    const reset = await adminCall(t, 'POST', `/api/admin/staff/${me.member.id}/totp-reset`, owner.cookie);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().member.totpEnabled).toBe(false);
    expect(await lastAudit('staff.totp-reset')).toMatchObject({
      staff_id: owner.member.id,
      before: { totpEnabled: true },
      after: { totpEnabled: false },
    });
    expect((await signIn(t, me.member.email, TEST_PASSWORD, '10.3.0.9')).statusCode).toBe(200);
  });

  it('when the owner requires codes, a member without them can only set them up, and cannot turn them off', async () => {
    const owner = await signedInAs(t, 'owner');
    const member = await signedInAs(t, 'support');
    const put = await adminCall(t, 'PUT', '/api/admin/settings', owner.cookie, { totpRequired: true });
    expect(put.json()).toMatchObject({ totpRequired: true });
    expect(await lastAudit('settings.update')).toMatchObject({ before: { totpRequired: false }, after: { totpRequired: true } });

    const me = await adminCall(t, 'GET', '/api/admin/me', member.cookie);
    expect(me.json()).toMatchObject({ mustSetUpTotp: true });
    const blocked = await adminCall(t, 'POST', '/api/admin/account/password', member.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another long password',
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errorCode).toBe('-2006');
    // The owner is sent to set up too: staff management is closed to them until then.
    expect((await adminCall(t, 'GET', '/api/admin/staff', owner.cookie)).json().errorCode).toBe('-2006');

    const secret = await turnOn(member.cookie);
    expect(
      (await adminCall(t, 'POST', '/api/admin/account/totp/confirm', member.cookie, { code: totpCodeAt(secret, t.clock.now()) }))
        .statusCode,
    ).toBe(200);
    expect((await adminCall(t, 'GET', '/api/admin/me', member.cookie)).json()).toMatchObject({ mustSetUpTotp: false });
    t.clock.set(START.getTime() + 30_000);
    const off = await adminCall(t, 'POST', '/api/admin/account/totp/disable', member.cookie, {
      password: TEST_PASSWORD,
      code: totpCodeAt(secret, t.clock.now()),
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().errorCode).toBe('-2007');
    const fresh = await signIn(t, owner.member.email, TEST_PASSWORD, '10.3.0.3');
    expect(fresh.json()).toMatchObject({ mustSetUpTotp: true });
  });
});

describe('re-authentication before changing the password or the codes', () => {
  it('sets codes up only after the password: a session alone enrols no authenticator', async () => {
    const me = await signedInAs(t, 'manager');
    const none = await adminCall(t, 'POST', '/api/admin/account/totp/setup', me.cookie, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual([{ path: 'password', code: 'required-password' }]);
    const wrong = await adminCall(t, 'POST', '/api/admin/account/totp/setup', me.cookie, { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: '-2011', fields: [{ path: 'password', code: 'wrong-current-password' }] });
    expect((await t.db.query('select totp_secret from staff where id = $1', [me.member.id])).rows).toEqual([{ totp_secret: null }]);
    expect((await adminCall(t, 'POST', '/api/admin/account/totp/setup', me.cookie, { password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('asks a member with codes on for a current code to change the password', async () => {
    const me = await signedInAs(t, 'support');
    const setup = await adminCall(t, 'POST', '/api/admin/account/totp/setup', me.cookie, { password: TEST_PASSWORD });
    const secret = setup.json().secret as string;
    await adminCall(t, 'POST', '/api/admin/account/totp/confirm', me.cookie, { code: totpCodeAt(secret, t.clock.now()) });
    t.clock.set(START.getTime() + 30_000);
    const without = await adminCall(t, 'POST', '/api/admin/account/password', me.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new password',
    });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ errorCode: '-2005', fields: [{ path: 'code', code: 'wrong-totp' }] });
    const done = await adminCall(t, 'POST', '/api/admin/account/password', me.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new password',
      code: totpCodeAt(secret, t.clock.now()),
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('stops guessing a code to turn codes off after 5 wrong tries (429 with Retry-After, even for the right answer) until the window has passed', async () => {
    const me = await signedInAs(t, 'support');
    const secret = (await adminCall(t, 'POST', '/api/admin/account/totp/setup', me.cookie, { password: TEST_PASSWORD })).json()
      .secret as string;
    await adminCall(t, 'POST', '/api/admin/account/totp/confirm', me.cookie, { code: totpCodeAt(secret, t.clock.now()) });
    t.clock.set(START.getTime() + 60_000);
    const right = totpCodeAt(secret, t.clock.now());
    const wrongCodes = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((c) => c !== right).slice(0, 5);
    for (const code of wrongCodes) {
      expect((await adminCall(t, 'POST', '/api/admin/account/totp/disable', me.cookie, { password: TEST_PASSWORD, code })).statusCode).toBe(
        400,
      );
    }
    const limited = await adminCall(t, 'POST', '/api/admin/account/totp/disable', me.cookie, {
      password: TEST_PASSWORD,
      code: right,
      lang: 'en',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errorCode).toBe('-1029');
    expect(Number(limited.headers['retry-after'])).toBe(15 * 60);
    expect((await adminCall(t, 'GET', '/api/admin/account', me.cookie)).json()).toMatchObject({ totpEnabled: true });
    // Nor can the password be guessed meanwhile: the tries are the account's, whatever the call.
    expect(
      (
        await adminCall(t, 'POST', '/api/admin/account/password', me.cookie, {
          currentPassword: 'guess',
          newPassword: 'a brand new password',
        })
      ).statusCode,
    ).toBe(429);

    t.clock.set(START.getTime() + 60_000 + 15 * 60_000);
    const later = await adminCall(t, 'POST', '/api/admin/account/totp/disable', me.cookie, {
      password: TEST_PASSWORD,
      code: totpCodeAt(secret, t.clock.now()),
    });
    expect(later.statusCode, later.body).toBe(200);
  });

  it("counts each password check against the caller's address, answering 429 before any hashing once it is spent", async () => {
    const me = await signedInAs(t, 'manager');
    // The address has spent its window on sign-ins already (the limit is shared with them).
    await t.db.query("insert into staff_sign_in_attempts (ip, attempted_at) select '127.0.0.1', $1 from generate_series(1, 20)", [START]);
    const refused = await adminCall(t, 'POST', '/api/admin/account/password', me.cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new password',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('-1029');
    // Refused before the member's own tries were touched.
    expect((await t.db.query('select 1 from staff_reauth_failures where staff_id = $1', [me.member.id])).rows).toEqual([]);
  });
});

describe('the audit log browser', () => {
  it("filters by member, action, subject and days in the venue's time zone, newest first, paged", async () => {
    t.clock.set(new Date('2026-11-25T20:30:00Z'));
    const owner = await signedInAs(t, 'owner');
    const member = await addTestStaff(t, 'support');
    await adminCall(t, 'PATCH', `/api/admin/staff/${member.id}`, owner.cookie, { name: 'Late renamed' });
    const all = await adminCall(t, 'GET', `/api/admin/audit?staffId=${owner.member.id}`, owner.cookie);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body.entries.every((e: { staff: { id: number } }) => e.staff.id === owner.member.id)).toBe(true);
    expect(body.entries[0]).toMatchObject({
      action: 'staff.update',
      subjectType: 'staff',
      subjectId: String(member.id),
      before: { name: 'Test support' },
      after: { name: 'Late renamed' },
      staff: { id: owner.member.id, email: owner.member.email },
    });
    expect(body.actions).toEqual(expect.arrayContaining(['staff.add', 'staff.sign-in', 'staff.update']));
    const bySubject = await adminCall(
      t,
      'GET',
      `/api/admin/audit?subjectType=staff&subjectId=${member.id}&action=staff.update`,
      owner.cookie,
    );
    expect(bySubject.json().total).toBe(1);
    // 20:30 UTC on the 25th is past midnight of the 26th in Almaty.
    const inDay = await adminCall(
      t,
      'GET',
      `/api/admin/audit?action=staff.update&from=2026-11-26&to=2026-11-26&subjectId=${member.id}`,
      owner.cookie,
    );
    expect(inDay.json().total).toBe(1);
    const before = await adminCall(t, 'GET', `/api/admin/audit?action=staff.update&to=2026-11-25&subjectId=${member.id}`, owner.cookie);
    expect(before.json().total).toBe(0);
    const page2 = await adminCall(t, 'GET', '/api/admin/audit?page=2', owner.cookie);
    expect(page2.json()).toMatchObject({ page: 2, pageSize: 50 });
    expect((await adminCall(t, 'GET', '/api/admin/audit?from=yesterday', owner.cookie)).statusCode).toBe(400);
  });
});

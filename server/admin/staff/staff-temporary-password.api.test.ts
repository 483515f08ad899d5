import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_LOCK_AFTER_FAILURES, STAFF_LOCK_MS } from '../../../contract/admin/staff-rules.ts';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { TEST_PASSWORD, addTestStaff, adminCall, sessionCookie, signIn, signedInAs } from './staff-test-kit.ts';

const START = new Date('2026-11-21T10:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(START);
  await t.db.query('delete from staff_sign_in_attempts');
  await t.db.query('delete from staff_reauth_failures');
});

const lastAudit = async (action: string) =>
  (
    await t.db.query<{ staff_id: number | null; subject_id: string | null; before: unknown; after: unknown }>(
      'select staff_id, subject_id, before, after from audit_log where action = $1 order by id desc limit 1',
      [action],
    )
  ).rows[0];

/** A member the owner adds with a made-up password, signed in with it: their session's cookie. */
async function addedByOwner(owner: string, role: 'support' | 'controller' = 'support') {
  const email = `temporary-${role}-${Math.random().toString(36).slice(2)}@venue.test`;
  const added = await adminCall(t, 'POST', '/api/admin/staff', owner, { email, name: 'Пётр Временный', role });
  expect(added.statusCode, added.body).toBe(200);
  const { member, initialPassword } = added.json() as { member: { id: number; mustChangePassword: boolean }; initialPassword: string };
  expect(member.mustChangePassword).toBe(true);
  const session = await signIn(t, email, initialPassword, '10.7.0.1');
  expect(session.statusCode, session.body).toBe(200);
  expect(session.json()).toMatchObject({ mustChangePassword: true, mustSetUpTotp: false });
  return { id: member.id, email, initialPassword, cookie: sessionCookie(session.headers['set-cookie']) };
}

describe('a password an owner set is temporary', () => {
  it('lets the session only change it (403 -2015 elsewhere, the door too), refuses the same one again, and opens everything once changed', async () => {
    const owner = (await signedInAs(t, 'owner')).cookie;
    const member = await addedByOwner(owner);

    const orders = await adminCall(t, 'GET', '/api/admin/orders?q=ivan&lang=en', member.cookie);
    expect(orders.statusCode).toBe(403);
    expect(orders.json()).toEqual({
      errorCode: '-2015',
      errorText: 'Change your temporary password first: until then the back office allows only changing it.',
    });
    const door = await adminCall(t, 'GET', '/api/checkin/sessions', member.cookie);
    expect(door.statusCode).toBe(403);
    expect(door.json().errorCode).toBe('-2015');
    const me = await adminCall(t, 'GET', '/api/admin/me', member.cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().mustChangePassword).toBe(true);
    expect((await adminCall(t, 'GET', '/api/admin/account', member.cookie)).statusCode).toBe(200);

    // Typed again, the owner's password would stay the member's: refused on its field.
    const same = await adminCall(t, 'POST', '/api/admin/account/password', member.cookie, {
      currentPassword: member.initialPassword,
      newPassword: member.initialPassword,
      lang: 'en',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual([{ path: 'newPassword', code: 'password-unchanged' }]);
    expect((await adminCall(t, 'GET', '/api/admin/orders?q=ivan', member.cookie)).statusCode).toBe(403);

    const changed = await adminCall(t, 'POST', '/api/admin/account/password', member.cookie, {
      currentPassword: member.initialPassword,
      newPassword: 'my own long passphrase',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await lastAudit('staff.password-change'))?.staff_id).toBe(member.id);
    expect((await adminCall(t, 'GET', '/api/admin/me', member.cookie)).json().mustChangePassword).toBe(false);
    expect((await adminCall(t, 'GET', '/api/admin/orders?q=ivan', member.cookie)).statusCode).toBe(200);
    expect((await adminCall(t, 'GET', '/api/checkin/sessions', member.cookie)).statusCode).toBe(200);
    const again = await signIn(t, member.email, 'my own long passphrase', '10.7.0.2');
    expect(again.json().mustChangePassword).toBe(false);
  });

  it('is temporary when the owner types it too, and again after a reset, whose new password must be changed as well', async () => {
    const owner = (await signedInAs(t, 'owner')).cookie;
    const email = `typed-${Math.random().toString(36).slice(2)}@venue.test`;
    const added = await adminCall(t, 'POST', '/api/admin/staff', owner, {
      email,
      name: 'Typed',
      role: 'manager',
      password: 'the owner typed this',
    });
    expect(added.json().member.mustChangePassword).toBe(true);
    const first = await signIn(t, email, 'the owner typed this', '10.7.1.1');
    expect(first.json().mustChangePassword).toBe(true);
    const cookie = sessionCookie(first.headers['set-cookie']);
    expect(
      (
        await adminCall(t, 'POST', '/api/admin/account/password', cookie, {
          currentPassword: 'the owner typed this',
          newPassword: 'mine and only mine',
        })
      ).statusCode,
    ).toBe(200);
    const id = added.json().member.id as number;
    expect(
      (await adminCall(t, 'GET', '/api/admin/staff', owner)).json().staff.find((m: { id: number }) => m.id === id).mustChangePassword,
    ).toBe(false);

    const reset = await adminCall(t, 'POST', `/api/admin/staff/${id}/password`, owner, {});
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().member.mustChangePassword).toBe(true);
    const afterReset = await signIn(t, email, reset.json().initialPassword, '10.7.1.2');
    expect(afterReset.json().mustChangePassword).toBe(true);
    expect(
      (
        await adminCall(t, 'GET', '/api/admin/reports/sales?from=2026-11-01&to=2026-11-21', sessionCookie(afterReset.headers['set-cookie']))
      ).json().errorCode,
    ).toBe('-2015');
  });

  it('is not asked of members set up from the command line (the operator sets their own)', async () => {
    const member = await addTestStaff(t, 'support');
    const session = await signIn(t, member.email, TEST_PASSWORD, '10.7.2.1');
    expect(session.json().mustChangePassword).toBe(false);
  });
});

describe('an owner unlocks a locked member', () => {
  async function lockOut(email: string, ip: string) {
    for (let i = 0; i < STAFF_LOCK_AFTER_FAILURES; i++) await signIn(t, email, 'not the password at all', ip);
    expect((await signIn(t, email, TEST_PASSWORD, ip)).statusCode).toBe(401);
  }

  it('lifts the lock at every address without touching the password, audited; the member signs in again where they were locked', async () => {
    const owner = await signedInAs(t, 'owner');
    const member = await addTestStaff(t, 'support');
    await lockOut(member.email, '10.8.0.1');
    await lockOut(member.email, '10.8.0.2');
    const listed = async () =>
      (await adminCall(t, 'GET', '/api/admin/staff', owner.cookie)).json().staff.find((m: { id: number }) => m.id === member.id);
    expect((await listed()).lockedUntil).toBe(new Date(START.getTime() + STAFF_LOCK_MS).toISOString());

    const unlocked = await adminCall(t, 'POST', `/api/admin/staff/${member.id}/unlock?lang=en`, owner.cookie);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().member).toMatchObject({ id: member.id, lockedUntil: null, mustChangePassword: false });
    expect((await listed()).lockedUntil).toBeNull();
    expect(await lastAudit('staff.unlock')).toMatchObject({
      staff_id: owner.member.id,
      subject_id: String(member.id),
      before: { lockedUntil: new Date(START.getTime() + STAFF_LOCK_MS).toISOString() },
      after: { lockedAddresses: 2 },
    });
    expect((await signIn(t, member.email, TEST_PASSWORD, '10.8.0.1')).statusCode).toBe(200);
    expect((await signIn(t, member.email, TEST_PASSWORD, '10.8.0.2')).statusCode).toBe(200);
  });

  it('shows a lock that has run out as none, and answers 404 for an unknown member', async () => {
    const member = await addTestStaff(t, 'controller');
    await lockOut(member.email, '10.8.1.1');
    t.clock.set(new Date(START.getTime() + STAFF_LOCK_MS + 1000));
    // Signed in after the lock ran out (a session idle that long would have ended).
    const owner2 = await signedInAs(t, 'owner');
    const listed = (await adminCall(t, 'GET', '/api/admin/staff', owner2.cookie))
      .json()
      .staff.find((m: { id: number }) => m.id === member.id);
    expect(listed.lockedUntil).toBeNull();
    const unknown = await adminCall(t, 'POST', '/api/admin/staff/999999/unlock?lang=en', owner2.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('-2010');
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../../../tests/harness.ts';
import { DEVICE, paidTickets, prepareDoor, withKey } from '../../checkin/checkin-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

const AT = new Date('2026-11-27T09:00:00Z');
/** A key for the test day only (Moscow, the venue's default zone). */
const TODAY = { validFrom: '2026-11-27', validTo: '2026-11-27' };
let t: TestApp;
const openDoor = async () => {
  t = await createTestApp({ demo: false, clock: createClock(AT) });
  await prepareDoor(t.db, AT);
};
/** A test that admits, makes keys or counts them gets an app of its own. */
function appPerTest() {
  beforeEach(openDoor);
  afterEach(() => t.close());
}

describe('check-in with a staff session', () => {
  appPerTest();

  it('admits a ticket scanned by a signed-in controller, and names the controller on the second scan', async () => {
    const { member, cookie } = await signedInAs(t, 'controller');
    const { tickets } = await paidTickets(t.db, AT);
    const code = tickets[0]?.code;
    const first = await adminCall(t, 'POST', '/api/checkin/scan', cookie, { code, deviceId: DEVICE });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ verdict: 'admitted' });
    const second = await adminCall(t, 'POST', '/api/checkin/scan', cookie, { code, deviceId: DEVICE });
    expect(second.json()).toMatchObject({ verdict: 'already-used', usedBy: `${member.name} · ${DEVICE.slice(0, 6)}` });
    const { rows } = await t.db.query<{ staff_id: number }>('select staff_id from checkins');
    expect(rows).toEqual([{ staff_id: member.id }]);
  });

  it('lists the sessions of today for a signed-in controller and refuses without a session', async () => {
    const { cookie } = await signedInAs(t, 'controller');
    const listed = await adminCall(t, 'GET', '/api/checkin/sessions', cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().sessions.map((s: { sessionId: number }) => s.sessionId)).toEqual([9000]);
    expect((await adminCall(t, 'GET', '/api/checkin/sessions', undefined)).statusCode).toBe(401);
  });
});

describe('device keys in the back office', () => {
  appPerTest();

  it('makes a key shown once, lists the device without it, admits with it, and refuses it once revoked; both changes audited', async () => {
    const { member, cookie } = await signedInAs(t, 'manager');
    const made = await adminCall(t, 'POST', '/api/admin/checkin/devices', cookie, { name: '  Турникет 1 ', ...TODAY });
    expect(made.statusCode, made.body).toBe(200);
    const { device, key } = made.json<{ device: { id: number; name: string }; key: string }>();
    expect(device.name).toBe('Турникет 1');
    expect(key).toMatch(/^ckd_[\w-]{43}$/);
    const listed = await adminCall(t, 'GET', '/api/admin/checkin/devices', cookie);
    // It expires at the end of its last day in the venue's time zone (Moscow midnight is 21:00 UTC).
    expect(listed.json().devices).toMatchObject([
      {
        id: device.id,
        name: 'Турникет 1',
        revokedAt: null,
        validFrom: '2026-11-27',
        validTo: '2026-11-27',
        expiresAt: '2026-11-27T21:00:00.000Z',
        sessionIds: null,
        createdBy: 'Test manager',
        lastUsedAt: null,
      },
    ]);
    expect(listed.body).not.toContain(key);

    const { tickets } = await paidTickets(t.db, AT, { quantity: 2 });
    expect((await withKey(t, '/api/checkin/scan', key, { code: tickets[0]?.code, deviceId: DEVICE })).json()).toMatchObject({
      verdict: 'admitted',
    });
    // Its last use is shown.
    expect((await adminCall(t, 'GET', '/api/admin/checkin/devices', cookie)).json().devices[0].lastUsedAt).toBe(AT.toISOString());

    const revoked = await adminCall(t, 'POST', `/api/admin/checkin/devices/${device.id}/revoke`, cookie);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().device.revokedAt).toBe(AT.toISOString());
    expect((await withKey(t, '/api/checkin/scan', key, { code: tickets[1]?.code, deviceId: DEVICE })).statusCode).toBe(401);
    expect((await adminCall(t, 'POST', '/api/admin/checkin/devices/424242/revoke', cookie)).statusCode).toBe(404);

    const audit = await t.db.query<{ action: string; staff_id: number; subject_id: string }>(
      "select action, staff_id, subject_id from audit_log where action like 'checkin-device.%' order by id",
    );
    expect(audit.rows).toEqual([
      { action: 'checkin-device.create', staff_id: member.id, subject_id: String(device.id) },
      { action: 'checkin-device.revoke', staff_id: member.id, subject_id: String(device.id) },
    ]);
    expect(JSON.stringify(audit.rows)).not.toContain(key);
  });

  it("admits, lists and counts only within a key's days and sessions, and refuses the key after its last day", async () => {
    const { cookie } = await signedInAs(t, 'owner');
    const make = async (body: Record<string, unknown>) =>
      (await adminCall(t, 'POST', '/api/admin/checkin/devices', cookie, { name: 'Турникет', ...body })).json<{ key: string }>().key;
    const todayOnly = await make(TODAY);
    const nextWeekOnly = await make({ validFrom: '2026-11-27', validTo: '2026-12-04', sessionIds: [9001] });
    const today = (await paidTickets(t.db, AT, { quantity: 2 })).tickets;
    const nextWeek = (await paidTickets(t.db, AT, { sessionId: 9001 })).tickets;
    const scan = (key: string, code: string | undefined, sessionIds?: number[]) =>
      withKey(t, '/api/checkin/scan', key, { code, deviceId: DEVICE, ...(sessionIds ? { sessionIds } : {}) });

    // Outside its days or sessions a key admits nothing, even when it names the session itself.
    expect((await scan(todayOnly, nextWeek[0]?.code, [9001])).json()).toMatchObject({ verdict: 'wrong-session' });
    expect((await scan(nextWeekOnly, today[0]?.code, [9000])).json()).toMatchObject({ verdict: 'wrong-session' });
    expect((await t.db.query('select 1 from checkins')).rows).toHaveLength(0);
    expect((await scan(todayOnly, today[0]?.code)).json()).toMatchObject({ verdict: 'admitted' });
    expect((await scan(nextWeekOnly, nextWeek[0]?.code, [9001])).json()).toMatchObject({ verdict: 'admitted' });

    const get = (key: string, url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
    expect((await get(todayOnly, '/api/checkin/sessions?date=2026-12-04')).json().sessions).toEqual([]);
    expect((await get(nextWeekOnly, '/api/checkin/sessions')).json().sessions).toEqual([]);
    expect((await get(nextWeekOnly, '/api/checkin/sessions?date=2026-12-04')).json().sessions).toMatchObject([{ sessionId: 9001 }]);
    const outside = await get(todayOnly, '/api/checkin/activity?sessionIds=9000,9001');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().errorCode).toBe('-2201');
    const inside = await get(todayOnly, '/api/checkin/activity?sessionIds=9000');
    expect(inside.statusCode, inside.body).toBe(200);
    // The last admissions name no holder: a name is shown only for the ticket being scanned.
    expect(inside.json().recent).toHaveLength(1);
    expect(Object.keys(inside.json().recent[0]).sort()).toEqual(['at', 'codeEnd', 'device', 'event', 'sessionId']);

    t.clock.set(new Date('2026-11-27T20:59:59Z'));
    expect((await scan(todayOnly, today[1]?.code)).json()).toMatchObject({ verdict: 'admitted' });
    t.clock.set(new Date('2026-11-27T21:00:00Z'));
    const expired = await get(todayOnly, '/api/checkin/sessions?date=2026-11-27');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errorCode).toBe('-2200');
  });

  it('revokes the keys a member made when the member is disabled, and refuses them at once', async () => {
    const { cookie: ownerCookie } = await signedInAs(t, 'owner');
    const { member, cookie } = await signedInAs(t, 'manager');
    const { key } = (await adminCall(t, 'POST', '/api/admin/checkin/devices', cookie, { name: 'Турникет менеджера', ...TODAY })).json<{
      key: string;
    }>();
    const get = () => t.app.inject({ method: 'GET', url: '/api/checkin/sessions', headers: { authorization: `Bearer ${key}` } });
    expect((await get()).statusCode).toBe(200);

    const disabled = await adminCall(t, 'PATCH', `/api/admin/staff/${member.id}`, ownerCookie, { disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await get()).statusCode).toBe(401);
    const listed = (await adminCall(t, 'GET', '/api/admin/checkin/devices', ownerCookie)).json().devices;
    expect(listed).toMatchObject([{ name: 'Турникет менеджера', revokedAt: AT.toISOString() }]);
    const audit = await t.db.query<{ after: unknown }>(
      "select after from audit_log where action = 'staff.update' order by id desc limit 1",
    );
    expect(audit.rows[0]?.after).toEqual({ disabled: true, devicesRevoked: 1 });
  });
});

// Refused keys make nothing (each proves it), so the refusals share one app and one owner.
describe('device keys refused', () => {
  let cookie: string;
  beforeAll(async () => {
    await openDoor();
    ({ cookie } = await signedInAs(t, 'owner'));
  });
  afterAll(() => t.close());

  it.each([
    { description: 'an empty name', body: { name: '   ' }, code: 'required-device-name' },
    { description: 'a name over 100 characters', body: { name: 'x'.repeat(101) }, code: 'device-name-too-long' },
    { description: 'no name', body: {}, code: 'required-device-name' },
  ])('refuses $description with 400 on the name field and makes nothing', async ({ body, code }) => {
    const response = await adminCall(t, 'POST', '/api/admin/checkin/devices', cookie, { ...TODAY, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: '-1002', fields: [{ path: 'name', code }] });
    expect((await t.db.query('select 1 from checkin_devices')).rows).toHaveLength(0);
  });

  it.each([
    { description: 'no days', body: { validFrom: undefined, validTo: undefined }, path: 'validFrom', code: 'required-device-day' },
    {
      description: 'a last day before the first',
      body: { validFrom: '2026-11-28', validTo: '2026-11-27' },
      path: 'validTo',
      code: 'device-days-reversed',
    },
    {
      description: 'more than 31 days',
      body: { validFrom: '2026-11-27', validTo: '2026-12-28' },
      path: 'validTo',
      code: 'device-days-too-many',
    },
    {
      description: 'days already over',
      body: { validFrom: '2026-11-20', validTo: '2026-11-26' },
      path: 'validTo',
      code: 'device-days-past',
    },
    {
      description: 'a session outside its days',
      body: { ...{ validFrom: '2026-11-27', validTo: '2026-11-27' }, sessionIds: [9001] },
      path: 'sessionIds',
      code: 'device-sessions-outside',
    },
    {
      description: 'a session that does not exist',
      body: { ...{ validFrom: '2026-11-27', validTo: '2026-11-27' }, sessionIds: [4242] },
      path: 'sessionIds',
      code: 'device-sessions-outside',
    },
  ])('refuses a key with $description on its field and makes nothing', async ({ body, path, code }) => {
    const response = await adminCall(t, 'POST', '/api/admin/checkin/devices', cookie, { name: 'Турникет', ...body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: '-1002', fields: expect.arrayContaining([{ path, code }]) });
    expect((await t.db.query('select 1 from checkin_devices')).rows).toHaveLength(0);
  });
});

describe('GET /api/admin/registry/reports', () => {
  appPerTest();

  it('lists the failing reports with their reason for a manager', async () => {
    await paidTickets(t.db, AT, { pushkin: true });
    await t.db.query("update registry_reports set attempts = 2, last_error = 'HTTP 503: unavailable'");
    const { cookie } = await signedInAs(t, 'manager');
    const response = await adminCall(t, 'GET', '/api/admin/registry/reports?lang=en', cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      configured: false,
      unsent: 1,
      reports: [{ kind: 'ticket', attempts: 2, lastError: 'HTTP 503: unavailable', event: 'Событие' }],
    });
  });
});

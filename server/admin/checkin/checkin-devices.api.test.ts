import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../../../tests/harness.ts';
import { DEVICE, paidTickets, prepareDoor, withKey } from '../../checkin/checkin-test-kit.ts';
import { TEST_SCRYPT_COST, adminCall, signedInAs } from '../staff/staff-test-kit.ts';

const AT = new Date('2026-11-27T09:00:00Z');
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ demo: false, clock: createClock(AT), deps: { staffScryptCost: TEST_SCRYPT_COST } });
  await prepareDoor(t.db, AT);
});
afterEach(() => t.close());

describe('check-in with a staff session', () => {
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
  it('makes a key shown once, lists the device without it, admits with it, and refuses it once revoked; both changes audited', async () => {
    const { member, cookie } = await signedInAs(t, 'manager');
    const made = await adminCall(t, 'POST', '/api/admin/checkin/devices', cookie, { name: '  Турникет 1 ' });
    expect(made.statusCode, made.body).toBe(200);
    const { device, key } = made.json<{ device: { id: number; name: string }; key: string }>();
    expect(device.name).toBe('Турникет 1');
    expect(key).toMatch(/^ckd_[\w-]{43}$/);
    const listed = await adminCall(t, 'GET', '/api/admin/checkin/devices', cookie);
    expect(listed.json().devices).toMatchObject([{ id: device.id, name: 'Турникет 1', revokedAt: null }]);
    expect(listed.body).not.toContain(key);

    const { tickets } = await paidTickets(t.db, AT, { quantity: 2 });
    expect((await withKey(t, '/api/checkin/scan', key, { code: tickets[0]?.code, deviceId: DEVICE })).json()).toMatchObject({ verdict: 'admitted' });

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

  it.each([
    { description: 'an empty name', body: { name: '   ' }, code: 'required-device-name' },
    { description: 'a name over 100 characters', body: { name: 'x'.repeat(101) }, code: 'device-name-too-long' },
    { description: 'no name', body: {}, code: 'required-device-name' },
  ])('refuses $description with 400 on the name field and makes nothing', async ({ body, code }) => {
    const { cookie } = await signedInAs(t, 'owner');
    const response = await adminCall(t, 'POST', '/api/admin/checkin/devices', cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: '-1002', fields: [{ path: 'name', code }] });
    expect((await t.db.query('select 1 from checkin_devices')).rows).toHaveLength(0);
  });
});

describe('GET /api/admin/registry/reports', () => {
  it('lists the failing reports with their reason for a manager', async () => {
    await paidTickets(t.db, AT, { pushkin: true });
    await t.db.query("update registry_reports set attempts = 2, last_error = 'HTTP 503: unavailable'");
    const { cookie } = await signedInAs(t, 'manager');
    const response = await adminCall(t, 'GET', '/api/admin/registry/reports?lang=en', cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ configured: false, unsent: 1, reports: [{ kind: 'ticket', attempts: 2, lastError: 'HTTP 503: unavailable', event: 'Событие' }] });
  });
});

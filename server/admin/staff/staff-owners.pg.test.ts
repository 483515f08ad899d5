import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { adminCall, signedInAs } from './staff-test-kit.ts';
import { totpCodeAt } from './totp.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so nothing overlaps there.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    clock: createClock(new Date('2026-11-21T10:00:00Z')),
  });
});
afterAll(() => t.close());

describe('racing staff changes on PostgreSQL', () => {
  it('two last owners demoting each other at once: one succeeds, one owner stays', async () => {
    const a = await signedInAs(t, 'owner');
    const b = await signedInAs(t, 'owner');
    await t.db.query("update staff set role = 'manager' where role = 'owner' and id not in ($1, $2)", [a.member.id, b.member.id]);
    const answers = await Promise.all([
      adminCall(t, 'PATCH', `/api/admin/staff/${b.member.id}`, a.cookie, { role: 'manager' }),
      adminCall(t, 'PATCH', `/api/admin/staff/${a.member.id}`, b.cookie, { role: 'manager' }),
    ]);
    const statuses = answers.map((r) => r.statusCode).sort();
    // The loser is refused as the last owner, or (if the winner demoted it first) as no longer an owner.
    expect(statuses[0], answers.map((r) => r.body).join('\n')).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const owners = await t.db.query("select id from staff where role = 'owner' and not disabled");
    expect(owners.rows).toHaveLength(1);
  });

  it('the same one-time code sent twice at once signs in once', async () => {
    const me = await signedInAs(t, 'support');
    const setup = (
      await adminCall(t, 'POST', '/api/admin/account/totp/setup', me.cookie, { password: 'correct horse battery' })
    ).json() as { secret: string };
    await adminCall(t, 'POST', '/api/admin/account/totp/confirm', me.cookie, { code: totpCodeAt(setup.secret, t.clock.now()) });
    t.clock.set(t.clock.now() + 30_000);
    const code = totpCodeAt(setup.secret, t.clock.now());
    const csrf = await t.csrfToken();
    const tries = await Promise.all(
      [1, 2, 3].map((i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/session',
          payload: { email: me.member.email, password: 'correct horse battery', totpCode: code },
          remoteAddress: `10.9.0.${i}`,
          headers: { 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
        }),
      ),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });
});

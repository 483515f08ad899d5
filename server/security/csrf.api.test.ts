import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { adminCall, signedInAs } from '../admin/staff/staff-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orderCount = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]?.n;

// Fastify's router decodes the path, so a percent-encoded address reaches the same route as the
// plain one; the CSRF check must see the route, not the raw address.
describe('the CSRF check of state-changing API calls', () => {
  it.each([
    { url: '/%61pi/order/create' },
    { url: '/%61%70%69/order/create?lang=en' },
    { url: '/api/%6Frder/create' },
    { url: '/api/order/create%2Dscheme' },
    { url: '/%61pi/order/discount' },
    { url: '/%61pi/confirm-nominal' },
  ])('refuses POST $url from a foreign origin without a token, and changes nothing', async ({ url }) => {
    const before = await orderCount();
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { lang: 'en' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errorCode: '-1000', errorText: expect.stringMatching(/\S/) });
    expect(await orderCount()).toBe(before);
  });

  it('refuses POST to an encoded API address that carries X-Requested-With but a forged token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/order/create',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': 'forged.token.sig' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('-1000');
  });

  it("refuses a staff call with an anonymous token or another session's, and takes the session's own", async () => {
    const staffApp = await createTestApp({ demo: false });
    try {
      const a = await signedInAs(staffApp, 'manager');
      const b = await signedInAs(staffApp, 'manager');
      const call = (token: string) =>
        staffApp.app.inject({
          method: 'POST',
          url: '/api/admin/sessions/revoke-all',
          headers: { cookie: a.cookie, 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
        });
      for (const token of [await staffApp.csrfToken(), await staffApp.csrfToken(b.cookie)]) {
        const refused = await call(token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().errorCode).toBe('-1000');
      }
      expect((await adminCall(staffApp, 'GET', '/api/admin/me', a.cookie)).statusCode).toBe(200);
      expect((await call(await staffApp.csrfToken(a.cookie))).statusCode).toBe(200);
      expect((await adminCall(staffApp, 'GET', '/api/admin/me', a.cookie)).statusCode).toBe(401);
    } finally {
      await staffApp.close();
    }
  });

  it('keeps the storefront working for an anonymous visitor: an unbound token passes', async () => {
    const token = (await t.app.inject({ method: 'GET', url: '/api/token' })).json<{ token: string }>().token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/create',
      headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('-1002');
  });

  it('lets the same call through the check with a token (it is then validated as usual)', async () => {
    const res = await t.post('/%61pi/order/create', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('-1002');
  });
});

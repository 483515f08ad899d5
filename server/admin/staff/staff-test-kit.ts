import { expect } from 'vitest';
import type { StaffRole } from '../../../contract/admin/roles.ts';
import { type TestApp, createTestApp } from '../../../tests/harness.ts';
import { TEST_SCRYPT_COST } from '../../../tests/scrypt-cost.ts';
import { preparePaymentCatalog } from '../../payments/payment-test-kit.ts';
import { addStaffMember } from './staff-accounts.ts';
import { STAFF_SESSION_COOKIE } from './guard.ts';

export const TEST_PASSWORD = 'correct horse battery';

const CLI = { staffId: null, ip: 'cli', userAgent: null };

let counter = 0;
/** Adds a member of staff with a fresh e-mail (or the given one) and the test password. */
export async function addTestStaff(t: TestApp, role: StaffRole, email = `${role}-${++counter}-${Date.now()}@venue.test`) {
  return addStaffMember(t.db, { email, name: `Test ${role}`, role, password: TEST_PASSWORD }, CLI, {
    now: t.clock.now,
    cost: TEST_SCRYPT_COST,
  });
}

/** The session cookie of a Set-Cookie header, as a Cookie header sends it back. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? '');
  const match = new RegExp(`${STAFF_SESSION_COOKIE}=([\\w-]+)`).exec(header);
  expect(match, header).not.toBeNull();
  return `${STAFF_SESSION_COOKIE}=${match?.[1] ?? ''}`;
}

export async function signIn(t: TestApp, email: string, password = TEST_PASSWORD, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'x-csrf-token': await t.csrfToken(), 'x-requested-with': 'XMLHttpRequest' },
  });
}

/** Signs a new member of the role in and answers the Cookie header of the session. */
export async function signedInAs(t: TestApp, role: StaffRole) {
  const member = await addTestStaff(t, role);
  const response = await signIn(t, member.email);
  expect(response.statusCode, response.body).toBe(200);
  return { member, cookie: sessionCookie(response.headers['set-cookie']) };
}

/** An admin call as the back office sends it: the session cookie, the CSRF token, X-Requested-With. */
export async function adminCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string | undefined,
  body?: unknown,
) {
  return t.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    headers: {
      // A staff session's calls carry a token bound to it, as the back office fetches it with the cookie.
      'x-csrf-token': await t.csrfToken(cookie),
      'x-requested-with': 'XMLHttpRequest',
      ...(cookie ? { cookie } : {}),
    },
  });
}

/**
 * The app the back office's races run on: the payment test catalog (500 places) and a signed-in
 * manager, whose session cookie is answered.
 */
export async function managerOnPaymentCatalog(): Promise<{ t: TestApp; manager: string }> {
  const t = await createTestApp({ demo: false });
  await preparePaymentCatalog(t, { capacity: 500 });
  return { t, manager: (await signedInAs(t, 'manager')).cookie };
}

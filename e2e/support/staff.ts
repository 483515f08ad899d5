import { type APIRequestContext, type Page, expect, request as requests, test } from '@playwright/test';

/** The owner e2e/start-server.ts adds through `npm run staff` before the server starts. */
export const E2E_OWNER = { email: 'owner@e2e.test', name: 'Анна Владелец', password: 'e2e owner password' } as const;

/** Signs in to the back office at /admin as a visitor does, through the sign-in form. */
export async function signInToAdmin(page: Page, email: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/**
 * Signs out of the back office and waits for its sign-in form: a navigation right after the click
 * could cut the sign-out's call short and leave the member signed in.
 */
export async function signOutOfAdmin(page: Page) {
  await page.getByRole('button', { name: 'Выйти', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Вход в бэк-офис' })).toBeVisible();
}

/**
 * Adds a member of staff through the owner's own call (the owner signs in on `request`, which
 * keeps the session cookie), for specs about what another role sees and does. A password an owner
 * sets is temporary, so the member then changes it to `password` on a request context of their
 * own, as the first sign-in asks: the spec signs in with `password` and finds the back office open.
 */
export async function addStaffMember(
  request: APIRequestContext,
  member: { email: string; name: string; role: 'manager' | 'support' | 'controller' | 'cashier'; password: string },
) {
  const { token } = (await (await request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  const session = await request.post('/api/admin/session', { headers, data: { email: E2E_OWNER.email, password: E2E_OWNER.password } });
  expect(session.ok(), await session.text()).toBeTruthy();
  // A staff session's calls need a token bound to it: fetched again now that the cookie is the owner's.
  const bound = (await (await request.get('/api/token')).json()) as { token: string };
  const temporary = `${member.password} (temporary)`;
  const added = await request.post('/api/admin/staff', {
    headers: { ...headers, 'x-csrf-token': bound.token },
    data: { ...member, password: temporary, lang: 'ru' },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const own = await requests.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const first = (await (await own.get('/api/token')).json()) as { token: string };
    const signedIn = await own.post('/api/admin/session', {
      headers: { ...headers, 'x-csrf-token': first.token },
      data: { email: member.email, password: temporary },
    });
    expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
    const mine = (await (await own.get('/api/token')).json()) as { token: string };
    const changed = await own.post('/api/admin/account/password', {
      headers: { ...headers, 'x-csrf-token': mine.token },
      data: { currentPassword: temporary, newPassword: member.password },
    });
    expect(changed.ok(), await changed.text()).toBeTruthy();
  } finally {
    await own.dispose();
  }
}

/**
 * The back office's page of the order placed with `email` (found by the orders list's search),
 * its first ticket chosen by keyboard and its exchange dialog opened, as staff do: answers the
 * tickets' table and the dialog. Needs a member signed in who may exchange.
 */
export async function openTicketExchange(page: Page, email: string) {
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  const orderLink = page.getByRole('table').getByRole('link').first();
  await expect(orderLink).toBeVisible();
  await orderLink.click();
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
  const tickets = page.getByRole('table', { name: 'Билеты' });
  const first = tickets.getByRole('checkbox').first();
  await first.focus();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await page.getByRole('button', { name: 'Обменять выбранные (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Обмен билетов: 1' });
  await expect(dialog).toBeVisible();
  return { tickets, dialog };
}

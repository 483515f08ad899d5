import { expect, test } from '@playwright/test';
import { ownEvent } from './support/own-event.ts';
import { createDemoOrder, payDemoOrder } from './support/orders.ts';
import { waitForMail } from './support/mail.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

test('an owner cancels a session: the dry run by payment type, the confirmation, the progress to the end, and the buyer’s e-mail', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const run = `${Date.now()}${test.info().workerIndex}`;
  const email = `cancel.${run}@example.com`;
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  // A staff call takes a token fetched with the staff session's cookie.
  const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  const own = await ownEvent(page.request, headers, run);
  await payDemoOrder(page.request, await createDemoOrder(page.request, { event: own.hash, quantity: 2, email }));

  // From the event's page, the session's own actions.
  await page.goto(`/admin/catalog/events/${own.eventId}`);
  await page.getByRole('link', { name: 'Перенести или отменить' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Перенос и отмена сеанса' })).toBeVisible();

  await page.getByRole('button', { name: 'Посчитать возвраты' }).click();
  const plan = page.getByRole('table', { name: 'Будет возвращено' });
  await expect(plan.getByRole('row', { name: /^Банковская карта 1 2 / })).toBeVisible();
  await expect(plan.getByRole('row', { name: /^Пушкинская карта 0 0 / })).toBeVisible();

  // No reason: refused on its field, nothing cancelled.
  await page.getByRole('button', { name: 'Отменить сеанс и вернуть деньги' }).click();
  await expect(page.getByText('Укажите причину.')).toBeVisible();
  await expect(page.getByLabel('Причина отмены')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Причина отмены').fill('Болезнь солиста');
  await page.getByRole('button', { name: 'Отменить сеанс и вернуть деньги' }).click();
  // The job settles the order within a few of its runs; the page follows its progress.
  await expect(page.getByRole('heading', { level: 2, name: 'Отмена завершена' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Обработано заказов: 1 из 1')).toBeVisible();
  await expect(page.getByText('Ошибок нет.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Возвращено' }).getByRole('row', { name: /^Банковская карта 1 2 / })).toBeVisible();

  const mail = await waitForMail((text) => text.includes('Организатор отменил') && text.includes(run), 60_000);
  expect(mail).toContain('Мы полностью возвращаем деньги');
});

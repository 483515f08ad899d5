import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { wcagViolations } from './support/axe.ts';
import { chooseSessionOf } from './support/checkin.ts';
import { createDemoOrder, payDemoOrder, ticketCodesOf } from './support/orders.ts';
import { ownEvent } from './support/own-event.ts';
import { expectNoSidewaysScroll } from './support/sideways.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

test('a ticket scanned at the door is counted on the visits page, by category and in the 8-НК file, and the page works at 320 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}${test.info().workerIndex}`;
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  // An event of this run's own, every category a student-card concession, no entry window: the
  // scan today admits, and no other spec's visits are counted under it.
  const own = await ownEvent(page.request, headers, run, (draft) => ({
    ...draft,
    categories: draft.categories.map((c) => ({ ...c, concession: { document: 'student-card' } })),
  }));
  const hash = await createDemoOrder(page.request, { event: own.hash, quantity: 1 });
  await payDemoOrder(page.request, hash);
  const [code = ''] = await ticketCodesOf(page.request, hash);

  await page.goto('/checkin');
  await chooseSessionOf(page, code, `e2e-visits-${run}`.slice(0, 60));
  await page.getByLabel('Код билета').fill(code);
  await page.getByLabel('Код билета').press('Enter');
  await expect(page.getByRole('status').first()).toContainText('Проходите');

  // The page is in the menu beside the sales reports, its period today's month on the venue's calendar.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/admin/');
  // On a phone the menu is folded behind its button.
  const menu = page.getByRole('navigation', { name: 'Меню' });
  await menu.getByRole('button', { name: 'Меню' }).click();
  await menu.getByRole('link', { name: 'Посещения (8-НК, 9-НК)', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Посещения' })).toBeVisible();
  await expect(page.getByText(/^Всего посещений: \d+$/)).toBeVisible();

  // Narrowed to this run's event: one visit, on its concession category, age unknown (an unnamed ticket).
  const eventName = `Постоянная экспозиция «Город сквозь века» ${run}`;
  await page.getByLabel('Мероприятие').selectOption({ label: eventName });
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(new RegExp(`eventId=${own.eventId}`));
  await expect(page.getByText('Всего посещений: 1', { exact: true })).toBeVisible();
  const byCategory = page.getByRole('table', { name: 'По категориям цены' });
  const row = byCategory.getByRole('row').filter({ hasText: eventName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('да');
  await expect(row.getByRole('cell').last()).toHaveText('1');
  const byAge = page.getByRole('table', { name: 'По возрасту' });
  await expect(
    byAge
      .getByRole('row', { name: /возраст не указан/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('1');
  await expect(
    byAge
      .getByRole('row', { name: /до 14 лет/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('0');
  await expectNoSidewaysScroll(page);

  // The 8-НК file of the same period and event counts the same visit, as a concession.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Форма 8-НК (музеи): CSV (запятая)' }).click();
  const lines = (await readFile((await (await downloading).path()) as string, 'utf8')).split('\r\n');
  expect(lines).toContain('1,Число посещений — всего,1,1,0');
  expect(lines).toContain('2,из них посетителей льготных категорий,1,1,0');
  expect(lines).toContain('5,возраст не указан в билете,1,1,0');

  // A day with no admissions says so instead of empty tables.
  await page.getByLabel('С', { exact: true }).fill('2020-01-01');
  await page.getByLabel('По', { exact: true }).fill('2020-01-01');
  await page.getByLabel('Мероприятие').selectOption({ label: 'Все мероприятия' });
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page.getByText('За этот период никто не прошёл на вход.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await wcagViolations(page, 'main')).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { ownEvent } from './support/own-event.ts';
import { expectNoSidewaysScroll } from './support/sideways.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

test.use({ viewport: { width: 320, height: 640 } });

test('on a 320 px phone, an owner makes a category a student concession for Wednesdays and the last Thursday, once a month, with an entry window', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}${test.info().workerIndex}`;
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  const own = await ownEvent(page.request, headers, run, (draft) => draft);

  await page.goto(`/admin/catalog/events/${own.eventId}`);
  const perSession = page.getByRole('button', { name: 'Цены по сеансам и зонам' });
  await expect(perSession).toBeVisible();
  if ((await perSession.getAttribute('aria-pressed')) !== 'true') await perSession.click();

  const concession = page.locator('details').filter({ hasText: 'Льгота: документ, возраст, дни, лимит' }).first();
  await concession.getByText('Льгота: документ, возраст, дни, лимит').click();
  await concession.getByLabel('Документ, который проверяют на входе').selectOption({ label: 'Студенческий билет' });
  await concession.getByLabel('Возраст от (полных лет)').fill('16');
  await concession.getByRole('checkbox', { name: 'Среда' }).check();
  await concession.getByLabel('Который', { exact: true }).selectOption({ label: 'Последний' });
  await concession.getByLabel('День недели', { exact: true }).selectOption({ label: 'Четверг' });
  await concession.getByRole('button', { name: 'Добавить день' }).click();
  await expect(concession.getByText('Последний Четверг месяца')).toBeVisible();
  await concession.getByLabel('Билетов на посетителя в месяц').fill('1');
  await expectNoSidewaysScroll(page);

  await page.getByLabel('Вход за … минут до сеанса').fill('15');
  await page.getByLabel('Вход до … минут после начала').fill('30');
  await page.getByRole('button', { name: 'Сохранить' }).first().click();

  await expect
    .poll(async () => {
      const stored = (await (await page.request.get(`/api/admin/catalog/events/${own.eventId}`)).json()) as {
        event: { entryBeforeMinutes?: number; entryAfterMinutes?: number; categories: { concession?: unknown }[] };
      };
      return {
        before: stored.event.entryBeforeMinutes,
        after: stored.event.entryAfterMinutes,
        concession: stored.event.categories[0]?.concession,
      };
    })
    .toEqual({
      before: 15,
      after: 30,
      concession: {
        document: 'student-card',
        documentText: {},
        ageFrom: 16,
        weekdays: [3],
        monthDays: [],
        monthWeekdays: [{ nth: -1, weekday: 4 }],
        monthlyLimit: 1,
      },
    });

  // An age range the wrong way round is refused on its field, in the member's language.
  await page.reload();
  if ((await perSession.getAttribute('aria-pressed')) !== 'true') await perSession.click();
  const again = page.locator('details').filter({ hasText: 'Льгота: документ, возраст, дни, лимит' }).first();
  await again.getByText('Льгота: документ, возраст, дни, лимит').click();
  await expect(again.getByText('Последний Четверг месяца')).toBeVisible();
  await again.getByLabel('Возраст до (включительно)').fill('10');
  await page.getByRole('button', { name: 'Сохранить' }).first().click();
  await expect(again.getByLabel('Возраст до (включительно)')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSidewaysScroll(page);
});

import { expect, test } from '@playwright/test';
import { chooseSessionOf } from './support/checkin.ts';
import { createDemoOrder, payDemoOrder, ticketCodesOf } from './support/orders.ts';
import { ownEvent } from './support/own-event.ts';
import { expectNoSidewaysScroll } from './support/sideways.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a student-card category: the storefront says what to bring, the door says what to check, too early, and the controller lets the visitor in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}${test.info().workerIndex}`;
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  // The session is more than a day ahead: a scan today is before its entry window.
  const own = await ownEvent(page.request, headers, run, (draft) => ({
    ...draft,
    entryBeforeMinutes: 15,
    entryAfterMinutes: 30,
    categories: draft.categories.map((c) => ({ ...c, concession: { document: 'student-card' } })),
  }));

  // The storefront names the document on the price choice.
  await page.goto(`/event/${own.hash}`);
  await expect(page.getByText('При входе предъявите: Студенческий билет').first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  const hash = await createDemoOrder(page.request, { event: own.hash, quantity: 1 });
  await payDemoOrder(page.request, hash);
  const [code = ''] = await ticketCodesOf(page.request, hash);

  await page.goto('/checkin');
  await expect(page.getByRole('heading', { name: 'Проверка билетов' })).toBeVisible();
  await chooseSessionOf(page, code, `e2e-conc-${run}`.slice(0, 60));
  const input = page.getByLabel('Код билета');
  const verdict = page.getByRole('status').first();
  await input.fill(code);
  await input.press('Enter');
  await expect(verdict).toContainText('Слишком рано');
  await expect(verdict).toContainText('Студенческий билет');
  await expect(verdict).toContainText('Вход по этому билету: с');
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Всё равно пропустить' }).click();
  await expect(verdict).toContainText('Проходите');
  await expect(verdict).toContainText('Студенческий билет');
  await expect(page.getByRole('button', { name: 'Всё равно пропустить' })).toHaveCount(0);

  // Once in, it is used, whatever the time.
  await input.fill(code);
  await input.press('Enter');
  await expect(verdict).toContainText('Билет уже использован');
  await expectNoSidewaysScroll(page);

  // The override is in the audit log as a sentence.
  await page.goto('/admin/audit');
  await expect(page.getByText(/пропустил\(а\) по билету .* раньше интервала входа/).first()).toBeVisible();
});

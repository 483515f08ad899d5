import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { createDemoOrder, payDemoOrder, ticketCodesOf } from './support/orders.ts';
import { chooseSessionOf } from './support/checkin.ts';
import { E2E_OWNER } from './support/staff.ts';

test.describe('door check-in', () => {
  test('a member of staff on door duty signs in, admits a ticket by typing its code and is refused the second time', async ({
    page,
    request,
  }) => {
    const hash = await createDemoOrder(request, { quantity: 1 });
    await payDemoOrder(request, hash);
    const [code] = await ticketCodesOf(request, hash);
    expect(code).toMatch(/^\d{16}$/);

    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto('/checkin');
    await expect(page.getByRole('heading', { name: 'Вход для контролёра' })).toBeVisible();
    await page.getByLabel('E-mail').fill(E2E_OWNER.email);
    await page.getByLabel('Пароль').fill(E2E_OWNER.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('heading', { name: 'Проверка билетов' })).toBeVisible();

    // The demo sells no session today: with no session chosen the ticket is for another date.
    const input = page.getByLabel('Код билета');
    // The verdict is the page's first live region (the offline count is the other).
    const verdict = page.getByRole('status').first();
    await input.fill(code ?? '');
    await input.press('Enter');
    await expect(verdict).toContainText('Другая дата или событие');
    await expect(verdict).toContainText('Город сквозь века');

    // The controller opens the ticket's day and ticks its session (the door's API tells which).
    const ticket = await chooseSessionOf(page, code ?? '', 'e2e-probe-0001');

    await input.fill(code ?? '');
    await page.getByRole('button', { name: 'Проверить' }).click();
    await expect(verdict).toContainText('Проходите');
    await expect(verdict).toContainText(ticket.event);
    await expect(input).toBeFocused();
    // Other specs may admit to the same session at once: the admission shows in the last scans.
    await expect(page.getByRole('listitem').filter({ hasText: `…${(code ?? '').slice(-4)}` })).toBeVisible();
    await expect(
      page
        .getByRole('row', { name: new RegExp(`${ticket.time} · `) })
        .getByRole('cell')
        .first(),
    ).not.toHaveText('0');

    await input.fill(code ?? '');
    await input.press('Enter');
    await expect(verdict).toContainText('Билет уже использован');
    await expect(verdict).toContainText(E2E_OWNER.name);

    const widest = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > 321)
        .map((e) => `${e.tagName}.${e.className}`),
    );
    expect(widest).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const rules = ['color-contrast', 'label', 'aria-allowed-attr', 'aria-valid-attr-value', 'region', 'th-has-data-cells', 'target-size'];
    expect(await axeViolations(page, rules, 'body')).toEqual([]);
  });

  test('scans made without network are kept, sent when it is back, and admitted', async ({ page, request, context }) => {
    const hash = await createDemoOrder(request, { quantity: 1 });
    await payDemoOrder(request, hash);
    const [code] = await ticketCodesOf(request, hash);
    await page.goto('/checkin');
    await page.getByLabel('E-mail').fill(E2E_OWNER.email);
    await page.getByLabel('Пароль').fill(E2E_OWNER.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('heading', { name: 'Проверка билетов' })).toBeVisible();
    await chooseSessionOf(page, code ?? '', 'e2e-probe-0002');
    // The page has its CSRF token already: going offline now is a door losing its network.
    const input = page.getByLabel('Код билета');
    await input.fill('1000000000000001');
    await input.press('Enter');
    await expect(page.getByRole('status').first()).toContainText('Билет не найден');

    await context.setOffline(true);
    await input.fill(code ?? '');
    await input.press('Enter');
    await expect(page.getByRole('status').first()).toContainText('Нет сети: скан сохранён');
    await expect(page.getByText('Ждёт отправки: 1 скан')).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText('Ждёт отправки: 1 скан')).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: `…${(code ?? '').slice(-4)}` })).toBeVisible();
  });
});

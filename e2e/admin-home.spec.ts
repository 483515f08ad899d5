import { expect, test } from '@playwright/test';
import { codeChunks, loadedChunks } from './support/chunks.ts';
import { wcagViolations } from './support/axe.ts';
import { E2E_OWNER, addStaffMember, signInToAdmin } from './support/staff.ts';

test.describe('the back office home page', () => {
  test('an owner sees the first steps, each ticked or with where to do it; a manager the day; a controller the way to the door', async ({
    page,
    request,
    browser,
  }) => {
    const run = `${Date.now()}${test.info().workerIndex}`;
    await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
    const steps = page.getByRole('region', { name: 'Первые шаги' });
    await expect(steps.getByRole('listitem')).toHaveCount(5);
    // The sandbox pays here: the payment step is open and names the server's settings to change.
    await expect(page.getByTestId('first-step-payment')).toContainText('Платёжный провайдер: не выполнено');
    await expect(page.getByTestId('first-step-payment')).toContainText('PAY_CARD_PROVIDER');
    // The demo's published events have sessions ahead: the event step is ticked and offers no link.
    await expect(page.getByTestId('first-step-event')).toContainText('Первое событие: выполнено');
    await expect(page.getByTestId('first-step-event').getByRole('link')).toHaveCount(0);
    // The owner also sees the venue's day.
    await expect(page.getByRole('region', { name: /^Сегодня, / })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Последние заказы' })).toBeVisible();
    expect(await wcagViolations(page)).toEqual([]);

    // A member added: the staff step is ticked once the page asks again.
    await addStaffMember(request, {
      email: `home.controller.${run}@e2e.test`,
      name: 'Дина Контролёр',
      role: 'controller',
      password: 'controller home password',
    });
    await page.reload();
    await expect(page.getByTestId('first-step-staff')).toContainText('Сотрудники: выполнено');

    // At 320 px, by keyboard: the open venue step's link leads to the setup page.
    await page.setViewportSize({ width: 320, height: 720 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const venueLink = page.getByTestId('first-step-venue').getByRole('link');
    if ((await venueLink.count()) > 0) {
      await venueLink.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/admin\/setup$/);
    }

    // A controller: no figures, the door's screen.
    const context = await browser.newContext();
    const controller = await context.newPage();
    await signInToAdmin(controller, `home.controller.${run}@e2e.test`, 'controller home password');
    const screens = controller.getByRole('region', { name: 'Ваши экраны' });
    await expect(screens.getByRole('link', { name: 'Проверка билетов' })).toHaveAttribute('href', '/checkin');
    await expect(controller.getByRole('region', { name: 'Первые шаги' })).toHaveCount(0);
    await expect(controller.getByRole('region', { name: 'Последние заказы' })).toHaveCount(0);
    expect(await wcagViolations(controller)).toEqual([]);
    await context.close();
  });
});

// A page of its own chunk loads before the member opens it: the page of the address at boot, and
// the page a link opens when the member is about to follow it (preloadAdminPage, admin-app.tsx;
// web/lib/screen-intent.ts). Opened then, it renders at once instead of suspending into the page
// skeleton, which React shows for at least 300 ms (web/lib/lazy-page.test.tsx proves that part).
test.describe('the back office loads a page before the member opens it', () => {
  test("the page of the address opened loads at boot, beside the sign-in; only that page's", async ({ page }) => {
    const pages = codeChunks('orders-search-page', 'staff-page', 'session-change-page', 'event-form-page');
    // The sign-in page at the home's address loads no other page.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Вход в бэк-офис' })).toBeVisible();
    expect(await loadedChunks(page, pages)).toEqual([]);
    // Signed out, no page renders: a page's code comes from the boot's preload alone (the second
    // address is also the event form's, after the session change's in the routes).
    for (const [path, chunk] of [
      ['/admin/orders', 'orders-search-page'],
      ['/admin/catalog/events/5/sessions/7', 'session-change-page'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Вход в бэк-офис' })).toBeVisible();
      await expect.poll(() => loadedChunks(page, pages)).toEqual([chunk]);
    }
  });

  test("a menu link's page loads when the keyboard's focus reaches the link", async ({ page }) => {
    await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
    const offers = page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Скидки и услуги' });
    await expect(offers).toBeVisible();
    const loaded = () => loadedChunks(page, codeChunks('promo-codes-page'));
    expect(await loaded()).toEqual([]);
    await offers.focus();
    await expect.poll(loaded).toEqual(['promo-codes-page']);
    await offers.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Промокоды' })).toBeVisible();
  });

  // A chunk that does not load (a new version replaced it, the connection dropped): the error view
  // in the shell, its menu still there, and a reload that fetches the current version.
  test('a page whose code does not load shows the error view in the shell; reloading opens the page', async ({ page }) => {
    await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
    await expect(page.getByRole('heading', { level: 1, name: `Здравствуйте, ${E2E_OWNER.name}` })).toBeVisible();
    const { 'staff-page': staffPage } = codeChunks('staff-page');
    await page.route(
      (url) => staffPage?.test(url.pathname) ?? false,
      (route) => route.abort(),
    );
    const menu = page.getByRole('navigation', { name: 'Меню' });
    await menu.getByRole('link', { name: 'Сотрудники' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Страница не открылась' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Скидки и услуги' })).toBeVisible();
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Обновить страницу' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Сотрудники' })).toBeVisible();
  });
});

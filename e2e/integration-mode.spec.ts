import { type Page, expect, test } from '@playwright/test';

const ORDER_HASH = 'Zx8pQ2rT5vW9yB3dF6hJ1k';

/** The venue's setup with is_integration = 1, as GET /api/setup would answer it. */
async function turnOnIntegration(page: Page) {
  await page.route('**/api/setup', async (route) => {
    const response = await route.fetch();
    const setup = (await response.json()) as { is_integration: number };
    await route.fulfill({ response, json: { ...setup, is_integration: 1 } });
  });
}

/** A short window, scrolled past the 400 px at which the scroll-to-top button appears. */
async function openScrolledContacts(page: Page) {
  await page.setViewportSize({ width: 320, height: 240 });
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Контакты' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 600));
}

test.describe('integration mode (setup is_integration = 1)', () => {
  test('the shell leaves out the header, footer and scroll-to-top button the host page provides', async ({ page }) => {
    await turnOnIntegration(page);
    await openScrolledContacts(page);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Наверх' })).toHaveCount(0);
    // The storefront's own navigation stays.
    await expect(page.getByRole('link', { name: 'Назад к выбору билетов' })).toBeAttached();
  });

  test('the same page without integration mode has them all', async ({ page }) => {
    await openScrolledContacts(page);
    await expect(page.getByRole('banner')).toBeAttached();
    await expect(page.getByRole('contentinfo')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Наверх' })).toBeVisible();
  });

  test('the older order path /{lang}/order/view/{hash} is the order page itself, in its language', async ({ page }) => {
    await turnOnIntegration(page);
    await page.goto(`/en/order/view/${ORDER_HASH}`);
    await expect(page).toHaveTitle('Tickets — Order');
    await expect(page).toHaveURL((url) => url.pathname === `/en/order/view/${ORDER_HASH}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('without integration mode the older order path moves to /order/{hash}', async ({ page }) => {
    await page.goto(`/kz/order/view/${ORDER_HASH}`);
    await expect(page).toHaveURL((url) => url.pathname === `/order/${ORDER_HASH}` && url.searchParams.get('lang') === 'kz');
    await expect(page.getByRole('banner')).toBeVisible();
  });
});

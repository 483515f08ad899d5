import { type Locator, type Page, expect, test } from '@playwright/test';
import { createDemoOrder } from './support/orders.ts';

// The order page for a visitor on the keyboard, on a short window or zoomed in: the payment
// footer never hides what they need, and focus never falls back to the top of the page.

const payFooter = (page: Page) => page.getByRole('region', { name: 'Оплатить' });
const payButton = (page: Page) => payFooter(page).getByRole('button', { name: /^(Оплатить|Переходим к оплате…)$/ });

async function openOrder(page: Page, hash: string) {
  await page.goto(`/order/${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: /Заказ № \d+/ })).toBeVisible();
  await expect(payFooter(page)).toBeVisible();
}

/** Whether a click at the element's centre would reach it, not something drawn over it. */
function isUncovered(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/** How much of the window's height the payment footer covers, as a fraction. */
function footerShare(page: Page) {
  return payFooter(page).evaluate((footer) => {
    const box = footer.getBoundingClientRect();
    const covered = Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0));
    return covered / window.innerHeight;
  });
}

const scrollToEnd = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

test.describe('the payment footer', () => {
  test('leaves the site footer links and the scroll-to-top button clickable at the end of the page', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openOrder(page, await createDemoOrder(request));
    await scrollToEnd(page);
    const site = page.getByRole('contentinfo');
    for (const name of ['Контакты', 'Пользовательское соглашение']) {
      await expect.poll(() => isUncovered(site.getByRole('link', { name })), { message: name }).toBe(true);
    }
    // A lower window scrolls past 400 px, where the scroll-to-top button shows.
    await page.setViewportSize({ width: 1280, height: 600 });
    await scrollToEnd(page);
    await expect.poll(() => isUncovered(page.getByRole('button', { name: 'Наверх' }))).toBe(true);
  });

  test('keeps a loyalty field reached with Tab above the footer', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openOrder(page, await createDemoOrder(request));
    const card = page.getByRole('textbox', { name: 'Номер карты лояльности' });
    // From the promo field, without scrolling, as a visitor tabbing down from the top would.
    await page.getByRole('textbox', { name: 'Промокод' }).evaluate((field: HTMLElement) => {
      window.scrollTo(0, 0);
      field.focus({ preventScroll: true });
    });
    for (let i = 0; i < 3 && !(await card.evaluate((field) => field === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(card).toBeFocused();
    const fieldBottom = await card.evaluate((field) => field.getBoundingClientRect().bottom);
    const footerTop = await payFooter(page).evaluate((footer) => footer.getBoundingClientRect().top);
    expect(fieldBottom).toBeLessThanOrEqual(footerTop);
  });

  for (const { width, height, what } of [
    { width: 640, height: 360, what: 'a phone held sideways' },
    { width: 640, height: 450, what: 'a 1280x900 window at 200%' },
    { width: 320, height: 225, what: 'a 1280x900 window at 400%' },
  ]) {
    test(`on ${what} (${width}x${height}) covers less than a third of the window and scrolls to Pay`, async ({ page, request }) => {
      await page.setViewportSize({ width, height });
      await openOrder(page, await createDemoOrder(request));
      expect(await footerShare(page)).toBeLessThan(1 / 3);
      await page.getByRole('heading', { name: 'Карта лояльности и промокод' }).scrollIntoViewIfNeeded();
      expect(await footerShare(page)).toBeLessThan(1 / 3);
      await payButton(page).scrollIntoViewIfNeeded();
      expect(await isUncovered(payButton(page))).toBe(true);
    });
  }

  for (const { width, height } of [
    { width: 360, height: 640 },
    { width: 320, height: 568 },
    { width: 1280, height: 900 },
  ]) {
    test(`stays at the bottom of a ${width}x${height} window while the order is read`, async ({ page, request }) => {
      await page.setViewportSize({ width, height });
      await openOrder(page, await createDemoOrder(request));
      const box = await payFooter(page).evaluate((footer) => footer.getBoundingClientRect().toJSON() as DOMRect);
      expect(Math.round(box.bottom)).toBe(height);
      if (width < 900) expect(Math.round(box.width)).toBe(width);
      expect(await isUncovered(payButton(page))).toBe(true);
    });
  }
});

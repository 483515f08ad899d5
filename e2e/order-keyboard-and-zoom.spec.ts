import { type Locator, type Page, expect, test } from '@playwright/test';
import { waitForMail } from './support/mail.ts';
import { createDemoOrder, orderNumberOf } from './support/orders.ts';

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

/** Opened from `opener` by keyboard, the dialog closes by Escape, then by its 'Закрыть', each time handing focus back. */
async function expectFocusBackOnClose(page: Page, opener: Locator, dialog: Locator) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
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

  test('on a phone, the scroll-to-top button sits above the stuck footer, not on Pay', async ({ page, request }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openOrder(page, await createDemoOrder(request));
    // Mid-page, past the 400 px where the button shows, with the footer stuck to the window's bottom.
    await page.evaluate(() => window.scrollTo(0, 450));
    const up = page.getByRole('button', { name: 'Наверх' });
    await expect(up).toBeVisible();
    await expect.poll(() => isUncovered(payButton(page))).toBe(true);
    await expect.poll(() => isUncovered(up)).toBe(true);
    const upBottom = await up.evaluate((button) => button.getBoundingClientRect().bottom);
    const footerTop = await payFooter(page).evaluate((footer) => footer.getBoundingClientRect().top);
    expect(upBottom).toBeLessThanOrEqual(footerTop);
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

test.describe('the order page dialogs', () => {
  test('Escape or × on the special offers returns focus to the button that opened them', async ({ page, request }) => {
    await openOrder(page, await createDemoOrder(request));
    const opener = page.getByRole('button', { name: 'Специальные предложения' });
    const sidebar = page.getByRole('dialog', { name: 'Специальные предложения' });
    await expectFocusBackOnClose(page, opener, sidebar);
  });

  test('Escape on the "no offers chosen" question only dismisses it, back on Pay', async ({ page, request }) => {
    await openOrder(page, await createDemoOrder(request));
    await payButton(page).focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog', { name: 'Специальные предложения' });
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Специальные предложения' })).toHaveCount(0);
    await expect(payButton(page)).toBeFocused();

    // 'Выбрать предложения' still leads to the offers.
    await page.keyboard.press('Enter');
    await question.getByRole('button', { name: 'Выбрать предложения' }).click();
    await expect(page.getByRole('dialog', { name: 'Специальные предложения' })).toBeVisible();
  });

  test('closing the QR payment modal returns focus to Pay', async ({ page, request }) => {
    await openOrder(page, await createDemoOrder(request));
    await payFooter(page).getByRole('radio', { name: 'СБП по QR-коду' }).check();
    await payButton(page).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('alertdialog', { name: 'Специальные предложения' })
      .getByRole('button', { name: 'Оплатить без предложений' })
      .press('Enter');
    const modal = page.getByRole('dialog', { name: /Оплата заказа №\d+/ });
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await expect(payButton(page)).toBeFocused();
  });

  test('closing a ticket code returns focus to its button', async ({ page, request }) => {
    const hash = await createDemoOrder(request);
    await openOrder(page, hash);
    await payFooter(page).getByRole('radio', { name: 'Банковская карта' }).check();
    await payButton(page).click();
    await page
      .getByRole('alertdialog', { name: 'Специальные предложения' })
      .getByRole('button', { name: 'Оплатить без предложений' })
      .click();
    await expect(page).toHaveURL(/\/sandbox\/pay$/);
    await page.getByRole('button', { name: /^Оплатить/ }).click();
    await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();

    const opener = page.getByRole('button', { name: 'QR-код билета' });
    const codes = page.getByRole('dialog', { name: /Город сквозь века/ });
    await expectFocusBackOnClose(page, opener, codes);
  });
});

test.describe('the loyalty block keeps the keyboard where it was', () => {
  test('a promo code: focus stays in the field while it is checked, refused or applied', async ({ page, request }) => {
    await openOrder(page, await createDemoOrder(request));
    const promo = page.getByRole('textbox', { name: 'Промокод' });
    await promo.fill('NOPE1');
    await promo.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Недействительный промокод' })).toBeVisible();
    await expect(promo).toBeFocused();

    await promo.fill('DEMO10');
    await promo.press('Enter');
    await expect(page.getByText('Промокод DEMO10 применён')).toBeVisible();
    await expect(promo).toBeFocused();

    await page.keyboard.press('Tab');
    const cancel = page.getByRole('button', { name: 'Отменить', exact: true });
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Промокод DEMO10 применён')).toHaveCount(0);
    // The same button, now 'Применить' (not usable with an empty field), keeps focus.
    await expect(page.getByRole('button', { name: 'Применить', exact: true })).toBeFocused();
  });

  test('a loyalty card and bonuses: focus goes on to the control shown next', async ({ page, request }) => {
    const hash = await createDemoOrder(request);
    await openOrder(page, hash);
    const card = page.getByRole('textbox', { name: 'Номер карты лояльности' });
    await card.fill('1000200030004000');
    await card.press('Enter');
    const code = page.getByRole('textbox', { name: 'Код из письма' });
    await expect(code).toBeFocused();
    const number = await orderNumberOf(request, hash);
    const mail = await waitForMail((t) => t.includes('•••• 4000') && t.includes(`№ ${number}:`));
    await code.fill(new RegExp(`№ ${number}: (\\d{6})`).exec(mail)?.[1] ?? '');
    await code.press('Enter');
    const bonuses = page.getByRole('textbox', { name: /Списать бонусов/ });
    await expect(bonuses).toBeFocused();

    await bonuses.fill('100');
    await bonuses.press('Enter');
    await expect(page.getByText('Списано бонусов: 100')).toBeVisible();
    const cancel = page.getByRole('button', { name: 'Отменить списание' });
    await expect(cancel).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(page.getByText('Списано бонусов: 100')).toHaveCount(0);
    await expect(bonuses).toBeFocused();
  });
});

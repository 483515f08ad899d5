import type { Browser, Page } from '@playwright/test';

/**
 * The buyer's phone opening a QR code's link: a browser context of its own, as a second device
 * is. A page of the order's context would share its installed clock (a context has one), and a
 * bank page that sends the phone on to a storefront page while that clock fast-forwards left the
 * call waiting on it past the test's timeout.
 */
export async function withPhone(browser: Browser, url: string, use: (phone: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ locale: 'ru-RU' });
  try {
    const phone = await context.newPage();
    await phone.goto(url);
    await use(phone);
  } finally {
    await context.close();
  }
}

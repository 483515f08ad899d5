import type { Page } from '@playwright/test';
import { dateButtons } from './date-slider.ts';

/**
 * The answer of every image captcha the captcha e2e server draws (e2e/captcha-server.ts). It is
 * drawn from the captcha alphabet, so the image looks like any other; a visitor would read it
 * off the picture, the test knows it.
 */
export const E2E_CAPTCHA_ANSWER = 'K7WPX';

/** The digits of every audio captcha the captcha e2e server speaks (e2e/captcha-server.ts). */
export const E2E_CAPTCHA_DIGITS = '40817';

/** The SmartCaptcha server's client key (e2e/support/smartcaptcha-setup.json), which the validate fake pairs with its secret. */
export const E2E_SMARTCAPTCHA_SITEKEY = 'ysc1_e2e-client-key';

/** Fills the buyer's fields and consents of an order form. */
export async function fillBuyer(page: Page) {
  await page.getByLabel('ФИО').fill('Иван Петров');
  await page.getByLabel('Телефон').fill('+7 999 901-02-03');
  await page.getByLabel('E-mail', { exact: true }).fill('ivan@example.com');
  await page.getByLabel('Повторите e-mail').fill('ivan@example.com');
  await page.getByRole('checkbox', { name: /Я принимаю условия покупки/ }).check();
  await page.getByRole('checkbox', { name: 'Даю согласие на обработку персональных данных' }).check();
}

/** Opens the demo's quantity event, chooses its first day at 12:00 and one adult ticket, and fills the buyer. */
export async function fillEventOrder(page: Page) {
  await page.goto('/event/city-through-centuries');
  await dateButtons(page.getByRole('group', { name: 'Выберите дату' }))
    .first()
    .click();
  await page.getByRole('button', { name: /^12:00/ }).click();
  await page.getByRole('button', { name: 'Добавить билет: Взрослый', exact: true }).click();
  await fillBuyer(page);
}

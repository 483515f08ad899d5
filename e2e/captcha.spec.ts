import { type Locator, type Page, expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { E2E_CAPTCHA_ANSWER, E2E_CAPTCHA_DIGITS } from './support/captcha.ts';
import { dateButtons } from './support/date-slider.ts';
import { fillBuyer, fillEventOrder } from './support/orders.ts';

// Runs in the 'captcha' project (playwright.config.ts): a server whose setup turns the image
// captcha on and whose every image shows E2E_CAPTCHA_ANSWER (e2e/captcha-server.ts).

const captchaDialog = (page: Page) => page.getByRole('dialog', { name: 'Введите код' });
const imageButton = (dialog: Locator) => dialog.getByRole('button', { name: 'Картинка с кодом, нажмите, чтобы обновить' });

/** Waits for a drawn image (not the loading placeholder) and answers its source (a PNG data: URI). */
async function shownImage(dialog: Locator) {
  const image = imageButton(dialog).getByRole('img');
  await expect(image).toBeVisible();
  return image.getAttribute('src');
}

/** Types a wrong code first (a new image comes), then the right one, as a visitor who mistyped. */
async function solveCaptcha(page: Page) {
  const dialog = captchaDialog(page);
  await expect(dialog).toBeVisible();
  const code = dialog.getByLabel('Код с картинки');
  await expect(code).toHaveAttribute('maxlength', '8');
  const first = await shownImage(dialog);
  // The browser decodes the server's PNG, drawn at twice its 160 × 56 CSS size.
  const image = imageButton(dialog).getByRole('img');
  await expect(image).toHaveJSProperty('naturalWidth', 320);
  expect(await image.boundingBox()).toMatchObject({ width: 160, height: 56 });

  // Clicking the image draws a new one.
  await imageButton(dialog).click();
  await expect.poll(() => shownImage(dialog)).not.toBe(first);

  await code.fill('AAAAA');
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(dialog.getByText('Неверный код, попробуйте ещё раз')).toBeVisible();
  await expect(code).toHaveValue('');
  await expect(code).toBeFocused();

  await code.fill(E2E_CAPTCHA_ANSWER);
  await dialog.getByRole('button', { name: 'Отправить' }).click();
}

test('on the scheme page the visitor passes the image captcha and reaches the order', async ({ page }) => {
  await page.goto('/scheme/tchaikovsky-symphony-night');
  await page.getByRole('region', { name: 'Дата мероприятия' }).getByRole('listitem').first().getByRole('button').click();
  await expect(page.getByRole('img', { name: /Схема зала/ })).toBeVisible();
  await page.getByText('Выбор мест списком').click();
  await page.getByLabel('Сектор').selectOption({ label: 'Партер' });
  await page.getByLabel('Ряд', { exact: true }).selectOption({ label: '5' });
  await page.getByRole('button', { name: /^Место 4, / }).click();
  const cart = page.getByRole('region', { name: /Моя корзина/ });
  await expect(cart.getByText('Партер · Ряд 5 · Место 4')).toBeVisible();
  await fillBuyer(page);

  // Cancelling the captcha sends nothing; the cart stays.
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await captchaDialog(page).getByRole('button', { name: 'Отменить' }).click();
  await expect(captchaDialog(page)).toBeHidden();
  await expect(cart.getByText('Партер · Ряд 5 · Место 4')).toBeVisible();

  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await solveCaptcha(page);
  await expect(page).toHaveURL(/\/order\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
  await expect(page.getByText('Ряд 5')).toBeVisible();
});

test('on the event page the visitor passes the image captcha and reaches the order', async ({ page }) => {
  await fillEventOrder(page);
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await solveCaptcha(page);
  await expect(page).toHaveURL(/\/order\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
});

test('on the event page at 320 px the visitor passes the audio captcha instead and reaches the order', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await fillEventOrder(page);
  await page.getByRole('button', { name: 'Оформить заказ' }).click();

  const dialog = captchaDialog(page);
  await shownImage(dialog);
  await dialog.getByRole('button', { name: 'Прослушать код' }).press('Enter');
  // The player takes the focus and gets the server's recording: a WAV the browser can decode.
  const player = dialog.getByLabel('Запись с кодом');
  await expect(player).toBeFocused();
  await expect(player).toHaveAttribute('src', /^data:audio\/wav;base64,/);
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(2);
  await expect(dialog.getByText('Введите цифры, которые услышите')).toBeVisible();
  await expect(imageButton(dialog)).toHaveCount(0);
  // Nothing sticks out of the dialog at 320 px.
  expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // Every control named, readable and large enough to tap.
  const rules = [
    'button-name',
    'label',
    'color-contrast',
    'target-size',
    'aria-allowed-attr',
    'aria-valid-attr-value',
    'label-content-name-mismatch',
  ];
  expect(await axeViolations(page, rules, '.captcha-dialog')).toEqual([]);

  // A new recording, then the answer by keyboard.
  const before = await player.getAttribute('src');
  await dialog.getByRole('button', { name: 'Другая запись' }).click();
  await expect.poll(() => player.getAttribute('src')).not.toBe(before);
  await expect(player).toHaveAttribute('src', /^data:audio\/wav;base64,/);
  const digits = dialog.getByLabel('Цифры из записи');
  await digits.fill(E2E_CAPTCHA_DIGITS);
  await digits.press('Enter');
  await expect(page).toHaveURL(/\/order\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
});

test('on the named-ticket page the visitor passes the image captcha and the order is confirmed', async ({ page }) => {
  // The demo's named-ticket event: one ticket, bought through the captcha as any order.
  await page.goto('/event/storage-vault-tour');
  await dateButtons(page.getByRole('group', { name: 'Выберите дату' }))
    .first()
    .click();
  const time = page.getByRole('group', { name: 'Выберите время' }).getByRole('button', { name: /12:00/ });
  if ((await time.getAttribute('aria-pressed')) !== 'true') await time.click();
  await page.getByRole('button', { name: 'Добавить билет: Взрослый' }).click();
  await fillBuyer(page);
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await solveCaptcha(page);
  await expect(page).toHaveURL(/\/nominal-tickets\/[A-Za-z0-9_-]{32}$/);
  const hash = new URL(page.url()).pathname.split('/').pop() as string;

  const holder = page.getByRole('region', { name: /Билет 1/ });
  await holder.getByLabel('Фамилия').fill('Иванова');
  await holder.getByLabel(/^Имя/).fill('Мария');
  await holder.getByLabel('Отчество').fill('Сергеевна');
  await holder.getByLabel('Дата рождения').pressSequentially('24051987');
  await holder.getByLabel('Тип документа').selectOption({ label: 'Паспорт гражданина РФ' });
  await holder.getByLabel('Номер документа').fill('4510 123456');
  await holder.getByLabel('Страна').selectOption({ label: 'Россия' });
  await holder.getByLabel('Регион').selectOption({ label: 'Москва' });
  for (const consent of await page.getByRole('complementary', { name: 'Итог заказа' }).getByRole('checkbox').all()) await consent.check();

  // Cancelling the captcha confirms nothing and keeps what was typed.
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await captchaDialog(page).getByRole('button', { name: 'Отменить' }).click();
  await expect(captchaDialog(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/nominal-tickets/${hash}$`));
  await expect(holder.getByLabel('Фамилия')).toHaveValue('Иванова');

  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await solveCaptcha(page);
  await expect(page).toHaveURL(new RegExp(`/order/${hash}$`));
  await expect(page.getByText('Не оплачен')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Оплатить' }).getByRole('button', { name: 'Оплатить' })).toBeEnabled();
});

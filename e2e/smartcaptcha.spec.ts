import { type Page, expect, test } from '@playwright/test';
import { smartCaptchaWidgetScript } from '../tests/fakes/smartcaptcha-widget.ts';
import { E2E_CAPTCHA_ANSWER } from './support/captcha.ts';
import { fillEventOrder } from './support/orders.ts';

// Runs in the 'smartcaptcha' project (playwright.config.ts): a server whose setup turns Yandex
// SmartCaptcha on and whose SMARTCAPTCHA_VALIDATE_URL is the validate fake
// (tests/fakes/smartcaptcha-fake.ts, started by e2e/captcha-server.ts). Yandex is out of reach,
// so every request to its origin is routed here: captcha.js gets the widget fake
// (tests/fakes/smartcaptcha-widget.ts), loaded by the page exactly as it loads Yandex's script,
// and the widget's own calls go on to the validate fake, which issues the tokens the server then
// checks with it.

const YANDEX = 'https://smartcaptcha.yandexcloud.net';
const fakeUrl = () => {
  const url = process.env.E2E_SMARTCAPTCHA_FAKE_URL;
  if (!url) throw new Error('E2E_SMARTCAPTCHA_FAKE_URL is set by playwright.config.ts');
  return url;
};

/** Routes Yandex's origin: the script is the widget fake (or fails to load); the widget's calls reach the validate fake. */
async function routeYandex(page: Page, script: 'fake' | 'unreachable' = 'fake') {
  await page.route(`${YANDEX}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/captcha.js') {
      if (script === 'unreachable') return route.abort('connectionrefused');
      return route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: smartCaptchaWidgetScript() });
    }
    const response = await route.fetch({ url: `${fakeUrl()}${url.pathname}${url.search}` });
    return route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
}

const challenge = (page: Page) => page.getByRole('dialog', { name: 'Проверка SmartCaptcha' });
const submitButton = (page: Page) => page.getByRole('button', { name: 'Оформить заказ' });

async function expectOrderPage(page: Page) {
  await expect(page).toHaveURL(/\/order\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
}

test('the visitor solves the SmartCaptcha challenge by keyboard and reaches the order', async ({ page }) => {
  await routeYandex(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${YANDEX}/captcha.js`)) scripts.push(request.url());
  });
  await fillEventOrder(page);
  // Nothing of Yandex's loads before the first submit.
  expect(scripts).toEqual([]);
  await submitButton(page).focus();
  await page.keyboard.press('Enter');

  const dialog = challenge(page);
  await expect(dialog).toBeVisible();
  expect(scripts).toEqual([`${YANDEX}/captcha.js?render=onload&onload=storefrontSmartCaptchaLoaded`]);
  // The widget speaks the page's language and is the invisible one, with the setup's client key.
  await expect(dialog).toHaveAttribute('lang', 'ru');
  expect(await page.evaluate(() => window.smartCaptchaFake?.widgets())).toEqual([
    { id: 0, sitekey: 'ysc1_e2e-client-key', hl: 'ru', invisible: true },
  ]);
  await expect(page.getByRole('button', { name: 'Оформляем заказ…' })).toBeDisabled();
  // The modal challenge takes the focus, on its 'solve' button.
  await expect(dialog.getByRole('button', { name: 'Решить' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectOrderPage(page);
});

test('a challenge closed unsolved frees the submit button, and the next submit goes through', async ({ page }) => {
  await routeYandex(page);
  const orderCalls: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/order/create')) orderCalls.push(request.postDataJSON());
  });
  await fillEventOrder(page);
  await submitButton(page).click();
  await expect(challenge(page)).toBeVisible();
  await page.keyboard.press('Escape');

  await expect(challenge(page)).toBeHidden();
  await expect(submitButton(page)).toBeEnabled();
  await expect(submitButton(page)).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Оформляем заказ' })).toHaveCount(0);
  expect(orderCalls).toEqual([]);

  // The close button closes it just as well; then the visitor solves it.
  await page.keyboard.press('Enter');
  await challenge(page).getByRole('button', { name: 'Закрыть' }).click();
  await expect(submitButton(page)).toBeEnabled();
  await submitButton(page).click();
  await challenge(page).getByRole('button', { name: 'Решить' }).click();
  await expectOrderPage(page);
  expect(orderCalls).toHaveLength(1);
});

test('a token that expires before the order reaches the server is refused, and the page asks the widget again', async ({
  page,
  request,
}) => {
  await routeYandex(page);
  const sent: string[] = [];
  await page.route('**/api/order/create', async (route) => {
    const token = (route.request().postDataJSON() as { smartToken?: string }).smartToken ?? '';
    sent.push(token);
    // The first token runs out on its way (Yandex: five minutes): the validate fake now refuses it.
    if (sent.length === 1) await request.post(`${fakeUrl()}/fake/widget/expire`, { form: { token } });
    await route.continue();
  });
  await fillEventOrder(page);
  await submitButton(page).click();
  await challenge(page).getByRole('button', { name: 'Решить' }).click();
  // The first challenge went with its token; refused with -1001, the widget is executed again
  // and shows its challenge once more.
  await expect.poll(() => sent.length).toBe(1);
  await expect(challenge(page)).toBeVisible();
  await challenge(page).getByRole('button', { name: 'Решить' }).click();
  await expectOrderPage(page);
  expect(sent).toHaveLength(2);
  expect(sent[1]).not.toBe(sent[0]);
  expect(sent.every((token) => token.length > 20)).toBe(true);
});

test('a token no widget gave is refused by the check twice, and the visitor is told', async ({ page }) => {
  await routeYandex(page);
  await page.route(`${YANDEX}/fake/widget/token`, (route) => route.fulfill({ json: { token: 'forged-by-a-bot' } }));
  await fillEventOrder(page);
  await submitButton(page).click();
  await challenge(page).getByRole('button', { name: 'Решить' }).click();
  await challenge(page).getByRole('button', { name: 'Решить' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expect(page).toHaveURL(/\/event\//);
  await expect(submitButton(page)).toBeEnabled();
});

test('when Yandex’s script cannot load, the image captcha stands in and the order goes through', async ({ page }) => {
  await routeYandex(page, 'unreachable');
  await fillEventOrder(page);
  await submitButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Введите код' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription('Проверка Яндекса сейчас недоступна. Введите код с картинки, чтобы продолжить.');
  // The visitor reads the code off the image once it is drawn: Enter before that sends nothing.
  await expect(dialog.getByRole('button', { name: 'Картинка с кодом, нажмите, чтобы обновить' }).getByRole('img')).toBeVisible();
  const code = dialog.getByLabel('Код с картинки');
  await code.fill(E2E_CAPTCHA_ANSWER);
  await code.press('Enter');
  await expectOrderPage(page);
});

test('a network error of the widget is answered the same way: the image captcha', async ({ page }) => {
  await routeYandex(page);
  await page.route(`${YANDEX}/fake/widget/token`, (route) => route.abort('connectionreset'));
  await fillEventOrder(page);
  await submitButton(page).click();
  await challenge(page).getByRole('button', { name: 'Решить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Введите код' });
  await expect(dialog).toBeVisible();
  await expect(challenge(page)).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Картинка с кодом, нажмите, чтобы обновить' }).getByRole('img')).toBeVisible();
  await dialog.getByLabel('Код с картинки').fill(E2E_CAPTCHA_ANSWER);
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expectOrderPage(page);
});

import { type Page, expect, test } from '@playwright/test';
import { dateButtons } from './support/date-slider.ts';
import { createDemoOrder } from './support/orders.ts';

// The pages' Content-Security-Policy (server/security/page-headers.ts) must not block anything the
// app really does: each page below is opened, used a little, and no violation may be reported.

/** Collects every CSP violation and page error the browser reports, across navigations. */
function watchPolicy(page: Page): string[] {
  const reported: string[] = [];
  // The DOM event carries the blocked URI and directive; it is relayed through the console so a
  // violation in any document of the tab (and after each navigation) is seen.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`csp-violation ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('csp-violation') || text.includes('Content Security Policy')) reported.push(text);
  });
  page.on('pageerror', (error) => reported.push(`page error: ${error.message}`));
  return reported;
}

/** Opens a page and checks that it really came with the page policy (else the test proves nothing). */
async function open(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.headers()['content-security-policy']).toMatch(/(^|; )script-src 'self'/);
}

test.describe('the pages under their Content-Security-Policy', () => {
  test('the listing and an order placed on an event page report no violation', async ({ page }) => {
    const reported = watchPolicy(page);
    await open(page, '/');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await open(page, '/event/city-through-centuries');
    await expect(page.getByRole('heading', { level: 1, name: /Город сквозь века/ })).toBeVisible();
    // The buyer form checks its fields with the contract's zod schemas (no eval under this CSP).
    await dateButtons(page.getByRole('group', { name: 'Выберите дату' }))
      .first()
      .click();
    await page.getByRole('button', { name: /^12:00/ }).click();
    await page.getByRole('button', { name: 'Добавить билет: Взрослый', exact: true }).click();
    await page.getByLabel('ФИО', { exact: true }).fill('Иван Петров');
    await page.getByLabel('Телефон', { exact: true }).fill('999 901 02 03');
    await page.getByLabel('E-mail', { exact: true }).fill('ivan@example.com');
    await page.getByLabel('Повторите e-mail', { exact: true }).fill('ivan@example.com');
    await page.getByRole('checkbox', { name: /Я принимаю условия покупки/ }).check();
    await page.getByRole('checkbox', { name: 'Даю согласие на обработку персональных данных' }).check();
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
    expect(reported).toEqual([]);
  });

  test("a venue's poster on its own https host is shown (catalog image links may be https URLs)", async ({ page }) => {
    const reported = watchPolicy(page);
    const poster = 'https://images.venue.example/posters/night.png';
    // A 1×1 PNG served for the venue's host (the test machine reaches no internet host).
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    await page.route('https://images.venue.example/**', (route) => route.fulfill({ contentType: 'image/png', body: png }));
    await open(page, '/');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    const loaded = await page.evaluate(
      (src) =>
        new Promise<number>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(image.naturalWidth);
          image.onerror = () => resolve(0);
          image.src = src;
        }),
      poster,
    );
    expect(loaded).toBe(1);
    expect(reported).toEqual([]);
  });

  test('the scheme page with its hall map reports no violation', async ({ page }) => {
    const reported = watchPolicy(page);
    await open(page, '/scheme/tchaikovsky-symphony-night');
    await expect(page.getByRole('heading', { level: 1, name: 'Симфонический вечер: Чайковский' })).toBeVisible();
    await page.getByRole('region', { name: 'Дата мероприятия' }).getByRole('listitem').first().getByRole('button').click();
    // The map draws its background from a blob: SVG (img-src blob:).
    await expect(page.getByRole('img', { name: /Схема зала/ })).toBeVisible();
    expect(reported).toEqual([]);
  });

  test('an order page and the card form posted to the bank report no violation', async ({ page, request }) => {
    const reported = watchPolicy(page);
    const hash = await createDemoOrder(request);
    await open(page, `/order/${hash}`);
    await expect(page.getByRole('heading', { level: 1, name: /Заказ № \d+/ })).toBeVisible();
    const footer = page.getByRole('region', { name: 'Оплатить' });
    await footer.getByRole('radio', { name: 'Банковская карта' }).check();
    await footer.getByRole('button', { name: 'Оплатить' }).click();
    await page
      .getByRole('alertdialog', { name: 'Специальные предложения' })
      .getByRole('button', { name: 'Оплатить без предложений' })
      .click();
    // The hidden form reached the bank page (form-action), and its answer brings the visitor back.
    await expect(page.getByRole('heading', { name: 'Тестовый банк' })).toBeVisible();
    await page.getByRole('button', { name: /^Оплатить/ }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${hash}$`));
    await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
    expect(reported).toEqual([]);
  });
});

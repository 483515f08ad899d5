import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Frame, type Locator, type Page, expect, test } from '@playwright/test';
import { dateButtons } from './support/date-slider.ts';

/** The frame's height on the host page against the height of the storefront's content inside it. */
async function heights(frameElement: Locator) {
  const frame = await (await frameElement.elementHandle())?.contentFrame();
  if (!frame) throw new Error('the widget has no frame yet');
  const outer = await frameElement.evaluate((el) => el.getBoundingClientRect().height);
  const inner = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  const scrollable = await frame.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 1);
  return { outer, inner, scrollable };
}

async function expectFrameFitsContent(frameElement: Locator) {
  await expect
    .poll(async () => {
      const { outer, inner, scrollable } = await heights(frameElement);
      return Math.abs(outer - inner) <= 1 && !scrollable;
    })
    .toBe(true);
}

/** A venue's page on another site, with the widget snippet pointing at this storefront. */
function hostPage(storefront: string, attributes = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Venue</title></head><body>
    <h1>Venue site</h1>
    <div data-storefront-widget data-title="Tickets widget" ${attributes}></div>
    <script src="${storefront}/widget.js" async></script>
  </body></html>`;
}

/**
 * A venue's site on this machine (a real server: Chromium lets only a local page load scripts
 * from a local address). Port 0 picks a free one, an origin that EMBED_ORIGINS does not list.
 */
async function startHostSite(storefront: string, port: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage(storefront, 'data-lang="en"'));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${actual}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function storefrontFrame(page: Page, storefront: string): Frame | undefined {
  return page.frames().find((frame) => frame !== page.mainFrame() && frame.url().startsWith(storefront));
}

test.describe('embeddable widget', () => {
  test('the venue page shows the listing in a frame that fits its content, without the storefront header or footer', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/embed-demo.html');
    const frameElement = page.locator('iframe[title="Билеты: афиша"]');
    const frame = page.frameLocator('iframe[title="Билеты: афиша"]');
    await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();

    // Integration mode: the host page has its own header and footer.
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(frame.getByRole('banner')).toHaveCount(0);
    await expect(frame.getByRole('contentinfo')).toHaveCount(0);

    await expectFrameFitsContent(frameElement);
    const wide = (await heights(frameElement)).outer;
    expect(wide).not.toBe(600); // the widget's starting height was replaced by the reported one

    // A narrow screen makes the content taller: the frame grows with it, and shrinks back.
    await page.setViewportSize({ width: 320, height: 800 });
    await expectFrameFitsContent(frameElement);
    expect((await heights(frameElement)).outer).toBeGreaterThan(wide);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectFrameFitsContent(frameElement);
    expect(Math.abs((await heights(frameElement)).outer - wide)).toBeLessThanOrEqual(1);
  });

  test('one event by hash: the frame opens that event page', async ({ page }) => {
    await page.goto('/embed-demo.html?event=city-through-centuries');
    const frameElement = page.locator('iframe[title="Билеты: одно событие"]');
    await expect(frameElement).toHaveAttribute('src', /\/event\/city-through-centuries$/);
    await expect(page.frameLocator('iframe[title="Билеты: одно событие"]').getByRole('heading', { level: 1 })).toBeVisible();
    await expectFrameFitsContent(frameElement);
  });

  test('a purchase inside the frame reaches the order page, at the older order path of integration mode', async ({ page }) => {
    await page.goto('/embed-demo.html?event=city-through-centuries');
    const frameElement = page.locator('iframe[title="Билеты: одно событие"]');
    const frame = page.frameLocator('iframe[title="Билеты: одно событие"]');
    await expect(frame.getByRole('heading', { level: 1, name: /Город сквозь века/ })).toBeVisible();

    await dateButtons(frame.getByRole('group', { name: 'Выберите дату' }))
      .first()
      .click();
    await frame.getByRole('button', { name: /^12:00/ }).click();
    await frame.getByRole('button', { name: 'Добавить билет: Взрослый', exact: true }).click();
    await frame.getByLabel('ФИО', { exact: true }).fill('Иван Петров');
    await frame.getByLabel('Телефон', { exact: true }).fill('999 901 02 03');
    await frame.getByLabel('E-mail', { exact: true }).fill('ivan@example.com');
    await frame.getByLabel('Повторите e-mail', { exact: true }).fill('ivan@example.com');
    await frame.getByRole('checkbox', { name: /Я принимаю условия покупки/ }).check();
    await frame.getByRole('checkbox', { name: 'Даю согласие на обработку персональных данных' }).check();
    // The frame grew with the order form: nothing is cut off or scrolls inside it.
    await expectFrameFitsContent(frameElement);
    await frame.getByRole('button', { name: 'Оформить заказ' }).scrollIntoViewIfNeeded();
    expect(await frameElement.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(0);
    await frame.getByRole('button', { name: 'Оформить заказ' }).click();

    await expect(frame.getByRole('heading', { level: 1, name: /Заказ № \d+/ })).toBeVisible();
    const frameUrl = new URL((await (await frameElement.elementHandle())?.contentFrame())?.url() ?? '');
    expect(frameUrl.pathname).toMatch(/^\/ru\/order\/view\/[A-Za-z0-9_-]{32}$/);
    // The host page stays where it was; the order lives inside the frame.
    expect(new URL(page.url()).pathname).toBe('/embed-demo.html');
    await expectFrameFitsContent(frameElement);
    // A new page in the frame scrolled the frame's top into view on the host page.
    await expect.poll(() => frameElement.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeGreaterThanOrEqual(0);
  });

  test('a site listed in EMBED_ORIGINS embeds the storefront; a site not listed gets an empty frame', async ({
    page,
    browser,
    baseURL,
  }) => {
    const storefront = baseURL ?? '';
    // e2e/start-server.ts lists the storefront port + 2 in EMBED_ORIGINS (+1 is the mail catcher).
    const venue = await startHostSite(storefront, Number(new URL(storefront).port) + 2);
    const intruder = await startHostSite(storefront, 0);
    try {
      await page.goto(`${venue.origin}/tickets`);
      const allowed = page.frameLocator('iframe[title="Tickets widget"]');
      await expect(allowed.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(allowed.locator('html')).toHaveAttribute('lang', 'en');
      await expectFrameFitsContent(page.locator('iframe[title="Tickets widget"]'));

      const other = await browser.newPage();
      const refused = other.waitForEvent(
        'response',
        (response) => response.url().startsWith(storefront) && response.request().resourceType() === 'document',
      );
      await other.goto(`${intruder.origin}/tickets`);
      const response = await refused;
      // The page policy comes first (server/security/page-headers.ts); frame-ancestors is the embed code's, once.
      expect(response.headers()['content-security-policy']).toMatch(
        new RegExp(`(^|; )frame-ancestors 'self' ${venue.origin.replace(/[.:/]/g, '\\$&')}$`),
      );
      // Chromium refuses to show the storefront there: the frame ends on its error page.
      await expect.poll(() => storefrontFrame(other, storefront)).toBeUndefined();
      await expect(other.frameLocator('iframe[title="Tickets widget"]').getByRole('heading', { level: 1 })).toHaveCount(0);
      await other.close();
    } finally {
      await venue.close();
      await intruder.close();
    }
  });
});

import { type Page, expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { loadedChunks } from './support/chunks.ts';
import { dateButtons } from './support/date-slider.ts';

/** Runs in the page: notes from now on whether the page skeleton ever shows (read by skeletonSeen). */
function watchForSkeleton() {
  const seen = { skeleton: false };
  (window as unknown as { __skeletonSeen: typeof seen }).__skeletonSeen = seen;
  new MutationObserver(() => {
    if (document.querySelector('[data-page-skeleton]')) seen.skeleton = true;
  }).observe(document, { childList: true, subtree: true });
}

const skeletonSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __skeletonSeen: { skeleton: boolean } }).__skeletonSeen.skeleton);

test.describe('storefront shell', () => {
  test('the visitor opens the storefront and sees the header, footer and page title', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Билеты — на главную' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Контакты' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^Билеты — /);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });

  // The app's first render waits for the screen's code and texts (main.tsx, preloadScreen), so the
  // shell and the screen appear together: no page skeleton flashes in between.
  for (const { path, heading } of [
    { path: '/', heading: 'Афиша мероприятий' },
    { path: '/contacts?lang=en', heading: 'Contacts' },
  ]) {
    test(`${path} renders its screen in the app's first render, never the page skeleton`, async ({ page }) => {
      await page.addInitScript(watchForSkeleton);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached();
      expect(await skeletonSeen(page)).toBe(false);
    });
  }

  // A link's screen loads when the visitor is about to follow the link (web/lib/screen-intent.ts;
  // here the keyboard's focus reaches it, which moves nothing: the footer a pointer would rest on
  // moves down while the listing adds its rows): followed then, the screen renders at once,
  // without suspending into the page skeleton (which React would show for at least 300 ms).
  test("a link's screen loads when the focus reaches the link, and then opens without the page skeleton", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Афиша мероприятий' })).toBeVisible();
    // The screen's code and its Russian texts (web/locales/ru/contacts.json's chunk).
    const chunks = { page: /^\/assets\/contacts-page-[\w-]+\.js$/, texts: /^\/assets\/contacts-[\w-]{8}\.js$/ };
    const loaded = () => loadedChunks(page, chunks);
    expect(await loaded()).toEqual([]);
    const contacts = page.getByRole('contentinfo').getByRole('link', { name: 'Контакты' });
    await contacts.focus();
    await expect.poll(loaded).toEqual(['page', 'texts']);

    await page.evaluate(watchForSkeleton);
    await contacts.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Контакты' })).toBeVisible();
    expect(await skeletonSeen(page)).toBe(false);
  });

  // vite.config.ts puts V8's explicit compile hint first in every code chunk, after minification.
  test("the app's entry and screen chunks begin with V8's compile hint", async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (/\/assets\/(main|boot|afisha-page)-[\w-]+\.js$/.test(response.url())) scripts.push(response.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Афиша мероприятий' })).toBeAttached();
    expect(scripts.map((url) => url.replace(/^.*\/assets\/([a-z-]+)-[\w-]+\.js$/, '$1')).sort()).toEqual(['afisha-page', 'boot', 'main']);
    for (const url of scripts) expect((await (await page.request.get(url)).text()).split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad');
  });

  test('the visitor switches the language to English and back to Russian', async ({ page }) => {
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Контакты' })).toBeVisible();

    await page.getByRole('button', { name: 'RU, язык сайта: Русский' }).click();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/contacts\?lang=en$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to ticket selection' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Tickets — Contacts');
    await expect(page.getByRole('banner').locator('img')).toHaveAttribute('src', '/static/logo-en.svg');

    // The language stays when the visitor moves on inside the app.
    await page.getByRole('link', { name: 'Back to ticket selection' }).click();
    await expect(page).toHaveURL(/\/\?lang=en$/);
    // The listing has replaced the contacts page before the visitor reaches for the switcher.
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'EN, site language: English' }).click();
    await page.getByRole('link', { name: 'Русский' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('link', { name: 'Билеты — на главную' })).toBeVisible();
  });

  test('the visitor reaches the 404 page for an unknown path and goes home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
    await expect(page).toHaveTitle('Билеты — Страница не найдена');

    await page.getByRole('link', { name: 'На главную', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeHidden();
  });

  test('an old order link /en/order/view/{hash} lands on /order/{hash}?lang=en', async ({ page }) => {
    const hash = 'Zx8pQ2rT5vW9yB3dF6hJ1k';
    await page.goto(`/en/order/view/${hash}`);
    await expect(page).toHaveURL(new RegExp(`/order/${hash}\\?lang=en$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // A redirect while the page loads is still the first load: focus is left where it was.
    await expect(page.getByRole('main')).not.toBeFocused();
  });

  test('a keyboard user who chooses a language stays on the language button, which is named after its text', async ({ page }) => {
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Контакты' })).toBeVisible();
    await page.getByRole('button', { name: 'RU, язык сайта: Русский' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: 'English' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/contacts\?lang=en$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'EN, site language: English' })).toBeFocused();
    // WCAG 2.5.3: the button's name contains the 'EN' it shows.
    expect(await axeViolations(page, ['label-content-name-mismatch'], 'header')).toEqual([]);
  });

  test("the 404 page's big '404' has enough contrast", async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
    expect(await axeViolations(page, ['color-contrast'])).toEqual([]);
  });

  test('a keyboard user can skip to the content', async ({ page }) => {
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Перейти к содержимому' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});

// Opening another page inside the app removes the link or button the visitor used: focus goes to
// the new page's main content and its title is read out (web/lib/page-change-announcer.tsx).
test.describe('moving between pages', () => {
  const announcement = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

  test('a keyboard user who opens an event from the listing lands in the event page, hears its title, and keeps focus while choosing a date and a time', async ({
    page,
  }) => {
    await page.goto('/');
    const buy = page
      .getByRole('main')
      .getByRole('article')
      .filter({ hasText: 'Постоянная экспозиция' })
      .getByRole('link', { name: 'Купить' });
    await buy.focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/event\/city-through-centuries$/);
    await expect(page.getByRole('heading', { level: 1, name: /Город сквозь века/ })).toBeVisible();
    await expect(page.getByRole('main')).toBeFocused();
    await expect(announcement(page, 'Билеты — Покупка билетов')).toHaveText('Билеты — Покупка билетов');
    // The next Tab starts in the page, not back at the top of the site.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Назад к выбору билетов' })).toBeFocused();

    // Dates and times change the address but not the page: focus stays where the visitor is.
    const date = dateButtons(page.getByRole('group', { name: 'Выберите дату' })).nth(1);
    await date.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/event\/city-through-centuries\/\d{2}\.\d{2}\.\d{4}$/);
    await expect(date).toHaveAttribute('aria-pressed', 'true');
    await expect(date).toBeFocused();
    const time = page.getByRole('button', { name: /^12:00/ });
    await time.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/12:00$/);
    await expect(time).toHaveAttribute('aria-pressed', 'true');
    await expect(time).toBeFocused();
  });

  test('going back to the listing with the browser moves focus to it and announces it', async ({ page }) => {
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Контакты' })).toBeVisible();
    await page.getByRole('link', { name: 'Назад к выбору билетов' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Афиша мероприятий' })).toBeVisible();
    await expect(announcement(page, 'Билеты — Афиша')).toHaveText('Билеты — Афиша');

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Контакты' })).toBeVisible();
    await expect(page.getByRole('main')).toBeFocused();
    await expect(announcement(page, 'Билеты — Контакты')).toHaveText('Билеты — Контакты');
  });

  test('the first load and a change of language announce nothing and leave focus alone', async ({ page }) => {
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Контакты' })).toBeVisible();
    await expect(page.getByRole('main')).not.toBeFocused();
    await page.getByRole('button', { name: 'RU, язык сайта: Русский' }).click();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    await expect(page).toHaveTitle('Tickets — Contacts');
    await expect(page.getByRole('main')).not.toBeFocused();
    await expect(announcement(page, 'Contacts')).toHaveCount(0);
  });
});

import { expect, test } from '@playwright/test';

test.describe('contacts page', () => {
  test('the visitor opens the contacts from the footer and finds e-mail, phone, requisites and the entries', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Контакты' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Контакты' })).toBeVisible();
    await expect(page).toHaveTitle('Билеты — Контакты');

    await expect(page.getByRole('link', { name: 'tickets@example.org' })).toHaveAttribute('href', 'mailto:tickets@example.org');
    await expect(page.getByRole('link', { name: '+7 495 123-45-67' })).toHaveAttribute('href', 'tel:+74951234567');
    await expect(page.getByRole('heading', { name: 'Реквизиты' })).toBeVisible();
    await expect(page.getByText('ГБУК «Музей истории города», ИНН 7700000000')).toBeVisible();

    const entries = page.getByRole('navigation', { name: 'Покупка по особым программам' });
    const pushkin = entries.getByRole('link', { name: /Пушкинская карта/ });
    await expect(pushkin).toHaveAttribute('href', 'https://www.culture.ru/pushkinskaya-karta');
    await expect(pushkin).toHaveAttribute('target', '_blank');
    // The China entry is the storefront in Chinese: it opens in place.
    await entries.getByRole('link', { name: 'Для гостей из Китая' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('lang') === 'ch');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  });

  test('the contacts follow the language', async ({ page }) => {
    await page.goto('/contacts?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    await expect(page.getByText('City History Museum, TIN 7700000000')).toBeVisible();
    await expect(page.getByRole('link', { name: /Pushkin card/ })).toBeVisible();
  });
});

test.describe('rules pages', () => {
  test('the visitor reads the purchase terms from the footer, then the privacy policy, in two languages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Пользовательское соглашение' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/rules/purchase-terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Условия покупки' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Условия покупки билетов' })).toBeVisible();
    await expect(page).toHaveTitle('Билеты — Правила покупки');

    await page.getByRole('navigation', { name: 'Другие документы' }).getByRole('link', { name: 'Политика конфиденциальности' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/rules/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' })).toBeVisible();
    await expect(page.getByText('152-ФЗ', { exact: false })).toBeVisible();

    await page.goto('/rules/privacy-policy?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Personal data processing policy' })).toBeVisible();
    await expect(page).toHaveTitle('Tickets — Privacy policy');
  });

  test('the rules menu of the header lists the documents', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Правила' }).click();
    await page.getByRole('link', { name: 'Политика конфиденциальности' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' })).toBeVisible();
  });

  const legacy = [
    { from: '/ru/rules', path: '/rules/purchase-terms', lang: null, heading: 'Условия покупки' },
    { from: '/en/rules', path: '/rules/purchase-terms', lang: 'en', heading: 'Terms of purchase' },
    { from: '/ru/rules-agreement', path: '/rules/privacy-policy', lang: null, heading: 'Политика конфиденциальности' },
    { from: '/kz/rules-agreement', path: '/rules/privacy-policy', lang: 'kz', heading: 'Құпиялылық саясаты' },
  ];
  for (const { from, path, lang, heading } of legacy) {
    test(`an old link ${from} lands on ${path} in its language`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL((url) => url.pathname === path && url.searchParams.get('lang') === lang);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }
});

test.describe('search-engine heads', () => {
  test('an event page carries its title, description and Event data before any script runs', async ({ page }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/event/city-through-centuries');
    await expect(page).toHaveTitle(/^Билеты — /);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]') as {
      '@type': string;
      startDate: string;
    }[];
    expect(jsonLd.length).toBeGreaterThan(0);
    expect(jsonLd.every((event) => event['@type'] === 'Event' && /^\d{4}-\d{2}-\d{2}/.test(event.startDate))).toBe(true);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /^Билеты — /);
  });

  test('sitemap.xml lists the listing and events on sale, robots.txt names it', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const body = await sitemap.text();
    expect(body).toContain('/event/city-through-centuries</loc>');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  });

  test('the location-point icon is served as a static SVG', async ({ request }) => {
    const icon = await request.get('/static/location-point.svg');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toContain('<svg');
  });
});

import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations } from './support/axe.ts';
import { E2E_OWNER, addStaffMember, signInToAdmin } from './support/staff.ts';

const EVENT = { id: 1, hash: 'city-through-centuries' };

async function signedIn(page: Page, email: string, password: string) {
  await signInToAdmin(page, email, password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
}

test('a manager uploads a poster: the event page shows it as a picture with AVIF and WebP sources', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}${test.info().workerIndex}`;
  await signedIn(page, E2E_OWNER.email, E2E_OWNER.password);
  const manager = {
    email: `images.${run}@e2e.test`,
    name: 'Ирина Афиша',
    role: 'manager' as const,
    password: 'e2e images manager password',
  };
  await addStaffMember(page.request, manager);
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signedIn(admin, manager.email, manager.password);

  await admin.goto(`/admin/catalog/events/${EVENT.id}`);
  const poster = admin.getByRole('group', { name: 'Афиша (изображение)' });
  await expect(poster).toBeVisible();
  // A photo as a camera writes it: with its GPS position, which the storefront must never serve.
  const photo = await sharp({ create: { width: 1280, height: 960, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .withExifMerge({ IFD0: { Make: 'E2E Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1' } })
    .toBuffer();
  await poster.locator('input[type="file"]').setInputFiles({ name: `poster-${run}.jpg`, mimeType: 'image/jpeg', buffer: photo });
  const preview = poster.locator('img');
  await expect(preview).toHaveAttribute('src', /^\/media\/[0-9a-f]{32}\/640\.jpg$/);
  const url = (await preview.getAttribute('src')) ?? '';
  const hash = url.split('/')[2] ?? '';
  await admin.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Сохранено' })).toHaveText('Сохранено. Изменения уже на витрине.');
  // The confirmation is where the owner is: the save bar stays at the bottom of the view.
  await expect(admin.getByRole('status').filter({ hasText: 'Сохранено' })).toBeInViewport();

  // A visitor opens the event: the poster is a <picture> with AVIF and WebP, the JPEG in the <img>.
  await page.goto(`/event/${EVENT.hash}`);
  const header = page.locator('.event-header');
  await expect(header.locator('picture source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    new RegExp(`^/media/${hash}/200\\.avif 200w, .*960\\.avif 960w$`),
  );
  await expect(header.locator('picture source[type="image/webp"]')).toHaveAttribute('srcset', new RegExp(`/media/${hash}/430\\.webp 430w`));
  const img = header.locator('picture img');
  await expect(img).toHaveAttribute('src', url);
  await expect(img).toHaveAttribute('width', '200');
  await expect(img).toHaveAttribute('height', '150');
  await expect(img).toHaveAttribute('alt', '');
  // Chromium reads AVIF: the file it shows is one of the AVIF widths, and it has loaded.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(new RegExp(`/media/${hash}/\\d+\\.avif$`));
  const served = await page.request.get(url);
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await served.body()).includes(Buffer.from('E2E Camera'))).toBe(false);
  await context.close();
});

test("an owner changes the contact phone: the storefront's contacts page shows it", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const phone = `+7 (495) ${String(Date.now() % 1000).padStart(3, '0')}-20-26`;
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signedIn(admin, E2E_OWNER.email, E2E_OWNER.password);
  await admin.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Настройки витрины' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Настройки витрины' })).toBeVisible();
  expect(await axeViolations(admin, ['label', 'aria-valid-attr-value', 'aria-allowed-attr', 'button-name'])).toEqual([]);

  // A header colour white text cannot be read on is refused on its field.
  const colour = admin.getByLabel('Цвет фона шапки');
  const before = await colour.inputValue();
  await colour.fill('#ffcc00');
  await expect(admin.getByText(/меньше 4.5 : 1/)).toBeVisible();
  await admin.getByRole('button', { name: 'Сохранить настройки' }).click();
  await expect(admin.getByRole('alert')).toHaveText('Не сохранено: исправьте отмеченные поля.');
  await expect(colour).toHaveAttribute('aria-invalid', 'true');
  await colour.fill(before);

  await admin.getByLabel('Телефон', { exact: true }).fill(phone);
  // One logo for every language, uploaded once, in the same save.
  const logos = admin.getByRole('group', { name: 'Логотипы', exact: true });
  await logos.getByRole('radio', { name: 'Один логотип для всех языков' }).check();
  const logoField = logos.getByRole('group', { name: 'Логотип', exact: true });
  const png = await sharp({ create: { width: 320, height: 80, channels: 4, background: { r: 20, g: 40, b: 120, alpha: 0.5 } } })
    .png()
    .toBuffer();
  await logoField.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(logoField.locator('img')).toHaveAttribute('src', /^\/media\/[0-9a-f]{32}\/640\.png$/);
  const logo = (await logoField.locator('img').getAttribute('src')) ?? '';
  await admin.getByRole('button', { name: 'Сохранить настройки' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Сохранено' })).toHaveText('Сохранено. Витрина уже показывает новые настройки.');

  await page.goto('/contacts');
  await expect(page.getByRole('main').getByText(phone)).toBeVisible();
  await expect(page.getByRole('banner').locator('img')).toHaveAttribute('src', logo);
  await page.goto('/contacts?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(page.getByRole('banner').locator('img')).toHaveAttribute('src', logo);
  // The one logo is the footer's too, and phones show it, not the demo's phone logo.
  const folder = logo.replace(/[^/]+$/, '');
  await expect(page.getByRole('contentinfo').getByRole('img', { name: /./ }).first()).toHaveAttribute('src', logo);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect
    .poll(() =>
      page
        .getByRole('banner')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.currentSrc),
    )
    .toContain(folder);
  await context.close();
});

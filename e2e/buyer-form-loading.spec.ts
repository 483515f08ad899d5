import { type Locator, type Page, expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { dateButtons } from './support/date-slider.ts';

// The event page's buyer form and the scheme cart's (React Hook Form, the phone field, zod and the
// contract schemas) are not on the pages' first load: they load when the visitor starts choosing,
// and a skeleton of the form's size holds their place meanwhile, so nothing below it moves when
// the form comes (docs/first-load.md).

/** What a screen reader meets while a skeleton shows: one named status, nothing focusable hidden in it. */
const SKELETON_RULES = [
  'aria-allowed-attr',
  'aria-allowed-role',
  'aria-hidden-focus',
  'aria-prohibited-attr',
  'aria-valid-attr-value',
  'label',
];

/** zod (its internals under `_zod`) and React Hook Form (its option names survive minification). */
const LIBRARIES = { zod: /\._zod\b/, reactHookForm: /\bshouldUnregister\b/ };

/** Which of LIBRARIES the page's scripts have brought so far. */
function watchLibraries(page: Page) {
  const seen = { zod: false, reactHookForm: false };
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (LIBRARIES.zod.test(body)) seen.zod = true;
    if (LIBRARIES.reactHookForm.test(body)) seen.reactHookForm = true;
  });
  return seen;
}

/** Holds the responses of the scripts whose path matches until `release`. */
async function holdScript(page: Page, path: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(path, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const top = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return box.y;
};

async function openEventSession(page: Page, path: string, time?: RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await dateButtons(page.getByRole('group', { name: 'Выберите дату' }))
    .first()
    .click();
  if (time) await page.getByRole('button', { name: time }).click();
}

async function openSchemeSession(page: Page) {
  await page.goto('/scheme/tchaikovsky-symphony-night');
  await expect(page.getByRole('heading', { level: 1, name: 'Симфонический вечер: Чайковский' })).toBeVisible();
  // The first date has one time, which is chosen with it.
  await page.getByRole('region', { name: 'Дата мероприятия' }).getByRole('listitem').first().getByRole('button').click();
  await expect(page.getByRole('img', { name: /Схема зала/ })).toBeVisible();
}

async function chooseBalconySeat(page: Page) {
  await page.getByText('Выбор мест списком').click();
  await page.getByLabel('Сектор').selectOption({ label: 'Балкон' });
  await page.getByLabel('Ряд', { exact: true }).selectOption({ label: '3' });
  await page
    .getByRole('button', { name: /^Место \d+, / })
    .first()
    .click();
}

test.describe('the buyer forms load when the visitor starts choosing', () => {
  test('the event page loads without zod and React Hook Form; the first + brings them with the buyer form', async ({ page }) => {
    const seen = watchLibraries(page);
    await openEventSession(page, '/event/city-through-centuries', /^12:00/);
    await expect(page.getByRole('table', { name: 'Цены на билеты' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual({ zod: false, reactHookForm: false });

    await page.getByRole('button', { name: 'Добавить билет: Взрослый', exact: true }).click();
    await expect(page.getByLabel('ФИО', { exact: true })).toBeVisible();
    await expect.poll(() => ({ ...seen })).toEqual({ zod: true, reactHookForm: true });
  });

  test('the scheme page loads without zod and React Hook Form; the first seat brings them with the cart form', async ({ page }) => {
    const seen = watchLibraries(page);
    await openSchemeSession(page);
    await page.waitForLoadState('networkidle');
    expect(seen).toEqual({ zod: false, reactHookForm: false });

    await chooseBalconySeat(page);
    await expect(page.getByRole('region', { name: /Моя корзина/ }).getByLabel('ФИО')).toBeVisible();
    await expect.poll(() => ({ ...seen })).toEqual({ zod: true, reactHookForm: true });
  });

  for (const viewport of [
    { width: 320, height: 640 },
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });

      test("the event page's buyer form skeleton has the form's size: the consents and the button stay put when it comes", async ({
        page,
      }) => {
        const release = await holdScript(page, /\/assets\/buyer-section-[\w-]+\.js$/);
        await openEventSession(page, '/event/city-through-centuries', /^12:00/);
        await page.getByRole('button', { name: 'Добавить билет: Взрослый', exact: true }).click();
        const skeleton = page.getByRole('main').getByRole('status', { name: 'Загрузка…' });
        await expect(skeleton).toBeVisible();
        const submit = page.getByRole('button', { name: 'Оформить заказ' });
        const consent = page.getByRole('checkbox', { name: /Я принимаю условия покупки/ });
        const before = { submit: await top(submit), consent: await top(consent) };
        expect(await axeViolations(page, SKELETON_RULES)).toEqual([]);

        release();
        await expect(page.getByLabel('ФИО', { exact: true })).toBeVisible();
        await expect(skeleton).toHaveCount(0);
        expect({ submit: await top(submit), consent: await top(consent) }).toEqual(before);
      });

      test("the Pushkin card's buyer form skeleton has the form's size", async ({ page }) => {
        const release = await holdScript(page, /\/assets\/buyer-section-[\w-]+\.js$/);
        await openEventSession(page, '/event/avant-garde-lecture');
        await page.getByRole('radio', { name: 'Пушкинская карта' }).check();
        await page.getByRole('button', { name: /Добавить билет: По Пушкинской карте/ }).click();
        await expect(page.getByRole('main').getByRole('status', { name: 'Загрузка…' })).toBeVisible();
        const submit = page.getByRole('button', { name: 'Оформить заказ' });
        const before = await top(submit);

        release();
        await expect(page.getByLabel('Фамилия', { exact: true })).toBeVisible();
        expect(await top(submit)).toBe(before);
      });

      test("the scheme cart's buyer form skeleton has the form's size: what follows the cart stays put when it comes", async ({ page }) => {
        const release = await holdScript(page, /\/assets\/cart-buyer-form-[\w-]+\.js$/);
        await openSchemeSession(page);
        await chooseBalconySeat(page);
        const cart = page.getByRole('region', { name: /Моя корзина/ });
        await expect(cart.getByRole('status', { name: 'Загрузка…' })).toBeVisible();
        const footer = page.getByRole('contentinfo');
        const before = { footer: await top(footer), cartHeight: (await cart.boundingBox())?.height };
        expect(await axeViolations(page, SKELETON_RULES)).toEqual([]);

        release();
        await expect(cart.getByRole('button', { name: 'Оформить заказ' })).toBeVisible();
        // Within a pixel: since the demo's consent to personal data became a box of its own (two
        // boxes, each with its document's link) the form settles 1 px taller than its skeleton; the
        // cause is not found yet (docs/first-load.md). Anything larger is a shift and fails.
        const after = { footer: await top(footer), cartHeight: (await cart.boundingBox())?.height ?? 0 };
        expect(Math.abs(after.footer - before.footer)).toBeLessThanOrEqual(1);
        expect(Math.abs(after.cartHeight - (before.cartHeight ?? 0))).toBeLessThanOrEqual(1);
      });
    });
  }
});

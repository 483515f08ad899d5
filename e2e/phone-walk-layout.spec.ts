import { type Locator, type Page, expect, test } from '@playwright/test';
import { dateButtons } from './support/date-slider.ts';
import { forgetShifts, observeLayoutShifts, recordedShifts } from './support/layout-shifts.ts';
import { createDemoOrder, payDemoOrder } from './support/orders.ts';

// A buyer on a phone (390×844): the layout and controls of the event, scheme, order and return
// pages. Layout shifts without recent input (as CLS counts them) stay at most 0.02 while the buyer
// uses them (a page's load is measured by layout-shift.spec.ts).
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };
const MAX_SHIFT = 0.02;

async function expectNoShift(page: Page) {
  const { total, detail } = await recordedShifts(page);
  expect(total, detail).toBeLessThanOrEqual(MAX_SHIFT);
}

/** The element lies in the window, wholly above the top edge of `cover` (nothing of it is under it). */
async function expectAbove(element: Locator, cover: Locator) {
  await expect(async () => {
    const [box, bar] = await Promise.all([element.boundingBox(), cover.boundingBox()]);
    if (!box || !bar) throw new Error('not on the page');
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
  }).toPass();
}

async function openEventSession(page: Page) {
  await page.goto('/event/city-through-centuries');
  await dateButtons(page.getByRole('group', { name: 'Выберите дату' }))
    .first()
    .click();
  await page.getByRole('button', { name: /^12:00/ }).click();
}

test.describe('the bottom bar on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('event page: chosen tickets show the count and total in a bar whose button takes the buyer to the form, never covering it', async ({
    page,
  }) => {
    await page.addInitScript(observeLayoutShifts);
    await openEventSession(page);
    const bar = page.locator('.bottom-bar');
    const status = bar.getByRole('status');
    await expect(status).toHaveText('');
    await forgetShifts(page);
    await expect(page.getByRole('button', { name: 'К оформлению' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Добавить билет: Взрослый', exact: true }).click();
    await expect(status).toHaveText(/^Выбрано билетов: 1, \d[\d\s]*\s₽$/);
    await expect(bar).toBeInViewport({ ratio: 1 });
    await page.getByRole('button', { name: 'Добавить билет: Взрослый', exact: true }).click();
    await expect(status).toHaveText(/^Выбрано билетов: 2, /);

    // Keyboard: the bar's button is reached with Tab and takes the focus to the first empty field
    // (once the buyer form's code, asked for at the first choice, has come; before, to its placeholder).
    const next = page.getByRole('button', { name: 'К оформлению' });
    const fio = page.getByLabel('ФИО', { exact: true });
    await expect(fio).toBeAttached();
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(fio).toBeFocused();
    await expectAbove(fio, bar);

    // With the names typed, the button goes on to the next field left empty.
    await fio.fill('Иван Петров');
    await next.click();
    await expect(page.getByLabel('Телефон', { exact: true })).toBeFocused();

    // At the page's end the order button and the footer's links stay clear of the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectAbove(page.getByRole('button', { name: 'Оформить заказ' }), bar);
    await expectAbove(page.getByRole('contentinfo').getByRole('link').last(), bar);
    await expectNoShift(page);
  });

  test("scheme page: a chosen seat shows the bar; its button goes to the cart's buyer form", async ({ page }) => {
    await page.addInitScript(observeLayoutShifts);
    await page.goto('/scheme/tchaikovsky-symphony-night');
    await page.getByRole('region', { name: 'Дата мероприятия' }).getByRole('listitem').first().getByRole('button').click();
    await expect(page.getByRole('img', { name: /Схема зала/ })).toBeVisible();
    const bar = page.locator('.bottom-bar');
    await expect(bar.getByRole('status')).toHaveText('');
    await forgetShifts(page);

    await page.getByText('Выбор мест списком').click();
    await page.getByLabel('Сектор').selectOption({ label: 'Партер' });
    await page.getByLabel('Ряд', { exact: true }).selectOption({ label: '8' });
    await page.getByRole('button', { name: 'Место 3, 2 500 ₽' }).click();
    await expect(bar.getByRole('status')).toHaveText(/^Выбрано мест: 1, 2\s625\s₽$/);
    await page.getByRole('button', { name: 'Место 4, 2 500 ₽' }).click();
    await expect(bar.getByRole('status')).toHaveText(/^Выбрано мест: 2, 5\s250\s₽$/);

    // The cart's buyer form comes with its own code; before it has come, the bar takes the buyer to the cart's heading.
    const fio = page.getByLabel('ФИО');
    await expect(fio).toBeAttached();
    await page.getByRole('button', { name: 'К оформлению' }).click();
    await expect(fio).toBeFocused();
    await expectAbove(fio, bar);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectAbove(page.getByRole('button', { name: 'Оформить заказ' }), bar);
    await expectNoShift(page);
  });
});

test.describe('the seat map on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  // The demo's concert hall «Гармония» (demo/demo-halls.ts): 800 x 680 units, stalls row 1 starts
  // at (134, 160) with a seat every 28 units.
  const HALL = { width: 800, height: 680 };

  test('the zoom controls sit above the hall, rows carry their numbers at both ends, the legend shows taken and chosen seats', async ({
    page,
  }) => {
    await page.goto('/scheme/tchaikovsky-symphony-night');
    await page.getByRole('region', { name: 'Дата мероприятия' }).getByRole('listitem').first().getByRole('button').click();
    const map = page.getByRole('img', { name: /Схема зала/ });
    await expect(map).toBeVisible();

    // No control over the drawing: the zoom group ends above the canvas.
    const zoom = page.getByRole('group', { name: 'Масштаб' });
    await zoom.scrollIntoViewIfNeeded();
    for (const button of await zoom.getByRole('button').all()) await expectAbove(button, map);

    const legend = page.getByRole('region', { name: 'Цены по зонам' });
    await expect(legend.getByRole('listitem').filter({ hasText: 'Занято' })).toBeVisible();
    await expect(legend.getByRole('listitem').filter({ hasText: 'Выбрано' })).toBeVisible();

    // Row 1's number is drawn a seat's spacing left of seat 1 and right of seat 20; ink there, not the hall's background.
    const inkAt = (hall: { x: number; y: number }) =>
      map.evaluate(
        (canvas: HTMLCanvasElement, { point, size }) => {
          const rect = canvas.getBoundingClientRect();
          const scale = Math.min(rect.width / size.width, rect.height / size.height) * 0.96;
          const ratio = canvas.width / rect.width;
          const x = ((rect.width - size.width * scale) / 2 + point.x * scale) * ratio;
          const y = ((rect.height - size.height * scale) / 2 + point.y * scale) * ratio;
          const half = Math.max(2, Math.round(4 * ratio));
          const data = canvas.getContext('2d')?.getImageData(Math.round(x) - half, Math.round(y) - half, half * 2, half * 2).data ?? [];
          let dark = 0;
          for (let i = 0; i < data.length; i += 4)
            if ((data[i] ?? 255) < 150 && (data[i + 1] ?? 255) < 150 && (data[i + 2] ?? 255) < 170) dark++;
          return dark;
        },
        { point: hall, size: HALL },
      );
    await expect.poll(() => inkAt({ x: 134 - 28, y: 160 })).toBeGreaterThan(0);
    await expect.poll(() => inkAt({ x: 134 + 19 * 28 + 28, y: 160 })).toBeGreaterThan(0);
    // Between two rows' numbers, further out, the hall's background: the check can fail.
    expect(await inkAt({ x: 134 - 28 * 3, y: 175 })).toBe(0);
  });
});

/** Whether a tap at the element's centre would reach it, not something drawn over it. */
function isUncovered(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

test.describe('the order page on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("the payment panel is compact, stays at the window's bottom, and nothing covers a payment method or Pay", async ({
    page,
    request,
  }) => {
    await page.addInitScript(observeLayoutShifts);
    await page.goto(`/order/${await createDemoOrder(request, { quantity: 3 })}`);
    const panel = page.getByRole('region', { name: 'Оплатить' });
    await expect(panel).toBeVisible();
    await forgetShifts(page);
    const methods = panel.getByRole('radio');
    expect(await methods.count()).toBeGreaterThanOrEqual(2);
    const targets = [...(await methods.all()), panel.getByRole('button', { name: 'Оплатить' })];
    const height = await panel.evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(PHONE.height / 5);

    for (const at of ['middle', 'end'] as const) {
      await page.evaluate((where) => window.scrollTo(0, where === 'end' ? document.documentElement.scrollHeight : 450), at);
      const up = page.getByRole('button', { name: 'Наверх' });
      await expect(up).toBeVisible();
      // The panel stays at the window's bottom, the scroll-to-top button above it.
      await expect.poll(() => panel.evaluate((element) => Math.round(element.getBoundingClientRect().bottom))).toBe(PHONE.height);
      await expectAbove(up, panel);
      for (const target of targets)
        await expect.poll(() => isUncovered(target), { message: `${at}: ${await target.textContent()}` }).toBe(true);
    }
    // The site's footer scrolls clear of the panel.
    await expectAbove(page.getByRole('contentinfo').getByRole('link').last(), panel);
    await expectNoShift(page);
  });
});

test.describe('the return page on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("each ticket card shows its box's label, and a tap on the label ticks the box", async ({ page, request }) => {
    const paid = await createDemoOrder(request, { quantity: 2 });
    await payDemoOrder(request, paid);
    await page.goto(`/order/return/${paid}`);
    const box = page.getByRole('checkbox', { name: /^Вернуть билет 1: / });
    await expect(box).toBeVisible();
    const label = page.getByText('Вернуть билет 1', { exact: true });
    await expect(label).toBeVisible();
    await label.click();
    await expect(box).toBeChecked();
  });
});

test.describe('a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

  test('the bar fits: its summary and button are wholly in the window and the page does not scroll sideways', async ({ page }) => {
    await openEventSession(page);
    await page.getByRole('button', { name: 'Добавить билет: Взрослый', exact: true }).click();
    const bar = page.locator('.bottom-bar');
    await expect(bar.getByRole('status')).toHaveText(/^Выбрано билетов: 1, /);
    await expect(bar.getByRole('status')).toBeInViewport({ ratio: 1 });
    await expect(bar.getByRole('button', { name: 'К оформлению' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

test.describe('wide windows', () => {
  test.use({ viewport: WIDE });

  test('the event page shows no bottom bar', async ({ page }) => {
    await openEventSession(page);
    await page.getByRole('button', { name: 'Добавить билет: Взрослый', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Оформить заказ' })).toBeVisible();
    await expect(page.locator('.bottom-bar')).toBeHidden();
    await expect(page.getByRole('button', { name: 'К оформлению' })).toBeHidden();
  });
});

import { type Page, expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expectDateShown, scrolledAtOnce } from './support/date-slider.ts';
import { fillBuyer, holdOrderUntilItsPageCode } from './support/orders.ts';

// The demo's concert hall «Гармония» (demo/demo-halls.ts): 800 x 680 units, stalls row 1 starts
// at (134, 160) with a seat every 28 units; the dance floor is the standing area.
const EVENT = 'tchaikovsky-symphony-night';
const HALL = { width: 800, height: 680 };
const seatPoint = (row: number, seat: number) => ({ x: 134 + (seat - 1) * 28, y: 160 + (row - 1) * 30 });

/**
 * Where a hall point is on the page while the map shows the whole hall (zoom 100 %). The map is
 * first brought to the window's middle, as a visitor scrolls to it: below its zoom strip it may
 * start under the fold, and on a phone the cart's bottom bar covers the window's foot.
 */
async function clientPoint(page: Page, hall: { x: number; y: number }, mapName: RegExp = /Схема зала/) {
  const map = page.getByRole('img', { name: mapName });
  await map.evaluate((canvas) => canvas.scrollIntoView({ block: 'center' }));
  const box = await map.boundingBox();
  if (!box) throw new Error('the map is not on the page');
  const scale = Math.min(box.width / HALL.width, box.height / HALL.height) * 0.96;
  const left = box.x + (box.width - HALL.width * scale) / 2;
  const top = box.y + (box.height - HALL.height * scale) / 2;
  return { x: left + hall.x * scale, y: top + hall.y * scale };
}

async function openFirstSession(page: Page) {
  await page.goto(`/scheme/${EVENT}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Симфонический вечер: Чайковский' })).toBeVisible();
  await expect(page.getByText('Для просмотра схемы выберите время мероприятия')).toBeVisible();
  // The first date has one time, which is chosen with it.
  await page.getByRole('region', { name: 'Дата мероприятия' }).getByRole('listitem').first().getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`/scheme/${EVENT}/\\d{2}\\.\\d{2}\\.\\d{4}/19:00$`));
  await expect(page.getByRole('group', { name: 'Время мероприятия' }).getByRole('button', { name: /19:00/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('img', { name: /Схема зала/ })).toBeVisible();
}

async function chooseSeatOnMap(page: Page, row: number, seat: number) {
  const point = await clientPoint(page, seatPoint(row, seat));
  await page.mouse.click(point.x, point.y);
}

test('a visitor zooms the map, picks two seats and a standing place, sees the total with the fee and orders', async ({ page }) => {
  // The order page's code loads while the order is placed (web/lib/screen-preload.ts).
  const orderCodeAskedFirst = await holdOrderUntilItsPageCode(page, '/api/order/create-scheme');
  await openFirstSession(page);
  // The header's info link: the concert hall's own page about the event.
  await expect(page.getByRole('link', { name: 'Подробнее о мероприятии' })).toHaveAttribute(
    'href',
    'https://harmony-hall.example/ru/concerts/tchaikovsky-symphony-night',
  );

  // Zoom with the controls and back.
  const scale = page.getByRole('group', { name: 'Масштаб' }).getByRole('status');
  await expect(scale).toHaveText('100%');
  await page.getByRole('button', { name: 'Увеличить', exact: true }).click();
  await expect(scale).toHaveText('150%');
  await page.getByRole('button', { name: 'Сбросить масштаб' }).click();
  await expect(scale).toHaveText('100%');

  // One seat on the map (row 1, seat 10: 3 500 ₽ + 100 ₽ fee, adult; the zone has two
  // categories, so the popover asks which) and one from the list (row 8, seat 3: 2 500 ₽ + 5 %).
  await chooseSeatOnMap(page, 1, 10);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Взрослый/ })
    .click();
  await page.getByText('Выбор мест списком').click();
  await page.getByLabel('Сектор').selectOption({ label: 'Партер' });
  await page.getByLabel('Ряд', { exact: true }).selectOption({ label: '8' });
  await page.getByRole('button', { name: 'Место 3, 2 500 ₽' }).click();
  await expect(page.getByRole('button', { name: 'Место 3, 2 500 ₽' })).toHaveAttribute('aria-pressed', 'true');

  // A standing place from 'Стоячие места'.
  await expect(page.getByRole('heading', { name: 'Стоячие места' })).toBeVisible();
  await page.getByRole('button', { name: /^Увеличить: Танцпол/ }).click();

  const cart = page.getByRole('region', { name: /Моя корзина/ });
  await expect(cart.getByRole('listitem')).toHaveCount(3);
  await expect(cart.getByText('Партер · Ряд 1 · Место 10')).toBeVisible();
  await expect(cart.getByText('Партер · Ряд 8 · Место 3')).toBeVisible();
  // 3 500 + 2 500 + 1 200 = 7 200 ₽; fee 100 + 125 + 0 = 225 ₽.
  await expect(cart.getByTestId('cart-fee')).toHaveText('225 ₽');
  await expect(cart.getByTestId('cart-total')).toHaveText('7 425 ₽');

  await fillBuyer(page);
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/order\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
  await expect(page.getByText('Ряд 1').first()).toBeVisible();
  expect(orderCodeAskedFirst()).toBe(true);
  // The cart's button is gone with the scheme page: focus is in the order page, its title read out.
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Билеты — Заказ' })).toHaveText('Билеты — Заказ');
});

test("a second visitor cannot take a seat someone else ordered and sees 'Место недоступно'", async ({ browser }) => {
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  await openFirstSession(first);
  await openFirstSession(second);

  for (const page of [first, second]) {
    await page.getByText('Выбор мест списком').click();
    await page.getByLabel('Сектор').selectOption({ label: 'Балкон' });
    await page.getByLabel('Ряд', { exact: true }).selectOption({ label: '2' });
    await page.getByRole('button', { name: 'Место 7, 1 500 ₽' }).click();
    await fillBuyer(page);
  }
  await first.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(first).toHaveURL(/\/order\//);

  await second.getByRole('button', { name: 'Оформить заказ' }).click();
  const dialog = second.getByRole('alertdialog');
  // An order creation's error is titled 'Ошибка (#code) при создании заказа!'.
  await expect(dialog).toHaveAccessibleName('Ошибка (#-1011) при создании заказа!');
  await expect(dialog).toContainText('Место недоступно Код ошибки: -1011');
  await dialog.getByRole('button').first().click();
  // The map is reloaded: the cart is empty and the seat is no longer offered.
  await expect(second.getByText('Выберите места на схеме или в списке')).toBeVisible();
  await second.getByLabel('Ряд', { exact: true }).selectOption({ label: '2' });
  await expect(second.getByRole('button', { name: 'Место 7, 1 500 ₽' })).toHaveCount(0);
});

test("the cart's e-mail typed key by key with the Russian keyboard layout turns Latin as it is typed and the order is placed", async ({
  page,
}) => {
  // Chromium rewrote the Cyrillic domain of a type="email" input to punycode ('ivan@xn--…')
  // before the page saw it; the cart converted the layout only on submit, too late for that.
  await openFirstSession(page);
  await page.getByRole('button', { name: /^Увеличить: Танцпол/ }).click();
  await page.getByLabel('ФИО').fill('Иван Петров');
  await page.getByLabel('Телефон').fill('+7 999 901-02-03');
  // The keys of ivan@example.ru with the Russian layout on (Shift+2 types '"' there).
  const email = page.getByLabel('E-mail', { exact: true });
  await email.pressSequentially('шмфт"учфьздуюкг');
  await expect(email).toHaveValue('ivan@example.ru');
  const repeat = page.getByLabel('Повторите e-mail');
  await repeat.pressSequentially('шмфт"учфьздуюкг');
  await expect(repeat).toHaveValue('ivan@example.ru');
  await page.getByRole('checkbox', { name: /Я принимаю условия покупки/ }).check();
  await page.getByRole('checkbox', { name: 'Даю согласие на обработку персональных данных' }).check();
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/order\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByText('ivan@example.ru')).toBeVisible();
});

test('a full cart shows the limit warning', async ({ page }) => {
  await openFirstSession(page);
  // demquantlimit of the event is 6.
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: /^Увеличить: Танцпол/ }).click();
  await expect(page.getByRole('region', { name: /Моя корзина/ }).getByRole('listitem')).toHaveCount(6);
  await page.getByText('Выбор мест списком').click();
  await page.getByRole('button', { name: /^Место 1, / }).click();
  await expect(page.getByRole('dialog')).toContainText('Достигнут лимит количества билетов в одном заказе! Можно выбрать не больше 6 шт.');
});

test('an unavailable time in the route is reset and an unknown event shows the error page', async ({ page }) => {
  await page.goto(`/scheme/${EVENT}/01.01.2001/19:00`);
  await expect(page).toHaveURL(new RegExp(`/scheme/${EVENT}$`));
  await page.goto('/scheme/no-such-event');
  await expect(page.getByRole('heading', { name: 'Данные не найдены' })).toBeVisible();
});

test("with reduced motion the calendar's arrows move the dates at once, without a smooth scroll", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 480, height: 800 });
  await page.goto(`/scheme/${EVENT}`);
  const next = page.getByRole('region', { name: 'Дата мероприятия' }).getByRole('button', { name: 'Следующие даты' });
  expect(await scrolledAtOnce(next)).toBeGreaterThan(0);
});

test("on a 320 px phone the seat list's selects fit the page: it does not scroll sideways", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await openFirstSession(page);
  await page.getByText('Выбор мест списком').click();
  await expect(page.getByLabel('Сектор')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('on a 320 px phone the date in the link is shown in the calendar, also after going back to it', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`/scheme/${EVENT}`);
  const calendar = page.getByRole('region', { name: 'Дата мероприятия' });
  const arrows = { prev: 'Предыдущие даты', next: 'Следующие даты' };
  const first = calendar.getByRole('listitem').first().getByRole('button');
  const last = calendar.getByRole('listitem').last().getByRole('button');
  await last.click();
  await expect(page).toHaveURL(new RegExp(`/scheme/${EVENT}/\\d{2}\\.\\d{2}\\.\\d{4}/19:00$`));
  const lastUrl = page.url();

  // Opened from the link (a reload starts the calendar at its first date).
  await page.reload();
  await expect(page.getByRole('group', { name: 'Время мероприятия' }).getByRole('button', { name: /19:00/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectDateShown(page, last, calendar, arrows);

  // Another date, then back: the route chooses the last date again, off-screen until scrolled to.
  await first.click();
  await expect(page).not.toHaveURL(lastUrl);
  await expectDateShown(page, first, calendar, arrows);
  await page.goBack();
  await expect(page).toHaveURL(lastUrl);
  await expectDateShown(page, last, calendar, arrows);
});

test("a hall map that cannot be loaded shows 'Не удалось загрузить схему зала' in its place with a retry, under the page's own heading and calendar", async ({
  page,
}) => {
  let failing = true;
  await page.route('**/api/scheme', (route) =>
    failing
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ errorCode: '-9999', errorText: '' }) })
      : route.continue(),
  );
  await page.goto(`/scheme/${EVENT}`);
  await page.getByRole('region', { name: 'Дата мероприятия' }).getByRole('listitem').first().getByRole('button').click();

  await expect(page.getByRole('alert')).toContainText('Не удалось загрузить схему зала');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(['Симфонический вечер: Чайковский']);
  await expect(page.getByText('Не удалось загрузить страницу')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Время мероприятия' }).getByRole('button', { name: /19:00/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  failing = false;
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByRole('img', { name: /Схема зала/ })).toBeVisible();
  await expect(page.getByText('Не удалось загрузить схему зала')).toHaveCount(0);
});

test('the 21 000-seat arena opens, zooms with the wheel and sells a seat with its fee', async ({ page }) => {
  await page.goto('/scheme/northern-lights-festival');
  await page.getByRole('region', { name: 'Дата мероприятия' }).getByRole('listitem').first().getByRole('button').click();
  const map = page.getByRole('img', { name: /Схема зала/ });
  await expect(map).toBeVisible();
  const box = await map.boundingBox();
  if (!box) throw new Error('the map is not on the page');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 4);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -200);
  await expect(page.getByRole('group', { name: 'Масштаб' }).getByRole('status')).not.toHaveText('100%');

  await page.getByText('Выбор мест списком').click();
  await page.getByRole('button', { name: 'Место 1, 6 000 ₽' }).click();
  const cart = page.getByRole('region', { name: /Моя корзина/ });
  await expect(cart.getByTestId('cart-fee')).toHaveText('600 ₽');
  await expect(cart.getByTestId('cart-total')).toHaveText('6 600 ₽');
});

// Rows 1–5 of the stalls: two visitor categories, each with a 100 ₽ service fee.
const popoverCases = [
  {
    lang: 'ru',
    query: '',
    map: /Схема зала/,
    prices: ['Взрослый', '3 500 ₽', 'Льготный (студенты, пенсионеры)', '2 500 ₽'],
    fee: '+ сбор 100 ₽',
  },
  {
    lang: 'en',
    query: '?lang=en',
    map: /Seating plan/,
    prices: ['Adult', '₽3,500', 'Concession (students, pensioners)', '₽2,500'],
    fee: '+ ₽100 fee',
  },
  {
    lang: 'kz',
    query: '?lang=kz',
    map: /Зал сызбасы/,
    prices: ['Ересек', '3 500 ₽', 'Жеңілдетілген (студенттер, зейнеткерлер)', '2 500 ₽'],
    fee: '+ алым 100 ₽',
  },
  { lang: 'ch', query: '?lang=ch', map: /座位图/, prices: ['成人', '₽3,500', '优惠（学生、退休人员）', '₽2,500'], fee: '+ 服务费 ₽100' },
];

/** The popover is 250 x 150 and shows all it holds without scrolling. */
async function expectWholeWithin250x150(popover: ReturnType<Page['getByRole']>) {
  const size = await popover.evaluate((box) => ({
    width: box.getBoundingClientRect().width,
    height: box.getBoundingClientRect().height,
    client: box.clientHeight,
    scroll: box.scrollHeight,
  }));
  expect(size.width).toBe(250);
  expect(size.height).toBeLessThanOrEqual(150);
  expect(size.scroll).toBeLessThanOrEqual(size.client);
}

for (const { lang, query, map, prices, fee } of popoverCases) {
  test(`the seat popover shows both categories with their fee inside 250 x 150, hovered and pinned (${lang})`, async ({ page }) => {
    await openFirstSession(page);
    await page.goto(`${new URL(page.url()).pathname}${query}`);
    await expect(page.getByRole('img', { name: map })).toBeVisible();
    const point = await clientPoint(page, seatPoint(3, 12), map);
    await page.mouse.move(point.x, point.y);

    // Hovered: a tooltip after 1 s.
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expectWholeWithin250x150(tooltip);
    for (const text of prices) await expect(tooltip.getByText(text, { exact: true })).toBeInViewport({ ratio: 1 });
    await expect(tooltip.getByText(fee, { exact: true })).toHaveCount(2);
    for (const line of await tooltip.getByText(fee, { exact: true }).all()) await expect(line).toBeInViewport({ ratio: 1 });

    // Clicked: pinned, one button per category, each with its price and fee.
    await page.mouse.click(point.x, point.y);
    const pinned = page.getByRole('dialog');
    await expect(pinned).toBeVisible();
    await expectWholeWithin250x150(pinned);
    const [adult, adultPrice, concession, concessionPrice] = prices;
    for (const [category, price] of [
      [adult, adultPrice],
      [concession, concessionPrice],
    ]) {
      const button = pinned.getByRole('button', { name: `${category} ${price} ${fee}` });
      await expect(button).toBeInViewport({ ratio: 1 });
      await expect(button.getByText(fee)).toBeInViewport({ ratio: 1 });
    }
  });
}

test('on a touch screen a tapped seat opens a modal whose buttons show each price with its service fee', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await openFirstSession(page);
  const point = await clientPoint(page, seatPoint(2, 15));
  await page.touchscreen.tap(point.x, point.y);

  // A free seat's modal is named by the seat, not 'chosen'.
  const modal = page.getByRole('dialog', { name: 'Партер · Ряд 2 · Место 15' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Партер · Ряд 2 · Место 15')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Взрослый 3 500 ₽ + сбор 100 ₽' })).toBeVisible();
  await modal.getByRole('button', { name: 'Льготный (студенты, пенсионеры) 2 500 ₽ + сбор 100 ₽' }).click();
  const cart = page.getByRole('region', { name: /Моя корзина/ });
  await expect(cart.getByText('Партер · Ряд 2 · Место 15')).toBeVisible();
  await expect(cart.getByTestId('cart-fee')).toHaveText('100 ₽');

  // Tapped again, the seat in the cart is named as chosen.
  await page.touchscreen.tap(point.x, point.y);
  const chosen = page.getByRole('dialog', { name: 'Партер · Ряд 2 · Место 15: место выбрано' });
  await expect(chosen.getByRole('button', { name: 'Убрать из корзины' })).toBeVisible();
  await context.close();
});

test("by keyboard a standing place's plus and minus and the zoom keep the focus at their bounds, and a removed cart row hands the focus to the next row, the previous one, then the heading", async ({
  page,
}) => {
  await openFirstSession(page);
  // Zoomed in and back out to 100 %, the zoom-out button is dimmed and keeps the focus.
  const scale = page.getByRole('group', { name: 'Масштаб' }).getByRole('status');
  const zoomOut = page.getByRole('button', { name: 'Уменьшить', exact: true });
  await page.getByRole('button', { name: 'Увеличить', exact: true }).click();
  await expect(scale).toHaveText('150%');
  await zoomOut.focus();
  await page.keyboard.press('Enter');
  await expect(scale).toHaveText('100%');
  await expect(zoomOut).toBeFocused();
  await expect(zoomOut).toHaveAttribute('aria-disabled', 'true');

  await page.getByText('Выбор мест списком').click();
  await page.getByLabel('Сектор').selectOption({ label: 'Партер' });
  await page.getByLabel('Ряд', { exact: true }).selectOption({ label: '11' });
  await page.getByRole('button', { name: 'Место 5, 2 500 ₽' }).click();
  await page.getByRole('button', { name: 'Место 6, 2 500 ₽' }).click();
  const plus = page.getByRole('button', { name: 'Увеличить: Танцпол у сцены, Взрослый' });
  const minus = page.getByRole('button', { name: 'Уменьшить: Танцпол у сцены, Взрослый' });
  await plus.focus();
  await page.keyboard.press('Enter');

  const cart = page.getByRole('region', { name: /Моя корзина/ });
  await expect(cart.getByRole('listitem')).toHaveCount(3);
  await cart.getByRole('button', { name: 'Удалить: Партер · Ряд 11 · Место 6' }).focus();
  await page.keyboard.press('Enter');
  await expect(cart.getByRole('button', { name: 'Удалить: Стоячее место: Танцпол у сцены' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cart.getByRole('button', { name: 'Удалить: Партер · Ряд 11 · Место 5' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Моя корзина' })).toBeFocused();
  await expect(cart.getByRole('listitem')).toHaveCount(0);

  // The standing area takes 6 per order: the 6th press leaves the plus dimmed and focused.
  await plus.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Enter');
  await expect(cart.getByRole('listitem')).toHaveCount(6);
  await expect(plus).toHaveAttribute('aria-disabled', 'true');
  await expect(plus).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cart.getByRole('listitem')).toHaveCount(6);
  await expect(plus).toBeFocused();

  await minus.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Enter');
  await expect(cart.getByRole('listitem')).toHaveCount(0);
  await expect(minus).toHaveAttribute('aria-disabled', 'true');
  await expect(minus).toBeFocused();
});

test('every control of the scheme page is named with the text it shows (axe label-content-name-mismatch); a date button tells its whole date', async ({
  page,
}) => {
  await openFirstSession(page);
  const day = page.getByRole('region', { name: 'Дата мероприятия' }).getByRole('listitem').first().getByRole('button');
  await expect(day).toHaveAccessibleName(/^(пн|вт|ср|чт|пт|сб|вс) \d{1,2} [а-я]+\.? 19:00$/);
  await expect(day).toHaveAccessibleDescription(/^[а-я]+, \d{1,2} [а-я]+$/);
  await page.getByRole('button', { name: /^Увеличить: Танцпол/ }).click();
  await expect(page.getByRole('region', { name: /Моя корзина/ }).getByRole('listitem')).toHaveCount(1);
  // axe looks inside <main>, the page's own content.
  expect(await axeViolations(page, ['label-content-name-mismatch'])).toEqual([]);
});

import { type Page, expect, test } from '@playwright/test';
import { dateButtons } from './support/date-slider.ts';
import { payDemoOrder } from './support/orders.ts';

// A buyer on a phone, the walk's items that needed data the pages lacked: at 390×844 in Chromium.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const ORDER_URL = /\/order\/([A-Za-z0-9_-]{32})$/;
const card = (page: Page, name: RegExp) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name }) });

test.describe('the lowest price on the afisha cards', () => {
  test("each card says 'от …' from its lowest price, the price alone when there is one, 'Бесплатно' when free", async ({ page }) => {
    await page.goto('/');
    await expect(card(page, /Город сквозь века/)).toContainText(/от 200\s₽/);
    await expect(card(page, /Сад скульптур/)).toContainText('Бесплатно');
    // Sold out: no price to offer.
    await expect(card(page, /Ночь в музее/)).not.toContainText('₽');
  });

  test('reads naturally in English', async ({ page }) => {
    await page.goto('/?lang=en');
    await expect(card(page, /City Through the Centuries/)).toContainText('from ₽200');
    await expect(card(page, /Sculpture Garden/)).toContainText('Free');
  });
});

test('the event page shows its picture and description before a session is chosen, and the picture moves nothing', async ({ page }) => {
  await page.goto('/event/city-through-centuries');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  const picture = page.locator('.event-header__image');
  const before = await picture.boundingBox();
  const titleBefore = await title.boundingBox();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // A fixed 4:3 box beside the title on a phone, the same before and after the file arrived.
  expect(before).not.toBeNull();
  expect(before?.width).toBe(112);
  expect(before?.height).toBe(84);
  expect(await picture.boundingBox()).toEqual(before);
  expect(await title.boundingBox()).toEqual(titleBefore);
  await expect(page.getByText(/Постоянная экспозиция/).first()).toBeVisible();
  await expect(page.locator('.event-header__about-text')).not.toBeEmpty();
  // No session is chosen yet: the date choice is still ahead.
  await expect(page.getByRole('group', { name: 'Выберите дату' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Цены на билеты' })).toHaveCount(0);
});

test('a search with no match in the chosen kind names the kinds that have, each a link there with the same search', async ({ page }) => {
  await page.goto('/');
  const kinds = page.getByRole('navigation', { name: 'Виды билетов' });
  await expect(kinds.getByRole('button', { name: 'Билеты в музей' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('searchbox', { name: 'Поиск по названию' }).fill('Чайковский');
  await expect(page.getByText('Билеты не найдены')).toBeVisible();
  const elsewhere = page.getByRole('navigation', { name: 'По запросу «Чайковский» есть мероприятия в других разделах:' });
  await expect(elsewhere.getByRole('link')).toHaveText(['Концерты: 1 мероприятие', 'Абонементы: 1 мероприятие']);
  await elsewhere.getByRole('link', { name: 'Концерты: 1 мероприятие' }).click();
  await expect(kinds.getByRole('button', { name: 'Концерты' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('searchbox', { name: 'Поиск по названию' })).toHaveValue('Чайковский');
  await expect(card(page, /Симфонический вечер: Чайковский/)).toBeVisible();
});

test('back from the order page, the event page offers to continue the unpaid order while it is held', async ({ page }) => {
  await page.goto('/event/city-through-centuries');
  await expect(page.getByRole('link', { name: 'Продолжить оплату' })).toHaveCount(0);
  await dateButtons(page.getByRole('group', { name: 'Выберите дату' }))
    .first()
    .click();
  await page.getByRole('button', { name: /^12:00/ }).click();
  await page.getByRole('button', { name: 'Добавить билет: Взрослый', exact: true }).click();
  await page.getByLabel('ФИО', { exact: true }).fill('Иван Петров');
  await page.getByLabel('Телефон', { exact: true }).pressSequentially('900 000 00 00');
  await page.getByLabel('E-mail', { exact: true }).fill('ivan@example.com');
  await page.getByLabel('Повторите e-mail', { exact: true }).fill('ivan@example.com');
  await page.getByRole('checkbox', { name: /Я принимаю условия покупки/ }).check();
  await page.getByRole('checkbox', { name: 'Даю согласие на обработку персональных данных' }).check();
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(ORDER_URL);
  const hash = ORDER_URL.exec(page.url())?.[1] ?? '';
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.match(/\d{6,}/)?.[0] ?? '';
  expect(number).not.toBe('');

  await page.goBack();
  const notice = page.getByRole('note', { name: /У вас есть неоплаченный заказ/ });
  await expect(notice).toContainText(`№\u00a0${number}`);
  await expect(notice).toContainText(/Бронь действует ещё 1?\d:\d\d/);
  await notice.getByRole('link', { name: 'Продолжить оплату' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${hash}$`));

  // Paid, it is offered no more: the server, not the browser's memory, says whether it is held.
  await payDemoOrder(page.request, hash);
  await page.goto('/event/city-through-centuries');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('note', { name: /неоплаченный заказ/ })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('storefront.unpaid-orders'))).toBeNull();
});

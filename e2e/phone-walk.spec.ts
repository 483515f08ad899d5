import { type Page, expect, test } from '@playwright/test';
import { chooseEventTicket, createDemoOrder, payDemoOrder } from './support/orders.ts';

// A buyer on a phone: the walk at 390×844 in Chromium.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const ORDER_URL = /\/order\/[A-Za-z0-9_-]{32}$/;

async function startOrder(page: Page) {
  await chooseEventTicket(page);
  await page.getByLabel('ФИО', { exact: true }).fill('Иван Петров');
  await page.getByLabel('E-mail', { exact: true }).fill('ivan@example.com');
  await page.getByLabel('Повторите e-mail', { exact: true }).fill('ivan@example.com');
}

test.describe('the phone on the event page', () => {
  for (const { typed, shown } of [
    { typed: '+7 900 000-00-00', shown: '+7 900 000 00 00' },
    { typed: '8 900 000 00 00', shown: '8 (900) 000-00-00' },
  ]) {
    test(`"${typed}" typed beside RU +7 is masked and stored as +79000000000`, async ({ page }) => {
      await startOrder(page);
      await expect(page.getByRole('combobox', { name: 'Код страны: RU +7' })).toBeVisible();
      const phone = page.getByLabel('Телефон', { exact: true });
      await phone.pressSequentially(typed);
      await expect(phone).toHaveValue(shown);
      await page.getByRole('checkbox', { name: /Я принимаю условия покупки/ }).check();
      await page.getByRole('checkbox', { name: 'Даю согласие на обработку персональных данных' }).check();
      await page.getByRole('button', { name: 'Оформить заказ' }).click();
      await expect(page).toHaveURL(ORDER_URL);
      // The order view shows the phone as the server stored it (the buyer's data fold on a phone).
      await page.getByRole('button', { name: 'Показать данные покупателя' }).click();
      await expect(page.getByRole('main').getByText('+79000000000', { exact: true })).toBeVisible();
    });
  }

  test('an 11-digit Russian national number is refused with the phone message, and no order is made', async ({ page }) => {
    await startOrder(page);
    const phone = page.getByLabel('Телефон', { exact: true });
    await phone.pressSequentially('900 000 00 000');
    await page.getByRole('checkbox', { name: /Я принимаю условия покупки/ }).check();
    await page.getByRole('checkbox', { name: 'Даю согласие на обработку персональных данных' }).check();
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await expect(page.getByText('Номер телефона не действителен, проверьте корректность данных и попробуйте снова.')).toBeVisible();
    await expect(phone).toBeFocused();
    await expect(page).toHaveURL(/\/event\//);
  });
});

test('the consent text ticks the box; the document is a separate link', async ({ page }) => {
  await startOrder(page);
  const box = page.getByRole('checkbox', { name: /Я принимаю условия покупки/ });
  await expect(box).not.toBeChecked();
  // The text itself, beside its '(обязательно)': a tap on it ticks the box.
  await page.getByText('Я принимаю условия покупки').first().click();
  await expect(box).toBeChecked();
  await expect(page).toHaveURL(/\/event\//);
  expect(page.context().pages()).toHaveLength(1);
  const document = page.getByRole('link', { name: /^Открыть документ: Я принимаю условия покупки/ });
  await expect(document).toHaveAttribute('target', '_blank');
  await expect(document).toHaveAttribute('href', /\/rules\//);
});

test('the ticket page shows the QR code within the first screen', async ({ page, request }) => {
  const paid = await createDemoOrder(request, { quantity: 1 });
  await payDemoOrder(request, paid);
  const { token } = (await (await request.get('/api/token')).json()) as { token: string };
  const view = await request.post('/api/order/view', {
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
    data: { hash: paid, lang: 'ru' },
  });
  const body = (await view.json()) as { main: { tickets: { tickethash_id: string }[] }[] };
  const ticketHash = body.main[0]?.tickets[0]?.tickethash_id ?? '';
  await page.goto(`/ticket/${ticketHash}`);
  const qr = page.getByRole('img', { name: /QR/ });
  await expect(qr).toBeVisible();
  const box = await qr.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
  // It comes before the ticket's facts, however long they get.
  const facts = await page.getByText('Дата и время', { exact: true }).boundingBox();
  expect(box?.y ?? 0).toBeLessThan(facts?.y ?? 0);
});

test('after payment the order page says the order is paid and where the tickets went', async ({ page, request }) => {
  const paid = await createDemoOrder(request, { quantity: 1 });
  await payDemoOrder(request, paid);
  await page.goto(`/order/${paid}`);
  await expect(page.getByRole('status').filter({ hasText: 'Заказ оплачен. Билеты отправлены на ivan.petrov@example.com.' })).toBeVisible();
});

test('switching the language keeps the chosen tickets', async ({ page }) => {
  await chooseEventTicket(page);
  await page.getByRole('button', { name: 'Добавить билет: Взрослый', exact: true }).click();
  // 2 × (500 ₽ + 30 ₽ fee)
  await expect(page.getByText('1 060 ₽').first()).toBeVisible();

  await page.getByRole('button', { name: 'RU, язык сайта: Русский' }).click();
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('₽1,060').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
});

test.describe('the listing on a phone', () => {
  test('the first event card is on the first screen, the filters fold behind "Фильтры"', async ({ page }) => {
    await page.goto('/');
    const firstCard = page.getByRole('main').getByRole('article').first();
    await expect(firstCard).toBeVisible();
    const box = await firstCard.boundingBox();
    expect(box).not.toBeNull();
    // Its picture and title at least, not just its top border.
    expect((box?.y ?? 844) + 120).toBeLessThanOrEqual(844);
    const inStock = page.getByRole('checkbox', { name: 'Только в наличии' });
    await expect(inStock).toBeHidden();
    await expect(page.getByRole('searchbox')).toBeVisible();
  });

  test('the fold opens from the keyboard, says it is open and counts the active filters', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Фильтры', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toBeFocused();
    const inStock = page.getByRole('checkbox', { name: 'Только в наличии' });
    await expect(inStock).toBeVisible();
    // The fold follows its button in the Tab order.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('region', { name: 'Фильтры' }).locator(':focus')).toHaveCount(1);
    await inStock.check();
    const counted = page.getByRole('button', { name: 'Фильтры (1)', exact: true });
    await expect(counted).toHaveAttribute('aria-expanded', 'true');
    await counted.click();
    await expect(counted).toHaveAttribute('aria-expanded', 'false');
    await expect(inStock).toBeHidden();
    await expect(counted).toBeVisible();
  });
});

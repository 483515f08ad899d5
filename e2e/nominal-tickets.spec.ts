import { type Page, expect, test } from '@playwright/test';
import { createDemoOrder } from './support/orders.ts';
import { dateButtons } from './support/date-slider.ts';

// The demo's named-ticket event: 'Экскурсия в фондохранилище' asks for the birth date, the middle
// name, a document, the country and the region, with two required consents.
const EVENT = '/event/storage-vault-tour';

async function buyTwoNamedTickets(page: Page) {
  await page.goto(EVENT);
  await dateButtons(page.getByRole('group', { name: 'Выберите дату' }))
    .first()
    .click();
  const time = page.getByRole('group', { name: 'Выберите время' }).getByRole('button', { name: /12:00/ });
  if ((await time.getAttribute('aria-pressed')) !== 'true') await time.click();
  const plus = page.getByRole('button', { name: 'Добавить билет: Взрослый' });
  await plus.click();
  await plus.click();
  await page.getByLabel('ФИО').fill('Петров Пётр Петрович');
  await page.getByRole('textbox', { name: 'Телефон' }).fill('9999010203');
  await page.getByLabel('E-mail', { exact: true }).fill('petrov@example.com');
  await page.getByLabel('Повторите e-mail').fill('petrov@example.com');
  await page.getByRole('checkbox', { name: /Я принимаю условия покупки/ }).check();
  await page.getByRole('checkbox', { name: 'Даю согласие на обработку персональных данных' }).check();
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/nominal-tickets\/[A-Za-z0-9_-]+$/);
  return new URL(page.url()).pathname.split('/').pop() as string;
}

test.describe('named tickets', () => {
  test('the visitor buys two named tickets, fills both holders, fixes a mistake, confirms and reaches the order ready to pay', async ({
    page,
  }) => {
    const hash = await buyTwoNamedTickets(page);

    const orderHeading = page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ });
    await expect(orderHeading).toBeVisible();
    const orderTitle = (await orderHeading.textContent()) ?? '';
    await expect(page.getByText('Экскурсия в фондохранилище')).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'Итог заказа' });
    await expect(summary).toContainText(/Итого к оплате\s*1\s600\s₽/);
    await expect(summary).toContainText(/Бронь действует ещё\s*\d{2}:\d{2}:\d{2}/);

    // Ticket 1: a Russian passport, Moscow.
    const first = page.getByRole('region', { name: /Билет 1/ });
    await first.getByLabel('Фамилия').fill('Иванова');
    await first.getByLabel(/^Имя/).fill('Мария');
    await first.getByLabel('Отчество').fill('Сергеевна');
    await first.getByLabel('Дата рождения').pressSequentially('24051987');
    await expect(first.getByLabel('Дата рождения')).toHaveValue('24.05.1987');
    await first.getByLabel('Тип документа').selectOption({ label: 'Паспорт гражданина РФ' });
    await first.getByLabel('Номер документа').fill('4510 123456');
    await first.getByLabel('Страна').selectOption({ label: 'Россия' });
    await first.getByLabel('Регион').selectOption({ label: 'Москва' });

    // Ticket 2: a foreign document typed with a Cyrillic 'Н' by mistake, Kazakhstan, aged over 65.
    const second = page.getByRole('region', { name: /Билет 2/ });
    await second.getByLabel('Фамилия').fill('Smith');
    await second.getByLabel(/^Имя/).fill('John');
    await second.getByLabel('Отчество').fill('Peter');
    await second.getByLabel('Дата рождения').pressSequentially('01021950');
    await expect(second.getByRole('note')).toHaveText(/65 лет и старше/);
    await second.getByLabel('Тип документа').selectOption({ label: 'Иностранный документ' });
    await second.getByLabel('Номер документа').fill('Н1234567');
    await second.getByLabel('Страна').selectOption({ label: 'Казахстан' });
    await second.getByLabel('Регион').selectOption({ label: 'Алматы' });

    // One required consent ticked, the other forgotten.
    await page.getByRole('checkbox', { name: /Согласен на обработку персональных данных/ }).check();
    await page.getByRole('button', { name: 'Подтвердить' }).click();

    // The mistake is shown with the document type's note, the forgotten consent is marked, nothing is sent.
    await expect(second.getByText(/Латинские буквы, цифры, дефис или подчёркивание/)).toBeVisible();
    await expect(second.getByLabel('Номер документа')).toHaveAttribute('aria-invalid', 'true');
    const forgotten = page.getByRole('checkbox', { name: /у каждого посетителя будет с собой/ });
    await expect(forgotten).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Необходимо ваше согласие')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/nominal-tickets/${hash}$`));

    // Fixed: Latin N, and the consent ticked.
    await second.getByLabel('Номер документа').fill('N1234567');
    await expect(second.getByLabel('Номер документа')).toHaveAttribute('aria-invalid', 'false');
    await forgotten.check();
    await page.getByRole('button', { name: 'Подтвердить' }).click();

    // Confirmed with its reserve still running: the order page waits for payment, as the visitor sees it.
    await expect(page).toHaveURL(new RegExp(`/order/${hash}$`));
    await expect(page.getByRole('heading', { level: 1, name: orderTitle, exact: true })).toBeVisible();
    await expect(page.getByText('Не оплачен')).toBeVisible();
    await expect(page.getByText('Экскурсия в фондохранилище').first()).toBeVisible();
    const payment = page.getByRole('region', { name: 'Оплатить' });
    await expect(payment.getByText('1 600 ₽')).toBeVisible();
    await expect(payment.getByRole('timer')).toHaveText(/\d{2}:\d{2}/);
    await expect(payment.getByRole('button', { name: 'Оплатить' })).toBeEnabled();

    // The named-ticket page of a confirmed order sends the visitor to the order view.
    await page.goto(`/nominal-tickets/${hash}`);
    await expect(page).toHaveURL(new RegExp(`/order/${hash}$`));
  });

  test('an order still awaiting named-ticket data offers Pay while its reserve runs, and Pay opens the named-ticket form', async ({
    page,
    request,
  }) => {
    const hash = await createDemoOrder(request, { event: 'storage-vault-tour', quantity: 1 });
    await page.goto(`/order/${hash}`);
    await expect(page.getByText('Не оплачен')).toBeVisible();
    const payment = page.getByRole('region', { name: 'Оплатить' });
    await expect(payment.getByText('800 ₽')).toBeVisible();
    await expect(payment.getByRole('timer')).toHaveText(/\d{2}:\d{2}/);
    await payment.getByRole('button', { name: 'Оплатить' }).click();

    await expect(page).toHaveURL(new RegExp(`/nominal-tickets/${hash}$`));
    await expect(page.getByRole('region', { name: /Билет 1/ }).getByLabel('Фамилия')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Подтвердить' })).toBeVisible();
  });

  test("an unknown order shows 'Заказ удалён или не найден'", async ({ page }) => {
    await page.goto('/nominal-tickets/NoSuchOrderHash0000000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Заказ удалён или не найден' })).toBeVisible();
    await page.getByRole('link', { name: 'Назад к выбору билетов' }).last().click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});

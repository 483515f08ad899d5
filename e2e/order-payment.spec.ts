import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { waitForMail } from './support/mail.ts';
import { createDemoOrder, orderNumberOf } from './support/orders.ts';
import { withPhone } from './support/phone.ts';

const footer = (page: Page) => page.getByRole('region', { name: 'Оплатить' });

async function openOrder(page: Page, hash: string) {
  await page.goto(`/order/${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: /Заказ № \d+/ })).toBeVisible();
}

/** Pay in the footer with the given method, answering the no-offers confirm. */
async function payWith(page: Page, method: string) {
  await footer(page).getByRole('radio', { name: method }).check();
  await footer(page).getByRole('button', { name: 'Оплатить' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Специальные предложения' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Оплатить без предложений' }).click();
}

/** Pays by card at the sandbox bank's page and comes back to the order, paid. */
async function payByCardAtBank(page: Page, hash: string) {
  await payWith(page, 'Банковская карта');
  // The hidden form was posted to the bank page.
  await expect(page).toHaveURL(/\/sandbox\/pay$/);
  await expect(page.getByRole('heading', { name: 'Тестовый банк' })).toBeVisible();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${hash}$`));
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
}

/** The QR payment modal, opened by Pay or by the resume button. */
const qrModal = (page: Page) => page.getByRole('dialog', { name: /Оплата заказа №\d+, нажмите на QR-код или отсканируйте его/ });

/**
 * The visitor's phone opens the QR code's link and confirms at the bank; the next poll, 10 000 ms
 * later, sees it. fastForward jumps there firing each due timer once: runFor fires every timer
 * on the way and once hung past the test's timeout with the page already showing 'Оплачен'.
 */
async function payOnPhone(page: Page, browser: Browser, url: string) {
  await withPhone(browser, url, async (phone) => {
    await phone.getByRole('button', { name: /^Оплатить/ }).click();
    // The bank has taken the payment when it sends the phone on.
    await expect(phone).not.toHaveURL(/\/sandbox\//);
  });
  await page.clock.fastForward(10_000);
  await expect(qrModal(page)).toHaveCount(0);
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
}

test('pays by card through the sandbox bank form and opens a ticket QR code', async ({ page, request }) => {
  const hash = await createDemoOrder(request);
  await openOrder(page, hash);
  await expect(page.getByText('Не оплачен')).toBeVisible();
  await expect(footer(page).getByText('1 060 ₽')).toBeVisible();

  await payByCardAtBank(page, hash);
  await expect(footer(page)).toHaveCount(0);

  // The order's calendar entry downloads from the paid order's page.
  const [calendar] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Добавить в календарь' }).click()]);
  expect(calendar.suggestedFilename()).toMatch(/^order-\d+\.ics$/);
  // Long lines are folded (CRLF and a space): unfolded, the entry names the event.
  const ics = (await readFile(await calendar.path(), 'utf8')).replace(/\r\n /g, '');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain('SUMMARY:Постоянная экспозиция «Город сквозь века»');

  await page.getByRole('button', { name: 'QR-код билета' }).click();
  const codes = page.getByRole('dialog', { name: /Город сквозь века/ });
  await expect(codes).toBeVisible();
  await expect(codes.getByText(/Заказ № \d+/)).toBeVisible();
  await expect(codes.getByRole('img', { name: /QR-код билета \d{16}/ })).toBeVisible();
  await expect(codes.getByText('Билет 1 из 2')).toBeVisible();
  await codes.getByRole('button', { name: 'Следующий билет' }).click();
  await expect(codes.getByText('Билет 2 из 2')).toBeVisible();

  const [ticketPage] = await Promise.all([page.waitForEvent('popup'), codes.getByRole('link', { name: 'Открыть билет' }).click()]);
  await expect(ticketPage.getByRole('heading', { name: /Город сквозь века/ })).toBeVisible();
  await expect(ticketPage.getByRole('img', { name: /QR-код билета/ })).toBeVisible();
  await expect(ticketPage.getByRole('button', { name: 'Распечатать' })).toBeVisible();
  // The demo has no Apple pass certificate: no Wallet button.
  await expect(ticketPage.getByRole('link', { name: 'Добавить в Apple Wallet' })).toHaveCount(0);
});

// The demo's lecture has barcode tickets (ticket type 0), its group tour tickets with no code (type 2).
test('opens the barcodes of a paid lecture order', async ({ page, request }) => {
  const hash = await createDemoOrder(request, { event: 'avant-garde-lecture' });
  await openOrder(page, hash);
  await payByCardAtBank(page, hash);

  await expect(page.getByRole('button', { name: 'QR-код билета' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Штрих-код билета' }).click();
  const codes = page.getByRole('dialog', { name: /Русский авангард/ });
  await expect(codes.getByRole('img', { name: /^Штрих-код билета \d{16}$/ })).toBeVisible();
  await expect(codes.getByText('Билет 1 из 2')).toBeVisible();
});

test('shows no ticket code button on a paid group-tour order', async ({ page, request }) => {
  const hash = await createDemoOrder(request, { event: 'museum-group-tour' });
  await openOrder(page, hash);
  await payByCardAtBank(page, hash);

  await expect(page.getByText('Участник сборной группы')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(QR-код|Штрих-код) билета$/ })).toHaveCount(0);
});

test('pays by QR: the page polls the order status and shows it paid', async ({ page, request, browser }) => {
  const hash = await createDemoOrder(request);
  await page.clock.install();
  await openOrder(page, hash);
  await payWith(page, 'СБП по QR-коду');
  const modal = qrModal(page);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('img', { name: 'QR-код для оплаты заказа' })).toBeVisible();
  await payOnPhone(page, browser, String(await modal.getByRole('link').getAttribute('href')));
});

test('resumes a pending QR payment after the modal was closed and the page reloaded', async ({ page, request, browser }) => {
  const hash = await createDemoOrder(request);
  await page.clock.install();
  await openOrder(page, hash);
  const resume = footer(page).getByRole('button', { name: 'Открыть QR-код для оплаты' });
  await expect(footer(page).getByRole('button', { name: 'Оплатить' })).toBeVisible();
  await expect(resume).toHaveCount(0);

  await payWith(page, 'СБП по QR-коду');
  const modal = qrModal(page);
  await expect(modal).toBeVisible();
  const url = await modal.getByRole('link').getAttribute('href');
  await modal.getByRole('button', { name: 'Закрыть' }).click();
  await expect(modal).toHaveCount(0);
  await expect(resume).toBeVisible();

  // The order answer now carries the pending QR payment: after a reload the visitor is not stuck.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Заказ № \d+/ })).toBeVisible();
  await resume.click();
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('img', { name: 'QR-код для оплаты заказа' })).toBeVisible();
  // The same payment, not a new one.
  await expect(modal.getByRole('link')).toHaveAttribute('href', String(url));

  // The reopened modal polls like the first one.
  await payOnPhone(page, browser, String(url));
  await expect(resume).toHaveCount(0);
});

test('lands on the declined page when the bank declines, with a link back to the order', async ({ page, request }) => {
  const hash = await createDemoOrder(request);
  await openOrder(page, hash);
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.match(/\d+/)?.[0];
  await payWith(page, 'Банковская карта');
  await page.getByRole('button', { name: 'Недостаточно средств' }).click();

  await expect(page).toHaveURL(new RegExp(`/order/declined/${hash}$`));
  await expect(page.getByRole('heading', { name: `Платёж по заказу №\u00a0${number} отклонён` })).toBeVisible();
  const declined = page.getByRole('region', { name: /отклонён/ });
  await expect(declined.getByRole('listitem').filter({ hasText: 'Причина, указанная банком' })).toContainText(
    'Недостаточно средств на карте',
  );
  await expect(declined.getByRole('listitem')).toHaveCount(6);
  await page.getByRole('link', { name: 'Вернуться к заказу' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${hash}$`));
  await expect(page.getByText('Не оплачен')).toBeVisible();
});

/** The same visitor changes the order's sum elsewhere (another tab): a promo code through the storefront's call. */
async function applyPromoElsewhere(request: APIRequestContext, hash: string, promoCode: string) {
  const { token } = (await (await request.get('/api/token')).json()) as { token: string };
  const answer = await request.post('/api/order/discount', {
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
    data: { hash, lang: 'ru', promoCode },
  });
  expect(answer.ok(), await answer.text()).toBeTruthy();
}

test('closes the QR modal when the sum changes in another tab, and shows the new sum', async ({ page, request }) => {
  const hash = await createDemoOrder(request);
  await page.clock.install();
  await openOrder(page, hash);
  await payWith(page, 'СБП по QR-коду');
  const modal = qrModal(page);
  await expect(modal).toBeVisible();

  // The promo code cancels the QR payment for 1 060 ₽; the next poll sees it.
  await applyPromoElsewhere(request, hash, 'DEMO10');
  await page.clock.fastForward(10_000);
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/order/${hash}$`));
  await expect(footer(page).getByText('960 ₽')).toBeVisible();
  await expect(footer(page).getByRole('button', { name: 'Открыть QR-код для оплаты' })).toHaveCount(0);
  await expect(page.getByText('Не оплачен')).toBeVisible();
});

test('lands on the declined page saying the order changed when the old bank page is paid after a change', async ({ page, request }) => {
  const hash = await createDemoOrder(request);
  await openOrder(page, hash);
  await payWith(page, 'Банковская карта');
  await expect(page).toHaveURL(/\/sandbox\/pay$/);
  await expect(page.getByRole('heading', { name: 'Тестовый банк' })).toBeVisible();

  // Meanwhile the sum changes in another tab; the visitor then pays the bank page still showing 1 060 ₽.
  await applyPromoElsewhere(request, hash, 'DEMO10');
  await page.getByRole('button', { name: /^Оплатить/ }).click();

  await expect(page).toHaveURL(new RegExp(`/order/declined/${hash}$`));
  const declined = page.getByRole('region', { name: /отклонён/ });
  await expect(
    declined.getByText(
      'Сумма заказа изменилась во время оплаты, поэтому этот платёж отменён. Если деньги уже списаны, они возвращаются на карту. Оплатите заказ ещё раз.',
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Вернуться к заказу' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${hash}$`));
  await expect(page.getByText('Не оплачен')).toBeVisible();
  await expect(footer(page).getByText('960 ₽')).toBeVisible();
  // The bank refused the cancelled payment, so no money was taken: nothing is said to be refunded.
  await expect(page.getByRole('status', { name: 'Возврат денег' })).toHaveCount(0);
});

test('gives two tabs of one order the same bank page: paid once, nothing to refund', async ({ page, request, context }) => {
  const hash = await createDemoOrder(request);
  // Two tabs of the same order press Pay: one open payment per order and method, one bank page.
  const other = await context.newPage();
  for (const tab of [page, other]) {
    await openOrder(tab, hash);
    await payWith(tab, 'Банковская карта');
    await expect(tab).toHaveURL(/\/sandbox\/pay$/);
    await expect(tab.getByRole('heading', { name: 'Тестовый банк' })).toBeVisible();
  }
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${hash}$`));
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();

  // The second tab's page is the same payment, already paid: the visitor lands on the paid order
  // and no second payment was taken, so nothing goes back.
  await other.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(other).toHaveURL(new RegExp(`/order/${hash}$`));
  await expect(other.getByText('Оплачен', { exact: true })).toBeVisible();
  await expect(other.getByRole('status', { name: 'Возврат денег' })).toHaveCount(0);
});

test('adds a special offer and removes it again; the total follows', async ({ page, request }) => {
  const hash = await createDemoOrder(request);
  await openOrder(page, hash);
  await page.getByRole('button', { name: 'Специальные предложения' }).click();
  const sidebar = page.getByRole('dialog', { name: 'Специальные предложения' });
  await expect(sidebar.getByRole('button', { name: 'Добавить' })).toBeDisabled();
  await expect(sidebar.getByText('Услуги, привязанные к месту, вы получите при предъявлении билета на мероприятие.')).toBeVisible();
  const audio = sidebar.getByRole('button', { name: /Аудиогид/ });
  await expect(audio).toContainText('Доступно 2');
  await audio.click();
  await expect(audio).toHaveAttribute('aria-pressed', 'true');
  await sidebar.getByRole('button', { name: 'Добавить за 250 ₽' }).click();

  await expect(sidebar).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Дополнительные услуги' })).toContainText('Аудиогид');
  await expect(footer(page).getByText('1 310 ₽')).toBeVisible();

  await page.getByRole('button', { name: 'Удалить услугу «Аудиогид»' }).click();
  await expect(page.getByRole('list', { name: 'Дополнительные услуги' })).toHaveCount(0);
  await expect(footer(page).getByText('1 060 ₽')).toBeVisible();
});

test('applies and cancels a promo code, and marks an invalid one', async ({ page, request }) => {
  const hash = await createDemoOrder(request);
  await openOrder(page, hash);
  const promo = page.getByRole('textbox', { name: 'Промокод' });
  const apply = page.getByRole('button', { name: 'Применить', exact: true });
  await promo.fill('DE');
  await expect(apply).toBeDisabled();
  await promo.fill('NOPE1');
  await apply.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Недействительный промокод' })).toBeVisible();
  await expect(promo).toHaveAttribute('aria-invalid', 'true');

  await promo.fill('DEMO10');
  await apply.click();
  await expect(page.getByText('Промокод DEMO10 применён')).toBeVisible();
  await expect(footer(page).getByText('960 ₽')).toBeVisible();

  await page.getByRole('button', { name: 'Отменить', exact: true }).click();
  await expect(page.getByText('Промокод DEMO10 применён')).toHaveCount(0);
  await expect(footer(page).getByText('1 060 ₽')).toBeVisible();
});

/** The one-time code mailed for the demo card on this order (the mail names the order's number). */
async function mailedCardCode(request: APIRequestContext, hash: string): Promise<string> {
  const number = await orderNumberOf(request, hash);
  const text = await waitForMail((t) => t.includes('•••• 4000') && t.includes(`№ ${number}:`));
  const code = new RegExp(`№ ${number}: (\\d{6})`).exec(text)?.[1];
  if (!code) throw new Error(`no code in ${text}`);
  return code;
}

test('proves the loyalty card with the code mailed to its e-mail and spends its bonuses; a wrong code is refused', async ({
  page,
  request,
}) => {
  const hash = await createDemoOrder(request);
  await openOrder(page, hash);
  await page.getByRole('textbox', { name: 'Номер карты лояльности' }).fill('1000200030004000');
  await page.getByRole('button', { name: 'Применить карту' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'мы отправили код на её e-mail' })).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Код из письма' });
  await expect(code).toBeFocused();
  const right = await mailedCardCode(request, hash);

  await code.fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Подтвердить карту' }).click();
  await expect(page.getByRole('alertdialog').getByText('Неверный или устаревший код')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Закрыть' }).first().click();
  await expect(page.getByText('Баланс:')).toHaveCount(0);

  await code.fill(right);
  await page.getByRole('button', { name: 'Подтвердить карту' }).click();
  const bonuses = page.getByRole('textbox', { name: /Списать бонусов/ });
  await expect(bonuses).toBeVisible();
  await bonuses.fill('0');
  await expect(page.getByText('Введите целое число больше 0 и не больше доступного')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Списать', exact: true })).toBeDisabled();
  await bonuses.fill('100');
  await page.getByRole('button', { name: 'Списать', exact: true }).click();
  await expect(page.getByText('Списано бонусов: 100')).toBeVisible();
  await expect(footer(page).getByText('960 ₽')).toBeVisible();
});

test('hides the payment footer when the reservation expires', async ({ page, request }) => {
  const hash = await createDemoOrder(request);
  await page.clock.install();
  await openOrder(page, hash);
  await expect(footer(page).getByRole('timer')).toHaveText(/00:1[45]:\d\d/);
  await page.clock.fastForward('14:00');
  await expect(footer(page).getByRole('timer')).toHaveText(/00:0[01]:\d\d/);
  await page.clock.fastForward('01:05');
  await expect(footer(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Оплатить' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Специальные предложения' })).toHaveCount(0);
});

test('shows "Заказ удалён или не найден" for an unknown order', async ({ page }) => {
  await page.goto('/order/no-such-order-hash-0000000');
  await expect(page.getByRole('heading', { name: 'Заказ удалён или не найден' })).toBeVisible();
});

import { type APIRequestContext, expect, test } from '@playwright/test';
import { createDemoOrder, payDemoOrder } from './support/orders.ts';
import { mailsTo } from './support/mail.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

const poll = { timeout: 30_000, intervals: [250, 500, 1000] };

test("support resends the tickets to another address once, then corrects the buyer's e-mail; the catcher gets each at its address", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}.${test.info().workerIndex}`;
  const buyer = `mail.buyer.${stamp}@example.com`;
  const once = `mail.once.${stamp}@example.com`;
  const fixed = `mail.fixed.${stamp}@example.com`;
  await payDemoOrder(request, await createDemoOrder(request, { quantity: 1, email: buyer }));
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Заказы' }).click();
  await page.getByLabel('Поиск заказа').fill(buyer);
  await page.getByLabel('Поиск заказа').press('Enter');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await page.getByRole('table').getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
  const mails = page.getByRole('region', { name: 'Письма' });

  // A bad address for the one resend is refused on its field; nothing is sent.
  const sendTo = mails.getByLabel('Отправить на другой адрес (необязательно)');
  await sendTo.fill('nobody@example');
  await mails.getByRole('button', { name: 'Отправить билеты ещё раз' }).click();
  await expect(mails.getByText('Проверьте e-mail: он должен быть вида name@example.ru.')).toBeVisible();
  await expect(sendTo).toHaveAttribute('aria-invalid', 'true');

  // Once to another address: the catcher receives it there; the order's e-mail stays the buyer's.
  await sendTo.fill(once);
  await mails.getByRole('button', { name: 'Отправить билеты ещё раз' }).click();
  await expect(mails.getByRole('status')).toHaveText(`Билеты отправлены на ${once}.`);
  await expect.poll(async () => (await mailsTo(once)).length, poll).toBe(1);
  await expect(mails.getByText(`Сейчас: ${buyer}`)).toBeVisible();

  // Correcting the e-mail: a bad address and no reason are refused on their fields, nothing changes.
  const newEmail = mails.getByLabel('Новый e-mail');
  await newEmail.fill('fixed@');
  await mails.getByRole('button', { name: 'Исправить e-mail' }).click();
  await expect(mails.getByText('Проверьте e-mail: он должен быть вида name@example.ru.')).toBeVisible();
  await expect(mails.getByText('Укажите причину.')).toBeVisible();
  await expect(newEmail).toHaveAttribute('aria-invalid', 'true');
  await expect(mails.getByText(`Сейчас: ${buyer}`)).toBeVisible();

  await newEmail.fill(fixed);
  await mails.getByLabel('Причина исправления').fill('Покупатель ошибся в адресе');
  await mails.getByRole('button', { name: 'Исправить e-mail' }).click();
  await expect(mails.getByText(`E-mail заказа исправлен: ${fixed}. Следующие письма уйдут на него.`)).toBeVisible();
  await expect(mails.getByText(`Сейчас: ${fixed}`)).toBeVisible();

  // A plain resend now goes to the corrected address.
  await mails.getByRole('button', { name: 'Отправить билеты ещё раз' }).click();
  await expect(mails.getByRole('status')).toHaveText(`Билеты отправлены на ${fixed}.`);
  await expect.poll(async () => (await mailsTo(fixed)).length, poll).toBe(1);
  // The buyer's old address got only the payment's e-mail.
  expect(await mailsTo(buyer)).toHaveLength(1);
});

/** The tickets of a paid order (id and page hash), through the storefront's own order view. */
async function ticketsOf(request: APIRequestContext, hash: string) {
  const { token } = (await (await request.get('/api/token')).json()) as { token: string };
  const view = await request.post('/api/order/view', {
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
    data: { hash, lang: 'ru' },
  });
  expect(view.ok(), await view.text()).toBeTruthy();
  const body = (await view.json()) as { main: { tickets: { id: number; tickethash_id: string }[] }[] };
  return body.main.flatMap((line) => line.tickets);
}

test("a returned ticket's page says it was returned and when, in the visitor's language, with no code", async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = `mail.returned.${Date.now()}.${test.info().workerIndex}@example.com`;
  const hash = await createDemoOrder(request, { quantity: 2, email });
  await payDemoOrder(request, hash);
  const [returned, kept] = await ticketsOf(request, hash);
  expect(returned?.tickethash_id).toBeTruthy();

  // The owner refunds the first ticket through the back office's own calls.
  const { token } = (await (await request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  expect(
    (await request.post('/api/admin/session', { headers, data: { email: E2E_OWNER.email, password: E2E_OWNER.password } })).ok(),
  ).toBeTruthy();
  const found = (await (await request.get(`/api/admin/orders?q=${encodeURIComponent(email)}`)).json()) as { orders: { id: number }[] };
  const orderId = found.orders[0]?.id;
  // A staff call takes a token fetched with the staff session's cookie.
  const staff = (await (await request.get('/api/token')).json()) as { token: string };
  const refund = await request.post(`/api/admin/orders/${orderId}/refund`, {
    headers: { ...headers, 'x-csrf-token': staff.token },
    data: { ticketIds: [returned?.id], reason: 'Зритель заболел', lang: 'ru' },
  });
  expect(refund.ok(), await refund.text()).toBeTruthy();

  await page.goto(`/ticket/${returned?.tickethash_id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Билет возвращён' })).toBeVisible();
  await expect(page.getByText(/^Билет возвращён \d{1,2} [а-я]+ \d{4}/)).toBeVisible();
  await expect(page.getByText('Билет больше не действует: пройти по нему нельзя.')).toBeVisible();
  await expect(page.locator('.ticket-sheet img')).toHaveCount(0);

  await page.goto(`/ticket/${returned?.tickethash_id}?lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket returned' })).toBeVisible();
  await expect(page.getByText(/^The ticket was returned on /)).toBeVisible();

  // The other ticket of the order still shows its code; an unknown ticket is still not found.
  await page.goto(`/ticket/${kept?.tickethash_id}`);
  await expect(page.getByRole('img', { name: /^(QR-код|Штрих-код) билета \d+$/ })).toBeVisible();
  await page.goto(`/ticket/${'0'.repeat(32)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Билет не найден или заказ не оплачен' })).toBeVisible();
});

import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { waitForMail } from './support/mail.ts';
import { createDemoOrder } from './support/orders.ts';

// This server pays cards through the T-Bank fake and SBP through the YooKassa fake
// (e2e/acquirers-server.ts); each fake serves its payment page on its own port.

const footer = (page: Page) => page.getByRole('region', { name: 'Оплатить' });

async function payWith(page: Page, hash: string, method: string) {
  await page.goto(`/order/${hash}`);
  await expect(page.getByText('Не оплачен')).toBeVisible();
  await footer(page).getByRole('radio', { name: method }).check();
  await footer(page).getByRole('button', { name: 'Оплатить' }).click();
  await page.getByRole('alertdialog', { name: 'Специальные предложения' }).getByRole('button', { name: 'Оплатить без предложений' }).click();
}

/** Returns the first ticket of a paid order through the return page and its e-mail link; the refund goes to the acquirer. */
async function returnOneTicket(page: Page, hash: string) {
  await page.getByRole('link', { name: 'Вернуть билет' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/return/${hash}$`));
  await page.getByRole('checkbox', { name: /^Вернуть билет/ }).first().check();
  await page.getByRole('radio', { name: /Не смогу посетить мероприятие/ }).check();
  await page.getByRole('switch').check();
  await page.getByRole('button', { name: 'Оформить возврат' }).click();
  await page.getByRole('alertdialog', { name: 'Заявление создано' }).getByRole('button', { name: 'Понятно' }).click();
  await page.getByRole('dialog', { name: 'Заявление принято' }).getByRole('button', { name: 'Понятно' }).click();
  // This server's own mail catcher listens on its port + 1 (e2e/start-server.ts).
  const mailPort = Number(new URL(String(test.info().project.use.baseURL)).port) + 1;
  const text = await waitForMail((body) => body.includes(`/order/return/${hash}?hash_conf=`), 30_000, mailPort);
  await page.goto(/http:\/\/\S+hash_conf=\S+/.exec(text)?.[0] as string);
  await page.getByRole('switch').check();
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  const info = page.getByRole('dialog', { name: 'Информация' });
  await expect(info).toContainText('Возврат успешно подтвержден.');
  await info.getByRole('button').first().click();
  // 'Возвращено': the acquirer accepted the refund (a refund still pending there reads otherwise).
  await expect(page.getByLabel('Итог возврата')).toContainText('Возвращено');
}

test('pays by card on the T-Bank payment page, comes back paid, and returns a ticket refunded through T-Bank', async ({ page, request }) => {
  test.setTimeout(90_000);
  const hash = await createDemoOrder(request, { quantity: 2 });
  await payWith(page, hash, 'Банковская карта');
  await expect(page.getByRole('heading', { name: 'T-Bank (тест): оплата картой' })).toBeVisible();
  await expect(page.getByText('1060.00 ₽')).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${hash}$`));
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
  await returnOneTicket(page, hash);
});

test('a card the T-Bank page declines leads to the declined page with its reason', async ({ page, request }) => {
  const hash = await createDemoOrder(request);
  await payWith(page, hash, 'Банковская карта');
  await page.getByRole('button', { name: 'Недостаточно средств' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/declined/${hash}`));
  await expect(page.getByText(/недостаточно средств/i).first()).toBeVisible();
});

test('pays by SBP through YooKassa: the QR modal, the bank app on the phone, the poll shows it paid; a ticket refunded through YooKassa', async ({ page, request, context }) => {
  test.setTimeout(90_000);
  const hash = await createDemoOrder(request, { quantity: 2 });
  await page.clock.install();
  await payWith(page, hash, 'СБП по QR-коду');
  const modal = page.getByRole('dialog', { name: /Оплата заказа №\d+, нажмите на QR-код или отсканируйте его/ });
  await expect(modal.getByRole('img', { name: 'QR-код для оплаты заказа' })).toBeVisible();
  const url = String(await modal.getByRole('link').getAttribute('href'));
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sbp\//);
  await payOnPhone(context, url);
  await page.clock.fastForward(10_000);
  await expect(modal).toHaveCount(0);
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
  await page.clock.resume();
  await returnOneTicket(page, hash);
});

async function payOnPhone(context: BrowserContext, url: string) {
  const phone = await context.newPage();
  await phone.goto(url);
  await expect(phone.getByRole('heading', { name: 'ЮKassa (тест): оплата по СБП' })).toBeVisible();
  await phone.getByRole('button', { name: 'Оплатить' }).click();
  await phone.close();
}

import { type Browser, type Page, expect, test } from '@playwright/test';
import { waitForMail } from './support/mail.ts';
import { createDemoOrder } from './support/orders.ts';
import { withPhone } from './support/phone.ts';

// Two servers with real acquirers (e2e/acquirers-server.ts), each fake serving its payment page
// on its own port: the project's baseURL pays cards through the T-Bank fake and SBP through the
// YooKassa fake; the one at E2E_ACQUIRERS_SWAPPED_URL the other way round. So each acquirer is
// paid by card and by SBP, and each shows a partial refund (one ticket of two) and a refund of
// the rest, whose receipts the tests read back from the fake.

const SWAPPED_URL = String(process.env.E2E_ACQUIRERS_SWAPPED_URL);

const footer = (page: Page) => page.getByRole('region', { name: 'Оплатить' });

async function payWith(page: Page, hash: string, method: string) {
  await page.goto(`/order/${hash}`);
  await expect(page.getByText('Не оплачен')).toBeVisible();
  await footer(page).getByRole('radio', { name: method }).check();
  await footer(page).getByRole('button', { name: 'Оплатить' }).click();
  await page
    .getByRole('alertdialog', { name: 'Специальные предложения' })
    .getByRole('button', { name: 'Оплатить без предложений' })
    .click();
}

/**
 * Pays on the acquirer's own page (the fake's: a card page, or YooKassa's SBP page, which SBP is
 * confirmed on by redirect), back on the order page paid; answers the page's address.
 */
async function payOnCardPage(page: Page, hash: string, heading: string, method = 'Банковская карта'): Promise<string> {
  await payWith(page, hash, method);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  const paymentPage = page.url();
  await expect(page.getByText('1060.00 ₽')).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${hash}$`));
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
  return paymentPage;
}

/**
 * Pays by SBP: the QR modal shows the acquirer's link, the buyer's "bank app" (the fake's page
 * opened as a phone would) confirms, the modal's poll (the page's clock moved on) sees it paid.
 * Answers the link.
 */
async function payBySbp(page: Page, browser: Browser, hash: string, heading: string): Promise<string> {
  await page.clock.install();
  await payWith(page, hash, 'СБП по QR-коду');
  const modal = page.getByRole('dialog', { name: /Оплата заказа №\d+, нажмите на QR-код или отсканируйте его/ });
  await expect(modal.getByRole('img', { name: 'QR-код для оплаты заказа' })).toBeVisible();
  const url = String(await modal.getByRole('link').getAttribute('href'));
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sbp\//);
  await withPhone(browser, url, async (phone) => {
    await expect(phone.getByRole('heading', { name: heading })).toBeVisible();
    await phone.getByRole('button', { name: 'Оплатить' }).click();
    // The bank has taken the payment when its page gives way to the next (T-Bank's success URL,
    // YooKassa's "done").
    await expect(phone.getByRole('heading', { name: heading })).toHaveCount(0);
  });
  await page.clock.fastForward(10_000);
  await expect(modal).toHaveCount(0);
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
  await page.clock.resume();
  return url;
}

/**
 * Returns tickets of a paid order through the return page and its e-mail link (the first one, or
 * all that are left); the refund goes to the acquirer. `usedLinks`: the confirmation links of
 * earlier returns of the order, whose e-mails are skipped.
 */
async function returnTickets(page: Page, baseURL: string, hash: string, which: 'one' | 'rest', usedLinks: string[]) {
  if (which === 'one') {
    await page.getByRole('link', { name: 'Вернуть билет' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/return/${hash}$`));
  }
  const tickets = page.getByRole('checkbox', { name: /^Вернуть билет/ });
  await expect(tickets).toHaveCount(which === 'one' ? 2 : 1);
  await tickets.first().check();
  await page.getByRole('radio', { name: /Не смогу посетить мероприятие/ }).check();
  await page.getByRole('switch').check();
  await page.getByRole('button', { name: 'Оформить возврат' }).click();
  await page.getByRole('alertdialog', { name: 'Заявление создано' }).getByRole('button', { name: 'Понятно' }).click();
  await page.getByRole('dialog', { name: 'Заявление принято' }).getByRole('button', { name: 'Понятно' }).click();
  // The server's own mail catcher listens on its port + 1 (e2e/start-server.ts).
  const mailPort = Number(new URL(baseURL).port) + 1;
  const linkOf = (text: string) => /http:\/\/\S+hash_conf=\S+/.exec(text)?.[0] ?? '';
  const text = await waitForMail(
    (body) => body.includes(`/order/return/${hash}?hash_conf=`) && !usedLinks.includes(linkOf(body)),
    30_000,
    mailPort,
  );
  const link = linkOf(text);
  usedLinks.push(link);
  await page.goto(link);
  await page.getByRole('switch').check();
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  const info = page.getByRole('dialog', { name: 'Информация' });
  await expect(info).toContainText('Возврат успешно подтвержден.');
  await info.getByRole('button').first().click();
  if (which === 'one') {
    // 'Возвращено': the acquirer accepted the refund (a refund still pending there reads otherwise).
    await expect(page.getByLabel('Итог возврата')).toContainText('Возвращено');
  } else {
    // Nothing is left to return, so the page has no summary; the fake's record tells the refund.
    await expect(page.getByRole('cell', { name: 'Подтверждено' })).toHaveCount(2);
    await expect(tickets).toHaveCount(0);
  }
}

/** A receipt line: its name, how many, and the line's total in kopecks. */
type ReceiptItem = { name: string; quantity: number; amount: number };
type FakeRecord = {
  status: string;
  amount: number;
  refunded: number;
  items: ReceiptItem[];
  refunds: { amount: number; items: ReceiptItem[] }[];
};
type TbankReceipt = { Items: { Name: string; Quantity: number; Amount: number }[] };
// YooKassa's amount is the price of one unit.
type YookassaReceipt = { items: { description: string; quantity: string; amount: { value: string } }[] };

/** What the acquirer's fake recorded of the payment behind its payment page or SBP link, receipts in one shape. */
async function fakeRecord(paymentUrl: string): Promise<FakeRecord> {
  const url = new URL(paymentUrl);
  const id = /^\/(?:pay|sbp)\/([\w-]+)/.exec(url.pathname)?.[1];
  const response = await fetch(`${url.origin}/records/payments/${id}`);
  expect(response.status).toBe(200);
  const raw = (await response.json()) as {
    status: string;
    amount: number;
    refunded: number;
    receipt: unknown;
    refunds: { amount: number; receipt: unknown }[];
  };
  const items = (receipt: unknown): ReceiptItem[] =>
    'Items' in (receipt as object)
      ? (receipt as TbankReceipt).Items.map((i) => ({ name: i.Name, quantity: i.Quantity, amount: i.Amount }))
      : (receipt as YookassaReceipt).items.map((i) => ({
          name: i.description,
          quantity: Number(i.quantity),
          amount: Math.round(Number(i.amount.value) * 100) * Number(i.quantity),
        }));
  return { ...raw, items: items(raw.receipt), refunds: raw.refunds.map((r) => ({ amount: r.amount, items: items(r.receipt) })) };
}

const sum = (items: ReceiptItem[]) => items.reduce((total, item) => total + item.amount, 0);
const units = (items: ReceiptItem[]) => items.reduce((total, item) => total + item.quantity, 0);
/** Each unit's name once per unit, so receipts that group identical units compare unit by unit. */
const unitNames = (items: ReceiptItem[]) => items.flatMap((i) => Array.from({ length: i.quantity }, () => i.name)).sort();

/** The service fee's receipt line (a ticket's fee is refunded only where the event refunds fees). */
const FEE = 'Сервисный сбор';
const tickets = (items: ReceiptItem[]) => items.filter((i) => i.name !== FEE);

/**
 * The refund's receipt lists only what was refunded of the returned ticket: that one ticket (and
 * its fee only if the fee was refunded), each line one of the payment's, adding up to the refund.
 */
function expectOneTicketRefunded(record: FakeRecord, refund: number) {
  const r = record.refunds[refund];
  expect(r, `refund ${refund} at the fake`).toBeDefined();
  if (!r) return;
  const paid = record.items.map((i) => i.name);
  expect(units(tickets(r.items))).toBe(1);
  expect(units(tickets(record.items))).toBe(2);
  expect(units(r.items)).toBeLessThanOrEqual(2);
  for (const item of r.items) expect(paid).toContain(item.name);
  expect(sum(r.items)).toBe(r.amount);
  expect(r.amount).toBeGreaterThan(0);
}

/** After a return of one ticket of two: one refund, of that ticket only, the payment partly refunded. */
function expectPartialRefund(record: FakeRecord) {
  expect(record.amount).toBe(106_000);
  expect(record.refunds).toHaveLength(1);
  expectOneTicketRefunded(record, 0);
  expect(record.refunded).toBeLessThan(record.amount);
}

/** After the return of the other ticket too: a second refund with that ticket's items, each ticket refunded once. */
async function expectRestRefunded(paymentUrl: string) {
  await expect.poll(async () => (await fakeRecord(paymentUrl)).refunds.length).toBe(2);
  const record = await fakeRecord(paymentUrl);
  expectOneTicketRefunded(record, 1);
  expect(record.refunded).toBe(sum(record.refunds.flatMap((r) => r.items)));
  expect(unitNames(tickets(record.refunds.flatMap((r) => r.items)))).toEqual(unitNames(tickets(record.items)));
}

test.describe('cards through T-Bank, SBP through YooKassa', () => {
  test('pays by card on the T-Bank payment page, comes back paid, and returns one ticket of two refunded through T-Bank', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const hash = await createDemoOrder(request, { quantity: 2 });
    const paymentPage = await payOnCardPage(page, hash, 'T-Bank (тест): оплата картой');
    await returnTickets(page, String(baseURL), hash, 'one', []);
    const record = await fakeRecord(paymentPage);
    expect(record.status).toBe('PARTIAL_REFUNDED');
    expectPartialRefund(record);
  });

  test('a card the T-Bank page declines leads to the declined page with its reason', async ({ page, request }) => {
    const hash = await createDemoOrder(request);
    await payWith(page, hash, 'Банковская карта');
    await page.getByRole('button', { name: 'Недостаточно средств' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/declined/${hash}`));
    await expect(page.getByText(/недостаточно средств/i).first()).toBeVisible();
  });

  test('pays by SBP through YooKassa on its own SBP page (redirect), comes back paid; one ticket, then the other, refunded through YooKassa', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const hash = await createDemoOrder(request, { quantity: 2 });
    const link = await payOnCardPage(page, hash, 'ЮKassa (тест): оплата по СБП', 'СБП по QR-коду');
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sbp\//);
    const used: string[] = [];
    await returnTickets(page, String(baseURL), hash, 'one', used);
    expectPartialRefund(await fakeRecord(link));
    await returnTickets(page, String(baseURL), hash, 'rest', used);
    await expectRestRefunded(link);
  });
});

test.describe('cards through YooKassa, SBP through T-Bank', () => {
  test.use({ baseURL: SWAPPED_URL });

  test('pays by card on the YooKassa confirmation page, comes back paid, and returns one ticket of two refunded through YooKassa', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const hash = await createDemoOrder(request, { quantity: 2 });
    const paymentPage = await payOnCardPage(page, hash, 'ЮKassa (тест): оплата картой');
    await returnTickets(page, String(baseURL), hash, 'one', []);
    expectPartialRefund(await fakeRecord(paymentPage));
  });

  test('pays by SBP through T-Bank: GetQr in the QR modal, the bank app, the poll shows it paid; one ticket, then the other, refunded through T-Bank', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const hash = await createDemoOrder(request, { quantity: 2 });
    const link = await payBySbp(page, browser, hash, 'T-Bank (тест): оплата по СБП');
    const used: string[] = [];
    await returnTickets(page, String(baseURL), hash, 'one', used);
    const partial = await fakeRecord(link);
    expect(partial.status).toBe('PARTIAL_REFUNDED');
    expectPartialRefund(partial);
    await returnTickets(page, String(baseURL), hash, 'rest', used);
    await expectRestRefunded(link);
  });
});

import { expect, test } from '@playwright/test';
import { chooseDeskSession } from './support/desk.ts';
import { ticketCodesOf } from './support/orders.ts';
import { addStaffMember, signInToAdmin } from './support/staff.ts';

test('a cashier sells two for cash, the demo register prints the receipt, returns one, and the shift report shows it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now() % 1_000_000}-${test.info().workerIndex}`;
  const cashier = {
    email: `cashier.register.${stamp}@e2e.test`,
    name: 'Ольга Кассир',
    role: 'cashier' as const,
    password: 'e2e cashier password',
  };
  await addStaffMember(request, cashier);
  // A register of this test's own (its shift and receipts), no driver address: the demo's register prints.
  await page.addInitScript(
    (name) => localStorage.setItem('desk-register', JSON.stringify({ name, mode: 'driver', url: '' })),
    `e2e-${stamp}`,
  );
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInToAdmin(page, cashier.email, cashier.password);
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Касса' }).click();
  await expect(page.getByText('Демо: настоящая касса не подключена, чеки печатает учебная касса на сервере.')).toBeVisible();

  await chooseDeskSession(page, 'Город сквозь', /Город сквозь века/);
  await expect(page.getByLabel('Взрослый, количество')).toBeFocused();
  const sold = page.waitForResponse((r) => r.url().endsWith('/api/admin/desk/sales') && r.request().method() === 'POST' && r.ok());
  await page.keyboard.press('2');
  await page.keyboard.press('Enter');
  const sale = (await (await sold).json()) as { order: { number: number; hash: string } };

  // The sale's receipt is the register's task, relayed to the (demo) register and printed; the shift opened with it.
  const receipts = page.getByRole('list', { name: 'Чеки и документы кассы' });
  await expect(receipts.getByRole('listitem').filter({ hasText: `Чек продажи, заказ № ${sale.order.number}` })).toContainText(
    /напечатан \(ФД № \d+/,
  );
  await expect(receipts.getByRole('listitem').filter({ hasText: 'Открытие смены' })).toContainText('напечатан');
  await expect(page.getByText(/^Смена открыта с /)).toBeVisible();

  // Return one of the two by its code, in cash.
  const [code] = await ticketCodesOf(request, sale.order.hash);
  await page.getByLabel('Код билета').fill(code ?? '');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByText(`Заказ № ${sale.order.number} (куплен в кассе)`)).toBeVisible();
  await expect(page.getByText(/По правилам возврата: /)).toBeVisible();
  await page.getByRole('radio', { name: 'Наличными' }).check();
  await page.getByRole('button', { name: 'Вернуть', exact: true }).click();
  const returned = page.getByRole('status').filter({ hasText: /Возвращено .+; место снова в продаже\./ });
  await expect(returned).toBeVisible();
  const amount = /Возвращено (.+); место/.exec((await returned.textContent()) ?? '')?.[1] ?? '';
  expect(amount).toMatch(/\d/);
  await expect(receipts.getByRole('listitem').filter({ hasText: `Чек возврата, заказ № ${sale.order.number}` })).toContainText('напечатан');

  // The shift report reconciles it: the cash sale, the cash refund, what the drawer holds.
  await page.getByRole('button', { name: 'Отчёт о смене' }).click();
  const report = page.getByRole('region', { name: /Отчёт о смене с / });
  await expect(report.getByRole('row', { name: /Продажи наличными/ })).toContainText(/1\s?000/);
  await expect(report.getByRole('row', { name: /Возвраты наличными/ })).toContainText(amount);
  await expect(report.getByRole('link', { name: /Отчёт о смене, CSV/ }).first()).toBeVisible();

  // The screen still fits a phone.
  await page.setViewportSize({ width: 320, height: 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

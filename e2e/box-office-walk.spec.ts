import { expect, test } from '@playwright/test';
import { chooseSessionOf } from './support/checkin.ts';
import { chooseDeskSession } from './support/desk.ts';
import { ticketCodesOf } from './support/orders.ts';
import { addStaffMember, signInToAdmin } from './support/staff.ts';

/**
 * The box office end to end, as a venue works it: a cashier sells two tickets for cash, prints
 * them, a controller admits one at the door, the cashier takes the other back at the desk (the
 * refund receipt through the register), and the shift report shows all of it.
 */
test('the box office walk: sell two for cash, print them, admit one at the door, return the other, the shift report', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now() % 1_000_000}-${test.info().workerIndex}`;
  const cashier = {
    email: `cashier.walk.${stamp}@e2e.test`,
    name: 'Ольга Кассир',
    role: 'cashier' as const,
    password: 'e2e walk password',
  };
  const controller = {
    email: `controller.walk.${stamp}@e2e.test`,
    name: 'Пётр Контролёр',
    role: 'controller' as const,
    password: 'e2e walk password',
  };
  await addStaffMember(request, cashier);
  await addStaffMember(request, controller);
  // This walk's own register (its shift and receipts); no driver address: the demo's register prints.
  await page.addInitScript((name) => {
    localStorage.setItem('desk-register', JSON.stringify({ name, mode: 'driver', url: '' }));
    // window.print() opens the browser's dialog; here it only counts, the print view is read below.
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  }, `walk-${stamp}`);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInToAdmin(page, cashier.email, cashier.password);
  const menu = page.getByRole('navigation', { name: 'Меню' });
  await menu.getByRole('link', { name: 'Касса' }).click();

  // 1. Two tickets for cash.
  await chooseDeskSession(page, 'Город сквозь', /Город сквозь века/);
  await expect(page.getByLabel('Взрослый, количество')).toBeFocused();
  const sold = page.waitForResponse((r) => r.url().endsWith('/api/admin/desk/sales') && r.request().method() === 'POST' && r.ok());
  await page.keyboard.press('2');
  await page.keyboard.press('Enter');
  const sale = (await (await sold).json()) as { order: { id: number; number: number; hash: string; total: number } };
  expect(sale.order.total).toBeGreaterThan(0);
  const receipts = page.getByRole('list', { name: 'Чеки и документы кассы' });
  await expect(receipts.getByRole('listitem').filter({ hasText: `Чек продажи, заказ № ${sale.order.number}` })).toContainText(
    /напечатан \(ФД № \d+/,
  );
  const codes = [...new Set(await ticketCodesOf(request, sale.order.hash))];
  expect(codes).toHaveLength(2);
  const [admitted, returned] = codes as [string, string];

  // 2. Printed: the hand-out page opens on the order; the print view carries each ticket's requisites and code.
  await page.getByRole('link', { name: 'Напечатать билеты' }).click();
  await expect(page.getByRole('heading', { name: `Заказ № ${sale.order.number}` })).toBeVisible();
  const numbers = [...(await page.getByRole('group', { name: 'Билеты' }).innerText()).matchAll(/Билет (\d{8})/g)].map((m) => m[1] ?? '');
  expect(numbers).toHaveLength(2);
  await page.getByRole('button', { name: 'Печать' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const printed = page.getByRole('region', { name: 'Печатаемые билеты' });
  await expect(printed).toBeVisible();
  await expect(printed.getByText('Электронный билет')).toHaveCount(2);
  for (const code of codes) await expect(printed.getByText(code)).toBeVisible();
  for (const ticketNumber of numbers) await expect(printed.getByText(new RegExp(`№ ${ticketNumber}`))).toBeVisible();
  await expect(printed.getByText(/Город сквозь века/).first()).toBeVisible();
  await expect(printed.getByText(/ИНН/).first()).toBeVisible();
  // Each ticket's code is also drawn as its QR code or barcode (named by its code for a screen reader).
  for (const code of codes) await expect(printed.getByRole('img', { name: new RegExp(code) })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // 3. A controller admits the first ticket at the door.
  const door = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const gate = await door.newPage();
    await gate.goto('/checkin');
    await gate.getByLabel('E-mail').fill(controller.email);
    await gate.getByLabel('Пароль').fill(controller.password);
    await gate.getByRole('button', { name: 'Войти' }).click();
    await expect(gate.getByRole('heading', { name: 'Проверка билетов' })).toBeVisible();
    await chooseSessionOf(gate, admitted, `walk-door-${stamp}`);
    const input = gate.getByLabel('Код билета');
    await input.fill(admitted);
    await input.press('Enter');
    await expect(gate.getByRole('status').first()).toContainText('Проходите');
  } finally {
    await door.close();
  }

  // 4. The cashier takes the other back at the desk, in cash; its refund receipt goes through the register.
  await menu.getByRole('link', { name: 'Касса' }).click();
  await page.getByLabel('Код билета').fill(returned);
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByText(`Заказ № ${sale.order.number} (куплен в кассе)`)).toBeVisible();
  await page.getByRole('radio', { name: 'Наличными' }).check();
  await page.getByRole('button', { name: 'Вернуть', exact: true }).click();
  const done = page.getByRole('status').filter({ hasText: /Возвращено .+; место снова в продаже\./ });
  await expect(done).toBeVisible();
  const refund = /Возвращено (.+); место/.exec((await done.textContent()) ?? '')?.[1] ?? '';
  expect(refund).toMatch(/\d/);
  await expect(receipts.getByRole('listitem').filter({ hasText: `Чек возврата, заказ № ${sale.order.number}` })).toContainText(
    /напечатан \(ФД № \d+/,
  );

  // 5. The shift report: the cash sale, the cash refund, and what the drawer should hold.
  const report = await page.request.get(`/api/admin/desk/register?register=walk-${stamp}`);
  const shift = ((await report.json()) as { shift: { id: number } }).shift;
  const figures = (await (await page.request.get(`/api/admin/desk/shifts/${shift.id}/report`)).json()) as {
    report: { cashSales: number; cashReturns: number; cashExpected: number };
  };
  expect(figures.report.cashSales).toBe(sale.order.total);
  expect(figures.report.cashReturns).toBeGreaterThan(0);
  expect(figures.report.cashExpected).toBe(sale.order.total - figures.report.cashReturns);
  await page.getByRole('button', { name: 'Отчёт о смене' }).click();
  const onScreen = page.getByRole('region', { name: /Отчёт о смене с / });
  const money = (kopecks: number) => new RegExp(`${Math.floor(kopecks / 100)}`.replace(/\B(?=(\d{3})+$)/g, '\\s?'));
  await expect(onScreen.getByRole('row', { name: /Продажи наличными/ })).toContainText(money(figures.report.cashSales));
  await expect(onScreen.getByRole('row', { name: /Возвраты наличными/ })).toContainText(refund);
  await expect(onScreen.getByRole('row', { name: /Наличных в кассе/ })).toContainText(money(figures.report.cashExpected));
});

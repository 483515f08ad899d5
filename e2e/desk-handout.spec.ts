import { expect, test } from '@playwright/test';
import { createDemoOrder, orderNumberOf, payDemoOrder, ticketCodesOf } from './support/orders.ts';
import { addStaffMember, signInToAdmin } from './support/staff.ts';

test('a cashier hands out a web order found by a scanned ticket code, prints its tickets, and a reprint says «Дубликат»', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const hash = await createDemoOrder(request, { quantity: 2, email: `handout.${Date.now()}@example.com` });
  await payDemoOrder(request, hash);
  const number = await orderNumberOf(request, hash);
  // The order view names each ticket's code in more than one field.
  const codes = [...new Set(await ticketCodesOf(request, hash))];
  expect(codes).toHaveLength(2);
  const cashier = {
    email: `cashier.handout.${Date.now()}.${test.info().workerIndex}@e2e.test`,
    name: 'Ольга Кассир',
    role: 'cashier' as const,
    password: 'e2e cashier password',
  };
  await addStaffMember(request, cashier);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInToAdmin(page, cashier.email, cashier.password);
  await expect(page.getByRole('heading', { name: 'Вход в бэк-офис' })).toBeHidden();
  // window.print() opens the browser's dialog; here it only counts, the print stylesheet is checked below.
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.reload();
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Выдача и печать билетов' }).click();

  // The field has the focus: a USB scanner types the code and Enter, as keystrokes.
  const field = page.getByLabel('Номер заказа, код билета или e-mail');
  await expect(field).toBeFocused();
  await page.keyboard.type(codes[0] ?? '');
  await page.keyboard.press('Enter');
  const order = page.getByRole('heading', { name: `Заказ № ${number}` });
  await expect(order).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(2);
  await expect(page.getByText('не печатался')).toHaveCount(2);
  const numbers = [...(await page.getByRole('group', { name: 'Билеты' }).innerText()).matchAll(/Билет (\d{8})/g)].map((m) => m[1] ?? '');
  expect(numbers).toHaveLength(2);

  await page.getByRole('radio', { name: 'A4' }).check();
  await page.getByRole('button', { name: 'Печать' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(page.getByText('напечатан 1 раз')).toHaveCount(2);

  // The print preview: only the tickets, each with its number and code, no duplicate mark yet.
  await page.emulateMedia({ media: 'print' });
  const printed = page.getByRole('region', { name: 'Печатаемые билеты' });
  await expect(printed).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeHidden();
  await expect(printed.getByText('Электронный билет')).toHaveCount(2);
  for (const code of codes) await expect(printed.getByText(code)).toBeVisible();
  // Each ticket's series and number, as the e-ticket page shows it.
  for (const ticketNumber of numbers) await expect(printed.getByText(new RegExp(`№ ${ticketNumber}`))).toBeVisible();
  await expect(printed.getByText('Дубликат')).toHaveCount(0);
  await page.emulateMedia({ media: 'screen' });

  // A reprint of the first ticket only: marked «Дубликат»; the paper choice was remembered.
  await page.getByRole('checkbox').nth(1).uncheck();
  await page.getByRole('button', { name: 'Печать' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(2);
  await page.emulateMedia({ media: 'print' });
  await expect(printed.getByText('Электронный билет')).toHaveCount(1);
  await expect(printed.getByText(/Дубликат/)).toBeVisible();
  await expect(printed.getByText(codes[0] ?? '')).toBeVisible();
  await expect(printed.getByText(new RegExp(`№ ${numbers[0]}`))).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await page.reload();
  await page.getByLabel('Номер заказа, код билета или e-mail').fill(String(number));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('radio', { name: 'A4' })).toBeChecked();
  await expect(page.getByText('напечатан 2 раза')).toHaveCount(1);
});

test('the hand-out page fits a phone without scrolling sideways', async ({ page, request }) => {
  const cashier = {
    email: `cashier.handout.narrow.${Date.now()}.${test.info().workerIndex}@e2e.test`,
    name: 'Ольга Кассир',
    role: 'cashier' as const,
    password: 'e2e cashier password',
  };
  await addStaffMember(request, cashier);
  await page.setViewportSize({ width: 320, height: 640 });
  await signInToAdmin(page, cashier.email, cashier.password);
  await expect(page.getByRole('heading', { name: 'Вход в бэк-офис' })).toBeHidden();
  await page.goto('/admin/handout');
  await expect(page.getByLabel('Номер заказа, код билета или e-mail')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

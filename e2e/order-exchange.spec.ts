import { expect, test } from '@playwright/test';
import { createDemoOrder, payDemoOrder } from './support/orders.ts';
import { mailsTo } from './support/mail.ts';
import { E2E_OWNER, openTicketExchange, signInToAdmin } from './support/staff.ts';

test('an owner exchanges a ticket of a paid order for another session from the order page, and the buyer gets the new tickets by e-mail', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}${test.info().workerIndex}`;
  const email = `exchange.${run}@example.com`;
  const hash = await createDemoOrder(page.request, { quantity: 2, email });
  await payDemoOrder(page.request, hash);

  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  // One ticket chosen, by keyboard: the exchange opens a dialog with the event's sessions.
  const { tickets, dialog } = await openTicketExchange(page, email);

  // Another session than the ticket's own: the second of the list (each lists its free places).
  const session = dialog.getByLabel('Новый сеанс');
  // The list fills in when the event's sessions arrive: wait for them, not for the dialog alone.
  const sessionValues = () =>
    session.locator('option:not([disabled])').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  await expect.poll(async () => (await sessionValues()).length).toBeGreaterThan(1);
  const values = await sessionValues();
  await session.selectOption(values[1] ?? '');
  const figures = dialog.getByRole('list', { name: 'Расчёт обмена' });
  await expect(figures.getByText(/^Оплачено за прежние билеты: /)).toBeVisible();
  await expect(figures.getByText(/^Стоимость новых: /)).toBeVisible();
  await expect(figures.getByText(/^(Без доплаты и возврата|Покупателю вернётся .+|Покупатель доплачивает .+)$/)).toBeVisible();
  const dearer = await figures.getByText(/^Покупатель доплачивает/).isVisible();
  await dialog.getByRole('button', { name: 'Обменять' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: dearer ? /^Покупателю отправлена ссылка/ : /^Билеты обменяны/ })).toBeVisible();
  // The buyer's e-mail, received by the test mail catcher: the new tickets, or the link to pay the difference.
  let mail = '';
  await expect
    .poll(
      async () => {
        mail = (await mailsTo(email)).find((text) => text.includes('Ваши билеты обменяны') || text.includes('доплатите разницу')) ?? '';
        return mail !== '';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  if (dearer) {
    expect(mail).toMatch(/\/exchange\/pay\/[\w-]+/);
    await expect(tickets.getByRole('cell', { name: 'Обмен: ждёт доплаты', exact: true })).toBeVisible();
  } else {
    expect(mail).toContain('Прежние билеты больше не действуют на входе');
    expect(mail).toMatch(/\/ticket\/[\w-]+/);
    await expect(tickets.getByRole('cell', { name: 'Обменян', exact: true })).toBeVisible();
  }
});

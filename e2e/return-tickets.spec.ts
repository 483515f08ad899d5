import { type Page, expect, test } from '@playwright/test';
import { waitForMail } from './support/mail.ts';
import { createDemoOrder } from './support/orders.ts';

/** Pays an order by card at the sandbox bank, as the order page does. */
async function payByCard(page: Page, hash: string) {
  await page.goto(`/order/${hash}`);
  const footer = page.getByRole('region', { name: 'Оплатить' });
  await footer.getByRole('radio', { name: 'Банковская карта' }).check();
  await footer.getByRole('button', { name: 'Оплатить' }).click();
  await page
    .getByRole('alertdialog', { name: 'Специальные предложения' })
    .getByRole('button', { name: 'Оплатить без предложений' })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/pay$/);
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${hash}$`));
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
}

test('returns one of two paid tickets: request, e-mail link, confirmation, badges and the refund', async ({ page, request }) => {
  test.setTimeout(90_000);
  const hash = await createDemoOrder(request, { quantity: 2 });
  await payByCard(page, hash);
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.match(/\d+/)?.[0];

  await page.getByRole('link', { name: 'Вернуть билет' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/return/${hash}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Заявление на возврат' })).toBeVisible();
  // The link is gone with the order page: focus is in the return page, its title read out.
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Билеты — Возврат билетов' })).toHaveText('Билеты — Возврат билетов');
  await expect(page.getByText(`Заказ № ${number} от`)).toBeVisible();
  await expect(page.getByText('ivan.petrov@example.com')).toBeVisible();
  await expect(page.getByRole('link', { name: `Вернуться к Заказу № ${number}` })).toBeVisible();
  await expect(page.getByRole('timer')).toContainText('Возврат возможен в течение (GTM +03:00)');

  const submit = page.getByRole('button', { name: 'Оформить возврат' });
  const tickets = page.getByRole('checkbox', { name: /^Вернуть билет/ });
  await expect(tickets).toHaveCount(2);
  await expect(submit).toBeDisabled();
  await tickets.first().check();
  await expect(page.getByRole('group', { name: 'Итог возврата' }).or(page.getByLabel('Итог возврата'))).toContainText('500 ₽');
  await page.getByRole('radio', { name: /Не смогу посетить мероприятие/ }).check();
  await expect(submit).toBeDisabled();
  await page.getByRole('switch').check();
  await expect(submit).toBeEnabled();
  await submit.click();

  const created = page.getByRole('alertdialog', { name: 'Заявление создано' });
  await expect(created).toContainText('24 часа');
  await created.getByRole('button', { name: 'Понятно' }).click();
  const accepted = page.getByRole('dialog', { name: 'Заявление принято' });
  await expect(accepted).toContainText('Ваше заявление принято и передано в работу');
  await accepted.getByRole('button', { name: 'Понятно' }).click();
  // The submit that opened the dialogs is disabled now (nothing chosen): focus goes to the page's heading, not to <body>.
  await expect(page.getByRole('heading', { level: 1, name: 'Заявление на возврат' })).toBeFocused();
  await expect(page.getByText('Не подтверждено')).toBeVisible();
  await expect(tickets).toHaveCount(1);

  // The e-mail arrives at the SMTP server; its link opens the confirmation step.
  const text = await waitForMail((body) => body.includes(`/order/return/${hash}?hash_conf=`));
  expect(text).toContain(`по заказу № ${number}`);
  const link = /http:\/\/\S+hash_conf=\S+/.exec(text)?.[0] as string;
  await page.goto(link);
  await expect(page.getByRole('note')).toContainText('Подтвердите возврат');
  const confirm = page.getByRole('button', { name: 'Подтвердить' });
  await expect(confirm).toBeDisabled();
  await page.getByRole('switch').check();
  await confirm.click();

  const info = page.getByRole('dialog', { name: 'Информация' });
  await expect(info).toContainText('Возврат успешно подтвержден.');
  await info.getByRole('button').first().click();
  await expect(page).toHaveURL(new RegExp(`/order/return/${hash}$`));
  await expect(page.getByText('Подтверждено', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Вернуть билет/ })).toHaveCount(1);
  await expect(page.getByLabel('Итог возврата')).toContainText('Возвращено');
  await expect(page.getByLabel('Итог возврата')).toContainText('500 ₽');

  // The used link is refused: the page says so and drops it.
  await page.goto(link);
  const error = page.getByRole('alertdialog', { name: /Ошибка/ });
  await expect(error).toContainText('Ссылка подтверждения недействительна');
  await expect(page).toHaveURL(new RegExp(`/order/return/${hash}$`));
});

test('returns a ticket with its audio guide: the page lists the service, the refund and the e-mail count it, the order page marks it returned', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const hash = await createDemoOrder(request, { quantity: 2 });
  await page.goto(`/order/${hash}`);
  await page.getByRole('button', { name: 'Специальные предложения' }).click();
  const sidebar = page.getByRole('dialog', { name: 'Специальные предложения' });
  await sidebar.getByRole('button', { name: /Аудиогид/ }).click();
  await sidebar.getByRole('button', { name: 'Добавить за 250 ₽' }).click();
  await expect(page.getByRole('list', { name: 'Дополнительные услуги' })).toContainText('Аудиогид');
  const footer = page.getByRole('region', { name: 'Оплатить' });
  await footer.getByRole('radio', { name: 'Банковская карта' }).check();
  await footer.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay$/);
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Вернуть билет' }).click();
  const services = page.getByRole('list', { name: 'Услуги к билету' });
  await expect(services).toHaveCount(1);
  await expect(services).toContainText('Аудиогид');
  const tickets = page.getByRole('checkbox', { name: /^Вернуть билет/ });
  await tickets.first().check();
  await expect(page.getByLabel('Итог возврата')).toContainText('750 ₽');
  await page.getByRole('radio', { name: /Не смогу посетить мероприятие/ }).check();
  await page.getByRole('switch').check();
  await page.getByRole('button', { name: 'Оформить возврат' }).click();
  await page.getByRole('alertdialog', { name: 'Заявление создано' }).getByRole('button', { name: 'Понятно' }).click();
  await page.getByRole('dialog', { name: 'Заявление принято' }).getByRole('button', { name: 'Понятно' }).click();

  const text = await waitForMail((body) => body.includes(`/order/return/${hash}?hash_conf=`));
  expect(text).toContain('— Аудиогид: 250\u00a0₽');
  expect(text).toContain('750\u00a0₽');
  await page.goto(/http:\/\/\S+hash_conf=\S+/.exec(text)?.[0] as string);
  await page.getByRole('switch').check();
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await page.getByRole('dialog', { name: 'Информация' }).getByRole('button').first().click();
  await expect(page.getByLabel('Итог возврата')).toContainText('750 ₽');

  await page.goto(`/order/${hash}`);
  await expect(page.getByRole('list', { name: 'Дополнительные услуги' })).toContainText('Возвращена');
  await expect(page.getByText('Возвращён 1 билет')).toBeVisible();
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
});

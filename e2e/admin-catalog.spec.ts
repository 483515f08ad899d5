import { type Page, expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { E2E_OWNER, addStaffMember, signInToAdmin } from './support/staff.ts';

const MANAGER_PASSWORD = 'e2e manager password';

async function signIn(page: Page, email: string, password: string) {
  await signInToAdmin(page, email, password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
}

/** A day `days` from now in Moscow, as a datetime-local input takes it. */
function moscowDay(days: number, time: string): string {
  const day = new Date(Date.now() + 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${time}`;
}

test('a manager creates an event with two sessions and two prices, publishes it, and a visitor buys it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}${test.info().workerIndex}`;
  const title = `Органный вечер ${run}`;

  // The owner adds a manager, who does the catalog work.
  await signIn(page, E2E_OWNER.email, E2E_OWNER.password);
  const managerEmail = `catalog.${run}@e2e.test`;
  // A password the owner sets is temporary: the helper has the manager change it to MANAGER_PASSWORD.
  await addStaffMember(page.request, { email: managerEmail, name: 'Мария Менеджер', role: 'manager', password: MANAGER_PASSWORD });
  const managerContext = await browser.newContext();
  const admin = await managerContext.newPage();
  await signIn(admin, managerEmail, MANAGER_PASSWORD);

  await admin.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Каталог' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'События каталога' })).toBeVisible();
  await admin.getByRole('link', { name: 'Новое событие' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Новое событие' })).toBeVisible();

  // Saved empty: the browser checks the form with the contract's schema and marks the name.
  await admin.getByRole('button', { name: 'Создать событие' }).click();
  await expect(admin.getByRole('alert')).toHaveText('Не сохранено: исправьте отмеченные поля.');
  await expect(admin.getByLabel('Название (обязательно)')).toHaveAttribute('aria-invalid', 'true');

  await admin.getByLabel('Название (обязательно)').fill(title);
  await admin.getByRole('tab', { name: 'Английский' }).click();
  await admin.getByRole('tabpanel', { name: 'Английский' }).getByLabel('Название', { exact: true }).fill(`Organ evening ${run}`);
  await admin.getByRole('tab', { name: 'Русский' }).click();
  // The description is formatted text: bold from the toolbar.
  await admin.getByRole('textbox', { name: 'Описание', exact: true }).click();
  await admin.keyboard.type('Бах и ');
  await admin.getByRole('toolbar', { name: 'Оформление описания' }).getByRole('button', { name: 'Жирный' }).click();
  await admin.keyboard.type('Букстехуде');

  const sessions = admin.getByRole('group', { name: 'Сеансы', exact: true });
  await sessions.getByRole('button', { name: 'Добавить сеанс' }).click();
  await sessions.getByRole('button', { name: 'Добавить сеанс' }).click();
  const sessionRows = sessions.getByRole('listitem');
  await sessionRows.nth(0).getByLabel('Дата и время').fill(moscowDay(2, '12:00'));
  await sessionRows.nth(0).getByLabel('Мест', { exact: true }).fill('40');
  await sessionRows.nth(1).getByLabel('Дата и время').fill(moscowDay(3, '12:00'));
  await sessionRows.nth(1).getByLabel('Мест', { exact: true }).fill('40');

  // A price for every session is one row: the category's name and its price.
  const pricing = admin.getByRole('region', { name: 'Категории и цены' });
  const priceRows = pricing.getByRole('listitem');
  await priceRows.nth(0).getByLabel('Категория').fill('Взрослый');
  await priceRows.nth(0).getByLabel('Цена, ₽').fill('700');
  await pricing.getByRole('button', { name: 'Добавить цену' }).click();
  await priceRows.nth(1).getByLabel('Категория').fill('Детский');
  await priceRows.nth(1).getByLabel('Цена, ₽').fill('350');

  const rules = ['color-contrast', 'label', 'aria-allowed-attr', 'aria-valid-attr-value', 'aria-required-children', 'button-name'];
  expect(await axeViolations(admin, rules, 'body')).toEqual([]);
  await admin.getByRole('button', { name: 'Создать событие' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Событие «${title}»` })).toBeVisible();
  await expect(admin.getByText('Не опубликовано · /event/')).toBeVisible();
  const hashText =
    (await admin
      .getByText(/\/event\/[\w-]+/)
      .first()
      .textContent()) ?? '';
  const hash = /\/event\/([\w-]+)/.exec(hashText)?.[1] ?? '';
  expect(hash).toMatch(/^organ-evening-\d+$/);
  await admin.getByRole('button', { name: 'HTML-код' }).click();
  await expect(admin.getByRole('textbox', { name: 'Описание', exact: true })).toHaveValue(/^Бах и <b>Букстехуде<\/b>$/);

  await admin.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(admin.getByText('Опубликовано · /event/')).toBeVisible();

  // From 320 px wide the form fits the screen.
  await admin.setViewportSize({ width: 320, height: 640 });
  const wider = await admin.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((e) => e.getBoundingClientRect().right > 320.5)
      .map((e) => `${e.tagName}.${e.className}`)
      .slice(0, 5),
  );
  expect(wider).toEqual([]);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await admin.setViewportSize({ width: 1280, height: 800 });

  // A second tab of the same event saves after the first did: refused, naming who and when.
  const other = await managerContext.newPage();
  await other.goto(admin.url());
  await expect(other.getByRole('heading', { level: 1, name: `Событие «${title}»` })).toBeVisible();
  await admin.getByLabel('Примечание').first().fill('Вход с 11:30');
  await admin.getByRole('button', { name: 'Сохранить' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();
  await other.getByLabel('Примечание').first().fill('Другое примечание');
  await other.getByRole('button', { name: 'Сохранить' }).click();
  await expect(other.getByRole('alert')).toHaveText(/^Изменено: Мария Менеджер, \d\d\.\d\d\.\d{4} \d\d:\d\d\. Обновите страницу\.$/);
  // The refused edit is still in the form.
  await expect(other.getByLabel('Примечание').first()).toHaveValue('Другое примечание');
  await managerContext.close();

  // The visitor finds it on the storefront and buys an adult ticket, paying at the sandbox bank.
  await page.goto('/');
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await page.goto(`/event/${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
  await page.getByRole('group', { name: 'Выберите дату' }).getByRole('button', { name: /\d/ }).first().click();
  await page.getByRole('button', { name: /^12:00/ }).click();
  await page.getByRole('button', { name: 'Добавить билет: Взрослый', exact: true }).click();
  await expect(page.getByText('700 ₽').first()).toBeVisible();
  await page.getByLabel('ФИО', { exact: true }).fill('Иван Петров');
  await page.getByLabel('Телефон', { exact: true }).fill('999 901 02 03');
  await page.getByLabel('E-mail', { exact: true }).fill('ivan@example.com');
  await page.getByLabel('Повторите e-mail', { exact: true }).fill('ivan@example.com');
  await page.getByRole('checkbox', { name: /Я принимаю условия покупки/ }).check();
  await page.getByRole('checkbox', { name: 'Даю согласие на обработку персональных данных' }).check();
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
  const orderUrl = page.url();

  const footer = page.getByRole('region', { name: 'Оплатить' });
  await footer.getByRole('radio', { name: 'Банковская карта' }).check();
  await footer.getByRole('button', { name: 'Оплатить' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Специальные предложения' });
  const bank = page.getByRole('heading', { name: 'Тестовый банк' });
  // The venue's special offers, if any apply, are offered first.
  await expect(confirm.or(bank)).toBeVisible();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Оплатить без предложений' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay$/);
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page).toHaveURL(orderUrl);
  await expect(page.getByText('Оплачен', { exact: true })).toBeVisible();
});

test('a new price starts empty; a free price and a past session, then publishing an event no one can see, wait for the manager to confirm', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `Вечер без зрителей ${Date.now()}${test.info().workerIndex}`;
  await signIn(page, E2E_OWNER.email, E2E_OWNER.password);
  await page.goto('/admin/catalog/events/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Новое событие' })).toBeVisible();
  await page.getByLabel('Название (обязательно)').fill(title);
  const sessions = page.getByRole('group', { name: 'Сеансы', exact: true });
  await sessions.getByRole('button', { name: 'Добавить сеанс' }).click();
  // Yesterday in the venue's zone: always past, whatever the hour.
  await sessions.getByRole('listitem').first().getByLabel('Дата и время').fill(moscowDay(-1, '12:00'));
  const firstPrice = page.getByRole('region', { name: 'Категории и цены' }).getByRole('listitem').first();
  await firstPrice.getByLabel('Категория').fill('Взрослый');
  const amount = firstPrice.getByLabel('Цена, ₽');
  await expect(amount).toHaveValue('');

  // An empty price is refused on its field.
  await page.getByRole('button', { name: 'Создать событие' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription('Заполните поле.');

  // 0 and a past session: the save waits for the manager's word, nothing is created yet.
  await amount.fill('0');
  await page.getByRole('button', { name: 'Создать событие' }).click();
  const check = page.getByRole('alertdialog', { name: 'Проверьте перед сохранением' });
  await expect(check).toBeVisible();
  await expect(check).toBeFocused();
  await expect(check.getByRole('listitem')).toHaveText([
    /^Сеанс \d{4}-\d\d-\d\d 12:00 уже начался или прошёл \(время площадки\) — верно\?/,
    /^Цена 0 — бесплатно — верно\?/,
  ]);
  await expect(page.getByRole('heading', { level: 1, name: 'Новое событие' })).toBeVisible();
  const rules = [
    'color-contrast',
    'label',
    'aria-allowed-attr',
    'aria-valid-attr-value',
    'aria-required-children',
    'button-name',
    'aria-dialog-name',
  ];
  expect(await axeViolations(page, rules, 'body')).toEqual([]);
  await check.getByRole('button', { name: 'Всё верно, сохранить' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Событие «${title}»` })).toBeVisible();
  await expect(page.getByText('Не опубликовано · /event/')).toBeVisible();

  // Publishing it: no visitor could see an event whose only session has passed.
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(check).toBeVisible();
  await expect(check.getByRole('listitem')).toHaveText([/^Посетители не увидят событие: у него нет будущих сеансов\./]);
  await expect(page.getByText('Не опубликовано · /event/')).toBeVisible();
  await check.getByRole('button', { name: 'Вернуться к форме' }).click();
  await expect(check).toBeHidden();
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await check.getByRole('button', { name: 'Всё верно, опубликовать' }).click();
  await expect(page.getByText('Опубликовано · /event/')).toBeVisible();
});

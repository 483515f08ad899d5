import { readFileSync } from 'node:fs';
import { type Page, expect, test, testNow } from './support/test.ts';
import { axeViolations } from './support/axe.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

const PHONE = { width: 320, height: 640 };

/** An instant as the datetime-local field takes it, in the venue's zone (Moscow, the demo's). */
function moscowInput(at: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Moscow',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test('an owner at 320 px saves the bank details, reserves a group, gets its invoice, imports a statement and marks the group paid', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('heading', { level: 1, name: `Здравствуйте, ${E2E_OWNER.name}` })).toBeVisible();
  await page.goto('/admin/groups');
  await expect(page.getByRole('heading', { level: 1, name: 'Группы и организации' })).toBeVisible();
  await noSideScroll(page);

  // The bank details: a settlement account whose key does not agree with the БИК is refused on its field.
  const bank = page.getByRole('region', { name: 'Банковские реквизиты для счетов' });
  await bank.getByLabel('Полное наименование').fill('ГБУК «Музей»');
  await bank.getByLabel('ИНН').fill('7707083893');
  await bank.getByLabel('КПП').fill('773601001');
  await bank.getByLabel('Юридический адрес').fill('Москва, ул. Музейная, 1');
  await bank.getByLabel('БИК').fill('044525225');
  await bank.getByLabel('Банк', { exact: true }).fill('ПАО СБЕРБАНК');
  await bank.getByLabel('Корреспондентский счёт').fill('30101810400000000225');
  await bank.getByLabel('Расчётный счёт').fill('40702810038000000001');
  await bank.getByRole('button', { name: 'Сохранить реквизиты' }).click();
  await expect(bank.getByText('Расчётный счёт не сходится с БИК (контрольный ключ).')).toBeVisible();
  await expect(bank.getByLabel('Расчётный счёт')).toHaveAttribute('aria-invalid', 'true');
  await bank.getByLabel('Расчётный счёт').fill('40702810938000000001');
  await bank.getByRole('button', { name: 'Сохранить реквизиты' }).click();
  await expect(bank.getByText('Реквизиты сохранены.')).toBeVisible();

  // A new group, by keyboard where a person would type: the furthest session, two places.
  await page.getByRole('link', { name: 'Новая группа' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Новая группа' })).toBeVisible();
  const session = page.getByLabel('Сеанс');
  await expect(session.locator('option')).not.toHaveCount(1);
  await session.selectOption((await session.locator('option').last().getAttribute('value')) ?? '');
  const places = page.getByRole('group', { name: 'Места по ценам' }).getByRole('spinbutton');
  await places.first().fill('2');
  const org = page.getByRole('group', { name: 'Организация' });
  await org.getByLabel('Наименование').fill('ГБОУ «Школа № 1»');
  await org.getByLabel('ИНН').fill('7710140670');
  await org.getByLabel('КПП').fill('773601001');
  const leader = page.getByRole('group', { name: 'Руководитель группы' });
  await leader.getByLabel('ФИО').fill('Анна Петровна Иванова');
  await leader.getByLabel('Телефон').fill('+7 916 123-45-67');
  await leader.getByLabel('Электронная почта').fill('leader@school.test');
  await page.getByLabel('Оплатить до').fill(moscowInput(testNow() + 86_400_000));
  await noSideScroll(page);
  await page.getByRole('button', { name: 'Забронировать' }).click();
  // A wrong ИНН is refused on its field; nothing is reserved.
  await expect(org.getByText('ИНН: 10 или 12 цифр с верными контрольными цифрами.')).toBeVisible();
  await org.getByLabel('ИНН').fill('7710140679');
  await page.getByRole('button', { name: 'Забронировать' }).press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: /Группа по счёту № \d{4}-\d+: ГБОУ «Школа № 1»/ })).toBeVisible();
  await expect(page.getByText('Забронирована, ждёт оплаты')).toBeVisible();
  await noSideScroll(page);
  const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const number = /№ (\d{4}-\d+)/.exec(heading)?.[1] ?? '';
  const invoice = page.getByRole('link', { name: `Счёт на оплату № ${number} (PDF)` });
  const download = page.waitForEvent('download');
  await invoice.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`schet-${number}.pdf`);
  // The whole file arrived (and the page is done with it) before the next address.
  expect(await file.failure()).toBeNull();

  // The statement's payments name this invoice's number from another ИНН, and others: each is listed unmatched for staff.
  await page.goto('/admin/groups');
  const statement = readFileSync(new URL('../server/groups/fixtures/statement-windows-1251.txt', import.meta.url));
  await page.getByLabel('Файл выписки').setInputFiles({ name: 'kl_to_1c.txt', mimeType: 'text/plain', buffer: statement });
  await page.getByRole('button', { name: 'Загрузить выписку' }).click();
  await expect(page.getByText(/Выписка загружена: платежей 3, пропущено исходящих 1\./)).toBeVisible();
  const unmatched = page.getByRole('region', { name: 'Несопоставленные платежи' });
  await expect(unmatched.getByText('Оплата за аренду зала по договору 15 от 01.11.2026')).toBeVisible();
  // The statement names two invoices (2026-1, 2026-2); the other group spec may own the other one.
  const ours = unmatched.getByRole('row').filter({ hasText: new RegExp(`\\b${number}\\b`) });
  await expect(ours.getByText(/ИНН плательщика не совпадает со счётом/)).toBeVisible();
  await noSideScroll(page);

  // Paid by hand: the organisation needs no receipt.
  await page.getByRole('link', { name: `№ ${number}` }).click();
  await expect(page.getByText('Платит организация безналичным переводом: кассовый чек не нужен.')).toBeVisible();
  await page.getByRole('button', { name: /^Оплачено: / }).click();
  await expect(page.getByText('Группа оплачена, билеты выпущены.')).toBeVisible();
  await expect(page.getByText('Оплачена', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Билеты (PDF)' })).toBeVisible();
  await noSideScroll(page);
  const rules = ['color-contrast', 'label', 'aria-allowed-attr', 'aria-valid-attr-value', 'landmark-unique', 'th-has-data-cells'];
  expect(await axeViolations(page, rules, 'body')).toEqual([]);
});

test('an owner chooses a group’s seats on the hall map, and the hall map then shows them taken', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('heading', { level: 1, name: `Здравствуйте, ${E2E_OWNER.name}` })).toBeVisible();
  await page.goto('/admin/groups/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Новая группа' })).toBeVisible();
  const session = page.getByLabel('Сеанс');
  const seated = session.locator('option', { hasText: 'Чайковский' }).first();
  await session.selectOption((await seated.getAttribute('value')) ?? '');

  // The storefront's renderer draws the hall; the rows below choose seats from the keyboard. The
  // row before the last: the storefront's and the box office's specs take seats at the front and in the last row.
  await expect(page.getByRole('img', { name: /^Схема зала: / })).toBeVisible();
  const rows = page.getByLabel('Ряд', { exact: true });
  await rows.selectOption((await rows.locator('option').nth(-2).getAttribute('value')) ?? '0');
  const free = page.getByRole('group', { name: /^Места ряда / }).getByRole('checkbox', { disabled: false });
  const names = [
    (await free.nth(0).evaluate((el) => el.parentElement?.textContent ?? '')) as string,
    (await free.nth(1).evaluate((el) => el.parentElement?.textContent ?? '')) as string,
  ];
  await free.nth(0).check();
  await free.nth(1).check();
  await expect(page.getByText('Выбрано мест: 2')).toBeVisible();

  const org = page.getByRole('group', { name: 'Организация' });
  await org.getByLabel('Наименование').fill('ООО «Хор»');
  await org.getByLabel('ИНН').fill('7707083893');
  await org.getByLabel('КПП').fill('773601001');
  const leader = page.getByRole('group', { name: 'Руководитель группы' });
  await leader.getByLabel('ФИО').fill('Пётр Ильич Смирнов');
  await leader.getByLabel('Телефон').fill('+7 916 765-43-21');
  await leader.getByLabel('Электронная почта').fill('choir@school.test');
  await page.getByLabel('Оплатить до').fill(moscowInput(testNow() + 86_400_000));
  await page.getByRole('button', { name: 'Забронировать' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Группа по счёту № \d{4}-\d+: ООО «Хор»/ })).toBeVisible();

  // The same session in a new group's form: both seats are taken now.
  await page.goto('/admin/groups/new');
  await page
    .getByLabel('Сеанс')
    .selectOption((await page.getByLabel('Сеанс').locator('option', { hasText: 'Чайковский' }).first().getAttribute('value')) ?? '');
  const again = page.getByLabel('Ряд', { exact: true });
  await again.selectOption((await again.locator('option').nth(-2).getAttribute('value')) ?? '0');
  for (const name of names) await expect(page.getByRole('group', { name: /^Места ряда / }).getByText(`${name} — занято`)).toBeVisible();
});

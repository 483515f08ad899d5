import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { createDemoOrder } from './support/orders.ts';
import { addStaffMember, signInToAdmin } from './support/staff.ts';

test('a manager generates a batch of 5 promo codes; a visitor applies one on the order page and the back office counts it used', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const manager = {
    email: `offers-manager-${Date.now()}@e2e.test`,
    name: 'Мария Менеджер',
    role: 'manager' as const,
    password: 'e2e manager password',
  };
  await addStaffMember(request, manager);
  await signInToAdmin(page, manager.email, manager.password);
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Скидки и услуги' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Промокоды' })).toBeVisible();

  // The batch: 5 codes of the prefix, 10 % off, for any event.
  await page.getByRole('button', { name: 'Создать пачку кодов' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Пачка промокодов' })).toBeFocused();
  const prefix = `E${String(Date.now()).slice(-5)}-`;
  await page.getByLabel('Префикс').fill(prefix);
  await page.getByLabel('Количество кодов').fill('0');
  await page.getByRole('button', { name: 'Создать коды' }).click();
  // Refused on its field, in the page's words; nothing made.
  await expect(page.getByText('Количество: от 1 до 10 000.')).toBeVisible();
  await expect(page.getByLabel('Количество кодов')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Количество кодов').fill('5');
  await page.getByLabel('Скидка, %').fill('10');
  await page.getByRole('button', { name: 'Создать коды' }).click();
  await expect(page.getByText('Создано кодов: 5.')).toBeVisible();

  // The CSV opens in Excel: a byte order mark, a header, one code a line, CRLF; with commas, and
  // with semicolons and decimal commas for an Excel set up for Russian.
  const download = async (name: string) => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name }).click();
    return (await readFile((await (await downloading).path()) as string, 'utf8')).split('\r\n').filter(Boolean);
  };
  const lines = await download('Скачать коды (CSV): CSV (запятая)');
  expect(lines[0]).toBe('\uFEFFКод,Скидка,Тип,Действует с,Действует до,Лимит использований,Событие,Активен');
  expect(lines).toHaveLength(6);
  const codes = lines.slice(1).map((line) => line.split(',')[0] as string);
  for (const code of codes) expect(code).toMatch(new RegExp(`^${prefix}[A-HJKMNP-Z2-9]{8}$`));
  const excel = await download('Скачать коды (CSV): CSV для Excel (точка с запятой)');
  expect(excel[0]).toBe('\uFEFFКод;Скидка;Тип;Действует с;Действует до;Лимит использований;Событие;Активен');
  expect(excel.slice(1).map((line) => line.split(';')[0])).toEqual(codes);
  expect(excel[1]?.split(';')[1]).toBe('10');

  await page.getByRole('button', { name: 'Показать коды пачки' }).click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(6);
  const code = codes[0] as string;
  const row = page.getByTestId(`promo-${code}`);
  await expect(row.getByTestId('promo-uses')).toHaveText('оплачено: 0, не оплачено: 0');
  const rules = ['color-contrast', 'label', 'aria-allowed-attr', 'aria-valid-attr-value', 'landmark-unique', 'th-has-data-cells'];
  expect(await axeViolations(page, rules, 'body')).toEqual([]);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A visitor applies it (typed in lower case) on the order page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const hash = await createDemoOrder(visitorContext.request);
  await visitor.goto(`/order/${hash}`);
  await expect(visitor.getByRole('heading', { level: 1, name: /Заказ № \d+/ })).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Промокод' }).fill(code.toLowerCase());
  await visitor.getByRole('button', { name: 'Применить', exact: true }).click();
  await expect(visitor.getByText(`Промокод ${code} применён`)).toBeVisible();
  await visitorContext.close();

  // The back office counts it held by an unpaid order; used, it can no longer be deleted.
  await page.reload();
  await expect(row.getByTestId('promo-uses')).toHaveText('оплачено: 0, не оплачено: 1');
  await expect(row.getByRole('button', { name: `Удалить промокод ${code}` })).toHaveCount(0);
  await expect(page.getByTestId(`promo-${codes[1]}`).getByRole('button', { name: `Удалить промокод ${codes[1]}` })).toBeVisible();

  // The services: the demo's offers with what orders hold; a bad price is refused on its field.
  await page.getByRole('navigation', { name: 'Скидки и услуги' }).getByRole('link', { name: 'Услуги' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Услуги' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Парковка');
  await page.getByRole('button', { name: 'Изменить услугу «Парковка»' }).click();
  await page.getByLabel('Цена, ₽').fill('-5');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Цена: число не меньше нуля.')).toBeVisible();
  await expect(page.getByLabel('Цена, ₽')).toHaveAttribute('aria-invalid', 'true');
  // Its description is a rich text: the order page shows the bold part, the script never arrives.
  const description = page.getByRole('group', { name: 'Описание' });
  await description.getByRole('button', { name: 'HTML-код' }).first().click();
  await description.getByRole('textbox', { name: 'Русский' }).fill('Въезд <b>с 18:00</b><script>window.hacked = 1</script>');
  await page.getByLabel('Цена, ₽').fill('500');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByText('Услуга сохранена.')).toBeVisible();
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await buyer.goto(`/order/${await createDemoOrder(buyerContext.request)}`);
  await buyer.getByRole('button', { name: /Специальные предложения/ }).click();
  const sidebar = buyer.getByRole('dialog', { name: 'Специальные предложения' });
  await expect(sidebar.getByRole('button', { name: /^Парковка/ })).toHaveAccessibleDescription('Въезд с 18:00');
  await expect(sidebar.locator('b', { hasText: 'с 18:00' })).toBeVisible();
  expect(await buyer.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  await buyerContext.close();
  expect(await axeViolations(page, rules, 'body')).toEqual([]);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The subscription's composition: reordered and saved through the event's own save.
  await page.getByRole('navigation', { name: 'Скидки и услуги' }).getByRole('link', { name: 'Абонементы' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Состав абонементов' })).toBeVisible();
  const items = page.getByRole('list', { name: /События абонемента «Абонемент «Вечера классической музыки»»/ });
  await expect(items.getByRole('listitem')).toHaveCount(2);
  const first = (await items.getByRole('listitem').first().locator('span').first().textContent()) as string;
  await items.getByRole('button', { name: `Опустить «${first}»` }).click();
  // Its visit time: another of its sessions, offered in the venue's time zone.
  const visitTime = items.getByRole('combobox', { name: `Время посещения: ${first}` });
  const chosen = (await visitTime.locator('option').nth(2).textContent()) as string;
  await visitTime.selectOption({ index: 2 });
  await page.getByRole('button', { name: 'Сохранить состав' }).click();
  await expect(page.getByText('Состав абонемента сохранён.')).toBeVisible();
  await page.reload();
  await expect(items.getByRole('listitem').last()).toContainText(first);
  await expect(visitTime.locator('option:checked')).toHaveText(chosen);
  expect(await axeViolations(page, rules, 'body')).toEqual([]);
});

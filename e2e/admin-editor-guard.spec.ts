import { type Locator, type Page, expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

async function signIn(page: Page) {
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
}

/** A day `days` from now in Moscow, as a datetime-local input takes it. */
function moscowDay(days: number, time: string): string {
  const day = new Date(Date.now() + 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${time}`;
}

const menuLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name, exact: true });

/**
 * Creates an event with one session and two prices for every session as a manager would, counting
 * each field filled and each click: the one-row prices are the point, so the count is asserted.
 */
async function createEventWithTwoPrices(page: Page, title: string) {
  const done = { fields: 0, clicks: 0 };
  const fill = async (target: Locator, value: string) => {
    done.fields += 1;
    await target.fill(value);
  };
  const click = async (target: Locator) => {
    done.clicks += 1;
    await target.click();
  };
  await page.goto('/admin/catalog/events/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Новое событие' })).toBeVisible();
  await fill(page.getByLabel('Название (обязательно)'), title);
  const sessions = page.getByRole('group', { name: 'Сеансы', exact: true });
  await click(sessions.getByRole('button', { name: 'Добавить сеанс' }));
  await fill(sessions.getByRole('listitem').first().getByLabel('Дата и время'), moscowDay(5, '19:00'));
  const pricing = page.getByRole('region', { name: 'Категории и цены' });
  const rows = pricing.getByRole('listitem');
  await fill(rows.nth(0).getByLabel('Категория'), 'Взрослый');
  await fill(rows.nth(0).getByLabel('Цена, ₽'), '700');
  await click(pricing.getByRole('button', { name: 'Добавить цену' }));
  await fill(rows.nth(1).getByLabel('Категория'), 'Детский');
  await fill(rows.nth(1).getByLabel('Цена, ₽'), '350');
  await click(page.getByRole('button', { name: 'Создать событие' }));
  await expect(page.getByRole('heading', { level: 1, name: `Событие «${title}»` })).toBeVisible();
  return done;
}

test('two prices for every session take one row each: six fields and three clicks, saved as two prices of two categories', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `Камерный вечер ${Date.now()}${test.info().workerIndex}`;
  await signIn(page);
  const done = await createEventWithTwoPrices(page, title);
  // The one long page took 13 fields and 12 clicks for the same two prices.
  expect(done).toEqual({ fields: 6, clicks: 3 });

  // Saved in the catalog's own model: two categories, each with one price for every session.
  const eventId = Number(/\/catalog\/events\/(\d+)$/.exec(page.url())?.[1]);
  const answer = await page.request.get(`/api/admin/catalog/events/${eventId}`);
  expect(answer.ok()).toBeTruthy();
  const { event } = (await answer.json()) as {
    event: {
      categories: Array<{ id: number; name: { ru: string } }>;
      prices: Array<{ categoryId: number; amount: number; sessionId?: number; zoneId?: number }>;
    };
  };
  const byName = new Map(event.categories.map((c) => [c.id, c.name.ru]));
  expect(
    event.prices.map((p) => ({ category: byName.get(p.categoryId), amount: p.amount, sessionId: p.sessionId, zoneId: p.zoneId })),
  ).toEqual([
    { category: 'Взрослый', amount: 70000, sessionId: undefined, zoneId: undefined },
    { category: 'Детский', amount: 35000, sessionId: undefined, zoneId: undefined },
  ]);

  // The form shows them as the same rows again; the per-session view edits the same prices.
  const pricing = page.getByRole('region', { name: 'Категории и цены' });
  await expect(pricing.getByRole('listitem').nth(1).getByLabel('Цена, ₽')).toHaveValue('350');
  await pricing.getByRole('button', { name: 'Цены по сеансам и зонам' }).click();
  const prices = pricing.getByRole('group', { name: 'Цены', exact: true }).getByRole('listitem');
  await expect(prices).toHaveCount(2);
  await expect(prices.nth(0).getByLabel('Сеанс', { exact: true })).toHaveValue('');
  await expect(prices.nth(0).getByLabel('Цена, ₽', { exact: true })).toHaveValue('700');

  // The sections' links bring a section to the screen and the keyboard there.
  await page.getByRole('navigation', { name: 'Разделы формы' }).getByRole('link', { name: 'Продажа и возврат' }).click();
  await expect(page.getByRole('group', { name: 'Продажа и возврат' })).toBeFocused();
  await expect(page.getByRole('group', { name: 'Продажа и возврат' })).toBeInViewport();
  const rules = [
    'color-contrast',
    'label',
    'aria-allowed-attr',
    'aria-valid-attr-value',
    'aria-required-children',
    'button-name',
    'landmark-unique',
  ];
  expect(await axeViolations(page, rules, 'body')).toEqual([]);
});

test('leaving an editor with unsaved changes asks first: staying keeps the edits, a reload asks the browser, leaving goes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  // An untouched form holds nothing to lose: the menu leaves it at once.
  await page.goto('/admin/catalog/events/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Новое событие' })).toBeVisible();
  await menuLink(page, 'Каталог').click();
  await expect(page.getByRole('heading', { level: 1, name: 'События каталога' })).toBeVisible();

  await page.getByRole('link', { name: 'Новое событие' }).click();
  const name = page.getByLabel('Название (обязательно)');
  await name.click();
  await name.fill('Вечер, который не сохранили');
  const bar = page.getByRole('group', { name: 'Сохранение' });
  await expect(bar).toContainText('Есть несохранённые изменения');
  await expect(bar.getByRole('button', { name: 'Создать событие' })).toBeInViewport();

  await menuLink(page, 'Отчёты').click();
  const dialog = page.getByRole('dialog', { name: 'Несохранённые изменения' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription('На этой странице есть изменения, которые не сохранены. Если уйти, они пропадут.');
  await expect(dialog.getByRole('button', { name: 'Остаться и сохранить' })).toBeFocused();
  expect(await axeViolations(page, ['aria-dialog-name', 'button-name', 'color-contrast', 'aria-allowed-attr'], 'dialog')).toEqual([]);
  await dialog.getByRole('button', { name: 'Остаться и сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/catalog\/events\/new$/);
  await expect(name).toHaveValue('Вечер, который не сохранили');

  // Escape answers "stay" too.
  await menuLink(page, 'Отчёты').click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(name).toHaveValue('Вечер, который не сохранили');

  // The browser's back button: the page stays, and the same question is asked.
  await page.evaluate(() => history.back());
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/catalog\/events\/new$/);
  await dialog.getByRole('button', { name: 'Остаться и сохранить' }).click();
  await expect(name).toHaveValue('Вечер, который не сохранили');

  // A reload: the page registered beforeunload, so the browser asks; dismissed, the edits stay.
  const asked = page.waitForEvent('dialog');
  void page.reload().catch(() => undefined);
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  await expect(name).toHaveValue('Вечер, который не сохранили');

  // Leaving on purpose goes where the link pointed.
  await menuLink(page, 'Отчёты').click();
  await dialog.getByRole('button', { name: 'Уйти без сохранения' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Отчёты о продажах' })).toBeVisible();

  // The setup form and a card editor ask the same.
  await menuLink(page, 'Настройки витрины').click();
  const email = page.getByLabel('Электронная почта', { exact: true });
  await email.click();
  await email.fill('changed@e2e.test');
  await expect(page.getByRole('group', { name: 'Сохранение' })).toContainText('Есть несохранённые изменения');
  await menuLink(page, 'Скидки и услуги').click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Уйти без сохранения' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Промокоды' })).toBeVisible();
  await page.getByRole('button', { name: 'Создать пачку кодов' }).click();
  await page.getByLabel('Префикс').fill('GUARD-');
  await menuLink(page, 'Каталог').click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Остаться и сохранить' }).click();
  await expect(page.getByLabel('Префикс')).toHaveValue('GUARD-');
});

test('a refused save focuses the first invalid field in reading order, its language tab opened', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto('/admin/catalog/events/new');
  await page.getByRole('tab', { name: 'Английский' }).click();
  await page.getByRole('button', { name: 'Создать событие' }).click();
  await expect(page.getByRole('group', { name: 'Сохранение' }).getByRole('alert')).toHaveText('Не сохранено: исправьте отмеченные поля.');
  await expect(page.getByRole('tab', { name: 'Русский' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Название (обязательно)')).toBeFocused();

  // Named now: the next invalid field is far down the page, a session with no date, and it is scrolled to.
  await page.getByLabel('Название (обязательно)').fill('Без даты');
  const sessions = page.getByRole('group', { name: 'Сеансы', exact: true });
  await sessions.getByRole('button', { name: 'Добавить сеанс' }).click();
  await page.getByRole('region', { name: 'Категории и цены' }).getByRole('listitem').first().getByLabel('Цена, ₽').fill('500');
  await page.getByRole('button', { name: 'Создать событие' }).click();
  const date = sessions.getByRole('listitem').first().getByLabel('Дата и время');
  await expect(date).toBeFocused();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toBeInViewport();
});

test('a stale save keeps the edits, shows the other change and saves mine on top of it', async ({ page, context }) => {
  test.setTimeout(120_000);
  const title = `Спорный вечер ${Date.now()}${test.info().workerIndex}`;
  await signIn(page);
  await createEventWithTwoPrices(page, title);
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('heading', { level: 1, name: `Событие «${title}»` })).toBeVisible();

  // The first tab saves a note.
  await page.getByLabel('Примечание').first().fill('Вход с 18:30');
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();

  // The second, loaded before it, saves a place: refused, and the place typed stays in the form.
  const place = other.getByLabel('Место проведения').first();
  await place.fill('Малый зал');
  await other.getByRole('button', { name: 'Сохранить', exact: true }).click();
  const bar = other.getByRole('group', { name: 'Сохранение' });
  await expect(bar.getByRole('alert')).toHaveText(/^Изменено: Анна Владелец, \d\d\.\d\d\.\d{4} \d\d:\d\d\. Обновите страницу\.$/);
  await expect(bar).toContainText('Ваши правки не потеряны: они остались в форме.');
  await expect(place).toHaveValue('Малый зал');

  await bar.getByRole('button', { name: 'Показать чужое изменение' }).click();
  await expect(bar.getByRole('heading', { name: 'Чем текущая версия отличается от открытой вами' })).toBeVisible();
  await expect(bar.getByRole('listitem')).toHaveText(['Примечание: «пусто» → «Вход с 18:30»']);

  await bar.getByRole('button', { name: 'Применить мои правки к текущей версии' }).click();
  await expect(bar.getByRole('status').filter({ hasText: 'перенесены' })).toHaveText(
    /Ваши правки перенесены на текущую версию\. Проверьте и сохраните\./,
  );
  await expect(other.getByLabel('Примечание').first()).toHaveValue('Вход с 18:30');
  await expect(place).toHaveValue('Малый зал');
  await other.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(other.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();

  // Both changes are in the catalog.
  await other.reload();
  await expect(other.getByLabel('Примечание').first()).toHaveValue('Вход с 18:30');
  await expect(other.getByLabel('Место проведения').first()).toHaveValue('Малый зал');
});

import { type Page, expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { E2E_OWNER, addStaffMember, signInToAdmin } from './support/staff.ts';

const MANAGER_PASSWORD = 'e2e manager password';

async function signIn(page: Page, email: string, password: string) {
  await signInToAdmin(page, email, password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
}

test('a manager creates a tag and a venue, edits a rules document in the editor, the storefront shows it; a used venue is not deleted', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const run = `${Date.now()}${test.info().workerIndex}`;

  // The owner adds a manager, who does the catalog work.
  await signIn(page, E2E_OWNER.email, E2E_OWNER.password);
  const managerEmail = `entries.${run}@e2e.test`;
  // A password the owner sets is temporary: the helper has the manager change it to MANAGER_PASSWORD.
  await addStaffMember(page.request, { email: managerEmail, name: 'Ольга Менеджер', role: 'manager', password: MANAGER_PASSWORD });
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, managerEmail, MANAGER_PASSWORD);
  admin.on('dialog', (dialog) => void dialog.accept());

  await admin.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Каталог' }).click();
  const sections = admin.getByRole('navigation', { name: 'Разделы каталога' });

  // A tag: saved empty, the browser refuses it on the name with the contract's schema and moves the focus there.
  await sections.getByRole('link', { name: 'Теги' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Теги' })).toBeVisible();
  await admin.getByRole('link', { name: 'Новый тег' }).click();
  await admin.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(admin.getByRole('alert')).toHaveText('Не сохранено: исправьте отмеченные поля.');
  const tagName = admin.getByLabel('Название (обязательно)');
  await expect(tagName).toHaveAttribute('aria-invalid', 'true');
  await expect(tagName).toBeFocused();
  await expect(tagName).toHaveAccessibleDescription('Заполните поле.');
  const tag = `Для всей семьи ${run}`;
  await tagName.fill(tag);
  await admin.getByRole('tab', { name: 'Английский' }).click();
  await admin.getByRole('tabpanel', { name: 'Английский' }).getByLabel('Название', { exact: true }).fill(`For the whole family ${run}`);
  await admin.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Тег «${tag}»` })).toBeVisible();
  await expect(admin.getByRole('main').getByRole('status')).toHaveText('Сохранено. Изменения уже на витрине.');

  // A venue with its address; a bad map link is refused on its field.
  await sections.getByRole('link', { name: 'Площадки' }).click();
  await admin.getByRole('link', { name: 'Новая площадка' }).click();
  const venue = `Флигель ${run}`;
  await admin.getByLabel('Название (обязательно)').fill(venue);
  await admin.getByLabel('Адрес (обязательно)').fill('Москва, ул. Пречистенка, 12, стр. 2');
  await admin.getByLabel('Ссылка на карту').fill('карта');
  const rules = ['color-contrast', 'label', 'aria-allowed-attr', 'aria-valid-attr-value', 'aria-required-children', 'button-name'];
  expect(await axeViolations(admin, rules, 'body')).toEqual([]);
  await admin.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(admin.getByLabel('Ссылка на карту')).toBeFocused();
  await expect(admin.getByLabel('Ссылка на карту')).toHaveAttribute('aria-invalid', 'true');
  await admin.getByLabel('Ссылка на карту').fill('https://yandex.ru/maps/?pt=37.5977,55.7417');
  await admin.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Площадка «${venue}»` })).toBeVisible();
  await sections.getByRole('link', { name: 'Площадки' }).click();
  await expect(admin.getByRole('row', { name: new RegExp(venue) })).toContainText('Москва, ул. Пречистенка, 12, стр. 2');

  // From 320 px wide the form fits the screen.
  await admin.getByRole('link', { name: venue }).click();
  await admin.setViewportSize({ width: 320, height: 640 });
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await admin.setViewportSize({ width: 1280, height: 800 });

  // The privacy policy, edited as formatted text: the storefront's page shows it on the next visit.
  await sections.getByRole('link', { name: 'Документы' }).click();
  await admin.getByRole('link', { name: 'Политика конфиденциальности' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Документ «Политика конфиденциальности»' })).toBeVisible();
  const body = admin.getByRole('textbox', { name: 'Текст документа', exact: true });
  await body.click();
  await admin.keyboard.press('Control+End');
  await admin.keyboard.press('Enter');
  await admin.keyboard.type('Обновлено ');
  await admin.getByRole('toolbar', { name: 'Оформление описания' }).getByRole('button', { name: 'Жирный' }).click();
  await admin.keyboard.type(run);
  await admin.getByRole('button', { name: 'Сохранить' }).click();
  await expect(admin.getByRole('main').getByRole('status')).toHaveText('Сохранено. Изменения уже на витрине.');
  await page.goto('/rules/privacy-policy');
  await expect(page.locator('main b, main strong').filter({ hasText: run })).toBeVisible();

  // The museum's venue has events and a hall: its deletion is refused, naming them.
  await sections.getByRole('link', { name: 'Площадки' }).click();
  await admin.getByRole('link', { name: 'Музей истории города' }).click();
  await admin.getByRole('button', { name: 'Удалить' }).click();
  await expect(admin.getByRole('alert')).toHaveText(/^Удалить нельзя\. Используется: \d+ событ(ие|ия|ий): «.+»/);

  // The new tag nobody uses is deleted.
  await sections.getByRole('link', { name: 'Теги' }).click();
  await admin.getByRole('link', { name: tag }).click();
  await admin.getByRole('button', { name: 'Удалить' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Теги' })).toBeVisible();
  await expect(admin.getByRole('link', { name: tag })).toHaveCount(0);
  await context.close();
});

import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { addStaffMember, signInToAdmin } from './support/staff.ts';

test('a manager creates a loyalty card with an opening balance, corrects it, blocks it, and the card page shows the movements', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const manager = {
    email: `loyalty-manager-${Date.now()}@e2e.test`,
    name: 'Лада Менеджер',
    role: 'manager' as const,
    password: 'e2e manager password',
  };
  await addStaffMember(request, manager);
  await signInToAdmin(page, manager.email, manager.password);
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Бонусные карты' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Бонусные карты' })).toBeVisible();

  await page.getByRole('button', { name: 'Новая карта' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Новая бонусная карта' })).toBeFocused();
  const code = `77${String(Date.now()).slice(-12)}`;
  await page.getByLabel('Номер карты').fill('12');
  await page.getByLabel('Владелец').fill('Ольга Лоялова');
  await page.getByLabel('E-mail').fill('olga.loyal@example.test');
  await page.getByLabel('Начальный баланс, бонусов').fill('500');
  await page.getByRole('button', { name: 'Создать карту' }).click();
  // Refused on its field, in the page's words; nothing made.
  await expect(page.getByText('Номер карты: от 4 до 64 знаков.')).toBeVisible();
  await expect(page.getByLabel('Номер карты')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Номер карты').fill(code);
  await page.getByRole('button', { name: 'Создать карту' }).click();
  await expect(page.getByText(`Карта ${code} создана.`)).toBeVisible();

  // Found by its last 4 digits; its page.
  await page.getByRole('searchbox', { name: 'Поиск' }).fill(code.slice(-4));
  await page.getByRole('button', { name: 'Найти' }).click();
  await page.getByRole('link', { name: `Открыть карту ${code}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Карта ${code}` })).toBeVisible();
  await expect(page.getByTestId('loyalty-balance')).toHaveText('500');

  // A debit beyond the balance is refused with the reason; a credit lands.
  await page.getByLabel('Бонусов: плюс начисляет, минус списывает').fill('-600');
  await page.getByLabel('Причина').fill('Проверка');
  await page.getByRole('button', { name: 'Провести корректировку' }).click();
  await expect(page.getByText(/Сейчас можно списать не больше 500\./)).toBeVisible();
  await page.getByLabel('Бонусов: плюс начисляет, минус списывает').fill('250');
  await page.getByLabel('Причина').fill('Компенсация за перенос концерта');
  await page.getByRole('button', { name: 'Провести корректировку' }).click();
  await expect(page.getByTestId('loyalty-balance')).toHaveText('750');

  await page.getByRole('button', { name: 'Заблокировать карту' }).click();
  await expect(page.getByText('Карта заблокирована: на сайте ею больше нельзя воспользоваться.')).toBeVisible();
  await expect(page.getByTestId('loyalty-state')).toHaveText('Заблокирована');
  await expect(page.getByRole('button', { name: 'Разблокировать карту' })).toBeVisible();

  const movements = page.getByRole('table', { name: 'Движения бонусов по карте' });
  await expect(movements.getByRole('row')).toHaveCount(3);
  await expect(movements.getByRole('row').nth(1)).toContainText('Корректировка: начисление');
  await expect(movements.getByRole('row').nth(1)).toContainText('+250');
  await expect(movements.getByRole('row').nth(1)).toContainText(`${manager.name}: Компенсация за перенос концерта`);
  await expect(movements.getByRole('row').nth(2)).toContainText('Начальный баланс');

  const rules = ['color-contrast', 'label', 'aria-allowed-attr', 'aria-valid-attr-value', 'landmark-unique', 'th-has-data-cells'];
  expect(await axeViolations(page, rules, 'body')).toEqual([]);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { E2E_OWNER, signOutOfAdmin } from './support/staff.ts';

test.describe('back office sign-in', () => {
  test('the owner signs in, sees the menu and their name, opens the staff page and signs out', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Вход в бэк-офис' })).toBeVisible();
    await page.getByLabel('E-mail').fill(E2E_OWNER.email.toUpperCase());
    await page.getByLabel('Пароль').fill(E2E_OWNER.password);
    await page.getByRole('button', { name: 'Войти' }).click();

    const menu = page.getByRole('navigation', { name: 'Меню' });
    await expect(menu.getByRole('link', { name: 'Главная' })).toBeVisible();
    await expect(page.getByText(`${E2E_OWNER.name}, Владелец`)).toBeVisible();
    await menu.getByRole('link', { name: 'Сотрудники' }).click();
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(page.getByRole('cell', { name: E2E_OWNER.email })).toBeVisible();
    const rules = [
      'color-contrast',
      'label',
      'aria-allowed-attr',
      'aria-valid-attr-value',
      'landmark-unique',
      'region',
      'th-has-data-cells',
    ];
    expect(await axeViolations(page, rules, 'body')).toEqual([]);

    // A reload keeps the session (the cookie), and the page of the address shows.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Сотрудники' })).toBeVisible();

    await signOutOfAdmin(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Вход в бэк-офис' })).toBeVisible();
  });

  test('a wrong password shows the error on the form, and the language switch changes the texts', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/admin/staff');
    await page.getByLabel('E-mail').fill(E2E_OWNER.email);
    await page.getByLabel('Пароль').fill('not the password at all');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('alert')).toHaveText('Неверный e-mail или пароль.');
    await expect(page.getByRole('navigation')).toHaveCount(0);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await page.getByLabel('Язык').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByLabel('E-mail').fill('');
    await page.getByLabel('Password').fill('');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your e-mail.')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });
});

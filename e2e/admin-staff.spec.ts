import { expect, test } from '@playwright/test';
import { totpCodeAt } from '../server/admin/staff/totp.ts';
import { axeViolations } from './support/axe.ts';
import { E2E_OWNER, addStaffMember, signInToAdmin, signOutOfAdmin } from './support/staff.ts';
import { navLinksFor } from '../web/admin/app/nav.ts';
import ru from '../web/locales/ru/admin.json' with { type: 'json' };
import ruOrders from '../web/locales/ru/admin-orders.json' with { type: 'json' };
import ruReports from '../web/locales/ru/admin-reports.json' with { type: 'json' };
import ruLoyalty from '../web/locales/ru/admin-loyalty.json' with { type: 'json' };

/** The Russian text of a catalog key such as 'nav.home'. */
// A menu label's key names its catalog ('admin-orders:nav') unless it is the shell's own.
const catalogs: Record<string, unknown> = { admin: ru, 'admin-orders': ruOrders, 'admin-reports': ruReports, 'admin-loyalty': ruLoyalty };
const labelOf = (key: string) => {
  const [namespace, path] = key.includes(':') ? (key.split(':') as [string, string]) : ['admin', key];
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogs[namespace]) as string;
};

test.describe('back office staff management', () => {
  test('an owner adds a support member, who signs in, sees only their menu, turns codes on and is asked for one at the next sign-in', async ({
    page,
  }) => {
    // Many steps (adding, the forced change, codes, two sign-ins): room for a loaded machine.
    test.setTimeout(120_000);
    const email = `support-${Date.now()}@e2e.test`;
    await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
    const menu = page.getByRole('navigation', { name: 'Меню' });
    await menu.getByRole('link', { name: 'Сотрудники' }).click();

    // A bad e-mail is told on its field, from the server's answer.
    const form = page.getByRole('form', { name: 'Добавить сотрудника' });
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Имя', { exact: true }).fill('Борис Поддержкин');
    await form.getByLabel('Роль', { exact: true }).selectOption('support');
    await form.getByLabel('Пароль', { exact: true }).fill('short');
    await form.getByRole('button', { name: 'Добавить' }).click();
    await expect(form.getByText('Пароль должен быть не короче 12 символов.')).toBeVisible();
    await expect(form.getByLabel('Пароль', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    // Without a password, one is made up and shown once.
    await form.getByLabel('Пароль', { exact: true }).fill('');
    await form.getByRole('button', { name: 'Добавить' }).click();
    const initial = (await page.getByTestId('initial-password').textContent()) ?? '';
    expect(initial).toMatch(/^[\w-]{16}$/);
    // Shown where the owner is: the notice takes the focus and is in view.
    await expect(page.getByRole('status').filter({ has: page.getByTestId('initial-password') })).toBeFocused();
    await expect(page.getByTestId('initial-password')).toBeInViewport();
    // The member's row by the address (a retry of this test finds the first attempt's member too).
    await expect(page.getByRole('row').filter({ hasText: email }).getByRole('rowheader', { name: 'Борис Поддержкин' })).toBeVisible();
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

    // The audit log shows the addition with who did it.
    await menu.getByRole('link', { name: 'Журнал действий' }).click();
    await page.getByLabel('Действие').selectOption({ label: 'Добавлен сотрудник' });
    await page.getByRole('button', { name: 'Показать' }).click();
    await expect(
      page.getByText(`${E2E_OWNER.name} добавил(а) сотрудника Борис Поддержкин (${email}) с ролью «Поддержка».`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: email }).getByText('Добавлен сотрудник', { exact: true })).toBeVisible();
    await signOutOfAdmin(page);

    // The made-up password is temporary: the first sign-in shows only its change, wherever the member goes.
    await signInToAdmin(page, email, initial);
    await expect(page.getByRole('heading', { level: 1, name: 'Смените временный пароль' })).toBeVisible();
    await expect(menu.getByRole('link')).toHaveCount(0);
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Смените временный пароль' })).toBeVisible();
    expect(await axeViolations(page, rules, 'body')).toEqual([]);
    const change = page.getByRole('form', { name: 'Смена пароля' });
    await change.getByLabel('Текущий пароль').fill(initial);
    await change.getByLabel('Новый пароль').fill(initial);
    await change.getByLabel('Текущий пароль').press('Enter');
    await expect(change.getByText('Новый пароль должен отличаться от текущего.')).toBeVisible();
    const own = `${initial} и мой собственный`;
    await change.getByLabel('Новый пароль').fill(own);
    await change.getByRole('button', { name: 'Сменить пароль' }).click();

    // The member sees only what the role may use.
    await expect(page.getByText('Борис Поддержкин, Поддержка')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Моя учётная запись' })).toBeVisible();
    // Exactly the entries the role's permissions allow (whatever pages other features add), never staff or audit.
    const links = await menu.getByRole('link').allTextContents();
    expect(links).toEqual(navLinksFor('support').map((entry) => labelOf(entry.labelKey)));
    expect(links).toContain('Моя учётная запись');
    expect(links).not.toContain('Сотрудники');
    expect(links).not.toContain('Журнал действий');

    // Codes on: the QR and the key, confirmed by a first code.
    await page.setViewportSize({ width: 320, height: 700 });
    // On a phone the menu is folded behind its button.
    await menu.getByRole('button', { name: 'Меню' }).click();
    await menu.getByRole('link', { name: 'Моя учётная запись' }).click();
    // The password first: a session alone enrols no authenticator.
    await page.getByRole('button', { name: 'Включить одноразовые коды' }).click();
    await expect(page.getByText('Введите пароль.')).toBeVisible();
    await page.getByLabel('Ваш пароль').fill(own);
    await page.getByRole('button', { name: 'Включить одноразовые коды' }).click();
    await expect(page.getByRole('img', { name: 'QR-код для приложения-аутентификатора' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    await page.getByLabel('Код из приложения').fill('000000' === totpCodeAt(secret, Date.now()) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.getByText('Код неверен или уже использован.')).toBeVisible();
    await page.getByLabel('Код из приложения').fill(totpCodeAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.getByText('Включены: при входе нужен код из приложения.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await signOutOfAdmin(page);

    // The next sign-in asks for a code; the next step's code is taken (the first one is spent).
    await signInToAdmin(page, email, own);
    await expect(page.getByRole('alert')).toHaveText('Введите одноразовый код из приложения-аутентификатора.');
    await page.getByLabel('Пароль').fill(own);
    await page.getByLabel('Одноразовый код').fill(totpCodeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByText('Борис Поддержкин, Поддержка')).toBeVisible();
  });

  test('a role change and disabling ask first, naming who and what; making an owner says what that hands over; Escape backs out', async ({
    page,
    request,
  }) => {
    const email = `controller-${Date.now()}@e2e.test`;
    await addStaffMember(request, { email, name: 'Кирилл Контролёров', role: 'controller', password: 'controller e2e password' });
    await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Сотрудники' }).click();
    // The member's row by the address (a retry of this test finds the first attempt's member too).
    const row = page.getByRole('row').filter({ hasText: email });
    const role = row.getByLabel('Роль: Кирилл Контролёров');

    // Owner: the stronger question; backing out leaves the role as it was.
    await role.selectOption('owner');
    const owner = page.getByRole('dialog', { name: 'Сделать Кирилл Контролёров владельцем?' });
    await expect(owner).toContainText('Кирилл Контролёров: «Контролёр» → «Владелец».');
    await expect(owner).toContainText('Владелец может всё');
    expect(
      await axeViolations(page, ['color-contrast', 'label', 'aria-allowed-attr', 'aria-valid-attr-value', 'aria-dialog-name'], 'body'),
    ).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(owner).toBeHidden();
    await expect(role).toHaveValue('controller');

    // Another role: confirmed, saved.
    await role.selectOption('manager');
    const change = page.getByRole('dialog', { name: 'Сменить роль сотрудника Кирилл Контролёров?' });
    await expect(change).toContainText('Кирилл Контролёров: «Контролёр» → «Менеджер».');
    await change.getByRole('button', { name: 'Сменить роль' }).click();
    await expect(row.getByRole('status')).toHaveText('Роль изменена.');
    await expect(role).toHaveValue('manager');

    // Disabling: says the sessions end; cancelled first, then confirmed, at 320 px.
    await page.setViewportSize({ width: 320, height: 700 });
    await row.getByRole('button', { name: /^Отключить/ }).click();
    const disable = page.getByRole('dialog', { name: 'Отключить учётную запись Кирилл Контролёров?' });
    await expect(disable).toContainText('все сеансы сотрудника завершатся сразу');
    await disable.getByRole('button', { name: 'Отмена' }).click();
    await expect(row.getByRole('cell', { name: 'Активен' })).toBeVisible();
    await row.getByRole('button', { name: /^Отключить/ }).click();
    await disable.getByRole('button', { name: 'Отключить', exact: true }).click();
    await expect(row.getByRole('status')).toHaveText('Учётная запись отключена, сеансы завершены.');
    await expect(row.getByRole('cell', { name: 'Отключён' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

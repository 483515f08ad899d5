import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { navLinksFor } from '../web/admin/app/nav.ts';
import ru from '../web/locales/ru/admin.json' with { type: 'json' };
import { axeViolations } from './support/axe.ts';
import { chooseSessionOf } from './support/checkin.ts';
import { createDemoOrder, payDemoOrder, ticketCodesOf } from './support/orders.ts';
import { E2E_OWNER, addStaffMember, signInToAdmin } from './support/staff.ts';

const scanWithKey = async (request: APIRequestContext, key: string, code: string, sessionIds: number[] | undefined = undefined) => {
  const { token } = (await (await request.get('/api/token')).json()) as { token: string };
  return request.post('/api/checkin/scan', {
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest', authorization: `Bearer ${key}` },
    data: { code, deviceId: 'e2e-turnstile', ...(sessionIds ? { sessionIds } : {}) },
  });
};

type Controller = { email: string; name: string; role: 'controller'; password: string };

/** A new controller and the code of a paid one-ticket order of this run. */
async function controllerAndTicket(request: APIRequestContext, prefix: string, name: string) {
  const controller: Controller = {
    email: `${prefix}-${Date.now()}-${test.info().workerIndex}@e2e.test`,
    name,
    role: 'controller',
    password: 'controller e2e password',
  };
  await addStaffMember(request, controller);
  const hash = await createDemoOrder(request, { quantity: 1 });
  await payDemoOrder(request, hash);
  const [code = ''] = await ticketCodesOf(request, hash);
  return { controller, hash, code };
}

/** Signs in on the door's own form. */
async function signInAtDoor(page: Page, controller: Controller) {
  await page.getByLabel('E-mail').fill(controller.email);
  await page.getByLabel('Пароль').fill(controller.password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

test.describe('door check-in as a controller', () => {
  test('a controller signs in at the door, admits a ticket by typing its code, is refused the second time, and sees no other back-office page', async ({
    page,
    request,
  }) => {
    const { controller, hash, code } = await controllerAndTicket(request, 'controller', 'Вера Контролёр');

    await page.goto('/checkin');
    await signInAtDoor(page, controller);
    await expect(page.getByRole('heading', { name: 'Проверка билетов' })).toBeVisible();

    const ticket = await chooseSessionOf(page, code, 'e2e-probe-ctrl');
    const counts = page.getByRole('row', { name: new RegExp(`${ticket.time} · `) });
    await expect(counts).toBeVisible();

    const input = page.getByLabel('Код билета');
    const verdict = page.getByRole('status').first();
    await input.fill(code);
    await input.press('Enter');
    await expect(verdict).toContainText('Проходите');
    await expect(verdict).toContainText(ticket.event);
    // The session's admitted count includes this ticket (other specs may admit to it at once).
    await expect(counts.getByRole('cell').first()).not.toHaveText('0');

    await input.fill(code);
    await input.press('Enter');
    await expect(verdict).toContainText('Билет уже использован');
    await expect(verdict).toContainText(controller.name);

    // The visitor cannot return a used ticket: the return page says why and offers no checkbox.
    const visitor = await page.context().newPage();
    await visitor.goto(`/order/return/${hash}`);
    await expect(visitor.getByText('Билет использован', { exact: true })).toBeVisible();
    await expect(visitor.getByText('По билету уже прошли на мероприятие, вернуть его нельзя.')).toBeVisible();
    await expect(visitor.getByRole('checkbox', { name: /^Вернуть билет/ })).toHaveCount(0);
    await visitor.close();

    // The same session opens the back office: its menu has only the entries every role has.
    await page.goto('/admin');
    const menu = page.getByRole('navigation', { name: 'Меню' });
    await expect(menu.getByRole('link').first()).toBeVisible();
    const expected = navLinksFor('controller').map((entry) =>
      entry.labelKey.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], ru),
    );
    expect(expected).toEqual([ru.nav.home, ru.nav.checkin, ru.nav.account]);
    await expect(menu.getByRole('link')).toHaveText(expected as string[]);
    // Typed addresses of other pages are not there, and their calls are refused.
    for (const path of ['/admin/orders', '/admin/reports', '/admin/checkin-devices', '/admin/staff']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: ru.notFound })).toBeVisible();
    }
    expect((await page.request.get('/api/admin/orders?q=1')).status()).toBe(403);
    expect((await page.request.get('/api/admin/checkin/devices')).status()).toBe(403);
  });
});

test.describe('the door when the controller is signed out', () => {
  test('a scan after the session ended says so neutrally, the sign-in is in place and the waiting code is checked after it; the chosen day admits its sessions with none ticked', async ({
    page,
    context,
    request,
  }) => {
    const { controller, code } = await controllerAndTicket(request, 'door-out', 'Олег Контролёр');

    await page.goto('/checkin');
    await signInAtDoor(page, controller);
    await expect(page.getByRole('heading', { name: 'Проверка билетов' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Бэк-офис' })).toHaveAttribute('href', '/admin');

    // The ticket's day, no session ticked: the door admits every session of that day.
    const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
    const probe = await page.request.post('/api/checkin/scan', {
      headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
      data: { code, deviceId: 'e2e-probe-out' },
    });
    const { ticket } = (await probe.json()) as { ticket: { date: string } };
    await page.getByLabel('День', { exact: true }).fill(ticket.date);
    await expect(page.getByText('Если ничего не выбрано, пускаем на все сеансы выбранного дня.')).toBeVisible();

    // The staff session ends (expired, or signed out elsewhere).
    await context.clearCookies();
    const input = page.getByLabel('Код билета');
    const verdict = page.getByRole('status').first();
    await input.fill(code);
    await input.press('Enter');
    await expect(verdict).toContainText('Нужно войти снова');
    await expect(verdict).toContainText(`Код ${code} проверится сразу после входа.`);
    await expect(verdict).not.toContainText('Не удалось проверить билет');
    const again = page.getByRole('form', { name: 'Войдите снова' });
    await expect(again).toBeVisible();
    await expect(page.getByLabel('День', { exact: true })).toHaveValue(ticket.date);

    await again.getByLabel('E-mail').fill(controller.email);
    await again.getByLabel('Пароль').fill(controller.password);
    await again.getByRole('button', { name: 'Войти' }).click();
    await expect(verdict).toContainText('Проходите');
    await expect(again).toBeHidden();
    await expect(page.getByLabel('День', { exact: true })).toHaveValue(ticket.date);

    // Signing out at the door shows the sign-in form; the back office links back to the door.
    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect(page.getByRole('heading', { name: 'Вход для контролёра' })).toBeVisible();
    await signInAtDoor(page, controller);
    await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
    await page.getByRole('link', { name: 'Бэк-офис' }).click();
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Проверка билетов' }).click();
    await expect(page).toHaveURL(/\/checkin$/);
    await expect(page.getByRole('heading', { name: 'Проверка билетов' })).toBeVisible();
  });
});

test.describe('device keys in the back office', () => {
  test('the owner makes a key for a turnstile, copies it, the turnstile admits with it, and a revoked key is refused; the audit log shows both', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = `Турникет e2e ${Date.now()}-${test.info().workerIndex}`;
    const hash = await createDemoOrder(request, { quantity: 2 });
    await payDemoOrder(request, hash);
    const [first = '', second = ''] = await ticketCodesOf(request, hash);

    await page.setViewportSize({ width: 320, height: 720 });
    await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
    // On a phone the menu is folded behind its button.
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Устройства входа' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Устройства контроля входа' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Новый ключ' });
    await form.getByRole('button', { name: 'Создать ключ' }).click();
    await expect(form.getByText('Введите название устройства.')).toBeVisible();
    await expect(form.getByLabel('Название устройства')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Название устройства').fill(name);
    // The key's days: from today (the form's default) to 30 days on, so the demo ticket's day is among them.
    await expect(form.getByLabel('Первый день')).not.toHaveValue('');
    await form.getByLabel('Последний день').fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await form.getByRole('button', { name: 'Создать ключ' }).click();
    const shown = page.getByRole('region', { name: 'Новый ключ устройства' });
    await expect(shown).toContainText(`Ключ устройства «${name}»`);
    const key = (await page.getByTestId('device-key').textContent()) ?? '';
    expect(key).toMatch(/^ckd_[\w-]{43}$/);
    await shown.getByRole('button', { name: 'Копировать ключ' }).click();
    await expect(shown.getByRole('status')).toHaveText('Ключ скопирован.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await expect(row).toContainText('Действует');

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
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await shown.getByRole('button', { name: 'Я сохранил ключ' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByTestId('device-key')).toHaveCount(0);

    // The turnstile sends the key; the door answers it like any scanner (no session chosen: another day).
    const admitted = await scanWithKey(request, key, first);
    expect(admitted.status(), await admitted.text()).toBe(200);
    const { ticket } = (await admitted.json()) as { ticket: { sessionId: number } };
    expect(((await (await scanWithKey(request, key, first, [ticket.sessionId])).json()) as { verdict: string }).verdict).toBe('admitted');

    await row.getByRole('button', { name: `Отозвать ключ «${name}»` }).click();
    const question = row.getByRole('group', { name: `Отозвать ключ «${name}»? Устройство сразу перестанет пропускать по билетам.` });
    await expect(question.getByRole('button', { name: 'Да, отозвать' })).toBeFocused();
    await question.getByRole('button', { name: 'Да, отозвать' }).click();
    await expect(row).toContainText('Отозван');
    expect((await scanWithKey(request, key, second, [ticket.sessionId])).status()).toBe(401);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Журнал действий' }).click();
    for (const [label, action] of [
      ['Добавлено устройство контроля', 'checkin-device.create'],
      ['Отозвано устройство контроля', 'checkin-device.revoke'],
    ] as const) {
      await page.getByLabel('Действие').selectOption({ label });
      await page.getByRole('button', { name: 'Показать' }).click();
      const entry = page.getByRole('listitem').filter({ hasText: action }).filter({ hasText: name }).first();
      await expect(entry).toBeVisible();
      await expect(entry.getByText(label, { exact: true })).toBeVisible();
      await expect(entry).toContainText(E2E_OWNER.name);
      await expect(entry).not.toContainText(key);
    }
  });
});

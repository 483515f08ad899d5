import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

test.describe('a door key for sessions of several days', () => {
  test("the owner picks sessions day by day over the key's days, the choices of other days stay, the expiry is said, and the key keeps them", async ({
    page,
  }) => {
    // Up to 31 days looked through on a loaded machine.
    test.setTimeout(120_000);
    const name = `Турникет дни ${Date.now()}-${test.info().workerIndex}`;
    await page.setViewportSize({ width: 320, height: 760 });
    await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
    // Signed in (the session cookie set) before another page is opened.
    await expect(page.getByRole('heading', { level: 1, name: /^Здравствуйте/ })).toBeVisible();
    await page.goto('/admin/checkin-devices');
    const form = page.getByRole('form', { name: 'Новый ключ' });
    await form.getByLabel('Название устройства').fill(name);
    // The first day is the venue's today once the day's sessions have answered.
    await expect(form.getByLabel('Первый день')).not.toHaveValue('');
    const first = await form.getByLabel('Первый день').inputValue();
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // 30 days on from the venue's today (calendar arithmetic on the venue's date: no zone shifts it).
    const last = new Date(Date.parse(`${first}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Последний день').fill(last);
    await expect(page.getByTestId('device-expiry')).toContainText('Ключ перестанет действовать в конце дня');

    // Every one of the key's days can be shown; two days with sessions each give one session.
    const day = form.getByLabel('День', { exact: true });
    const options = await day.locator('option').evaluateAll((nodes) => nodes.map((n) => (n as HTMLOptionElement).value));
    expect(options).toHaveLength(31);
    expect(options[0]).toBe(first);
    expect(options[30]).toBe(last);
    const sessions = form.getByRole('group', { name: 'Только эти сеансы (необязательно)' }).getByRole('checkbox');
    const picked: string[] = [];
    for (const value of options.slice(1)) {
      await day.selectOption(value);
      await expect(form.getByText('Загрузка…')).toHaveCount(0);
      if ((await sessions.count()) === 0) continue;
      await sessions.first().check();
      picked.push(value);
      if (picked.length === 2) break;
    }
    expect(picked).toHaveLength(2);
    await expect(form.getByText('Выбрано сеансов: 2')).toBeVisible();
    await expect(page.getByTestId('device-chosen').getByRole('listitem')).toHaveCount(2);
    // Back on the first picked day, its session is still ticked.
    await day.selectOption(picked[0] ?? '');
    await expect(sessions.first()).toBeChecked();
    expect(
      await axeViolations(page, ['color-contrast', 'label', 'aria-allowed-attr', 'aria-valid-attr-value', 'select-name'], 'body'),
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // Shortening the days lets go of sessions outside them.
    await form.getByLabel('Последний день').fill(picked[0] ?? '');
    await expect(form.getByText('Выбрано сеансов: 1')).toBeVisible();
    await form.getByLabel('Последний день').fill(last);

    await form.getByRole('button', { name: 'Создать ключ' }).click();
    await expect(page.getByRole('region', { name: 'Новый ключ устройства' })).toContainText(`Ключ устройства «${name}»`);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await expect(row).toContainText('1 сеанс');
  });
});

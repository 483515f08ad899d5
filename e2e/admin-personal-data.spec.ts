import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { createDemoOrder } from './support/orders.ts';
import { expectNoSidewaysScroll } from './support/sideways.ts';
import { E2E_OWNER, addStaffMember, signInToAdmin } from './support/staff.ts';

const PHONE = { width: 320, height: 640 };

/** The owner's call, as another member's browser would make it: the newsletter consent's current version. */
async function currentNewsletter(request: APIRequestContext) {
  const answer = await request.get('/api/admin/consent-texts');
  expect(answer.ok(), await answer.text()).toBeTruthy();
  const { documents } = (await answer.json()) as {
    documents: Array<{ scope: string; version: number; title: Record<string, string>; body: Record<string, string> }>;
  };
  const current = documents.find((d) => d.scope === 'newsletter');
  if (!current) throw new Error('no newsletter consent text');
  return current;
}

async function openPage(page: Page) {
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Персональные данные' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Персональные данные посетителей' })).toBeVisible();
}

test.describe('the back office’s personal data page', () => {
  test('the owner publishes a new version of a consent text in four languages, after a confirmation, and a stale draft is refused', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openPage(page);
    const before = await currentNewsletter(page.request);
    const form = page.getByRole('form', { name: 'Новая редакция согласия' });
    await form.getByLabel('Согласие', { exact: true }).selectOption({ label: 'На получение рассылки' });

    // The ru tab shows the version in force above the fields, which start from it.
    const tabs = form.getByRole('tablist', { name: 'Языки текста' });
    await expect(tabs.getByRole('tab', { name: 'Русский' })).toHaveAttribute('aria-selected', 'true');
    const ruPanel = form.getByRole('tabpanel', { name: 'Русский' });
    const inForce = ruPanel.getByRole('region', { name: /^Действующая редакция/ });
    await expect(inForce.getByRole('heading', { name: new RegExp(`^Действующая редакция ${before.version} от `) })).toBeVisible();
    await expect(inForce.getByText(before.body.ru ?? '', { exact: true })).toBeVisible();
    await expect(ruPanel.getByLabel('Текст согласия')).toHaveValue(before.body.ru ?? '');

    // By keyboard: the arrow keys move between the languages; an empty Kazakh title is flagged.
    await tabs.getByRole('tab', { name: 'Русский' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const kzTab = tabs.getByRole('tab', { name: 'Казахский' });
    await expect(kzTab).toBeFocused();
    await form.getByRole('tabpanel', { name: 'Казахский' }).getByLabel('Заголовок').fill(' ');
    await form.getByRole('button', { name: `Опубликовать редакцию ${before.version + 1}` }).click();
    await expect(form.getByRole('alert')).toHaveText('Заполните заголовок и текст на языках: Казахский.');
    await expect(tabs.getByRole('tab', { name: 'Казахский ⚠' })).toHaveAttribute('aria-selected', 'true');
    await form
      .getByRole('tabpanel', { name: /Казахский/ })
      .getByLabel('Заголовок')
      .fill(before.title.kz ?? 'Келісім');

    const mine = `${before.body.ru}\n\nРедакция из e2e ${Date.now()}.`;
    await tabs.getByRole('tab', { name: 'Русский' }).click();
    await ruPanel.getByLabel('Текст согласия').fill(mine);

    // Publishing asks first; backing out publishes nothing and gives the focus back.
    const publish = form.getByRole('button', { name: `Опубликовать редакцию ${before.version + 1}` });
    await publish.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Опубликовать редакцию ${before.version + 1}?` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(publish).toBeFocused();
    expect((await currentNewsletter(page.request)).version).toBe(before.version);

    // Another member publishes meanwhile (the same call, from another browser).
    const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
    const other = {
      ru: 'Редакция другого сотрудника.',
      en: 'Another member’s text.',
      kz: 'Басқа қызметкердің мәтіні.',
      ch: '另一位员工的文本。',
    };
    const theirs = await page.request.post('/api/admin/consent-texts', {
      headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
      data: { scope: 'newsletter', title: before.title, body: other, version: before.version },
    });
    expect(theirs.ok(), await theirs.text()).toBeTruthy();

    // This draft was written over the older version: refused, kept, and the preview shows theirs.
    await publish.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Опубликовать' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Пока вы редактировали, опубликована другая редакция этого согласия. Посмотрите её и опубликуйте свою заново.',
    );
    await expect(inForce.getByText(other.ru, { exact: true })).toBeVisible();
    await expect(ruPanel.getByLabel('Текст согласия')).toHaveValue(mine);

    // Published over the version now read.
    await form.getByRole('button', { name: `Опубликовать редакцию ${before.version + 2}` }).click();
    await page
      .getByRole('dialog', { name: `Опубликовать редакцию ${before.version + 2}?` })
      .getByRole('button', { name: 'Опубликовать' })
      .click();
    await expect(form.getByRole('status')).toHaveText(`Опубликована редакция ${before.version + 2}.`);
    await expect(inForce.getByRole('heading', { name: new RegExp(`^Действующая редакция ${before.version + 2} от `) })).toBeVisible();
    const now = await currentNewsletter(page.request);
    expect(now.version).toBe(before.version + 2);
    expect(now.body.ru).toBe(mine);
    expect(now.title.kz).toBe(before.title.kz);

    // The storefront's rules page shows it.
    await page.goto('/rules/consent-newsletter');
    await expect(page.getByText(`Редакция из e2e`, { exact: false })).toBeVisible();
  });

  test('at 320 px: finding a visitor, both exports, the erasure dialog and the consent form fit the phone', async ({ page, request }) => {
    test.setTimeout(120_000);
    const email = `pd-${Date.now()}@example.com`;
    await createDemoOrder(request, { email, quantity: 1 });
    await openPage(page);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);

    await page.getByLabel('E-mail или телефон посетителя').fill(email);
    await page.getByRole('button', { name: 'Найти' }).click();
    const orders = page.getByRole('region', { name: 'Заказы посетителя' });
    await expect(orders.getByRole('cell', { name: new RegExp(email) })).toBeVisible();
    await expect(orders.getByRole('cell', { name: 'Можно удалить' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Both exports download a file about this visitor.
    for (const [name, kind] of [
      ['Выгрузить (HTML)', 'html'],
      ['Выгрузить (JSON)', 'json'],
    ] as const) {
      const link = page.getByRole('link', { name });
      await link.scrollIntoViewIfNeeded();
      const box = await link.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      const download = page.waitForEvent('download');
      await link.click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`personal-data.${kind}`);
      expect(await readFile((await file.path()) ?? '', 'utf8')).toContain(email);
    }

    // The erasure asks first, in a dialog that fits the phone; backing out erases nothing.
    await page.getByLabel('Причина (на какой запрос посетителя это ответ)').fill('Письмо посетителя об удалении данных');
    await page.getByRole('button', { name: 'Удалить данные' }).click();
    const dialog = page.getByRole('dialog', { name: `Удалить данные посетителя ${email}?` });
    await expect(dialog).toBeVisible();
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox && dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= PHONE.width).toBe(true);
    await expect(dialog.getByRole('button', { name: 'Удалить данные' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(dialog).toBeHidden();
    await expect(orders.getByRole('cell', { name: 'Можно удалить' })).toBeVisible();

    await page.getByRole('button', { name: 'Удалить данные' }).click();
    await dialog.getByRole('button', { name: 'Удалить данные' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Удалено заказов' })).toHaveText('Удалено заказов: 1, сохранено до сеанса: 0.');
    // Erased, the order no longer holds the e-mail: the search finds nothing of the visitor now.
    await expect(page.getByRole('alert').filter({ hasText: 'Заказов с этим e-mail или телефоном нет.' })).toBeVisible();
    await expect(page.getByRole('cell', { name: new RegExp(email) })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // The consent form at the same width.
    const form = page.getByRole('form', { name: 'Новая редакция согласия' });
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByRole('tab', { name: 'Китайский' })).toBeVisible();
    await form.getByRole('tab', { name: 'Китайский' }).click();
    await expect(form.getByRole('tabpanel', { name: 'Китайский' }).getByLabel('Текст согласия')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('is the owner’s only: a manager has no menu entry and no page', async ({ page, request }) => {
    const manager = {
      email: `pd-manager-${Date.now()}@e2e.test`,
      name: 'Мария Менеджер',
      role: 'manager' as const,
      password: 'manager e2e password',
    };
    await addStaffMember(request, manager);
    await signInToAdmin(page, manager.email, manager.password);
    const menu = page.getByRole('navigation', { name: 'Меню' });
    await expect(menu.getByRole('link').first()).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Персональные данные' })).toHaveCount(0);
    await page.goto('/admin/personal-data');
    await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена.' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Новая редакция согласия' })).toHaveCount(0);
    // The call behind the form refuses the manager too.
    const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
    const refused = await page.request.post('/api/admin/consent-texts', {
      headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
      data: { scope: 'newsletter', title: { ru: 'x', en: 'x', kz: 'x', ch: 'x' }, body: { ru: 'x', en: 'x', kz: 'x', ch: 'x' } },
    });
    expect(refused.status()).toBe(403);
  });
});

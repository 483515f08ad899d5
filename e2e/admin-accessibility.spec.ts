import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { SIMPLE_ENTRY_KINDS } from '../contract/admin/catalog.ts';
import ru from '../web/locales/ru/admin.json' with { type: 'json' };
import ruCatalog from '../web/locales/ru/admin-catalog.json' with { type: 'json' };
import ruDesk from '../web/locales/ru/admin-desk.json' with { type: 'json' };
import ruHalls from '../web/locales/ru/admin-halls.json' with { type: 'json' };
import ruLoyalty from '../web/locales/ru/admin-loyalty.json' with { type: 'json' };
import ruOffers from '../web/locales/ru/admin-offers.json' with { type: 'json' };
import ruOrders from '../web/locales/ru/admin-orders.json' with { type: 'json' };
import ruReports from '../web/locales/ru/admin-reports.json' with { type: 'json' };
import ruSetup from '../web/locales/ru/admin-setup.json' with { type: 'json' };
import ruPrint from '../web/locales/ru/admin-print.json' with { type: 'json' };
import ruGroups from '../web/locales/ru/admin-groups.json' with { type: 'json' };
import { navLinksFor } from '../web/admin/app/nav.ts';
import { wcagViolations } from './support/axe.ts';
import { chooseSessionOf } from './support/checkin.ts';
import { createDemoOrder, payDemoOrder, ticketCodesOf } from './support/orders.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
// A 1366 × 768 window at 200 % zoom lays out as a 683 × 384 one.
const ZOOMED = { width: 683, height: 384 };
const SUFFIX = ru.title;
/** The demo's first event (demo/catalog), with sessions, prices and a description. */
const EVENT_ID = 1;

// A menu label's key names its catalog ('admin-orders:nav') unless it is the shell's own.
const catalogs: Record<string, unknown> = {
  admin: ru,
  'admin-orders': ruOrders,
  'admin-desk': ruDesk,
  'admin-reports': ruReports,
  'admin-loyalty': ruLoyalty,
  'admin-catalog': ruCatalog,
  'admin-halls': ruHalls,
  'admin-offers': ruOffers,
  'admin-setup': ruSetup,
  'admin-print': ruPrint,
  'admin-groups': ruGroups,
};
/** A menu entry's Russian label. */
const labelOf = (key: string) => {
  const [namespace, path] = key.includes(':') ? (key.split(':') as [string, string]) : ['admin', key];
  return String(path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogs[namespace]));
};

async function signedIn(page: Page) {
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('heading', { level: 1, name: `Здравствуйте, ${E2E_OWNER.name}` })).toBeVisible();
}

/**
 * Fields whose text is under 16 px (iOS zooms into them on focus) and controls smaller than
 * 24 × 24 px (WCAG 2.5.8), among those laid out: a file input hidden behind its label, a hidden
 * tab panel's fields are not.
 */
async function sizeProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const TEXTLESS = ['checkbox', 'radio', 'file', 'color', 'range', 'submit', 'button', 'reset', 'image'];
    const describe = (e: HTMLElement) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.getAttribute('aria-label') ? `[${e.getAttribute('aria-label')}]` : ''}`;
    const problems: string[] = [];
    for (const e of document.querySelectorAll<HTMLElement>('input, select, textarea, button')) {
      const box = e.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(e).visibility === 'hidden') continue;
      const type = e instanceof HTMLInputElement ? e.type : '';
      if (e.tagName !== 'BUTTON' && !TEXTLESS.includes(type) && Number.parseFloat(getComputedStyle(e).fontSize) < 16)
        problems.push(`${describe(e)}: text ${getComputedStyle(e).fontSize}`);
      if (box.width < 24 || box.height < 24) problems.push(`${describe(e)}: ${Math.round(box.width)} × ${Math.round(box.height)} px`);
    }
    return problems;
  });
}

const loaded = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

/**
 * Opens a page of the back office the way its own links do, inside the app already loaded (the
 * router follows history.pushState), so a walk over thirty pages loads the app and axe-core once
 * instead of once per page; a page of another app (the door) or the first page is loaded.
 */
async function openPage(page: Page, path: string) {
  const app = (p: string) => (p.startsWith('/admin') ? '/admin' : p);
  const current = page.url().startsWith('http') ? new URL(page.url()).pathname : '';
  if (app(current) !== app(path)) {
    await page.goto(path);
    return;
  }
  await page.evaluate(async (to) => {
    history.pushState(null, '', to);
    // The new page is drawn (or its skeleton) and its effects have run two frames later.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, path);
}

test('each page of the menu has its own title, and a navigation moves focus to its heading and reads the title out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signedIn(page);
  await expect(page).toHaveTitle(`Главная — ${SUFFIX}`);
  const menu = page.getByRole('navigation', { name: 'Меню' });
  // The menu is grouped: a heading per section, each section a list named by it.
  for (const section of Object.values(ru.shell.sections)) await expect(menu.getByRole('list', { name: section })).toBeVisible();
  const announcer = page.locator('#root [role="status"][aria-live="polite"]').last();

  // The door is an app of its own, not a page of the back office.
  const links = navLinksFor('owner').filter((entry) => !entry.app);
  for (const entry of [...links.slice(1), links[0]]) {
    if (!entry) continue;
    const label = labelOf(entry.labelKey);
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin${entry.path === '/' ? '/?' : entry.path}$`));
    const heading = page.getByRole('heading', { level: 1 });
    // The box office is keyboard-first: it opens on its event search (the title is still read out).
    if (entry.path === '/desk') await expect(page.getByLabel('Найти событие'), '/desk: the search has focus').toBeFocused();
    // The hand-out takes a scanner's keystrokes at once: its search has the focus.
    else if (entry.path === '/handout') await expect(page.getByLabel(ruPrint.search.label), '/handout: the search has focus').toBeFocused();
    else await expect(heading, `${entry.path}: the heading has focus`).toBeFocused();
    const text = (await heading.textContent())?.trim() ?? '';
    const title = entry.path === '/' ? `Главная — ${SUFFIX}` : `${text} — ${SUFFIX}`;
    await expect(page, `${entry.path}: its own title`).toHaveTitle(title);
    await expect(announcer).toHaveText(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s?$`));
  }

  // A page reached from another page's content: an order's title names it.
  const email = `a11y.${Date.now()}.${test.info().workerIndex}@example.com`;
  await createDemoOrder(request, { quantity: 1, email });
  await menu.getByRole('link', { name: 'Заказы', exact: true }).click();
  await page.getByLabel('Поиск заказа').fill(email);
  await page.getByLabel('Поиск заказа').press('Enter');
  // The list of recent orders stays until the search answers: open the order once it is listed.
  await expect(page.getByRole('table')).toContainText(email);
  await page.getByRole('table').getByRole('link').first().click();
  const orderHeading = page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ });
  await expect(orderHeading).toBeFocused();
  const number = (await orderHeading.textContent())?.match(/\d+/)?.[0];
  await expect(page).toHaveTitle(`Заказ № ${number} — ${SUFFIX}`);

  // Back: the previous page's heading takes the focus again.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Заказы' })).toBeFocused();
  await expect(page).toHaveTitle(`Заказы — ${SUFFIX}`);

  // Another language: the title follows.
  await page.getByLabel('Язык').selectOption('en');
  await expect(page).toHaveTitle(/ — Back office$/);
});

test('on a phone the menu folds behind a button: the heading is in the first screen, the menu opens, closes with Escape and on navigation', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signedIn(page);
  const menu = page.getByRole('navigation', { name: 'Меню' });
  const toggle = menu.getByRole('button', { name: 'Меню' });
  const inFirstScreen = async (height: number) => {
    const box = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(box, 'the heading is laid out').not.toBeNull();
    expect((box?.y ?? height) + (box?.height ?? 0)).toBeLessThanOrEqual(height);
  };

  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('link')).toHaveCount(0);
  await inFirstScreen(PHONE.height);

  // By keyboard: open, walk in, Escape closes and gives the focus back to the button.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Заказы', exact: true })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Главная', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(menu.getByRole('link')).toHaveCount(0);

  // A navigation closes it; the new page's heading takes the focus, in the first screen.
  await page.keyboard.press('Space');
  await menu.getByRole('link', { name: 'Каталог', exact: true }).click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const heading = page.getByRole('heading', { level: 1, name: 'События каталога' });
  await expect(heading).toBeFocused();
  await inFirstScreen(PHONE.height);

  // 200 % zoom of a desktop window: still folded, the heading still in the first screen.
  await page.setViewportSize(ZOOMED);
  await expect(toggle).toBeVisible();
  await inFirstScreen(ZOOMED.height);

  // A desktop shows the menu as a sidebar without the button.
  await page.setViewportSize(DESKTOP);
  await expect(toggle).toBeHidden();
  await expect(menu.getByRole('link', { name: 'Заказы', exact: true })).toBeVisible();
});

test('focus never falls to the page: a refused form focuses its first invalid field, removing a row or a poster and uploading one keep it near', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signedIn(page);
  const onBody = () => page.evaluate(() => document.activeElement === document.body);

  // The empty new-event form: its first invalid field is the name, at the top, in view.
  await page.goto('/admin/catalog/events/new');
  await page.getByRole('button', { name: 'Создать событие' }).click();
  const name = page.getByLabel('Название (обязательно)');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeInViewport();

  // Session rows: removing one focuses the row that took its place, the last one the "add" button.
  const addSession = page.getByRole('button', { name: 'Добавить сеанс' });
  await addSession.click();
  await addSession.click();
  const sessions = page.getByRole('group', { name: 'Сеансы' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await sessions.first().getByRole('button', { name: 'Удалить' }).click();
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first().getByLabel('Дата и время')).toBeFocused();
  await sessions.first().getByRole('button', { name: 'Удалить' }).click();
  await expect(sessions).toHaveCount(0);
  await expect(addSession).toBeFocused();

  // The poster: the file input keeps the focus while the picture uploads and after; removing it focuses the input.
  const poster = page.getByRole('group', { name: 'Афиша (изображение)' });
  const file = poster.locator('input[type="file"]');
  await file.focus();
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  await file.setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: picture });
  await expect(poster.locator('img')).toHaveAttribute('src', /^\/media\//);
  await expect(file).toBeFocused();
  await poster.getByRole('button', { name: 'Убрать' }).click();
  await expect(poster.locator('img')).toHaveCount(0);
  await expect(file).toBeFocused();
  expect(await onBody()).toBe(false);

  // The refund dialog: a refused submit focuses the field it names.
  const email = `a11y.refund.${Date.now()}.${test.info().workerIndex}@example.com`;
  const hash = await createDemoOrder(request, { quantity: 1, email });
  await payDemoOrder(request, hash);
  await page.goto('/admin/orders');
  await page.getByLabel('Поиск заказа').fill(email);
  await page.getByLabel('Поиск заказа').press('Enter');
  // The list of recent orders stays until the search answers: open the order once it is listed.
  await expect(page.getByRole('table')).toContainText(email);
  await page.getByRole('table').getByRole('link').first().click();
  await page.getByRole('button', { name: 'Вернуть весь заказ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Возврат всего заказа' });
  await dialog.getByRole('button', { name: 'Вернуть', exact: true }).click();
  await expect(dialog.getByLabel('Причина')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Причина')).toBeFocused();
  // The server's refusal of a share above 100 %: focus on the share.
  await dialog.getByLabel('Задать долю возврата вручную').check();
  await dialog.getByLabel('Доля возврата, %').fill('500');
  await dialog.getByLabel('Причина').fill('Проверка фокуса');
  await dialog.getByRole('button', { name: 'Вернуть', exact: true }).press('Enter');
  await expect(dialog.getByLabel('Доля возврата, %')).toBeFocused();
  await dialog.getByRole('button', { name: 'Отмена' }).click();
});

test('the description editor: the toolbar is one tab stop walked with the arrows, Home and End, and «1.» is named by its label', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signedIn(page);
  await page.goto(`/admin/catalog/events/${EVENT_ID}`);
  const toolbar = page.getByRole('toolbar', { name: 'Оформление описания' }).first();
  await expect(toolbar).toBeVisible();
  await expect(toolbar.getByRole('button', { name: /^1\. / })).toHaveCount(1);
  // From the field before the toolbar, Tab lands on its first button, a second Tab leaves it.
  await toolbar.getByRole('button').first().focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(toolbar.getByRole('button', { name: 'Жирный' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Курсив' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'HTML-код' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Жирный' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(toolbar.getByRole('button', { name: 'HTML-код' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(toolbar.getByRole('button', { name: 'Жирный' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Описание' }).first()).toBeFocused();
  // Back into the toolbar: the button last used holds the stop.
  await page.keyboard.press('Shift+Tab');
  await expect(toolbar.getByRole('button', { name: 'Курсив' })).toBeFocused();
  await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);
});

// One test per window size, so the two run side by side on the workers.
for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`no WCAG 2.1 A or AA violation on any back-office page or the door, on a ${size}`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const email = `a11y.axe.${size}.${Date.now()}.${test.info().workerIndex}@example.com`;
    const hash = await createDemoOrder(request, { quantity: 2, email });
    await payDemoOrder(request, hash);

    await page.setViewportSize(viewport);
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
    const signInViolations = await wcagViolations(page);
    await signedIn(page);

    // The order of this run and the demo's loyalty card: pages reached from a list.
    await openPage(page, `/admin/orders?q=${encodeURIComponent(email)}`);
    const orderLink = page.getByRole('table').getByRole('link').first();
    await expect(orderLink).toBeVisible();
    const orderPath = new URL((await orderLink.getAttribute('href')) ?? '', page.url()).pathname;
    await openPage(page, '/admin/loyalty');
    const cardLink = page.getByRole('link', { name: 'Открыть карту 1000200030004000' });
    const cardPath = new URL((await cardLink.getAttribute('href')) ?? '', page.url()).pathname;

    const paths = [
      '/admin',
      '/admin/orders',
      `/admin/orders?q=${encodeURIComponent(email)}`,
      orderPath,
      '/admin/reports',
      '/admin/registry',
      '/admin/loyalty',
      cardPath,
      '/admin/catalog',
      '/admin/catalog/events/new',
      `/admin/catalog/events/${EVENT_ID}`,
      ...SIMPLE_ENTRY_KINDS.map((kind) => `/admin/catalog/entries/${kind}`),
      '/admin/catalog/entries/venues/new',
      '/admin/offers',
      '/admin/offers/services',
      '/admin/offers/subscriptions',
      '/admin/halls',
      '/admin/halls/blocks',
      '/admin/setup',
      '/admin/checkin-devices',
      '/admin/staff',
      '/admin/audit',
      '/admin/account',
      '/checkin',
    ];
    const found: Record<string, string[]> = {};
    if (signInViolations.length > 0) found[`${size} /admin signed out`] = signInViolations;
    for (const path of paths) {
      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await loaded(page);
      const violations = [...(await wcagViolations(page)), ...(await sizeProblems(page))];
      if (violations.length > 0) found[`${size} ${path}`] = violations;
    }
    // States: the phone's menu open, the refund dialog open, a refused event form.
    if (size === 'phone') {
      await openPage(page, '/admin');
      await page.getByRole('button', { name: 'Меню' }).click();
      const violations = await wcagViolations(page);
      if (violations.length > 0) found['phone: menu open'] = violations;
    }
    await openPage(page, orderPath);
    await page.getByRole('button', { name: 'Вернуть весь заказ' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Вернуть', exact: true }).click();
    await expect(page.getByRole('dialog').getByLabel('Причина')).toHaveAttribute('aria-invalid', 'true');
    const dialog = await wcagViolations(page);
    if (dialog.length > 0) found[`${size}: the refund dialog refused`] = dialog;
    await openPage(page, '/admin/catalog/events/new');
    await page.getByRole('button', { name: 'Создать событие' }).click();
    await expect(page.getByLabel('Название (обязательно)')).toBeFocused();
    const refused = await wcagViolations(page);
    if (refused.length > 0) found[`${size}: the new-event form refused`] = refused;
    expect(found).toEqual({});
  });
}

test('the door at 390 px: the count headers keep their words whole', async ({ page, request }) => {
  const hash = await createDemoOrder(request, { quantity: 1 });
  await payDemoOrder(request, hash);
  const [code] = await ticketCodesOf(request, hash);
  await page.setViewportSize(PHONE);
  await signedIn(page);
  await page.goto('/checkin');
  await expect(page.getByRole('heading', { level: 1, name: 'Проверка билетов' })).toBeVisible();
  await chooseSessionOf(page, code ?? '', 'e2e-a11y-0001');
  const headers = page.getByRole('table').first().getByRole('columnheader');
  await expect(headers).toHaveText(['Сеанс', 'Прошли', 'Осталось']);
  // Each header's text is one line: a one-word header on two lines was broken inside its word.
  const lines = await headers.evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }),
  );
  expect(lines).toEqual([1, 1, 1]);
  expect(await sizeProblems(page)).toEqual([]);
});

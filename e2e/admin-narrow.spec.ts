import { type Page, expect, test } from '@playwright/test';
import { createDemoOrder } from './support/orders.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

const PHONE = { width: 320, height: 640 };

/**
 * What makes the page wider than the phone (elements whose right edge passes it, outside any box
 * that clips or scrolls them), widest first, and every box that scrolls sideways without being
 * the accepted pattern for a wide table: a region with a name that the keyboard can focus.
 */
async function sidewaysReport(page: Page, width: number) {
  return page.evaluate((limit) => {
    const describe = (e: Element) => {
      const classes = typeof e.className === 'string' && e.className.trim() ? `.${e.className.trim().split(/\s+/).join('.')}` : '';
      return `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${classes}`;
    };
    const clipped = (e: Element) => {
      for (let up = e.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const all = [...document.body.querySelectorAll('*')];
    const widest = all
      .map((e) => ({ e, right: e.getBoundingClientRect().right }))
      .filter(({ e, right }) => right > limit + 0.5 && !clipped(e))
      .sort((a, b) => b.right - a.right)
      .slice(0, 6)
      .map(({ e, right }) => `${describe(e)} (${Math.round(right)} px)`);
    const scrollers = all
      .filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1)
      .filter((e) => !(e.getAttribute('role') === 'region' && e.getAttribute('aria-label') && e.getAttribute('tabindex') === '0'))
      .map(describe);
    return { scrollWidth: document.documentElement.scrollWidth, widest, scrollers };
  }, width);
}

/** The view has loaded (no skeleton left) and does not scroll sideways at the phone's width. */
async function fitsPhone(page: Page, view: string, width = PHONE.width) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const report = await sidewaysReport(page, width);
  // Soft: one run names every view that does not fit, not only the first.
  expect.soft(report.scrollWidth, `${view} scrolls sideways; widest: ${report.widest.join(', ')}`).toBeLessThanOrEqual(width);
  expect.soft(report.scrollers, `${view}: a box scrolls sideways that is not a named, focusable region`).toEqual([]);
}

test('at 320 px every back-office page and the check-in screen fit the phone without scrolling sideways', async ({ page, request }) => {
  test.setTimeout(120_000);
  // An order of this run, so the order page has lines, tickets and a payment to lay out.
  const email = `narrow.${Date.now()}.${test.info().workerIndex}@example.com`;
  await createDemoOrder(request, { quantity: 2, email });

  await page.setViewportSize(PHONE);
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('heading', { level: 1, name: `Здравствуйте, ${E2E_OWNER.name}` })).toBeVisible();
  await fitsPhone(page, 'home');

  const menu = page.getByRole('navigation', { name: 'Меню' });
  const open = async (link: string, heading: string | RegExp) => {
    await menu.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  };

  await open('Сотрудники', 'Сотрудники');
  await expect(page.getByRole('table')).toContainText(E2E_OWNER.email);
  await fitsPhone(page, '/staff');

  await open('Заказы', 'Заказы');
  await fitsPhone(page, '/orders');
  await page.getByLabel('Поиск заказа').fill(email);
  await page.getByLabel('Поиск заказа').press('Enter');
  await expect(page.getByRole('table')).toContainText(email);
  await fitsPhone(page, '/orders?q=');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
  await fitsPhone(page, '/orders/:id');

  await open('Каталог', 'События каталога');
  await expect(page.getByRole('table')).toBeVisible();
  await fitsPhone(page, '/catalog');
  const sections = page.getByRole('navigation', { name: 'Разделы каталога' });
  for (const [link, heading] of [
    ['Разделы', 'Разделы витрины'],
    ['Меню', 'Меню разделов'],
    ['Подменю', 'Подменю'],
    ['Площадки', 'Площадки'],
    ['Теги', 'Теги'],
    ['Флажки согласия', 'Флажки согласия'],
    ['Документы', 'Документы'],
    ['Ценовые зоны', 'Ценовые зоны без схемы'],
  ] as const) {
    await sections.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await fitsPhone(page, `catalog: ${link}`);
  }
  await sections.getByRole('link', { name: 'События', exact: true }).click();
  await page.getByRole('link', { name: 'Новое событие' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Новое событие' })).toBeVisible();
  await fitsPhone(page, '/catalog/events/new');

  await open('Отчёты', 'Отчёты о продажах');
  await expect(page.getByRole('img', { name: /^Продажи по дням с / }).locator('canvas')).toHaveCount(1);
  await fitsPhone(page, '/reports');

  await open('Залы', 'Залы');
  await expect(page.getByRole('table')).toContainText('Большой зал');
  await fitsPhone(page, '/halls');
  await page.getByRole('navigation', { name: 'Разделы залов' }).getByRole('link', { name: 'Места на сеансе' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Блокировка мест на сеансе' })).toBeVisible();
  const session = page.getByLabel('Сеанс', { exact: true });
  await session.selectOption({ index: 1 });
  await expect(page.getByRole('img', { name: /^Схема зала/ })).toBeVisible();
  await fitsPhone(page, '/halls/blocks?session=');

  await open('Скидки и услуги', 'Промокоды');
  await fitsPhone(page, '/offers');
  const offers = page.getByRole('navigation', { name: 'Скидки и услуги' });
  await offers.getByRole('link', { name: 'Услуги', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Услуги' })).toBeVisible();
  await fitsPhone(page, '/offers/services');
  await offers.getByRole('link', { name: 'Абонементы', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Состав абонементов' })).toBeVisible();
  await fitsPhone(page, '/offers/subscriptions');

  await open('Настройки витрины', 'Настройки витрины');
  await fitsPhone(page, '/setup');
  await open('Журнал действий', 'Журнал действий');
  await expect(page.getByRole('list').first()).toBeVisible();
  await fitsPhone(page, '/audit');
  await open('Моя учётная запись', 'Моя учётная запись');
  await fitsPhone(page, '/account');
  await open('Реестр Пушкинской карты', 'Реестр Пушкинской карты: ошибки передачи');
  await fitsPhone(page, '/registry');
  await open('Устройства входа', 'Устройства контроля входа');
  await fitsPhone(page, '/checkin-devices');

  // The door's screen, signed in by the same staff session.
  await page.goto('/checkin');
  await expect(page.getByRole('heading', { level: 1, name: 'Проверка билетов' })).toBeVisible();
  await fitsPhone(page, '/checkin');
});

import { expect, test } from '@playwright/test';
import { observeLayoutShifts, recordedShifts, settled } from './support/layout-shifts.ts';
import { mailsTo } from './support/mail.ts';
import { createDemoOrder, payDemoOrder } from './support/orders.ts';
import { ownEvent } from './support/own-event.ts';
import { expectNoSidewaysScroll } from './support/sideways.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

test.use({ viewport: { width: 320, height: 640 } });

test('an owner lets buyers exchange until 2 hours before; on a 320 px phone the buyer moves a ticket to the other session from the order page and gets the new ticket by e-mail', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const run = `${Date.now()}${test.info().workerIndex}`;
  const email = `self.exchange.${run}@example.com`;
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  // An event of the spec's own with two sessions a day apart, so the demo's events stay as they are.
  const own = await ownEvent(page.request, headers, run, (draft) => {
    const first = draft.sessions[0];
    if (!first) throw new Error('the copied event has no session');
    const later = new Date(new Date(first.startsAt).getTime() + 86_400_000).toISOString();
    return { ...draft, sessions: [first, { ...first, id: -500, startsAt: later }] };
  });

  // The venue's setting, through the event form.
  await page.goto(`/admin/catalog/events/${own.eventId}`);
  const hours = page.getByLabel('Самостоятельный обмен билетов — не позже чем за, часов');
  await expect(hours).toBeVisible();
  await hours.fill('2');
  await page.getByRole('button', { name: 'Сохранить' }).first().click();
  await expect
    .poll(async () => {
      const stored = (await (await page.request.get(`/api/admin/catalog/events/${own.eventId}`)).json()) as {
        event: { selfExchangeHoursBefore?: number };
      };
      return stored.event.selfExchangeHoursBefore;
    })
    .toBe(2);

  const hash = await createDemoOrder(page.request, { event: own.hash, quantity: 1, email });
  await payDemoOrder(page.request, hash);

  // The buyer, on the order page their link opens: the button comes with the order, so nothing
  // moves once the page is shown (the layout-shift spec's bound). Measured on a tall 320 px screen,
  // so the tickets below the buttons are in view, with the CPU slowed as that spec does.
  await page.setViewportSize({ width: 320, height: 1000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(observeLayoutShifts);
  await page.goto(`/order/${hash}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
  const open = page.getByRole('button', { name: 'Обменять билеты' });
  await expect(open).toBeVisible();
  await page.waitForLoadState('networkidle');
  await settled(page);
  const { total, detail } = await recordedShifts(page);
  expect(total, `layout shifts of the order page:\n${detail}`).toBeLessThanOrEqual(0.02);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.setViewportSize({ width: 320, height: 640 });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Обмен билетов' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Обменять билеты можно до /)).toBeVisible();
  await expect(dialog.getByRole('checkbox')).toBeChecked();

  // The other session: the last of the list; the cheapest category of it.
  const session = dialog.getByLabel('Новый сеанс');
  const sessions = await session
    .locator('option:not([disabled])')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  expect(sessions).toHaveLength(2);
  await session.selectOption(sessions.at(-1) ?? '');
  const category = dialog.getByLabel(/^Категория: /);
  const cheapest = await category.locator('option').evaluateAll((options) => {
    const amount = (o: HTMLOptionElement) =>
      Number(
        (o.textContent ?? '')
          .split('—')
          .at(-1)
          ?.replace(/[^\d,]/g, '')
          .replace(',', '.'),
      );
    return [...options].sort((a, b) => amount(a as HTMLOptionElement) - amount(b as HTMLOptionElement))[0]?.getAttribute('value') ?? '';
  });
  await category.selectOption(cheapest);

  // The difference, before confirming.
  await expect(dialog.getByText('Оплачено за эти билеты')).toBeVisible();
  await expect(dialog.getByText('Стоят новые билеты')).toBeVisible();
  await expect(dialog.getByText(/^(Без доплаты и возврата|Вернём на карту)$/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Обменять', exact: true }).click();

  await expect(page.getByRole('dialog').getByText(/^Билеты обменяны\./)).toBeVisible();
  let mail = '';
  await expect
    .poll(
      async () => {
        mail = (await mailsTo(email)).find((text) => text.includes('Ваши билеты обменяны')) ?? '';
        return mail !== '';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(mail).toContain('Прежние билеты больше не действуют на входе');
  expect(mail).toMatch(/\/ticket\/[\w-]+/);
});

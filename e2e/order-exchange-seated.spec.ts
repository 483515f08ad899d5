import { type Page, expect, test } from '@playwright/test';
import { wcagViolations } from './support/axe.ts';
import { createPaidSeatedOrder } from './support/orders.ts';
import { ownEvent } from './support/own-event.ts';
import { expectNoSidewaysScroll } from './support/sideways.ts';
import { E2E_OWNER, openTicketExchange, signInToAdmin } from './support/staff.ts';

// Exchanges of a seated order: the buyer on the order page and a member of staff in the back
// office each move a ticket to a seat of another session on the hall map. Each test sells seats of
// an event of its own (a copy of the demo's seated concert), so no other spec's seats are touched.

/** A copy of the demo's seated concert with a second session a day after the first, buyers allowed to exchange until 2 hours before. */
async function seatedEvent(page: Page, run: string) {
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  return ownEvent(
    page.request,
    headers,
    run,
    (draft) => {
      const first = draft.sessions[0];
      if (!first) throw new Error('the copied event has no session');
      const later = new Date(new Date(first.startsAt).getTime() + 86_400_000).toISOString();
      return { ...draft, selfExchangeHoursBefore: 2, sessions: [first, { ...first, id: -500, startsAt: later }] };
    },
    'tchaikovsky-symphony-night',
  );
}

/** The session select's choices that are on sale, in their order. */
async function sessionChoices(page: Page, dialogName: string) {
  const session = page.getByRole('dialog', { name: dialogName }).getByLabel('Новый сеанс');
  const values = () =>
    session.locator('option:not([disabled])').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  await expect.poll(async () => (await values()).length).toBe(2);
  return { session, values: await values() };
}

test('on a 320 px phone the buyer of a seated order picks a seat of the other session on the hall map and exchanges the ticket for it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const run = `${Date.now()}${test.info().workerIndex}`;
  const own = await seatedEvent(page, run);
  const order = await createPaidSeatedOrder(page.request, { event: own.hash, row: '11', email: `seated.self.${run}@example.com` });

  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`/order/${order.hash}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Обменять билеты' }).click();
  const dialog = page.getByRole('dialog', { name: 'Обмен билетов' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox')).toBeChecked();

  // The other session: its hall on the storefront's map, the seats on sale chosen from it or its list.
  const { session, values } = await sessionChoices(page, 'Обмен билетов');
  await session.selectOption(values.at(-1) ?? '');
  const seats = dialog.getByRole('group', { name: 'Новые места' });
  await expect(seats.getByRole('img', { name: /^Схема зала\./ })).toBeVisible();
  await expect(seats.getByText('Выбрано мест: 0 из 1.')).toBeVisible();
  // By keyboard, from the list under the map: row 11, the seat the order holds in the first session.
  const list = seats.getByText('Выбор мест списком');
  await list.focus();
  await page.keyboard.press('Enter');
  await seats.getByLabel('Ряд', { exact: true }).selectOption({ label: '11' });
  const seat = seats.getByRole('button', { name: new RegExp(`^Место ${order.seats[0]?.seat}, `) });
  await seat.focus();
  await page.keyboard.press('Enter');
  await expect(seat).toHaveAttribute('aria-pressed', 'true');
  await expect(seats.getByText('Выбрано мест: 1 из 1.')).toBeVisible();
  await expect(seats.getByText(new RegExp(`Ряд 11 · Место ${order.seats[0]?.seat}, `))).toBeVisible();
  // Another seat than the tickets' number is not taken: the buyer is told to remove one first.
  const another = seats.getByRole('button', { name: /^Место \d+, /, pressed: false }).first();
  await another.click();
  await expect(seats.getByText(/Мест выбрано столько же, сколько билетов/)).toBeVisible();
  // The dialog with the map, the list and the seat chosen: every WCAG 2.1 A and AA rule.
  expect(await wcagViolations(page, 'dialog[open]')).toEqual([]);

  // The difference, from the seat's category, before confirming.
  await expect(dialog.getByText('Оплачено за эти билеты')).toBeVisible();
  await expect(dialog.getByText(/^(Без доплаты и возврата|Вернём на карту|Доплата)$/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  const dearer = await dialog.getByText('Доплата', { exact: true }).isVisible();
  if (dearer) {
    await dialog.getByRole('button', { name: 'Перейти к доплате' }).click();
    await expect(page).toHaveURL(/\/exchange\/pay\//);
    return;
  }
  await dialog.getByRole('button', { name: 'Обменять', exact: true }).click();
  await expect(page.getByRole('dialog').getByText(/^Билеты обменяны\./)).toBeVisible();
  // The seat is the order's now: the same session's map answers it taken.
  const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
  const map = await page.request.post('/api/scheme', {
    data: { hash: own.hash, calendar_id: Number(values.at(-1)), lang: 'ru' },
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
  });
  const row = ((await map.json()) as { seat_numbers: { row: string; seat: string[]; free: number[] }[] }).seat_numbers.find(
    (r) => r.row === '11',
  );
  expect(row?.free[row.seat.indexOf(order.seats[0]?.seat ?? '')]).toBe(0);
});

test('a member of staff exchanges a ticket of a seated order for a seat of another session chosen on the hall map', async ({ page }) => {
  test.setTimeout(150_000);
  const run = `${Date.now()}${test.info().workerIndex}`;
  const own = await seatedEvent(page, run);
  const email = `seated.staff.${run}@example.com`;
  await createPaidSeatedOrder(page.request, { event: own.hash, row: '10', email });

  const { tickets, dialog } = await openTicketExchange(page, email);
  const { session, values } = await sessionChoices(page, 'Обмен билетов: 1');
  await session.selectOption(values[1] ?? '');

  // The hall map of the new session; a seat of row 10 by keyboard, from the rows under it.
  await expect(dialog.getByRole('img', { name: /^Схема зала: / })).toBeVisible();
  const rows = dialog.getByLabel('Ряд', { exact: true });
  const row10 = await rows
    .locator('option')
    .evaluateAll((options) => options.find((o) => /, 10$/.test(o.textContent ?? ''))?.getAttribute('value') ?? '');
  await rows.selectOption(row10);
  const free = dialog.getByRole('group', { name: 'Места ряда 10' }).getByRole('checkbox', { disabled: false });
  const seat = free.first();
  await seat.focus();
  await page.keyboard.press('Space');
  await expect(seat).toBeChecked();
  await expect(dialog.getByText('Выбрано мест: 1 из 1')).toBeVisible();

  const figures = dialog.getByRole('list', { name: 'Расчёт обмена' });
  await expect(figures.getByText(/^(Без доплаты и возврата|Покупателю вернётся .+|Покупатель доплачивает .+)$/)).toBeVisible();
  const dearer = await figures.getByText(/^Покупатель доплачивает/).isVisible();
  await dialog.getByRole('button', { name: 'Обменять' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: dearer ? /^Покупателю отправлена ссылка/ : /^Билеты обменяны/ })).toBeVisible();
  await expect(tickets.getByRole('cell', { name: dearer ? 'Обмен: ждёт доплаты' : 'Обменян', exact: true })).toBeVisible();
});

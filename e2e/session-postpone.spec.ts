import { expect, test } from '@playwright/test';
import { chooseSessionOf } from './support/checkin.ts';
import { waitForMail } from './support/mail.ts';
import { createDemoOrder, payDemoOrder, ticketCodesOf } from './support/orders.ts';
import { ownEvent } from './support/own-event.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

// The demo venue's zone: the form takes its wall time, the e-mail and the door speak it.
const VENUE_ZONE = 'Europe/Moscow';
const DAY = 86_400_000;

/** An instant as the venue's wall time in a datetime-local field: YYYY-MM-DDTHH:MM. */
function wallTime(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: VENUE_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test('staff move a session: the buyer is e-mailed the new date, may return in full until the deadline, and the old code admits for the new date', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const run = `${Date.now()}${test.info().workerIndex}`;
  const email = `postpone.${run}@example.com`;
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  const own = await ownEvent(page.request, headers, run);
  const hash = await createDemoOrder(page.request, { event: own.hash, quantity: 1, email });
  await payDemoOrder(page.request, hash);
  const [code] = await ticketCodesOf(page.request, hash);
  expect(code).toMatch(/^\d{16}$/);

  // A week after the current start, on the minute; the full-return deadline a day before it.
  const loaded = (await (await page.request.get(`/api/admin/catalog/events/${own.eventId}`)).json()) as {
    event: { sessions: { id: number; startsAt: string }[] };
  };
  const current = new Date(loaded.event.sessions.find((s) => s.id === own.sessionId)?.startsAt ?? '');
  const newStart = new Date(Math.floor((current.getTime() + 7 * DAY) / 60_000) * 60_000);
  const deadline = new Date(newStart.getTime() - DAY);

  await page.goto(`/admin/catalog/events/${own.eventId}`);
  await page.getByRole('link', { name: 'Перенести или отменить' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Перенос и отмена сеанса' })).toBeVisible();
  await page.getByLabel('Новые дата и время').fill(wallTime(newStart));
  await page.getByLabel('Полный возврат до').fill(wallTime(deadline));
  await page.getByRole('button', { name: 'Перенести', exact: true }).click();
  await expect(page.getByText(/Сеанс перенесён на .+\. Письмо отправлено 1 покупателю\./)).toBeVisible();

  // The buyer's e-mail names the new date (in the venue's zone) and the deadline, with the return page's link.
  const newDate = new Intl.DateTimeFormat('ru', { timeZone: VENUE_ZONE, day: 'numeric', month: 'long', year: 'numeric' }).format(newStart);
  const mail = await waitForMail((text) => text.includes('Организатор перенёс') && text.includes(run), 60_000);
  expect(mail).toContain(newDate);
  expect(mail).toContain('с полным возвратом денег до');
  const link = new RegExp(`http://\\S+/order/return/${hash}\\S*`).exec(mail)?.[0];
  expect(link).toBeTruthy();

  // Before the deadline the return page offers the ticket back in full: its price (summa), and its service fee on top.
  const { token: buyerToken } = (await (await page.request.get('/api/token')).json()) as { token: string };
  const offer = (await (
    await page.request.post(`/api/order/return/${hash}`, {
      headers: { 'x-csrf-token': buyerToken, 'x-requested-with': 'XMLHttpRequest' },
      data: { lang: 'ru' },
    })
  ).json()) as { response: { rows: { summa: number; refund: number; returndatime: number }[] } };
  const [row] = offer.response.rows;
  expect(row?.returndatime).toBeGreaterThan(0);
  expect(row?.summa).toBeGreaterThan(0);
  expect(row?.refund).toBeGreaterThanOrEqual(row?.summa ?? Infinity);
  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'Заявление на возврат' })).toBeVisible();
  await page
    .getByRole('checkbox', { name: /^Вернуть билет/ })
    .first()
    .check();
  const refund = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(row?.refund ?? 0);
  await expect(page.getByLabel('Итог возврата')).toContainText(refund.replace(/\s/g, '\u00a0'));

  // At the door the old code admits for the new date: the controller opens that day and its session.
  await page.goto('/checkin');
  await expect(page.getByRole('heading', { name: 'Проверка билетов' })).toBeVisible();
  const ticket = await chooseSessionOf(page, code ?? '', `e2e-postpone-${run}`.slice(0, 60));
  expect(ticket.date).toBe(wallTime(newStart).slice(0, 10));
  expect(ticket.time).toBe(wallTime(newStart).slice(11));
  const input = page.getByLabel('Код билета');
  await input.fill(code ?? '');
  await input.press('Enter');
  await expect(page.getByRole('status').first()).toContainText('Проходите');
});

import { type APIRequestContext, expect, test } from '@playwright/test';
import { waitForMail } from './support/mail.ts';
import { createDemoOrder } from './support/orders.ts';
import { ownEvent } from './support/own-event.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

/** The first link to the storefront's order page in an e-mail's text. */
const orderLinkOf = (mail: string) => mail.match(/https?:\/\/\S+\/order\/[A-Za-z0-9_-]+/)?.[0];

/**
 * Staff cancel the one unpaid reserve of `holder` (its two places come back); answers the
 * waiting-list job's offer e-mail of the run once it arrives.
 */
async function cancelReserveForOffer(staff: APIRequestContext, headers: Record<string, string>, holder: string, run: string) {
  const found = (await (await staff.get(`/api/admin/orders?q=${encodeURIComponent(holder)}`)).json()) as {
    orders: { id: number }[];
  };
  expect(found.orders).toHaveLength(1);
  const cancelled = await staff.post(`/api/admin/orders/${found.orders[0]?.id}/cancel`, {
    headers,
    data: { reason: 'Гость не приедет', lang: 'ru' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
  const offer = await waitForMail((text) => text.includes('Освободились места на') && text.includes(run), 60_000);
  expect(offer).toMatch(/Мы придержали для вас заказ № \d+ \(мест — 2\) до /);
  return offer;
}

test('a visitor joins the waiting list of a sold-out session, gets the places that come back by e-mail and pays for them', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const run = `${Date.now()}${test.info().workerIndex}`;
  const holder = `wl-holder.${run}@example.com`;
  const waiting = `wl-visitor.${run}@example.com`;

  // An event of its own with two places, both held by an unpaid reserve: the session is sold out.
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  // A staff call takes a token fetched with the staff session's cookie.
  const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  const own = await ownEvent(page.request, headers, run, (draft) => ({
    ...draft,
    sessions: draft.sessions.map((s) => ({ ...s, capacity: 2 })),
  }));
  await createDemoOrder(page.request, { event: own.hash, quantity: 2, email: holder });

  // The visitor, in a browser of their own, finds the session sold out and the waiting list's form.
  const visitor = await browser.newContext();
  try {
    const shopper = await visitor.newPage();
    await shopper.goto(`/event/${own.hash}`);
    const list = shopper.getByRole('region', { name: 'Лист ожидания' });
    await expect(list).toBeVisible();
    await expect(
      list.getByText(
        'Билетов на этот сеанс нет. Оставьте e-mail: если билеты освободятся, мы придержим их для вас и пришлём ссылку на оплату.',
      ),
    ).toBeVisible();

    // A wrong address is refused on its field, in the browser, before anything is sent.
    await list.getByLabel('E-mail').fill('not an address');
    await list.getByRole('button', { name: 'Встать в лист ожидания' }).click();
    await expect(list.getByText('Введите корректный e-mail.')).toBeVisible();
    await expect(list.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');

    await list.getByLabel('E-mail').fill(waiting.toUpperCase());
    await list.getByLabel('Количество мест').selectOption('2');
    await list.getByRole('button', { name: 'Встать в лист ожидания' }).click();
    await expect(list.getByRole('status')).toHaveText(`Вы в листе ожидания: 1-й в очереди. Мы отправили подтверждение на ${waiting}.`);

    const joined = await waitForMail((text) => text.includes('Вы в листе ожидания на') && text.includes(run));
    expect(joined).toContain('мест — 2');
    expect(joined).toContain('Сейчас вы 1-й в очереди.');
    expect(joined).toMatch(/\/waitlist\/unsubscribe\/\d+\.\S+/);

    // Staff cancel the unpaid reserve: its two places come back, and the waiting-list job (run by
    // the server on its own, e2e/start-server.ts) holds them in an order for the first in line.
    const offer = await cancelReserveForOffer(page.request, headers, holder, run);
    const link = orderLinkOf(offer);
    expect(link, offer).toBeTruthy();

    // The e-mail's link opens the held order; the visitor pays for it at the sandbox bank.
    await shopper.goto(link as string);
    await expect(shopper.getByRole('heading', { level: 1, name: /Заказ № \d+/ })).toBeVisible();
    await expect(shopper.getByText('Не оплачен')).toBeVisible();
    const footer = shopper.getByRole('region', { name: 'Оплатить' });
    await expect(footer.getByText('1 060 ₽')).toBeVisible();
    await footer.getByRole('radio', { name: 'Банковская карта' }).check();
    await footer.getByRole('button', { name: 'Оплатить' }).click();
    const confirm = shopper.getByRole('alertdialog', { name: 'Специальные предложения' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Оплатить без предложений' }).click();
    await expect(shopper).toHaveURL(/\/sandbox\/pay$/);
    await expect(shopper.getByRole('heading', { name: 'Тестовый банк' })).toBeVisible();
    await shopper.getByRole('button', { name: /^Оплатить/ }).click();
    await expect(shopper).toHaveURL(/\/order\/[A-Za-z0-9_-]+$/);
    await expect(shopper.getByText('Оплачен', { exact: true })).toBeVisible();

    // The back office's list of the session shows the entry as bought (the job records the payment).
    await expect
      .poll(async () => {
        const answer = await page.request.get(`/api/admin/sessions/${own.sessionId}/waitlist`);
        const list = (await answer.json()) as { entries?: { email: string; state: string }[] };
        return list.entries?.find((e) => e.email === waiting)?.state;
      })
      .toBe('bought');
  } finally {
    await visitor.close();
  }
});

test('on the seat map, a visitor signs up for a sold-out time from its button, asks for the balcony and is offered seats there', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const run = `${Date.now()}${test.info().workerIndex}`;
  const holder = `wl-seat-holder.${run}@example.com`;
  const waiting = `wl-seat-visitor.${run}@example.com`;

  // A seated concert of its own selling two places, both held by an unpaid reserve of two stalls seats.
  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  const { token } = (await (await page.request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  const own = await ownEvent(
    page.request,
    headers,
    run,
    (draft) => ({ ...draft, sessions: draft.sessions.map((s) => ({ ...s, capacity: 2 })) }),
    'tchaikovsky-symphony-night',
  );
  const visitor = await browser.newContext();
  try {
    const shopper = await visitor.newPage();
    const api = shopper.request;
    const { token: visitorToken } = (await (await api.get('/api/token')).json()) as { token: string };
    const storefront = { 'x-csrf-token': visitorToken, 'x-requested-with': 'XMLHttpRequest' };
    const listed = (await (
      await api.post('/api/scheme/sessions', { data: { hash: own.hash, lang: 'ru' }, headers: storefront })
    ).json()) as {
      action: { action_id: number };
      calendar: { calendar_id: number; event_day: string; event_time: string }[];
      checkboxList: { id: number }[];
    };
    const session = listed.calendar[0];
    if (!session) throw new Error('the own concert has no session on sale');
    const map = (await (
      await api.post('/api/scheme', { data: { hash: own.hash, calendar_id: session.calendar_id, lang: 'ru' }, headers: storefront })
    ).json()) as { zones: { name: { ru?: string }; prices: { price_id: number }[] }[] };
    const priceId = map.zones.find((z) => z.name.ru === 'Партер, ряды 1–5')?.prices[0]?.price_id;
    // The demo hall's stalls row 1 starts at seat id 1001 (demo/demo-halls.ts).
    const held = await api.post('/api/order/create-scheme', {
      headers: storefront,
      data: {
        fio: 'Иван Петров',
        phone: '+7 999 901-02-03',
        email: holder,
        re_email: holder,
        action_id: listed.action.action_id,
        calendarId: session.calendar_id,
        lang: 'ru',
        checkboxList: listed.checkboxList.map((box) => ({ id: box.id, checked: true })),
        tickets: [1001, 1002].map((seatId) => ({ seat_id: seatId, price_id: priceId, quantity: 1, calendar_id: session.calendar_id })),
      },
    });
    expect(held.ok(), await held.text()).toBeTruthy();

    // The date's only time is sold out: it stays disabled and out of the route, and its button opens the list.
    await shopper.goto(`/scheme/${own.hash}/${session.event_day}`);
    const times = shopper.getByRole('group', { name: 'Время мероприятия' });
    await expect(times.getByRole('button', { name: new RegExp(`^${session.event_time}`) })).toBeDisabled();
    await shopper.getByRole('button', { name: `Сообщить, когда появятся места: ${session.event_time}` }).click();
    const dialog = shopper.getByRole('dialog', { name: /Лист ожидания/ });
    await expect(dialog.getByText(`Сеанс: ${session.event_time}. Мест нет.`)).toBeVisible();
    await dialog.getByLabel('E-mail').fill(waiting);
    await dialog.getByLabel('Количество мест').selectOption('2');
    await dialog.getByLabel('Где места рядом').selectOption({ label: 'Балкон' });
    await dialog.getByRole('button', { name: 'Встать в лист ожидания' }).click();
    await expect(dialog.getByText(`Вы в листе ожидания: 1-й в очереди. Мы отправили подтверждение на ${waiting}.`)).toBeVisible();
    await expect(shopper).toHaveURL(new RegExp(`/scheme/${own.hash}/${session.event_day.replaceAll('.', '\\.')}$`));
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect(dialog).toBeHidden();
    await waitForMail((text) => text.includes('Вы в листе ожидания на') && text.includes(run));

    // Staff cancel the reserve of the two stalls seats; the job offers two balcony seats side by side.
    const offer = await cancelReserveForOffer(page.request, headers, holder, run);
    await shopper.goto(orderLinkOf(offer) as string);
    await expect(shopper.getByRole('heading', { level: 1, name: /Заказ № \d+/ })).toBeVisible();
    await expect(shopper.getByText('Балкон').first()).toBeVisible();
    await expect(shopper.getByText('Партер')).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { decodeSeatRow } from '../../contract/scheme-codec.ts';
import type { SchemeMapResponse } from '../../contract/scheme.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { dateButtons } from './date-slider.ts';

const TRY_AGAIN = ErrorCode.tooManyRequests;

type Calendar = { calendar_id: number; event_day: string; event_time: string; quant: number };
type Price = {
  action_day: string;
  calendar_id: number;
  clientcategory_id: number;
  zonelevel_id: number;
  price: number;
  needprice: number;
  passagequant: number;
  useproculture: number;
};

/**
 * Places an order on a demo event through the storefront's own calls (no-scheme, then create
 * order), as the event page does, and answers its hash. The order page flows start from it.
 */
export async function createDemoOrder(
  request: APIRequestContext,
  options: { event?: string; quantity?: number; pushkin?: boolean; email?: string } = {},
): Promise<string> {
  const hash = options.event ?? 'city-through-centuries';
  const quantity = options.quantity ?? 2;
  const { token } = (await (await request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  const page = await request.post('/api/no-scheme', { data: { hash, lang: 'ru', pushkarta: options.pushkin ? 1 : 0 }, headers });
  expect(page.ok(), await page.text()).toBeTruthy();
  const data = (await page.json()) as {
    action: { action_id: number };
    calendar: Calendar[];
    price: Price[];
    checkboxList: { id: number }[];
  };
  const usable = (session: Calendar) =>
    data.price.find(
      (p) =>
        p.action_day === session.event_day &&
        (p.calendar_id === 0 || p.calendar_id === session.calendar_id) &&
        p.passagequant === 0 &&
        p.needprice <= quantity &&
        p.price > 0 &&
        p.useproculture !== (options.pushkin ? 2 : 1),
    );
  const session = data.calendar.find((c) => c.quant >= quantity && usable(c));
  if (!session) throw new Error(`no session of ${hash} with ${quantity} free places`);
  const price = usable(session) as Price;
  const buyer = options.pushkin ? { surname: 'Петров', name: 'Иван', patronymic: 'Сергеевич' } : { fio: 'Иван Петров' };
  const order = {
    headers,
    data: {
      hash,
      lang: 'ru',
      pushkarta: options.pushkin ? 1 : 0,
      data: [
        {
          day: session.event_day,
          time: session.event_time,
          actionId: data.action.action_id,
          categoryId: price.clientcategory_id,
          zoneId: price.zonelevel_id,
          quantity,
          sum: price.price * quantity,
          seatId: 0,
        },
      ],
      ...buyer,
      phone: options.pushkin ? '+7 (999) 123-45-67' : '+79991234567',
      email: options.email ?? 'ivan.petrov@example.com',
      re_email: options.email ?? 'ivan.petrov@example.com',
      checkboxList: data.checkboxList.map((c) => ({ id: c.id, checked: true })),
    },
  };
  // A busy server answers 429 -1029 ('try again', Retry-After) and changes nothing; the buyer then
  // presses the button again, and so does this, for up to half a minute (the server is shared by
  // every spec of the run, each ordering from 127.0.0.1).
  const until = Date.now() + 30_000;
  for (;;) {
    const created = await request.post('/api/order/create', order);
    const answer = (await created.json()) as { errorCode: string; errorText: string; hash?: string };
    if (created.status() === 429 && answer.errorCode === TRY_AGAIN && Date.now() < until) {
      // Retry-After in seconds; one where it is missing or not a number, never more than five.
      const seconds = Number(created.headers()['retry-after']) || 1;
      await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(seconds, 1), 5) * 1000));
      continue;
    }
    expect(answer.errorCode, answer.errorText).toBe('0');
    return answer.hash as string;
  }
}

/** Pays an order by card at the sandbox bank through its calls, as the order page and the bank page do. */
export async function payDemoOrder(request: APIRequestContext, orderHash: string): Promise<void> {
  const { token } = (await (await request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  const pay = await request.post('/api/order/pay', {
    headers,
    data: { hash: orderHash, lang: 'ru', bank_data: { id: 1, name: '', type: 0 } },
  });
  expect(pay.ok(), await pay.text()).toBeTruthy();
  const id = ((await pay.json()) as { form_bank?: { MdOrder?: string } }).form_bank?.MdOrder;
  if (!id) throw new Error(`the card payment of ${orderHash} has no bank form`);
  const done = await request.post(`/sandbox/pay/${id}/complete`, { form: { choice: 'pay' }, maxRedirects: 0 });
  expect(done.status()).toBe(303);
}

/** The order's number (what the e-mails about it name), through the storefront's own call. */
export async function orderNumberOf(request: APIRequestContext, hash: string): Promise<number> {
  const { token } = (await (await request.get('/api/token')).json()) as { token: string };
  const answer = await request.post('/api/order/number', {
    data: { hash, lang: 'ru' },
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(answer.ok(), await answer.text()).toBeTruthy();
  return ((await answer.json()) as { num: number }).num;
}

/** The codes of a paid order's tickets, as its order page shows them. */
export async function ticketCodesOf(request: APIRequestContext, hash: string): Promise<string[]> {
  const { token } = (await (await request.get('/api/token')).json()) as { token: string };
  const view = await request.post('/api/order/view', {
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
    data: { hash, lang: 'ru' },
  });
  expect(view.ok(), await view.text()).toBeTruthy();
  return [...(await view.text()).matchAll(/"ticketcode":"(\d{16})"/g)].map((m) => m[1] ?? '');
}

/**
 * Places an order of `count` free seats side by side on a seated event through the scheme page's
 * own calls (its sessions, the session's map, the order from the cart), in the row `row` of the
 * session `sessionIndex` (the first on sale unless said), each at the first price of its zone, and
 * answers its hash and seats. A spec that buys seats of a demo event picks a row no other spec buys.
 */
export async function createSeatedOrder(
  request: APIRequestContext,
  options: { event: string; row: string; count?: number; sessionIndex?: number; email?: string },
): Promise<{ hash: string; sessionId: number; seats: { seatId: number; seat: string }[] }> {
  const count = options.count ?? 1;
  const email = options.email ?? 'ivan.petrov@example.com';
  const { token } = (await (await request.get('/api/token')).json()) as { token: string };
  const headers = { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
  const sessions = await request.post('/api/scheme/sessions', { data: { hash: options.event, lang: 'ru' }, headers });
  expect(sessions.ok(), await sessions.text()).toBeTruthy();
  const { action, calendar, checkboxList } = (await sessions.json()) as {
    action: { action_id: number };
    calendar: { calendar_id: number; quant: number }[];
    checkboxList: { id: number }[];
  };
  const session = calendar.filter((c) => c.quant >= count)[options.sessionIndex ?? 0];
  if (!session) throw new Error(`no session of ${options.event} with ${count} free seats`);
  const map = await request.post('/api/scheme', { data: { hash: options.event, calendar_id: session.calendar_id, lang: 'ru' }, headers });
  expect(map.ok(), await map.text()).toBeTruthy();
  const answer = (await map.json()) as SchemeMapResponse;
  const row = answer.seat_numbers.find((r) => r.row === options.row);
  if (!row) throw new Error(`no row ${options.row} on the map of ${options.event}`);
  const { ids } = decodeSeatRow(row);
  const free = ids.flatMap((seatId, i) => (row.free[i] === 1 ? [{ seatId, seat: row.seat[i] ?? '', zoneId: row.zone_id[i] ?? 0 }] : []));
  const seats = free.slice(0, count);
  if (seats.length < count) throw new Error(`row ${options.row} of ${options.event} has fewer than ${count} free seats`);
  const priceOf = (zoneId: number) => answer.zones.find((z) => z.zone_id === zoneId)?.prices[0]?.price_id ?? 0;
  const created = await request.post('/api/order/create-scheme', {
    headers,
    data: {
      fio: 'Иван Петров',
      phone: '+7 999 901-02-03',
      email,
      re_email: email,
      action_id: action.action_id,
      calendarId: session.calendar_id,
      lang: 'ru',
      checkboxList: checkboxList.map((box) => ({ id: box.id, checked: true })),
      tickets: seats.map((s) => ({ seat_id: s.seatId, price_id: priceOf(s.zoneId), quantity: 1, calendar_id: session.calendar_id })),
    },
  });
  const placed = (await created.json()) as { errorCode: string; errorText: string; hash?: string };
  expect(placed.errorCode, placed.errorText).toBe('0');
  return { hash: placed.hash as string, sessionId: session.calendar_id, seats: seats.map(({ seatId, seat }) => ({ seatId, seat })) };
}

/** A seated order (createSeatedOrder) paid by card at the sandbox bank (payDemoOrder). */
export async function createPaidSeatedOrder(request: APIRequestContext, options: Parameters<typeof createSeatedOrder>[1]) {
  const order = await createSeatedOrder(request, options);
  await payDemoOrder(request, order.hash);
  return order;
}

/** Fills the buyer's fields and consents of an order form. */
export async function fillBuyer(page: Page) {
  await page.getByLabel('ФИО').fill('Иван Петров');
  await page.getByLabel('Телефон').fill('+7 999 901-02-03');
  await page.getByLabel('E-mail', { exact: true }).fill('ivan@example.com');
  await page.getByLabel('Повторите e-mail').fill('ivan@example.com');
  await page.getByRole('checkbox', { name: /Я принимаю условия покупки/ }).check();
  await page.getByRole('checkbox', { name: 'Даю согласие на обработку персональных данных' }).check();
}

/** Opens the demo's quantity event and chooses its first day at 12:00 and one adult ticket. */
export async function chooseEventTicket(page: Page) {
  await page.goto('/event/city-through-centuries');
  await dateButtons(page.getByRole('group', { name: 'Выберите дату' }))
    .first()
    .click();
  await page.getByRole('button', { name: /^12:00/ }).click();
  await page.getByRole('button', { name: 'Добавить билет: Взрослый', exact: true }).click();
}

/** chooseEventTicket, then the buyer's fields and consents: the event page's order ready to send. */
export async function fillEventOrder(page: Page) {
  await chooseEventTicket(page);
  await fillBuyer(page);
}

/**
 * Holds the answer of the order's create call (`createPath`) until the browser has asked for the
 * order page's code, up to 5 s (web/lib/screen-preload.ts: the page loads while the order is
 * placed). The function it answers tells, once the call was answered, whether it had been asked for.
 */
export async function holdOrderUntilItsPageCode(page: Page, createPath: '/api/order/create' | '/api/order/create-scheme') {
  let codeAsked = () => {};
  const orderCode = new Promise<void>((resolve) => (codeAsked = resolve));
  page.on('request', (request) => {
    if (/^\/assets\/order-page-[\w-]+\.js$/.test(new URL(request.url()).pathname)) codeAsked();
  });
  let askedBeforeTheAnswer: boolean | undefined;
  await page.route(`**${createPath}`, async (route) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    askedBeforeTheAnswer = await Promise.race([
      orderCode.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 5000))),
    ]);
    clearTimeout(timer);
    await route.continue();
  });
  return () => askedBeforeTheAnswer;
}

import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { E2E_OWNER, signInToAdmin } from './support/staff.ts';

// The demo's concert hall «Гармония» (demo/demo-halls.ts): 800 x 680 units; stalls row r starts at
// (134, 160 + 30 (r - 1)) with a seat every 28 units, seat ids from 1001, 20 a row. Row 11 seat 19
// is a seat no other spec buys, so the specs may run side by side.
const EVENT = 'tchaikovsky-symphony-night';
const HALL = { width: 800, height: 680 };
const ROW = 11;
const SEAT = 19;
const SEAT_ID = 1001 + (ROW - 1) * 20 + (SEAT - 1);
const SEAT_POINT = { x: 134 + (SEAT - 1) * 28, y: 160 + (ROW - 1) * 30 };

async function storefrontHeaders(request: APIRequestContext) {
  const { token } = (await (await request.get('/api/token')).json()) as { token: string };
  return { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' };
}

type Session = { calendar_id: number; event_day: string; event_time: string };

/** The event's first session on sale and the storefront's price of the seat's zone (rows 6–12 of the stalls). */
async function firstSession(request: APIRequestContext) {
  const headers = await storefrontHeaders(request);
  const sessions = await request.post('/api/scheme/sessions', { data: { hash: EVENT, lang: 'ru' }, headers });
  const { action, calendar, checkboxList } = (await sessions.json()) as {
    action: { action_id: number };
    calendar: Session[];
    checkboxList: { id: number }[];
  };
  const session = calendar[0];
  if (!session) throw new Error('the demo event has no session on sale');
  const map = await request.post('/api/scheme', { data: { hash: EVENT, calendar_id: session.calendar_id, lang: 'ru' }, headers });
  const { zones } = (await map.json()) as { zones: { name: { ru?: string }; prices: { price_id: number }[] }[] };
  const priceId = zones.find((z) => z.name.ru === 'Партер, ряды 6–12')?.prices[0]?.price_id;
  if (!priceId) throw new Error('no price for the back stalls');
  // The order form's checkboxes (the purchase terms among them), all ticked as a buyer does.
  return { eventId: action.action_id, session, priceId, checkboxes: checkboxList.map((box) => ({ id: box.id, checked: true })) };
}

/**
 * The session's places left as the seat map's calendar answers them. The demo hall has far more
 * seats than the setup's price_limit, so the pages show no count for it; the answer still carries it.
 */
async function placesLeft(request: APIRequestContext, sessionId: number) {
  const res = await request.post('/api/scheme/sessions', { data: { hash: EVENT, lang: 'ru' }, headers: await storefrontHeaders(request) });
  const { calendar } = (await res.json()) as { calendar: { calendar_id: number; quant: number }[] };
  return calendar.find((c) => c.calendar_id === sessionId)?.quant;
}

/** The storefront's own hold call for the one seat, as the scheme page's order form sends it. */
async function holdSeat(request: APIRequestContext, order: Awaited<ReturnType<typeof firstSession>>, email: string) {
  const sessionId = order.session.calendar_id;
  return request.post('/api/order/create-scheme', {
    headers: await storefrontHeaders(request),
    data: {
      fio: 'Иван Петров',
      phone: '+7 999 901-02-03',
      email,
      re_email: email,
      action_id: order.eventId,
      calendarId: sessionId,
      lang: 'ru',
      checkboxList: order.checkboxes,
      tickets: [{ seat_id: SEAT_ID, price_id: order.priceId, quantity: 1, calendar_id: sessionId }],
    },
  });
}

/** Where a hall point is on the page while the map shows the whole hall (zoom 100 %). */
async function clientPoint(page: Page, hall: { x: number; y: number }) {
  await page.getByRole('img', { name: /Схема зала/ }).scrollIntoViewIfNeeded();
  const box = await page.getByRole('img', { name: /Схема зала/ }).boundingBox();
  if (!box) throw new Error('the map is not on the page');
  const scale = Math.min(box.width / HALL.width, box.height / HALL.height) * 0.96;
  return {
    x: box.x + (box.width - HALL.width * scale) / 2 + hall.x * scale,
    y: box.y + (box.height - HALL.height * scale) / 2 + hall.y * scale,
  };
}

test('staff block a seat of a seated session: a visitor cannot choose it and its hold is refused; unblocked, it can be held again', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const order = await firstSession(page.request);
  const { session } = order;
  const seatBox = (state: string) => page.getByRole('checkbox', { name: `Партер, ряд ${ROW}, место ${SEAT}: ${state}` });

  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Залы' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Залы' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Большой зал');
  await page.getByRole('navigation', { name: 'Разделы залов' }).getByRole('link', { name: 'Места на сеансе' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Блокировка мест на сеансе' })).toBeVisible();

  await page.getByLabel('Сеанс', { exact: true }).selectOption(String(session.calendar_id));
  await expect(page).toHaveURL(new RegExp(`/admin/halls/blocks\\?session=${session.calendar_id}$`));
  await expect(page.getByRole('img', { name: 'Схема зала «Симфонический вечер: Чайковский»' })).toBeVisible();
  // Each state has its own shape in the legend, as on the map: no state is told by colour alone.
  const legend = page.getByRole('list', { name: 'Состояния мест' });
  await expect(legend.getByRole('listitem').filter({ hasText: 'Свободно — цвет ценовой зоны' })).toHaveAttribute('data-mark', 'none');
  for (const [state, mark] of [
    ['Забронировано', 'ring'],
    ['Продано', 'dash'],
    ['Заблокировано', 'cross'],
  ] as const) {
    await expect(legend.getByRole('listitem').filter({ hasText: state })).toHaveAttribute('data-mark', mark);
  }
  // A box dragged with Shift held over row 12, seats 1–3, selects those three; cleared again.
  const from = await clientPoint(page, { x: 120, y: 160 + 11 * 30 - 10 });
  const to = await clientPoint(page, { x: 134 + 2 * 28 + 10, y: 160 + 11 * 30 + 10 });
  await page.keyboard.down('Shift');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  await expect(page.getByRole('heading', { name: 'Выбрано 3 места' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Партер, ряд 12, место 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Снять выбор' }).click();
  await expect(page.getByRole('heading', { name: 'Места не выбраны.' })).toBeVisible();

  await page.getByLabel('Ряд', { exact: true }).selectOption(String(ROW));
  await seatBox('Свободно').check();
  await expect(page.getByRole('heading', { name: 'Выбрано 1 место' })).toBeVisible();
  await page.getByLabel('Техническое место').check();
  await page.getByLabel('Примечание').fill('Пульт звукорежиссёра');
  // No other spec of this project buys seats of this event, so the count moves only with the block.
  const left = await placesLeft(page.request, session.calendar_id);
  expect(left).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Заблокировать' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Заблокировано 1 место.' })).toBeVisible();
  // A blocked seat is no longer a free place: the session has one place less.
  expect(await placesLeft(page.request, session.calendar_id)).toBe((left ?? 0) - 1);
  await expect(seatBox('Заблокировано')).toBeVisible();
  await expect(seatBox('Заблокировано')).not.toBeChecked();
  const rules = ['color-contrast', 'label', 'aria-allowed-attr', 'aria-valid-attr-value', 'landmark-unique', 'th-has-data-cells'];
  expect(await axeViolations(page, rules, 'body')).toEqual([]);
  // From 320 px wide nothing is wider than the screen.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A visitor opens the session's map: the seat is drawn taken and offers no price.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/scheme/${EVENT}/${session.event_day}/${session.event_time}`);
  await expect(visitor.getByRole('img', { name: /Схема зала/ })).toBeVisible();
  const point = await clientPoint(visitor, SEAT_POINT);
  await visitor.mouse.click(point.x, point.y);
  const card = visitor.getByRole('dialog', { name: `Партер · Ряд ${ROW} · Место ${SEAT}` });
  await expect(card.getByText('Место недоступно')).toBeVisible();
  await expect(card.getByRole('button', { name: /₽/ })).toHaveCount(0);

  // The storefront's hold call on it is refused, whatever a client sends.
  const refused = await holdSeat(visitor.request, order, 'blocked.seat@example.com');
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ errorCode: '-1011', errorText: 'Место недоступно' });

  // Unblocked, the seat can be held again.
  await seatBox('Заблокировано').check();
  await page.getByRole('button', { name: 'Разблокировать' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Разблокировано 1 место.' })).toBeVisible();
  await expect(seatBox('Свободно')).toBeVisible();
  expect(await placesLeft(page.request, session.calendar_id)).toBe(left);
  const held = await holdSeat(visitor.request, order, 'unblocked.seat@example.com');
  expect(held.status(), await held.text()).toBe(200);

  // Held by that order now, while this page still shows it free: blocking it is refused, naming
  // the seat, and the page reads the states again.
  await seatBox('Свободно').check();
  await page.getByRole('button', { name: 'Заблокировать' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Эти места заняты заказами, заблокировать их нельзя: Партер, ряд ${ROW}, место ${SEAT}` }),
  ).toBeVisible();
  await expect(seatBox('Забронировано')).toBeChecked();
  await visitorContext.close();
});

test('staff preview a pretix seating plan drawn by the storefront renderer, then save it as a new hall', async ({ page }) => {
  const plan = {
    name: 'Камерный зал e2e',
    categories: [{ name: 'Партер', color: '#2a9d8f' }],
    size: { width: 300, height: 200 },
    zones: [
      {
        name: 'Партер',
        position: { x: 40, y: 60 },
        rows: [1, 2, 3].map((r) => ({
          row_number: String(r),
          position: { x: 0, y: (r - 1) * 30 },
          seats: [1, 2, 3, 4].map((n) => ({
            seat_guid: `e2e-${r}-${n}`,
            seat_number: String(n),
            position: { x: (n - 1) * 30, y: 0 },
            category: 'Партер',
          })),
        })),
        areas: [
          {
            uuid: 'e2e-stage',
            shape: 'rectangle',
            position: { x: 0, y: -50 },
            rectangle: { width: 90, height: 30 },
            text: { text: 'Сцена', position: { x: 45, y: 15 } },
          },
          {
            uuid: 'e2e-bar',
            shape: 'rectangle',
            position: { x: 150, y: 0 },
            rectangle: { width: 50, height: 30 },
            text: { text: 'бар', position: { x: 25, y: 15 } },
          },
        ],
      },
    ],
  };
  await page.goto('/admin/halls');
  await page.getByLabel('E-mail').fill(E2E_OWNER.email);
  await page.getByLabel('Пароль').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Залы' })).toBeVisible();
  await page.getByLabel('План зала pretix (JSON)').check();
  // Not JSON: refused on the field, nothing saved.
  await page.getByLabel('Текст JSON').fill('{ not json');
  await page.getByRole('button', { name: 'Проверить и показать' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Текст не читается как план зала выбранного формата' })).toBeVisible();
  await expect(page.getByLabel('Текст JSON')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Текст JSON').fill(JSON.stringify(plan));
  await page.getByRole('button', { name: 'Проверить и показать' }).click();
  await expect(page.getByRole('heading', { name: 'Так зал увидят покупатели' })).toBeVisible();
  await expect(page.getByText('Зон: 1, секторов: 1, мест: 12, танцполов: 0')).toBeVisible();
  // The stage area becomes the hall's stage; the bar cannot be kept, and the manager is told before saving.
  await expect(page.getByRole('list', { name: 'Что не перенесено из плана' }).getByRole('listitem')).toHaveText([
    'Не перенесено: 1 область (бар): на нашей схеме зала нет произвольных фигур',
  ]);
  await expect(page.getByRole('img', { name: 'Схема зала «Камерный зал e2e»' })).toBeVisible();
  await page.getByRole('button', { name: 'Сохранить зал' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Зал сохранён \(№ \d+\)\./ })).toBeVisible();
  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Камерный зал e2e' });
  await expect(row).toContainText('12');
  await expect(row).toContainText('Анна Владелец');
});

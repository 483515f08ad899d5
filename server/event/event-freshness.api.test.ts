import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NoSchemeResponse, noSchemeResponse } from '../../contract/event.ts';
import { buildDemoCatalog } from '../../demo/catalog.ts';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { importCatalog } from '../catalog/import.ts';
import { expireUnpaidOrders } from '../jobs/expiry.ts';
import { createStockReader } from './event-stock.ts';

// The event page keeps its catalog part per catalog version and, on PGlite, the places left until
// a stock change is announced (server/event/event.service.ts, event-stock.ts): an import, a sale,
// a release and a write by any other path must show on the very next call.
const HASH = 'city-through-centuries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function eventPage(): Promise<NoSchemeResponse> {
  const res = await t.post('/api/no-scheme', { hash: HASH, lang: 'ru' });
  expect(res.statusCode).toBe(200);
  return noSchemeResponse.parse(res.json());
}

describe('POST /api/no-scheme: cached catalog part, live places', () => {
  it('shows the places an order took on the next call', async () => {
    const before = await eventPage();
    const entry = before.calendar.find((c) => c.quant > 0);
    const price = before.price.find((p) => p.action_day === entry?.event_day && p.price_id === 101);
    if (!entry || !price) throw new Error('the demo exhibition has no adult price on sale');
    const created = await t.post('/api/order/create', {
      hash: HASH,
      lang: 'ru',
      data: [
        {
          day: entry.event_day,
          time: entry.event_time,
          actionId: before.action.action_id,
          categoryId: price.clientcategory_id,
          zoneId: 0,
          quantity: 2,
          sum: 0,
          seatId: 0,
        },
      ],
      fio: 'Покупатель Билетов',
      phone: '+7 999 1234567',
      email: 'buyer@example.com',
      re_email: 'buyer@example.com',
      checkboxList: before.checkboxList.map((c) => ({ id: c.id, checked: true })),
    });
    expect(created.statusCode).toBe(200);
    const after = await eventPage();
    expect(after.calendar.find((c) => c.calendar_id === entry.calendar_id)?.quant).toBe(entry.quant - 2);
    expect(after.ticketInfo.totalticketcount).toBe(before.ticketInfo.totalticketcount - 2);
  });

  it('shows the places a release gave back on the next call', async () => {
    const before = await eventPage();
    const entry = before.calendar.find((c) => c.quant > 0);
    const price = before.price.find((p) => p.action_day === entry?.event_day && p.price_id === 101);
    if (!entry || !price) throw new Error('the demo exhibition has no adult price on sale');
    const created = await t.post('/api/order/create', {
      hash: HASH,
      lang: 'ru',
      data: [
        {
          day: entry.event_day,
          time: entry.event_time,
          actionId: before.action.action_id,
          categoryId: price.clientcategory_id,
          zoneId: 0,
          quantity: 3,
          sum: 0,
          seatId: 0,
        },
      ],
      fio: 'Покупатель Билетов',
      phone: '+7 999 1234568',
      email: 'buyer2@example.com',
      re_email: 'buyer2@example.com',
      checkboxList: before.checkboxList.map((c) => ({ id: c.id, checked: true })),
    });
    expect(created.statusCode).toBe(200);
    expect((await eventPage()).calendar.find((c) => c.calendar_id === entry.calendar_id)?.quant).toBe(entry.quant - 3);
    // Every reserve has ended a year from now: the expiry job releases the orders of this file.
    expect(await expireUnpaidOrders(t.db, new Date(t.clock.now() + 365 * 86_400_000))).toBeGreaterThan(0);
    const after = await eventPage();
    const released = after.calendar.find((c) => c.calendar_id === entry.calendar_id)?.quant ?? 0;
    expect(released).toBeGreaterThanOrEqual(entry.quant);
  });

  it('shows places changed by another writer (plain SQL, as the back office would) on the next call', async () => {
    const before = await eventPage();
    const entry = before.calendar.find((c) => c.quant > 1);
    if (!entry) throw new Error('no session with places');
    await t.db.query('update sessions set remaining = remaining - 1 where id = $1', [entry.calendar_id]);
    const after = await eventPage();
    expect(after.calendar.find((c) => c.calendar_id === entry.calendar_id)?.quant).toBe(entry.quant - 1);
    expect(after.ticketInfo.totalticketcount).toBe(before.ticketInfo.totalticketcount - 1);
    await t.db.query('update sessions set remaining = remaining + 1 where id = $1', [entry.calendar_id]);
    expect((await eventPage()).calendar.find((c) => c.calendar_id === entry.calendar_id)?.quant).toBe(entry.quant);
  });

  it('does not keep places read while a change landed', async () => {
    const reader = await createStockReader(t.db);
    const page = await eventPage();
    const ids = page.calendar.map((c) => c.calendar_id).sort((a, b) => a - b);
    const first = ids[0];
    if (first === undefined) throw new Error('no session on sale');
    const read = reader.read(ids);
    const write = t.db.query('update sessions set remaining = remaining - 1 where id = $1', [first]);
    await read;
    await write;
    // On PGlite the read ran before the write (one session, in order); it must not be kept.
    const { rows } = await t.db.query<{ remaining: number }>('select remaining from sessions where id = $1', [first]);
    const remainingOf = (text: string) => (JSON.parse(text) as [number, number][]).find(([id]) => id === first)?.[1];
    expect(remainingOf(await reader.read(ids))).toBe(rows[0]?.remaining);
    await t.db.query('update sessions set remaining = remaining + 1 where id = $1', [first]);
  });

  it('shows a catalog import (a new price, a renamed event) on the very next call', async () => {
    const before = await eventPage();
    expect(before.price.find((p) => p.price_id === 101)?.price).toBe(500);
    const catalog = buildDemoCatalog(t.clock.date());
    const event = (catalog.events ?? []).find((e) => e.hash === HASH);
    const adult = (event?.prices ?? []).find((p) => p.id === 101);
    if (!event || !adult) throw new Error(`the demo has no ${HASH} with price 101`);
    event.name = { ...event.name, ru: 'Город сквозь века (обновлено)' };
    adult.amount = 55_000;
    await importCatalog(t.db, catalog);
    // The clock has not moved: only the import can have made the cached part stale.
    const after = await eventPage();
    expect(after.action.name.ru).toBe('Город сквозь века (обновлено)');
    expect(after.price.filter((p) => p.price_id === 101).map((p) => p.price)).toEqual(
      before.price.filter((p) => p.price_id === 101).map(() => 550),
    );
  });

  it('drops a session from the page once it starts, with no import', async () => {
    const before = await eventPage();
    const first = before.calendar[0];
    if (!first) throw new Error('no session on sale');
    const { rows } = await t.db.query<{ at: Date }>('select starts_at as at from sessions where id = $1', [first.calendar_id]);
    const start = t.clock.now();
    t.clock.set((rows[0]?.at.getTime() ?? 0) + 1000);
    try {
      // The harness token may be older than its lifetime at the new time: take a fresh one.
      const token = (await t.get('/api/token')).json<{ token: string }>().token;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/no-scheme',
        payload: { hash: HASH },
        headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
      });
      const ids = noSchemeResponse.parse(res.json()).calendar.map((c) => c.calendar_id);
      expect(ids).not.toContain(first.calendar_id);
      expect(ids.length).toBe(before.calendar.length - 1);
    } finally {
      t.clock.set(start);
    }
  });
});

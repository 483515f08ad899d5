import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AfishaEvent, type AfishaResponse, NOT_ON_SALE, afishaResponse } from '../../contract/afisha.ts';
import { type TestApp, createClock, createTestApp } from '../../tests/harness.ts';

// A small catalog of our own (the demo catalog is off), one event per sales state.
// The clock stands at 12:00 Moscow time on 10 March 2030.
const NOW = new Date('2030-03-10T09:00:00Z');
const msk = (local: string) => `${local}+03:00`;

const FIXTURE = `
insert into kinds (id, type_id, sortnum, name, column_count, row_count, show_filter_calendar, show_attribute) values
  (1, 1, 1, '{"ru":"Билеты","en":"Tickets"}', 3, 100, true, true),
  (2, 3, 2, '{"ru":"Концерты","en":"Concerts"}', 2, 5, false, false),
  (3, 1, 3, '{"ru":"Пусто","en":"Empty"}', 3, 100, true, true);
insert into main_menus (id, kind_id, sortnum, name, show_image, image_url) values
  (10, 1, 1, '{"ru":"Выставки"}', true, '/static/menu-10.jpg'),
  (11, 1, 2, '{"ru":"Экскурсии"}', false, '/static/menu-11.jpg'),
  (20, 2, 1, '{"ru":"Органные вечера"}', false, null);
insert into sub_menus (id, main_menu_id, sortnum, name) values (100, 10, 1, '{"ru":"Постоянные"}');
insert into venues (id, name, address, map_url) values
  (1, '{"ru":"Главное здание"}', '{"ru":"Невский пр., 1","en":"1 Nevsky Ave"}', 'https://yandex.ru/maps/?text=1'),
  (2, '{"ru":"Флигель"}', '{"ru":"Садовая ул., 2"}', ''),
  (3, '{"ru":"Неиспользуемый"}', '{"ru":"—"}', '');
insert into tags (id, name) values (1, '{"ru":"Детям","en":"For children"}'), (2, '{"ru":"Новое"}'), (3, '{"ru":"Не используется"}');
insert into events (id, hash, kind_id, main_menu_id, sub_menu_id, venue_id, sortnum, name, description, image_url,
                    age_from, sale_starts_at, is_free, is_subscription, show_ticket_count, show_quant, use_pushkin_card,
                    use_seat_map, is_published) values
  (1001, 'onsale-hash-0001', 1, 10, 100, 1, 1, '{"ru":"В продаже","en":"On sale"}', '{"ru":"<p>Текст</p>"}',
         '{"ru":"/static/e1.jpg","en":"/static/e1.jpg"}', 6, null, false, false, true, true, true, false, true),
  (1002, 'notyet-hash-0002', 1, 10, null, 1, 2, '{"ru":"Скоро"}', '{}', '{}', 0, '${msk('2030-03-12T10:00:00')}',
         false, false, true, true, false, false, true),
  (1003, 'soldout-hash-003', 1, 11, null, 2, 3, '{"ru":"Распродано"}', '{}', '{}', 12, null, false, false, true, true, false, true, true),
  (1004, 'nosess-hash-0004', 2, 20, null, 2, 4, '{"ru":"Без сеансов"}', '{}', '{}', 0, null, false, false, true, true, false, false, true),
  (1005, 'past-hash-000005', 1, 10, null, 1, 5, '{"ru":"Прошло"}', '{}', '{}', 0, null, false, false, true, true, false, false, true),
  (1006, 'hidden-hash-0006', 1, 10, null, 1, 6, '{"ru":"Скрыто"}', '{}', '{}', 0, null, false, false, true, true, false, false, false),
  (1007, 'wholeday-hash-07', 1, 11, null, 1, 7, '{"ru":"Входной билет"}', '{}', '{}', 0, null, true, false, true, true, false, false, true),
  (1008, 'nocount-hash-008', 1, 11, null, 1, 8, '{"ru":"Без счётчика"}', '{}', '{}', 0, null, false, false, false, false, false, false, true),
  (1009, 'few-hash-0000009', 1, 11, null, 1, 9, '{"ru":"Мало мест"}', '{}', '{}', 0, null, false, false, true, true, false, false, true),
  (1010, 'limit-hash-00010', 1, 11, null, 1, 10, '{"ru":"Ровно сто"}', '{}', '{}', 0, null, false, false, true, true, false, false, true),
  (1011, 'subscr-hash-0011', 1, null, null, 1, 11, '{"ru":"Абонемент"}', '{}', '{}', 0, null, false, true, true, true, false, false, true),
  (1012, 'started-hash-012', 2, 20, null, 2, 12, '{"ru":"Уже идёт"}', '{}', '{}', 0, null, false, false, true, true, false, false, true);
insert into event_tags (event_id, tag_id) values (1001, 1), (1001, 2), (1003, 1), (1006, 2), (1005, 3);
insert into sessions (id, event_id, starts_at, has_time, capacity, remaining) values
  (1, 1001, '${msk('2030-03-11T10:00:00')}', true, 10, 5),
  (2, 1001, '${msk('2030-03-11T14:30:00')}', true, 10, 7),
  (3, 1001, '${msk('2030-03-12T10:00:00')}', true, 300, 200),
  (4, 1002, '${msk('2030-03-20T19:00:00')}', true, 50, 50),
  (5, 1003, '${msk('2030-03-11T19:00:00')}', true, 40, 0),
  (6, 1003, '${msk('2030-03-12T19:00:00')}', true, 40, 0),
  (7, 1005, '${msk('2030-03-09T10:00:00')}', true, 40, 10),
  (8, 1006, '${msk('2030-03-11T10:00:00')}', true, 40, 10),
  (9, 1007, '${msk('2030-03-10T00:00:00')}', false, 500, 480),
  (10, 1008, '${msk('2030-03-11T10:00:00')}', true, 40, 3),
  (11, 1009, '${msk('2030-03-11T10:00:00')}', true, 60, 42),
  (12, 1010, '${msk('2030-03-11T10:00:00')}', true, 100, 100),
  (13, 1011, '${msk('2030-03-11T10:00:00')}', true, 20, 20),
  (14, 1012, '${msk('2030-03-10T11:00:00')}', true, 20, 20),
  (15, 1012, '${msk('2030-03-10T12:00:01')}', true, 20, 20),
  (16, 1001, '${msk('2030-03-13T10:00:00')}', true, 10, 10);
update sessions set is_cancelled = true where id = 16;
insert into subscription_items (subscription_event_id, event_id, sortnum, starts_at) values
  (1011, 1001, 1, '${msk('2030-03-11T10:00:00')}'),
  (1011, 1009, 2, null);
`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(NOW) });
  await t.db.exec(FIXTURE);
});
afterAll(() => t.close());

async function afisha(query = ''): Promise<AfishaResponse> {
  const res = await t.get(`/api/afisha${query}`);
  expect(res.statusCode).toBe(200);
  return afishaResponse.parse(res.json());
}
const byId = (body: AfishaResponse, id: number): AfishaEvent | undefined => body.action.find((e) => e.event_id === id);

describe('GET /api/afisha: the answer', () => {
  it('answers every part with the spec field names', async () => {
    const res = await t.get('/api/afisha');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(
      [
        'setup',
        'kind_menu',
        'main_menu',
        'sub_menu',
        'calendar',
        'venues',
        'action',
        'list_tags',
        'event_tags',
        'images',
        'composition',
      ].sort(),
    );
    const parsed = afishaResponse.parse(body);
    expect(parsed.setup.const.price_limit).toBe(100);
    expect(parsed.setup.lifetime_storage).toBe(86_400_000);
  });

  it('lists the kinds that have events, with their menu settings', async () => {
    const body = await afisha();
    expect(body.kind_menu).toEqual([
      {
        menukind_id: 1,
        menukindsortnum: 1,
        menukindname: { ru: 'Билеты', en: 'Tickets', kz: '', ch: '' },
        menukindtype_id: 1,
        menucolumncount: 3,
        menurowcount: 100,
        showfiltercalendar: 1,
        showattribute: 1,
      },
      {
        menukind_id: 2,
        menukindsortnum: 2,
        menukindname: { ru: 'Концерты', en: 'Concerts', kz: '', ch: '' },
        menukindtype_id: 3,
        menucolumncount: 2,
        menurowcount: 5,
        showfiltercalendar: 0,
        showattribute: 0,
      },
    ]);
    expect(body.main_menu.map((m) => [m.mainmenu_id, m.menukind_id, m.showimage, m.image_url])).toEqual([
      [10, 1, 1, '/static/menu-10.jpg'],
      [20, 2, 0, ''],
      [11, 1, 0, ''],
    ]);
    expect(body.sub_menu).toEqual([
      { submenu_id: 100, mainmenu_id: 10, name: { ru: 'Постоянные', en: '', kz: '', ch: '' }, submenusortnum: 1 },
    ]);
  });

  it('lists published events with upcoming or no sessions, never past or hidden ones', async () => {
    const body = await afisha();
    expect(body.action.map((e) => e.event_id)).toEqual([1001, 1002, 1003, 1004, 1007, 1008, 1009, 1010, 1011, 1012]);
  });

  it('describes an event with its hash, menus, venue, flags and sort number', async () => {
    const e = byId(await afisha(), 1001);
    expect(e).toMatchObject({
      hash: 'onsale-hash-0001',
      menukind_id: 1,
      mainmenu_id: 10,
      submenu_id: 100,
      seatroot_id: 1,
      name: { ru: 'В продаже', en: 'On sale', kz: '', ch: '' },
      descript: { ru: '<p>Текст</p>', en: '', kz: '', ch: '' },
      age_from: 6,
      usepushkarta: 1,
      useseatsvg: 0,
      maybefree: 0,
      is_subscription: 0,
      eventsotrnum: 1,
      notimes: 0,
      showticketcount: 1,
      showquant: 1,
    });
    expect(e?.image_url.ru).toBe('/static/e1.jpg');
    expect(e?.image_id.ru).toBe(e?.image_id.en);
    expect(e?.image_id.kz).toBe('');
  });

  it('lists the images once each, with the listing width', async () => {
    const body = await afisha();
    const e = byId(body, 1001);
    expect(body.images).toContainEqual({ image_id: e?.image_id.ru, image_url: '/static/e1.jpg', width: 215 });
    expect(body.images.map((i) => i.image_url).sort()).toEqual(['/static/e1.jpg', '/static/menu-10.jpg']);
  });

  it('groups sessions into calendar days with their times, in the venue time zone', async () => {
    const body = await afisha();
    const days = body.calendar.filter((c) => c.event_id === 1001);
    expect(days).toEqual([
      {
        event_id: 1001,
        eventday: '11.03.2030',
        day: '2030-03-11',
        eventtime: '10:00',
        ticketcount: 12,
        quantity: 20,
        pricetype_id: 1,
        _time: [
          { calendar_id: 1, eventtime: '10:00', ticketcount: 5 },
          { calendar_id: 2, eventtime: '14:30', ticketcount: 7 },
        ],
      },
      {
        event_id: 1001,
        eventday: '12.03.2030',
        day: '2030-03-12',
        eventtime: '10:00',
        ticketcount: 100,
        quantity: 300,
        pricetype_id: 1,
        _time: [{ calendar_id: 3, eventtime: '10:00', ticketcount: 100 }],
      },
    ]);
  });

  it("sends a whole-day ticket with time '00:00' and marks the event notimes", async () => {
    const body = await afisha();
    expect(body.calendar.filter((c) => c.event_id === 1007)).toMatchObject([
      { eventday: '10.03.2030', eventtime: '00:00', _time: [{ eventtime: '00:00' }] },
    ]);
    expect(byId(body, 1007)).toMatchObject({ notimes: 1, maybefree: 1 });
  });

  it('lists only the venues, tags and tag links of listed events', async () => {
    const body = await afisha();
    expect(body.venues.map((v) => v.seatroot_id)).toEqual([1, 2]);
    expect(body.venues[0]).toEqual({
      seatroot_id: 1,
      name: { ru: 'Главное здание', en: '', kz: '', ch: '' },
      address: { ru: 'Невский пр., 1', en: '1 Nevsky Ave', kz: '', ch: '' },
      urlyandexmap: 'https://yandex.ru/maps/?text=1',
    });
    expect(body.list_tags.map((tag) => tag.attr_id)).toEqual([1, 2]);
    expect(body.list_tags[0]?.attrname).toEqual({ ru: 'Детям', en: 'For children', kz: '', ch: '' });
    expect(body.event_tags).toEqual([
      { event_id: 1001, attr_id: 1 },
      { event_id: 1001, attr_id: 2 },
      { event_id: 1003, attr_id: 1 },
    ]);
  });

  it('lists what a subscription gives entry to', async () => {
    const body = await afisha();
    expect(byId(body, 1011)?.is_subscription).toBe(1);
    expect(body.composition).toEqual([
      {
        subscription_id: 1011,
        event_id: 1001,
        name: { ru: 'В продаже', en: 'On sale', kz: '', ch: '' },
        seatroot_id: 1,
        eventday: '11.03.2030',
        eventtime: '10:00',
        sortnum: 1,
      },
      {
        subscription_id: 1011,
        event_id: 1009,
        name: { ru: 'Мало мест', en: '', kz: '', ch: '' },
        seatroot_id: 1,
        eventday: '',
        eventtime: '',
        sortnum: 2,
      },
    ]);
  });
});

describe('GET /api/afisha: sales states', () => {
  const states = [
    { description: 'on sale with more than price_limit left: the count is capped', id: 1001, total: 100, saledate: '' },
    { description: 'sales not begun: -99999 with the sale date', id: 1002, total: NOT_ON_SALE, saledate: '2030-03-12T07:00:00.000Z' },
    { description: 'sold out: 0', id: 1003, total: 0, saledate: '' },
    { description: 'nothing scheduled yet: -99999 without a date (soon on sale)', id: 1004, total: NOT_ON_SALE, saledate: '' },
    { description: 'count hidden by the venue: only "some" (price_limit)', id: 1008, total: 100, saledate: '' },
    { description: 'fewer than price_limit left: the exact count', id: 1009, total: 42, saledate: '' },
    { description: 'exactly price_limit left: not disclosed beyond the limit', id: 1010, total: 100, saledate: '' },
  ];
  it.each(states)('$description', async ({ id, total, saledate }) => {
    const e = byId(await afisha(), id);
    expect(e?.totalticketcount).toBe(total);
    expect(e?.saledate).toBe(saledate);
  });

  it('hides the per-session counts of an event that hides them', async () => {
    const body = await afisha();
    expect(body.calendar.find((c) => c.event_id === 1008)).toMatchObject({ ticketcount: 100, _time: [{ ticketcount: 100 }] });
    expect(body.calendar.find((c) => c.event_id === 1003)).toMatchObject({ ticketcount: 0, _time: [{ ticketcount: 0 }] });
  });

  it('never sends a count at or above price_limit anywhere in the answer', async () => {
    const body = await afisha();
    for (const e of body.action) expect(e.totalticketcount).toBeLessThanOrEqual(100);
    for (const c of body.calendar) {
      expect(c.ticketcount).toBeLessThanOrEqual(100);
      for (const time of c._time) expect(time.ticketcount).toBeLessThanOrEqual(100);
    }
  });
});

describe('GET /api/afisha: cache, ETag and time', () => {
  it('answers 304 with no body to a matching If-None-Match, 200 to another', async () => {
    const first = await t.get('/api/afisha');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ method: 'GET', url: '/api/afisha', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const listed = await t.app.inject({ method: 'GET', url: '/api/afisha', headers: { 'if-none-match': `"other", ${etag}` } });
    expect(listed.statusCode).toBe(304);
    const other = await t.app.inject({ method: 'GET', url: '/api/afisha', headers: { 'if-none-match': '"other"' } });
    expect(other.statusCode).toBe(200);
  });

  it('keeps one ETag per language; an unknown language is ru', async () => {
    const ru = (await t.get('/api/afisha')).headers.etag;
    const en = (await t.get('/api/afisha?lang=en')).headers.etag;
    const unknown = (await t.get('/api/afisha?lang=xx')).headers.etag;
    expect(en).not.toBe(ru);
    expect(en).toMatch(/-en"$/);
    expect(unknown).toBe(ru);
  });

  it('serves the cached answer until the stock lifetime ends, then the new stock', async () => {
    const before = await t.get('/api/afisha');
    await t.db.query('update sessions set remaining = 41 where id = 11');
    const cached = await t.get('/api/afisha');
    expect(cached.headers.etag).toBe(before.headers.etag);
    expect(byId(afishaResponse.parse(cached.json()), 1009)?.totalticketcount).toBe(42);
    t.clock.advance(5001);
    const fresh = await t.get('/api/afisha');
    expect(fresh.headers.etag).not.toBe(before.headers.etag);
    expect(byId(afishaResponse.parse(fresh.json()), 1009)?.totalticketcount).toBe(41);
  });

  it('rebuilds at once when the catalog version moves', async () => {
    const before = await t.get('/api/afisha');
    await t.db.query(`update events set name = '{"ru":"Новое имя"}' where id = 1009`);
    await t.db.query('update catalog_version set version = version + 1');
    const after = await t.get('/api/afisha');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(byId(afishaResponse.parse(after.json()), 1009)?.name.ru).toBe('Новое имя');
  });

  // Moves the clock, and the catalog version so the next answer is built afresh at that time.
  async function rebuildAt(at: string) {
    t.clock.set(new Date(at));
    await t.db.query('update catalog_version set version = version + 1');
  }

  it('drops a session once it starts, without waiting for the stock lifetime', async () => {
    await rebuildAt('2030-03-10T09:00:00Z');
    const body = await afisha();
    expect(body.calendar.find((c) => c.event_id === 1012)?._time.map((x) => x.calendar_id)).toEqual([15]);
    // Session 15 starts at 12:00:01 Moscow time; the answer built at 12:00:00 must not outlive that.
    t.clock.set(new Date('2030-03-10T09:00:01.200Z'));
    const later = await afisha();
    expect(byId(later, 1012)).toBeUndefined();
    expect(later.calendar.find((c) => c.event_id === 1012)).toBeUndefined();
  });

  it('opens sales when the sale date comes', async () => {
    await rebuildAt('2030-03-12T06:59:59Z');
    expect(byId(await afisha(), 1002)?.totalticketcount).toBe(NOT_ON_SALE);
    t.clock.set(new Date('2030-03-12T07:00:01Z'));
    const e = byId(await afisha(), 1002);
    expect(e?.totalticketcount).toBe(50);
    expect(e?.saledate).toBe('');
  });

  it('ends a whole-day ticket with its day in the venue time zone', async () => {
    await rebuildAt('2030-03-10T20:59:00Z'); // 23:59 in Moscow
    expect(byId(await afisha(), 1007)).toBeDefined();
    t.clock.set(new Date('2030-03-10T21:00:01Z')); // the next day in Moscow, past the stock lifetime
    expect(byId(await afisha(), 1007)).toBeUndefined();
  });
});

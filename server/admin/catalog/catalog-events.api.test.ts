import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogEventDraftInput } from '../../../contract/admin/catalog.ts';
import { catalogFile } from '../../../contract/catalog-file.ts';
import { noSchemeResponse } from '../../../contract/event.ts';
import { type TestApp, createClock, createTestApp } from '../../../tests/harness.ts';
import { catalogFingerprint } from '../../catalog/test-support.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// The back office's event editor through the HTTP API, on PGlite (api) and PostgreSQL (api-pg).
const START = new Date('2026-11-27T07:00:00Z');

let t: TestApp;
let manager: { cookie: string; member: { id: number; name: string } };
let colleague: { cookie: string; member: { id: number; name: string } };
beforeAll(async () => {
  t = await createTestApp({ clock: createClock(START) });
  manager = await signedInAs(t, 'manager');
  colleague = await signedInAs(t, 'owner');
  await t.db.query("update staff set name = 'Анна Смирнова' where id = $1", [colleague.member.id]);
});
afterAll(() => t.close());

/** A new event as the form sends it: two sessions, two categories, two prices, all new (stand-in ids). */
function newEvent(overrides: Partial<CatalogEventDraftInput> = {}): CatalogEventDraftInput {
  return {
    id: -1,
    hash: '',
    kindId: 1,
    venueId: 1,
    name: { ru: 'Лекция о звёздах', en: 'A lecture on stars' },
    description: { ru: '<p>Про <b>звёзды</b><script>alert(1)</script></p>' },
    orderLimit: 6,
    isPublished: false,
    categories: [
      { id: -1, name: { ru: 'Взрослый' } },
      { id: -2, name: { ru: 'Детский' } },
    ],
    sessions: [
      { id: -1, startsAt: '2026-12-05T12:00:00+03:00', capacity: 20 },
      { id: -2, startsAt: '2026-12-06T12:00:00+03:00', capacity: 20 },
    ],
    prices: [
      { id: -1, categoryId: -1, amount: 50_000, serviceFee: 3_000 },
      { id: -2, categoryId: -2, amount: 25_000 },
    ],
    ...overrides,
  };
}

const create = (event: CatalogEventDraftInput, cookie = manager.cookie, extra: Record<string, unknown> = {}) =>
  adminCall(t, 'POST', '/api/admin/catalog/events', cookie, { event, ...extra });
const load = async (id: number, cookie = manager.cookie) => {
  const res = await adminCall(t, 'GET', `/api/admin/catalog/events/${id}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const save = (id: number, revision: number, event: unknown, cookie = manager.cookie, lang = 'ru', extra: Record<string, unknown> = {}) =>
  adminCall(t, 'PUT', `/api/admin/catalog/events/${id}`, cookie, { revision, event, lang, ...extra });
const catalogVersion = async () => Number((await t.db.query<{ version: number }>('select version from catalog_version')).rows[0]?.version);
const auditOf = async (id: number) =>
  (
    await t.db.query<{ action: string; staff_id: number; before: unknown; after: unknown }>(
      "select action, staff_id, before, after from audit_log where subject_type = 'event' and subject_id = $1 order by id",
      [String(id)],
    )
  ).rows;

async function createdEvent(overrides: Partial<CatalogEventDraftInput> = {}) {
  const res = await create(newEvent(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number; hash: string; revision: number }>();
}

/** A visitor's unpaid order of `quantity` tickets of the first price in the first session. */
async function visitorOrder(hash: string, quantity: number) {
  const page = noSchemeResponse.parse((await t.post('/api/no-scheme', { hash, lang: 'ru' })).json());
  const entry = page.calendar[0];
  const price = page.price.find((p) => p.action_day === entry?.event_day);
  if (!entry || !price) throw new Error('the event has no session on sale');
  const created = await t.post('/api/order/create', {
    hash,
    lang: 'ru',
    data: [
      {
        day: entry.event_day,
        time: entry.event_time,
        actionId: page.action.action_id,
        categoryId: price.clientcategory_id,
        zoneId: 0,
        quantity,
        sum: 0,
        seatId: 0,
      },
    ],
    fio: 'Покупатель Билетов',
    phone: '+7 999 1234567',
    email: 'buyer@example.com',
    re_email: 'buyer@example.com',
    checkboxList: page.checkboxList.map((c) => ({ id: c.id, checked: true })),
  });
  expect(created.statusCode, created.body).toBe(200);
  return { orderHash: created.json<{ hash: string }>().hash, sessionId: entry.calendar_id };
}

describe('creating an event', () => {
  it('saves the event with new ids, a hash from its name, a sanitized description; audits it and moves the catalog version', async () => {
    const version = await catalogVersion();
    const saved = await createdEvent();
    expect(saved.hash).toBe('a-lecture-on-stars');
    expect(saved.revision).toBe(1);
    expect(await catalogVersion()).toBe(version + 1);
    const loaded = await load(saved.id);
    expect(loaded.event.description.ru).toBe('<p>Про <b>звёзды</b></p>');
    expect(loaded.event.sessions).toHaveLength(2);
    expect(loaded.event.prices.map((p: { amount: number }) => p.amount)).toEqual([50_000, 25_000]);
    const categories = loaded.event.categories.map((c: { id: number }) => c.id);
    expect(loaded.event.prices.map((p: { categoryId: number }) => p.categoryId)).toEqual(categories);
    expect(categories.every((id: number) => id > 0)).toBe(true);
    expect(loaded.updatedBy).toBe(manager.member.name);
    const audit = await auditOf(saved.id);
    expect(audit.map((a) => a.action)).toEqual(['catalog.event.create']);
    expect(audit[0]?.staff_id).toBe(manager.member.id);
    expect(audit[0]?.after).toMatchObject({ hash: 'a-lecture-on-stars', isPublished: false });
  });

  it('a second event of the same name gets its own hash', async () => {
    const saved = await createdEvent();
    expect(saved.hash).toMatch(/^a-lecture-on-stars-\d+$/);
  });

  it("refuses another event's page address on the hash field, in the member's language, changing nothing", async () => {
    const first = await createdEvent();
    const second = await createdEvent();
    const loaded = await load(second.id);
    const version = await catalogVersion();
    for (const [lang, text] of [
      ['ru', `Этот адрес страницы уже у события ${first.id}: выберите другой.`],
      ['en', `Event ${first.id} already has this page address: choose another one.`],
    ] as const) {
      const res = await save(second.id, loaded.revision, { ...loaded.event, hash: first.hash }, manager.cookie, lang);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ fields: [{ path: 'event.hash', code: 'hash-taken', text }] });
    }
    expect((await load(second.id)).event.hash).toBe(second.hash);
    expect(await catalogVersion()).toBe(version);
  });

  it('expands a schedule into sessions: weekdays and times between two dates, less the exceptions', async () => {
    const res = await create(newEvent({ sessions: [], prices: [{ id: -1, categoryId: -1, amount: 10_000 }] }), manager.cookie, {
      recurrences: [
        { from: '2026-12-07', to: '2026-12-20', weekdays: [1, 3], times: ['10:00', '15:30'], except: ['2026-12-09'], capacity: 30 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const loaded = await load(res.json().id);
    // Mondays 7 and 14, Wednesday 16 (the 9th is an exception), two times each.
    expect(loaded.event.sessions.map((s: { startsAt: string }) => s.startsAt)).toEqual([
      '2026-12-07T10:00:00+03:00',
      '2026-12-07T15:30:00+03:00',
      '2026-12-14T10:00:00+03:00',
      '2026-12-14T15:30:00+03:00',
      '2026-12-16T10:00:00+03:00',
      '2026-12-16T15:30:00+03:00',
    ]);
    expect(loaded.event.sessions.every((s: { capacity: number }) => s.capacity === 30)).toBe(true);
  });
});

describe('bad input', () => {
  it('refuses a form that breaks the schema with the field named, changing nothing', async () => {
    const before = await catalogFingerprint(t.db);
    const res = await create(newEvent({ name: { ru: '' }, orderLimit: 0 }));
    expect(res.statusCode).toBe(400);
    const paths = res.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['event.name.ru', 'event.orderLimit']));
    expect(await catalogFingerprint(t.db)).toEqual(before);
  });

  it('refuses what only the catalog rules catch on its field, in the member language, changing nothing', async () => {
    const before = await catalogFingerprint(t.db);
    const res = await adminCall(t, 'POST', '/api/admin/catalog/events', manager.cookie, {
      lang: 'en',
      event: newEvent({ kindId: 999, orderLimit: 2, prices: [{ id: -1, categoryId: -1, amount: 100, minQuantity: 3 }] }),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errorCode).toBe('-2251');
    expect(body.errorText).toBe('Not saved: correct the marked fields.');
    expect(body.fields).toEqual([
      { path: 'event.kindId', code: 'invalid', text: 'Wrong value (unknown kind 999).' },
      { path: 'event.prices.0.minQuantity', code: 'invalid', text: "Wrong value (minQuantity 3 is above the event's orderLimit 2)." },
    ]);
    const stray = await create(newEvent({ prices: [{ id: -1, categoryId: -7, amount: 100 }] }));
    expect(stray.json().fields).toEqual([
      { path: 'event.prices.0.categoryId', code: 'invalid', text: 'Неверное значение (unknown category (not one of this event)).' },
    ]);
    expect(await catalogFingerprint(t.db)).toEqual(before);
  });

  it('answers 404 for an event that does not exist', async () => {
    const res = await save(999_999, 1, newEvent());
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('-2252');
  });
});

describe('two managers editing one event', () => {
  it('refuses the second save, naming who changed it and when; nothing of it is written', async () => {
    const saved = await createdEvent();
    const first = await load(saved.id, colleague.cookie);
    const second = await load(saved.id, manager.cookie);
    t.clock.set(new Date('2026-11-27T07:42:00Z'));
    const ok = await save(saved.id, first.revision, { ...first.event, name: { ru: 'Первая правка' } }, colleague.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().revision).toBe(first.revision + 1);
    const before = await catalogFingerprint(t.db);
    const stale = await save(saved.id, second.revision, { ...second.event, name: { ru: 'Вторая правка' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      errorCode: 'catalog-stale',
      errorText: 'Изменено: Анна Смирнова, 27.11.2026 10:42. Обновите страницу.',
    });
    expect(await catalogFingerprint(t.db)).toEqual(before);
    expect((await load(saved.id)).event.name.ru).toBe('Первая правка');
  });

  it('of two saves sent at once on the same revision, exactly one lands', async () => {
    const saved = await createdEvent();
    const form = await load(saved.id);
    const answers = await Promise.all([
      save(saved.id, form.revision, { ...form.event, name: { ru: 'Правка А' } }),
      save(saved.id, form.revision, { ...form.event, name: { ru: 'Правка Б' } }, colleague.cookie),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200);
    expect((await load(saved.id)).revision).toBe(winner?.json().revision);
    expect((await auditOf(saved.id)).map((a) => a.action)).toEqual(['catalog.event.create', 'catalog.event.update']);
  });

  it('an import moves the revision too: a form loaded before it is refused, naming the import', async () => {
    const saved = await createdEvent();
    const form = await load(saved.id);
    const { exportCatalog } = await import('../../catalog/export.ts');
    const { importCatalog } = await import('../../catalog/import.ts');
    const file = catalogFile.parse(await exportCatalog(t.db, 'Europe/Moscow'));
    await importCatalog(t.db, { events: file.events.filter((e) => e.id === saved.id) });
    const stale = await save(saved.id, form.revision, form.event);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorText).toMatch(/^Изменено: импорт каталога, \d\d\.\d\d\.\d{4} \d\d:\d\d\. Обновите страницу\.$/);
  });
});

describe('publishing', () => {
  it('puts the event on the storefront at once and takes it off again', async () => {
    const saved = await createdEvent();
    const afishaHas = async () => {
      const res = await t.get('/api/afisha?lang=ru');
      return res.body.includes(saved.hash);
    };
    expect(await afishaHas()).toBe(false);
    const published = await adminCall(t, 'POST', `/api/admin/catalog/events/${saved.id}/publish`, manager.cookie, {
      revision: saved.revision,
      published: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(await afishaHas()).toBe(true);
    const off = await adminCall(t, 'POST', `/api/admin/catalog/events/${saved.id}/publish`, manager.cookie, {
      revision: published.json().revision,
      published: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await afishaHas()).toBe(false);
    expect((await auditOf(saved.id)).map((a) => a.action)).toEqual([
      'catalog.event.create',
      'catalog.event.publish',
      'catalog.event.unpublish',
    ]);
  });
});

describe('changes that would harm sold tickets', () => {
  let event: { id: number; hash: string };
  let form: {
    revision: number;
    event: Record<string, unknown> & { sessions: Array<Record<string, unknown>>; prices: Array<Record<string, unknown>> };
  };
  let order: { orderHash: string; sessionId: number };
  beforeAll(async () => {
    event = await createdEvent({ isPublished: true });
    order = await visitorOrder(event.hash, 3);
    form = await load(event.id);
  });

  it('shows the editor what orders pin down', async () => {
    const loaded = await load(event.id);
    expect(loaded.hasOrders).toBe(true);
    expect(loaded.inUse.sessions).toEqual([order.sessionId]);
    expect(loaded.taken[String(order.sessionId)]).toBe(3);
  });

  it('refuses deleting a session with orders, on the sessions field, changing nothing', async () => {
    const before = await catalogFingerprint(t.db);
    const res = await save(event.id, form.revision, {
      ...form.event,
      sessions: form.event.sessions.filter((s) => s.id !== order.sessionId),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      {
        path: 'event.sessions',
        code: 'in-use-session',
        text: `Сеанс ${order.sessionId} нельзя удалить: на него есть заказы. Отметьте его «Отменён».`,
      },
    ]);
    expect(await catalogFingerprint(t.db)).toEqual(before);
  });

  it('refuses deleting a price with sold tickets', async () => {
    const sold = (await load(event.id)).inUse.prices[0];
    const res = await save(event.id, form.revision, { ...form.event, prices: form.event.prices.filter((p) => p.id !== sold) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ path: 'event.prices', code: 'in-use-price' })]);
  });

  it('refuses a capacity below what is sold or held, on that session capacity', async () => {
    const index = form.event.sessions.findIndex((s) => s.id === order.sessionId);
    const sessions = form.event.sessions.map((s, i) => (i === index ? { ...s, capacity: 2 } : s));
    const res = await save(event.id, form.revision, { ...form.event, sessions }, manager.cookie, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: `event.sessions.${index}.capacity`, code: 'below-sold', text: 'Less than already sold or held: 3.' },
    ]);
  });

  it('refuses deleting the event, and suggests unpublishing', async () => {
    const res = await adminCall(t, 'DELETE', `/api/admin/catalog/events/${event.id}?revision=${form.revision}`, manager.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errorCode: '-2253', errorText: 'Событие нельзя удалить: по нему есть заказы. Снимите его с публикации.' });
  });

  it('asks to confirm a price change on an event with orders, saying placed orders keep what they paid; nothing is saved before', async () => {
    const before = await catalogFingerprint(t.db);
    const audit = await auditOf(event.id);
    const prices = form.event.prices.map((p, i) => (i === 0 ? { ...p, amount: 60_000 } : p));
    const res = await save(event.id, form.revision, { ...form.event, prices });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      errorCode: '-2256',
      errorText: 'Проверьте предупреждения и подтвердите: пока ничего не сохранено.',
    });
    expect(res.json().warnings).toEqual([
      {
        path: 'event.prices.0.amount',
        code: 'price-change',
        text: expect.stringMatching(
          /^Цена изменится с 500\s?₽ на 600\s?₽ только для новых заказов: уже оформленные заказы сохраняют цену, по которой оплачены\.$/,
        ),
      },
    ]);
    const en = await save(event.id, form.revision, { ...form.event, prices }, manager.cookie, 'en');
    expect(en.json().warnings[0].text).toMatch(/for new orders only: orders already placed keep the price they were paid at\.$/);
    expect(await catalogFingerprint(t.db)).toEqual(before);
    expect(await auditOf(event.id)).toEqual(audit);
    // Anything else on such an event saves without a question.
    const renamed = await save(event.id, form.revision, {
      ...form.event,
      name: { ...(form.event.name as object), ru: 'Лекция о планетах' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    form = await load(event.id);
  });

  it('keeps the order in progress at its price and hold when the price changes', async () => {
    const viewBefore = (await t.post('/api/order/view', { hash: order.orderHash, lang: 'ru' })).json();
    const remaining = async () =>
      (await t.db.query<{ remaining: number }>('select remaining from sessions where id = $1', [order.sessionId])).rows[0]?.remaining;
    const left = await remaining();
    const prices = form.event.prices.map((p) => ({ ...p, amount: 99_900 }));
    const res = await save(event.id, form.revision, { ...form.event, prices }, manager.cookie, 'ru', { confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    const viewAfter = (await t.post('/api/order/view', { hash: order.orderHash, lang: 'ru' })).json();
    expect(viewAfter).toEqual(viewBefore);
    expect(await remaining()).toBe(left);
    // The next visitor pays the new price.
    const page = noSchemeResponse.parse((await t.post('/api/no-scheme', { hash: event.hash, lang: 'ru' })).json());
    expect(page.price.map((p) => p.price)).toContain(999);
  });
});

describe('warnings the member confirms before a save goes through', () => {
  beforeAll(() => t.clock.set(START));
  const warningsOf = (res: { statusCode: number; body: string; json: () => { errorCode: string; warnings?: unknown } }) => {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errorCode).toBe('-2256');
    return res.json().warnings;
  };

  it('a price of 0: asks whether free is right, saves nothing, and saves once confirmed', async () => {
    const before = await catalogFingerprint(t.db);
    const event = newEvent({
      prices: [
        { id: -1, categoryId: -1, amount: 50_000 },
        { id: -2, categoryId: -2, amount: 0 },
      ],
    });
    expect(warningsOf(await create(event))).toEqual([
      { path: 'event.prices.1.amount', code: 'free-price', text: 'Цена 0 — бесплатно — верно?' },
    ]);
    expect(warningsOf(await create(event, manager.cookie, { lang: 'kz' }))).toEqual([
      { path: 'event.prices.1.amount', code: 'free-price', text: 'Баға 0 — тегін. Дұрыс па?' },
    ]);
    expect(await catalogFingerprint(t.db)).toEqual(before);
    const confirmed = await create(event, manager.cookie, { confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const loaded = await load(confirmed.json().id);
    expect(loaded.event.prices.map((p: { amount: number }) => p.amount)).toEqual([50_000, 0]);
    // Saved as it is, the free price is not asked about again; an event marked free never is.
    expect((await save(confirmed.json().id, loaded.revision, loaded.event)).statusCode).toBe(200);
    expect((await create(newEvent({ isFree: true, prices: [{ id: -1, categoryId: -1, amount: 0 }] }))).statusCode).toBe(200);
  });

  it('a session in the past, in the venue time zone: named on its field, in the member language', async () => {
    const before = await catalogFingerprint(t.db);
    // The clock is 10:00 in Moscow: 09:30 there has passed, 10:30 has not.
    const passed = { id: -1, startsAt: '2026-11-27T09:30:00+03:00', capacity: 20 };
    const coming = { id: -2, startsAt: '2026-11-27T10:30:00+03:00', capacity: 20 };
    const sessions = [passed, coming];
    expect(warningsOf(await create(newEvent({ sessions }), manager.cookie, { lang: 'en' }))).toEqual([
      {
        path: 'event.sessions.0.startsAt',
        code: 'past-session',
        text: 'The session at 2026-11-27 09:30 has already started or passed (venue time). Is that right?',
      },
    ]);
    // The same moment written in UTC is the same past session, shown on the venue clock.
    const utc = [{ id: -1, startsAt: '2026-11-27T06:30:00Z', capacity: 20 }, coming];
    expect(warningsOf(await create(newEvent({ sessions: utc })))).toEqual([
      {
        path: 'event.sessions.0.startsAt',
        code: 'past-session',
        text: 'Сеанс 2026-11-27 09:30 уже начался или прошёл (время площадки) — верно?',
      },
    ]);
    // A whole-day session (no time) of today is still on sale: nothing to warn about; yesterday's is over.
    expect((await create(newEvent({ sessions: [{ id: -1, startsAt: '2026-11-27T00:00:00+03:00', capacity: 20 }] }))).statusCode).toBe(200);
    expect(
      warningsOf(await create(newEvent({ sessions: [{ id: -1, startsAt: '2026-11-26T00:00:00+03:00', capacity: 20 }, coming] }))),
    ).toEqual([
      {
        path: 'event.sessions.0.startsAt',
        code: 'past-session',
        text: 'Сеанс 2026-11-26 уже начался или прошёл (время площадки) — верно?',
      },
    ]);
    // A cancelled past session is nothing to warn about.
    expect((await create(newEvent({ sessions: [{ ...passed, isCancelled: true }, coming] }))).statusCode).toBe(200);
    const after = await catalogFingerprint(t.db);
    const confirmed = await create(newEvent({ sessions }), manager.cookie, { confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(after).not.toEqual(before);
    // An unchanged past session of a stored event does not ask again.
    const loaded = await load(confirmed.json().id);
    expect((await save(confirmed.json().id, loaded.revision, loaded.event)).statusCode).toBe(200);
  });

  it('publishing an event no visitor can see: no future session, no price; the publish button asks too', async () => {
    const before = await catalogFingerprint(t.db);
    const past = [{ id: -1, startsAt: '2026-11-26T12:00:00+03:00', capacity: 20 }];
    expect(warningsOf(await create(newEvent({ isPublished: true, sessions: past })))).toEqual([
      {
        path: 'event.sessions.0.startsAt',
        code: 'past-session',
        text: 'Сеанс 2026-11-26 12:00 уже начался или прошёл (время площадки) — верно?',
      },
      { path: 'event.sessions', code: 'no-future-session', text: 'Посетители не увидят событие: у него нет будущих сеансов.' },
    ]);
    expect(warningsOf(await create(newEvent({ isPublished: true, prices: [] }), manager.cookie, { lang: 'ch' }))).toEqual([
      { path: 'event.prices', code: 'no-price', text: '访客将看不到此活动：它没有任何价格。' },
    ]);
    expect(await catalogFingerprint(t.db)).toEqual(before);
    // With no session at all it is listed as "soon on sale", an announcement on purpose.
    expect((await create(newEvent({ isPublished: true, sessions: [], prices: [] }))).statusCode).toBe(200);

    const draft = await createdEvent({ prices: [] });
    const publish = (extra: Record<string, unknown> = {}) =>
      adminCall(t, 'POST', `/api/admin/catalog/events/${draft.id}/publish`, manager.cookie, {
        revision: draft.revision,
        published: true,
        ...extra,
      });
    expect(warningsOf(await publish({ lang: 'en' }))).toEqual([
      { path: 'event.prices', code: 'no-price', text: 'Visitors will not see the event: it has no prices.' },
    ]);
    expect((await load(draft.id)).event.isPublished).toBe(false);
    expect((await auditOf(draft.id)).map((a) => a.action)).toEqual(['catalog.event.create']);
    const confirmed = await publish({ confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await load(draft.id)).event.isPublished).toBe(true);
    expect((await auditOf(draft.id)).map((a) => a.action)).toEqual(['catalog.event.create', 'catalog.event.publish']);
  });
});

describe('deleting an event', () => {
  it('deletes an event nobody ordered, audits it with what it was, and the storefront forgets it', async () => {
    const saved = await createdEvent({ isPublished: true });
    const version = await catalogVersion();
    const stale = await adminCall(t, 'DELETE', `/api/admin/catalog/events/${saved.id}?revision=${saved.revision + 5}`, manager.cookie);
    expect(stale.statusCode).toBe(409);
    const res = await adminCall(t, 'DELETE', `/api/admin/catalog/events/${saved.id}?revision=${saved.revision}`, manager.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await catalogVersion()).toBe(version + 1);
    expect((await t.post('/api/no-scheme', { hash: saved.hash, lang: 'ru' })).statusCode).toBe(404);
    const audit = await auditOf(saved.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'catalog.event.delete',
      staff_id: manager.member.id,
      before: expect.objectContaining({ hash: saved.hash }),
    });
  });
});

describe('the list and the export', () => {
  it('finds events by name, kind and published state', async () => {
    const list = async (query: string) =>
      (await adminCall(t, 'GET', `/api/admin/catalog/events?${query}`, manager.cookie)).json().events as Array<{
        hash: string;
        isPublished: boolean;
      }>;
    expect((await list('q=stars')).length).toBeGreaterThan(0);
    const found = await list(`q=${encodeURIComponent('о звёздах')}`);
    expect(found.length).toBeGreaterThan(1);
    expect(found.every((e) => e.hash.startsWith('a-lecture-on-stars'))).toBe(true);
    expect((await list('published=unpublished')).every((e) => !e.isPublished)).toBe(true);
    expect((await list('kindId=2')).some((e) => e.hash.startsWith('a-lecture'))).toBe(false);
  });

  it('downloads the whole catalog as a catalog file', async () => {
    const res = await adminCall(t, 'GET', '/api/admin/catalog/export', manager.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(catalogFile.safeParse(res.json()).success).toBe(true);
  });
});

describe('hostile input', () => {
  const HOSTILE: unknown[] = [2_147_483_648, -2_147_483_649, 1e300, 0.5, 0, 'ab\u0000cd', 'x'.repeat(5000), '', null, {}, []];
  const VALID = {
    event: newEvent(),
    recurrences: [{ from: '2026-12-07', to: '2026-12-09', weekdays: [1], times: ['10:00'], except: ['2026-12-08'], capacity: 5 }],
  };
  function leaves(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
    if (Array.isArray(value)) return value.length ? value.flatMap((item, i) => leaves(item, [...prefix, i])) : [prefix];
    if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => leaves(item, [...prefix, key]));
    return [prefix];
  }
  function replaced(path: (string | number)[], by: unknown): unknown {
    const copy = structuredClone(VALID) as Record<string | number, unknown>;
    let node = copy as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    node[path.at(-1) as string | number] = by;
    return copy;
  }

  it('answers every value of a save replaced by something hostile with a 4xx or a save, never a 5xx', async () => {
    const failures: string[] = [];
    for (const path of leaves(VALID)) {
      for (const value of HOSTILE) {
        const res = await adminCall(t, 'POST', '/api/admin/catalog/events', manager.cookie, replaced(path, value));
        const body = res.json();
        if (res.statusCode >= 500 || typeof body.errorCode !== 'string' || (res.statusCode !== 200 && !body.errorText)) {
          failures.push(`${path.join('.')} = ${JSON.stringify(value).slice(0, 20)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    for (const date of ['0000-01-01', '9999-12-31', '2026-02-30']) {
      const res = await adminCall(t, 'POST', '/api/admin/catalog/events', manager.cookie, {
        ...VALID,
        recurrences: [{ ...VALID.recurrences[0], from: date, to: date }],
      });
      if (res.statusCode >= 500) failures.push(`recurrence on ${date}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      const session = await adminCall(t, 'POST', '/api/admin/catalog/events', manager.cookie, {
        event: newEvent({ sessions: [{ id: -1, startsAt: `${date}T10:00:00Z`, capacity: 1 }] }),
      });
      if (session.statusCode >= 500) failures.push(`session on ${date}: ${session.statusCode} ${session.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afishaResponse } from '../../../contract/afisha.ts';
import { noSchemeResponse } from '../../../contract/event.ts';
import { type TestApp, createClock, createTestApp } from '../../../tests/harness.ts';
import { catalogFingerprint } from '../../catalog/test-support.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// Kinds, menus, venues, tags, checkboxes, rules documents and hall-less zones in the back office, on both databases.
let t: TestApp;
let manager: { cookie: string; member: { id: number; name: string } };
beforeAll(async () => {
  t = await createTestApp({ clock: createClock(new Date('2026-11-27T07:00:00Z')) });
  manager = await signedInAs(t, 'manager');
});
afterAll(() => t.close());

type Listed = { entry: Record<string, unknown> & { id: number }; revision: number; updatedBy: string | null };
const list = async (kind: string) =>
  (await adminCall(t, 'GET', `/api/admin/catalog/entries/${kind}`, manager.cookie)).json().entries as Listed[];

describe('simple catalog entries', () => {
  it('creates a tag with the next free id, audits it, and lists it with who saved it', async () => {
    const res = await adminCall(t, 'POST', '/api/admin/catalog/entries/tags', manager.cookie, {
      entry: { id: -1, name: { ru: 'Для детей', en: 'For children' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json();
    const found = (await list('tags')).find((e) => e.entry.id === id);
    expect(found).toMatchObject({ entry: { name: { ru: 'Для детей', en: 'For children' } }, revision: 1, updatedBy: manager.member.name });
    const audit = await t.db.query<{ action: string }>("select action from audit_log where subject_type = 'tags' and subject_id = $1", [
      String(id),
    ]);
    expect(audit.rows.map((r) => r.action)).toEqual(['catalog.tags.create']);
  });

  it('saves a venue on its revision and refuses a stale save, naming who and when', async () => {
    const venue = (await list('venues'))[0];
    if (!venue) throw new Error('the demo has no venue');
    const first = await adminCall(t, 'PUT', `/api/admin/catalog/entries/venues/${venue.entry.id}`, manager.cookie, {
      revision: venue.revision,
      entry: { ...venue.entry, address: { ru: 'ул. Новая, 1' } },
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await adminCall(t, 'PUT', `/api/admin/catalog/entries/venues/${venue.entry.id}`, manager.cookie, {
      revision: venue.revision,
      entry: venue.entry,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorText).toBe(`Изменено: ${manager.member.name}, 27.11.2026 10:00. Обновите страницу.`);
  });

  it('refuses bad input on its field and changes nothing', async () => {
    const before = await catalogFingerprint(t.db);
    const shape = await adminCall(t, 'POST', '/api/admin/catalog/entries/venues', manager.cookie, {
      entry: { id: -1, name: { ru: '' }, address: { ru: 'x' }, mapUrl: 'ftp://x' },
    });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().fields.map((f: { path: string }) => f.path)).toEqual(['entry.name.ru', 'entry.mapUrl']);
    const rule = await adminCall(t, 'POST', '/api/admin/catalog/entries/mainMenus', manager.cookie, {
      entry: { id: -1, kindId: 999, name: { ru: 'Меню' } },
    });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().fields).toEqual([{ path: 'entry.kindId', code: 'invalid', text: 'Неверное значение (unknown kind 999).' }]);
    const kind = await adminCall(t, 'GET', '/api/admin/catalog/entries/halls', manager.cookie);
    expect(kind.statusCode).toBe(400);
    expect(await catalogFingerprint(t.db)).toEqual(before);
  });

  it('keeps a rules document body to the allow-list', async () => {
    const res = await adminCall(t, 'POST', '/api/admin/catalog/entries/rules', manager.cookie, {
      entry: {
        id: -1,
        slug: 'house-rules',
        name: { ru: 'Правила посещения' },
        body: { ru: '<h2>Правила</h2><img src=x onerror=alert(1)><p>Без животных</p>' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = (await list('rules')).find((e) => e.entry.slug === 'house-rules');
    expect(saved?.entry.body).toEqual({ ru: '<h2>Правила</h2><p>Без животных</p>' });
    const page = await t.get('/api/rules?lang=ru');
    expect(page.body).toContain('Правила посещения');
  });
});

const create = async (kind: string, entry: Record<string, unknown>) => {
  const res = await adminCall(t, 'POST', `/api/admin/catalog/entries/${kind}`, manager.cookie, { entry: { id: -1, ...entry } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; revision: number };
};
const remove = (kind: string, id: number, revision: number, lang = 'ru') =>
  adminCall(t, 'DELETE', `/api/admin/catalog/entries/${kind}/${id}?revision=${revision}&lang=${lang}`, manager.cookie);
const catalogVersion = async () => Number((await t.db.query<{ version: number }>('select version from catalog_version')).rows[0]?.version);
const audited = async (kind: string, id: number) =>
  (
    await t.db.query<{ action: string; before: unknown; after: unknown }>(
      'select action, before, after from audit_log where subject_type = $1 and subject_id = $2 order by id',
      [kind, String(id)],
    )
  ).rows;

describe('deleting an entry', () => {
  it('deletes a tag nobody uses: audited, the catalog version moves, the storefront no longer lists it', async () => {
    const { id, revision } = await create('tags', { name: { ru: 'Временный тег' } });
    const version = await catalogVersion();
    const res = await remove('tags', id, revision);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().catalogVersion).toBe(version + 1);
    expect((await list('tags')).some((e) => e.entry.id === id)).toBe(false);
    const audit = await audited('tags', id);
    expect(audit.map((r) => r.action)).toEqual(['catalog.tags.create', 'catalog.tags.delete']);
    expect(audit[1]?.before).toEqual({ id, name: { ru: 'Временный тег' } });
    const afisha = afishaResponse.parse((await t.get('/api/afisha')).json());
    expect(afisha.list_tags.some((tag) => tag.attr_id === id)).toBe(false);
  });

  it('refuses a venue that events use, naming them, and changes nothing', async () => {
    const kindId = (await list('kinds'))[0]?.entry.id;
    const venue = await create('venues', { name: { ru: 'Флигель' }, address: { ru: 'Двор, 2' } });
    for (const name of ['Лекция', 'Концерт']) {
      const res = await adminCall(t, 'POST', '/api/admin/catalog/events', manager.cookie, {
        event: { id: -1, kindId, venueId: venue.id, name: { ru: name }, isPublished: false },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await catalogFingerprint(t.db);
    const res = await remove('venues', venue.id, venue.revision);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: '-2255', errorText: 'Удалить нельзя. Используется: 2 события: «Лекция», «Концерт».' });
    const en = await remove('venues', venue.id, venue.revision, 'en');
    expect(en.json().errorText).toBe('Cannot be deleted. In use by 2 events: “Лекция”, “Концерт”.');
    expect(await catalogFingerprint(t.db)).toEqual(before);
    expect((await audited('venues', venue.id)).map((r) => r.action)).toEqual(['catalog.venues.create']);
  });

  it('refuses the demo venue for its events and halls, a kind for its events and menus, a menu for its sub-menus', async () => {
    const withHalls = (await t.db.query<{ id: number }>('select venue_id as id from halls order by id limit 1')).rows[0]?.id;
    const venue = (await list('venues')).find((v) => v.entry.id === withHalls);
    if (!venue) throw new Error('the demo has no venue with a hall');
    const events = (await t.db.query<{ n: number }>('select count(*)::int as n from events where venue_id = $1', [venue.entry.id])).rows[0]
      ?.n;
    const halls = (await t.db.query<{ n: number }>('select count(*)::int as n from halls where venue_id = $1', [venue.entry.id])).rows[0]
      ?.n;
    expect(halls).toBeGreaterThan(0);
    const res = await remove('venues', venue.entry.id, venue.revision);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorText).toMatch(
      new RegExp(`^Удалить нельзя\\. Используется: ${events} событ(ие|ия|ий): «.+»; ${halls} зал(а|ов)?: «.+»\\.$`),
    );
    const kind = await create('kinds', { name: { ru: 'Раздел' } });
    const menu = await create('mainMenus', { kindId: kind.id, name: { ru: 'Меню раздела' } });
    await create('subMenus', { mainMenuId: menu.id, name: { ru: 'Подменю' } });
    expect((await remove('kinds', kind.id, kind.revision)).json().errorText).toBe('Удалить нельзя. Используется: 1 меню: «Меню раздела».');
    expect((await remove('mainMenus', menu.id, menu.revision)).json().errorText).toBe(
      'Удалить нельзя. Используется: 1 подменю: «Подменю».',
    );
  });

  it('refuses a rules document a checkbox links to, then deletes both in turn', async () => {
    const rules = await create('rules', { slug: 'photo-rules', name: { ru: 'Правила съёмки' }, body: { ru: '<p>Без вспышки</p>' } });
    const box = await create('checkboxes', {
      scope: 'order',
      name: { ru: 'Согласен с правилами съёмки' },
      url: { ru: '/rules/photo-rules' },
      required: true,
    });
    expect((await remove('rules', rules.id, rules.revision)).json().errorText).toBe(
      'Удалить нельзя. Используется: 1 флажок: «Согласен с правилами съёмки».',
    );
    expect((await remove('checkboxes', box.id, box.revision)).statusCode).toBe(200);
    expect((await remove('rules', rules.id, rules.revision)).statusCode).toBe(200);
    expect((await t.get('/api/rules?lang=ru')).body).not.toContain('Правила съёмки');
  });

  it('refuses the demo rules document that a checkbox and the setup link to', async () => {
    const terms = (await list('rules')).find((e) => e.entry.slug === 'purchase-terms');
    if (!terms) throw new Error('the demo has no purchase terms');
    const res = await remove('rules', terms.entry.id, terms.revision);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorText).toBe(
      'Удалить нельзя. Используется: 1 флажок: «Я принимаю условия покупки»; настройки витрины (ссылки на документы).',
    );
  });

  it('refuses a checkbox that an order answered: the order keeps only its id', async () => {
    const kindId = (await list('kinds'))[0]?.entry.id;
    const venueId = (await list('venues'))[0]?.entry.id;
    const event = await adminCall(t, 'POST', '/api/admin/catalog/events', manager.cookie, {
      event: {
        id: -1,
        kindId,
        venueId,
        name: { ru: 'Мастер-класс' },
        isPublished: true,
        categories: [{ id: -1, name: { ru: 'Взрослый' } }],
        sessions: [{ id: -1, startsAt: '2026-12-05T12:00:00+03:00', capacity: 20 }],
        prices: [{ id: -1, categoryId: -1, amount: 50000 }],
      },
    });
    expect(event.statusCode, event.body).toBe(200);
    const { id: eventId, hash } = event.json() as { id: number; hash: string };
    const box = await create('checkboxes', { scope: 'order', eventId, name: { ru: 'Возьму с собой фартук' } });
    const page = noSchemeResponse.parse((await t.post('/api/no-scheme', { hash, lang: 'ru' })).json());
    expect(page.checkboxList.map((c) => c.id)).toContain(box.id);
    const entry = page.calendar[0];
    const price = page.price[0];
    if (!entry || !price) throw new Error('the event has no session on sale');
    const order = await t.post('/api/order/create', {
      hash,
      lang: 'ru',
      data: [
        {
          day: entry.event_day,
          time: entry.event_time,
          actionId: page.action.action_id,
          categoryId: price.clientcategory_id,
          zoneId: 0,
          quantity: 1,
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
    expect(order.statusCode, order.body).toBe(200);
    const res = await remove('checkboxes', box.id, box.revision);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorText).toBe('Удалить нельзя. Используется: 1 заказ.');
  });

  it('refuses a delete on an older revision, naming who changed the entry and when', async () => {
    const tag = await create('tags', { name: { ru: 'Старый' } });
    const saved = await adminCall(t, 'PUT', `/api/admin/catalog/entries/tags/${tag.id}`, manager.cookie, {
      revision: tag.revision,
      entry: { id: tag.id, name: { ru: 'Новый' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await remove('tags', tag.id, tag.revision);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      errorCode: 'catalog-stale',
      errorText: `Изменено: ${manager.member.name}, 27.11.2026 10:00. Обновите страницу.`,
    });
    expect((await list('tags')).some((e) => e.entry.id === tag.id)).toBe(true);
    expect((await remove('tags', tag.id, 0)).statusCode).toBe(400);
    expect((await remove('tags', 999_999, 1)).statusCode).toBe(404);
  });
});

describe('hall-less zones', () => {
  it('lists only the zones without a hall, creates, saves and deletes one nobody uses', async () => {
    const listed = await list('zones');
    const hallZones = (await t.db.query<{ id: number }>('select id from zones where hall_id is not null')).rows.map((r) => r.id);
    expect(listed.some((z) => hallZones.includes(z.entry.id))).toBe(false);
    const zone = await create('zones', { name: { ru: 'Балкон', en: 'Balcony' }, color: '#112233' });
    const found = (await list('zones')).find((z) => z.entry.id === zone.id);
    expect(found).toMatchObject({
      entry: { name: { ru: 'Балкон', en: 'Balcony' }, color: '#112233' },
      revision: 1,
      updatedBy: manager.member.name,
    });
    const saved = await adminCall(t, 'PUT', `/api/admin/catalog/entries/zones/${zone.id}`, manager.cookie, {
      revision: found?.revision,
      entry: { ...found?.entry, color: '#445566' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await adminCall(t, 'PUT', `/api/admin/catalog/entries/zones/${zone.id}`, manager.cookie, {
      revision: found?.revision,
      entry: found?.entry,
    });
    expect(stale.statusCode).toBe(409);
    expect((await remove('zones', zone.id, saved.json().revision)).statusCode).toBe(200);
    expect((await audited('zones', zone.id)).map((r) => r.action)).toEqual([
      'catalog.zones.create',
      'catalog.zones.update',
      'catalog.zones.delete',
    ]);
  });

  it("refuses a zone prices use, a hall's zone, and a colour that is not #rrggbb", async () => {
    const zone = await create('zones', { name: { ru: 'Партер без схемы' } });
    const kindId = (await list('kinds'))[0]?.entry.id;
    const venueId = (await list('venues'))[0]?.entry.id;
    const event = await adminCall(t, 'POST', '/api/admin/catalog/events', manager.cookie, {
      event: {
        id: -1,
        kindId,
        venueId,
        name: { ru: 'Спектакль' },
        isPublished: false,
        categories: [{ id: -1, name: { ru: 'Взрослый' } }],
        prices: [{ id: -1, categoryId: -1, zoneId: zone.id, amount: 50000 }],
      },
    });
    expect(event.statusCode, event.body).toBe(200);
    expect((await remove('zones', zone.id, zone.revision)).json().errorText).toBe('Удалить нельзя. Используется: 1 событие: «Спектакль».');
    const hallZone = hallZoneId();
    expect(
      (
        await adminCall(t, 'PUT', `/api/admin/catalog/entries/zones/${await hallZone}`, manager.cookie, {
          revision: 1,
          entry: { id: await hallZone, name: { ru: 'x' } },
        })
      ).statusCode,
    ).toBe(404);
    expect((await remove('zones', await hallZone, 1)).statusCode).toBe(404);
    const colour = await adminCall(t, 'POST', '/api/admin/catalog/entries/zones', manager.cookie, {
      entry: { id: -1, name: { ru: 'Ложа' }, color: 'red' },
    });
    expect(colour.statusCode).toBe(400);
    expect(colour.json().fields.map((f: { path: string }) => f.path)).toEqual(['entry.color']);
  });
});

async function hallZoneId(): Promise<number> {
  const id = (await t.db.query<{ id: number }>('select id from zones where hall_id is not null order by id limit 1')).rows[0]?.id;
  if (id === undefined) throw new Error('the demo has no hall zone');
  return id;
}

describe('validation of each entry on its fields', () => {
  it.each([
    ['kinds', { name: { ru: 'Раздел' }, columnCount: 9 }, ['entry.columnCount']],
    ['mainMenus', { kindId: 1, name: { ru: '' } }, ['entry.name.ru']],
    ['subMenus', { name: { ru: 'Подменю' } }, ['entry.mainMenuId']],
    ['tags', { name: { ru: 'Тег' }, extra: 1 }, ['entry']],
    ['checkboxes', { scope: 'somewhere', name: { ru: 'Флажок' }, url: { ru: 'javascript:alert(1)' } }, ['entry.scope', 'entry.url.ru']],
    ['rules', { slug: 'Bad Slug', name: { ru: 'Правила' } }, ['entry.slug']],
  ])('%s: refuses on its field and changes nothing', async (kind, entry, paths) => {
    const before = await catalogFingerprint(t.db);
    const res = await adminCall(t, 'POST', `/api/admin/catalog/entries/${kind}`, manager.cookie, { entry: { id: -1, ...entry } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('-2251');
    expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(paths);
    expect(await catalogFingerprint(t.db)).toEqual(before);
  });
});

describe('the storefront', () => {
  it('shows a saved venue address on the very next afisha call', async () => {
    const venue = (await list('venues'))[0];
    if (!venue) throw new Error('the demo has no venue');
    await t.get('/api/afisha');
    const res = await adminCall(t, 'PUT', `/api/admin/catalog/entries/venues/${venue.entry.id}`, manager.cookie, {
      revision: venue.revision,
      entry: { ...venue.entry, address: { ru: 'Набережная, 7' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const afisha = afishaResponse.parse((await t.get('/api/afisha')).json());
    expect(afisha.venues.find((v) => v.seatroot_id === venue.entry.id)?.address.ru).toBe('Набережная, 7');
  });
});

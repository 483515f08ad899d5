import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../../../tests/harness.ts';
import { catalogFingerprint } from '../../catalog/test-support.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// Kinds, menus, venues, tags, checkboxes and rules documents in the back office, on both databases.
let t: TestApp;
let manager: { cookie: string; member: { id: number; name: string } };
beforeAll(async () => {
  t = await createTestApp({ clock: createClock(new Date('2026-11-27T07:00:00Z')) });
  manager = await signedInAs(t, 'manager');
});
afterAll(() => t.close());

type Listed = { entry: Record<string, unknown> & { id: number }; revision: number; updatedBy: string | null };
const list = async (kind: string) => (await adminCall(t, 'GET', `/api/admin/catalog/entries/${kind}`, manager.cookie)).json().entries as Listed[];

describe('simple catalog entries', () => {
  it('creates a tag with the next free id, audits it, and lists it with who saved it', async () => {
    const res = await adminCall(t, 'POST', '/api/admin/catalog/entries/tags', manager.cookie, { entry: { id: -1, name: { ru: 'Для детей', en: 'For children' } } });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json();
    const found = (await list('tags')).find((e) => e.entry.id === id);
    expect(found).toMatchObject({ entry: { name: { ru: 'Для детей', en: 'For children' } }, revision: 1, updatedBy: manager.member.name });
    const audit = await t.db.query<{ action: string }>("select action from audit_log where subject_type = 'tags' and subject_id = $1", [String(id)]);
    expect(audit.rows.map((r) => r.action)).toEqual(['catalog.tags.create']);
  });

  it('saves a venue on its revision and refuses a stale save, naming who and when', async () => {
    const venue = (await list('venues'))[0];
    if (!venue) throw new Error('the demo has no venue');
    const first = await adminCall(t, 'PUT', `/api/admin/catalog/entries/venues/${venue.entry.id}`, manager.cookie, { revision: venue.revision, entry: { ...venue.entry, address: { ru: 'ул. Новая, 1' } } });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await adminCall(t, 'PUT', `/api/admin/catalog/entries/venues/${venue.entry.id}`, manager.cookie, { revision: venue.revision, entry: venue.entry });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorText).toBe(`Изменено: ${manager.member.name}, 27.11.2026 10:00. Обновите страницу.`);
  });

  it('refuses bad input on its field and changes nothing', async () => {
    const before = await catalogFingerprint(t.db);
    const shape = await adminCall(t, 'POST', '/api/admin/catalog/entries/venues', manager.cookie, { entry: { id: -1, name: { ru: '' }, address: { ru: 'x' }, mapUrl: 'ftp://x' } });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().fields.map((f: { path: string }) => f.path)).toEqual(['entry.name.ru', 'entry.mapUrl']);
    const rule = await adminCall(t, 'POST', '/api/admin/catalog/entries/mainMenus', manager.cookie, { entry: { id: -1, kindId: 999, name: { ru: 'Меню' } } });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().fields).toEqual([{ path: 'entry.kindId', code: 'invalid', text: 'Неверное значение (unknown kind 999).' }]);
    const kind = await adminCall(t, 'GET', '/api/admin/catalog/entries/halls', manager.cookie);
    expect(kind.statusCode).toBe(400);
    expect(await catalogFingerprint(t.db)).toEqual(before);
  });

  it('keeps a rules document body to the allow-list', async () => {
    const res = await adminCall(t, 'POST', '/api/admin/catalog/entries/rules', manager.cookie, {
      entry: { id: -1, slug: 'house-rules', name: { ru: 'Правила посещения' }, body: { ru: '<h2>Правила</h2><img src=x onerror=alert(1)><p>Без животных</p>' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = (await list('rules')).find((e) => e.entry.slug === 'house-rules');
    expect(saved?.entry.body).toEqual({ ru: '<h2>Правила</h2><p>Без животных</p>' });
    const page = await t.get('/api/rules?lang=ru');
    expect(page.body).toContain('Правила посещения');
  });
});

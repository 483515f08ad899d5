import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SetupEdit, logoForEveryLang, oneLogoOf } from '../../../contract/admin/setup.ts';
import { LANGS, pickLocalized } from '../../../contract/lang.ts';
import { noSchemeResponse } from '../../../contract/event.ts';
import { type TestApp, createClock, createTestApp } from '../../../tests/harness.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// The storefront setup page of the back office: owners edit it; the storefront follows at once.
let t: TestApp;
let owner: { cookie: string; member: { id: number; name: string } };
beforeAll(async () => {
  t = await createTestApp({ clock: createClock(new Date('2026-11-27T07:00:00Z')) });
  owner = await signedInAs(t, 'owner');
});
afterAll(() => t.close());

type Editor = { setup: SetupEdit; revision: number; updatedBy: string | null; fixedByFile: string[] };
const load = async (cookie = owner.cookie) => (await adminCall(t, 'GET', '/api/admin/setup', cookie)).json<Editor>();
const save = (revision: number, setup: unknown, cookie = owner.cookie) =>
  adminCall(t, 'PUT', '/api/admin/setup', cookie, { revision, setup, lang: 'ru' });
const catalogVersion = async () => Number((await t.db.query<{ version: number }>('select version from catalog_version')).rows[0]?.version);
const setupRow = async () => (await t.db.query<{ data: unknown; revision: number }>('select data, revision from setup')).rows[0];
const audits = async () =>
  (
    await t.db.query<{ staff_id: number; before: SetupEdit; after: SetupEdit }>(
      "select staff_id, before, after from audit_log where action = 'setup.update' order by id",
    )
  ).rows;
const withContact = (form: Editor, contact: Record<string, unknown>) => ({
  ...form.setup,
  db: { ...form.setup.db, info_contact: { ...form.setup.db.info_contact, ...contact } },
});

/** A visitor's unpaid order of one ticket of a demo event, placed before the setup changes. */
async function visitorOrder() {
  const page = noSchemeResponse.parse((await t.post('/api/no-scheme', { hash: 'city-through-centuries', lang: 'ru' })).json());
  const entry = page.calendar[0];
  const price = page.price.find((p) => p.action_day === entry?.event_day);
  if (!entry || !price) throw new Error('the demo event has no session on sale');
  const created = await t.post('/api/order/create', {
    hash: 'city-through-centuries',
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
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ hash: string }>().hash;
}

describe('the storefront setup in the back office', () => {
  it("saves a new phone and header colour: the storefront's setup and listing show them on the next call, audited before and after", async () => {
    const orderHash = await visitorOrder();
    const orderBefore = (await t.post('/api/order/view', { hash: orderHash, lang: 'ru' })).json();
    // Warm every cache that carries the setup.
    expect((await t.get('/api/setup')).json().db.info_contact.phone).not.toBe('+7 (495) 000-11-22');
    await t.get('/api/afisha?lang=ru');
    const version = await catalogVersion();

    const form = await load();
    expect(form.fixedByFile).toEqual([]);
    const res = await save(form.revision, {
      ...withContact(form, { phone: '+7 (495) 000-11-22' }),
      app: { ...form.setup.app, header_background: '#8a1538' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().revision).toBe(form.revision + 1);

    const storefront = (await t.get('/api/setup')).json();
    expect(storefront.db.info_contact.phone).toBe('+7 (495) 000-11-22');
    expect(storefront.app.header_background).toBe('#8a1538');
    expect((await t.get('/api/afisha?lang=ru')).json().setup.db.info_contact.phone).toBe('+7 (495) 000-11-22');
    expect(await catalogVersion()).toBe(version + 1);

    const entry = (await audits()).at(-1);
    expect(entry?.staff_id).toBe(owner.member.id);
    expect(entry?.before.db.info_contact.phone).toBe(form.setup.db.info_contact.phone);
    expect(entry?.after.db.info_contact.phone).toBe('+7 (495) 000-11-22');
    expect(entry?.after.app.header_background).toBe('#8a1538');
    // The order placed before keeps everything it had.
    expect((await t.post('/api/order/view', { hash: orderHash, lang: 'ru' })).json()).toEqual(orderBefore);

    const reloaded = await load();
    expect(reloaded.updatedBy).toBe(owner.member.name);
    expect(reloaded.setup.db.info_contact.phone).toBe('+7 (495) 000-11-22');
  });

  it('replaces a localized text whole: requisites cleared in one language are gone', async () => {
    const form = await load();
    const first = await save(form.revision, withContact(form, { requisites: { ru: 'ИНН 7701234567', en: 'TIN 7701234567' } }));
    expect(first.statusCode, first.body).toBe(200);
    const second = await save(first.json().revision, withContact(form, { requisites: { ru: 'ИНН 7701234567' } }));
    expect(second.statusCode, second.body).toBe(200);
    expect((await t.get('/api/setup')).json().db.info_contact.requisites).toEqual({ ru: 'ИНН 7701234567' });
  });

  it('refuses a save made on an older revision, naming who saved since and when', async () => {
    const form = await load();
    expect((await save(form.revision, withContact(form, { email: 'box@venue.example' }))).statusCode).toBe(200);
    const before = await setupRow();
    const stale = await save(form.revision, withContact(form, { email: 'other@venue.example' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      errorCode: 'catalog-stale',
      errorText: `Изменено: ${owner.member.name}, 27.11.2026 10:00. Обновите страницу.`,
    });
    expect(await setupRow()).toEqual(before);
  });

  it('lets exactly one of two saves sent at once on one revision land', async () => {
    const form = await load();
    const [first, second] = await Promise.all([
      save(form.revision, withContact(form, { phone: '+7 (495) 111-11-11' })),
      save(form.revision, withContact(form, { phone: '+7 (495) 222-22-22' })),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const landed = first.statusCode === 200 ? '+7 (495) 111-11-11' : '+7 (495) 222-22-22';
    expect((await t.get('/api/setup')).json().db.info_contact.phone).toBe(landed);
    expect((await setupRow())?.revision).toBe(form.revision + 1);
  });

  const refusals = [
    {
      description: 'a header colour white text is unreadable on (below 4.5:1)',
      change: (s: SetupEdit) => ({ ...s, app: { ...s.app, header_background: '#ffcc00' } }),
      path: 'setup.app.header_background',
      code: 'contrast',
    },
    {
      description: 'a colour that is not #rrggbb',
      change: (s: SetupEdit) => ({ ...s, app: { ...s.app, header_background: 'red; background: url(x)' } }),
      path: 'setup.app.header_background',
      code: 'colour',
    },
    {
      description: 'a contact e-mail that is no e-mail',
      change: (s: SetupEdit) => ({ ...s, db: { ...s.db, info_contact: { ...s.db.info_contact, email: 'not an e-mail' } } }),
      path: 'setup.db.info_contact.email',
      code: 'email',
    },
    {
      description: 'a phone with letters',
      change: (s: SetupEdit) => ({ ...s, db: { ...s.db, info_contact: { ...s.db.info_contact, phone: 'call us' } } }),
      path: 'setup.db.info_contact.phone',
      code: 'phone',
    },
    {
      description: 'a Pushkin link that is no link',
      change: (s: SetupEdit) => ({ ...s, db: { ...s.db, info_contact: { ...s.db.info_contact, pushkin_url: 'javascript:alert(1)' } } }),
      path: 'setup.db.info_contact.pushkin_url',
      code: 'url',
    },
    {
      description: 'languages without the default one',
      change: (s: SetupEdit) => ({ ...s, app: { ...s.app, language: 'ru' }, db: { ...s.db, languages: 'en,kz' } }),
      path: 'setup.db.languages',
      code: 'default-language',
    },
    {
      description: 'an unknown language',
      change: (s: SetupEdit) => ({ ...s, db: { ...s.db, languages: 'ru,de' } }),
      path: 'setup.db.languages',
      code: 'languages',
    },
    {
      description: 'an empty Russian title',
      change: (s: SetupEdit) => ({ ...s, app: { ...s.app, title: { ...s.app.title, ru: ' ' } } }),
      path: 'setup.app.title.ru',
      code: 'required',
    },
    { description: 'five card columns', change: (s: SetupEdit) => ({ ...s, tickets_col: 5 }), path: 'setup.tickets_col', code: 'invalid' },
  ];
  it.each(refusals)('refuses $description on its field and changes nothing', async ({ change, path, code }) => {
    const form = await load();
    const before = await setupRow();
    const count = (await audits()).length;
    const res = await save(form.revision, change(form.setup));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toContainEqual({ path, code });
    expect(res.json().errorText).toMatch(/\S/);
    expect(await setupRow()).toEqual(before);
    expect((await audits()).length).toBe(count);
  });

  it("is the owner's: a manager is refused", async () => {
    const manager = await signedInAs(t, 'manager');
    expect((await adminCall(t, 'GET', '/api/admin/setup', manager.cookie)).statusCode).toBe(403);
  });
});

describe('one logo for every language', () => {
  it('one upload saved for all four languages is the logo the storefront header shows in each, in one audited save', async () => {
    const form = await load();
    // The demo has a logo per language: the page opens with a logo per language.
    expect(oneLogoOf(form.setup.app.logo)).toBeUndefined();
    const png = await sharp({ create: { width: 320, height: 80, channels: 4, background: { r: 20, g: 40, b: 120, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images?lang=ru',
      payload: png,
      headers: {
        'content-type': 'image/png',
        'x-csrf-token': await t.csrfToken(owner.cookie),
        'x-requested-with': 'XMLHttpRequest',
        cookie: owner.cookie,
      },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json<{ url: string }>().url;
    const auditsBefore = (await audits()).length;

    const res = await save(form.revision, {
      ...form.setup,
      app: { ...form.setup.app, logo: logoForEveryLang(url), logo_mobile: logoForEveryLang(url) },
    });
    expect(res.statusCode, res.body).toBe(200);

    const storefront = (await t.get('/api/setup')).json<{ app: { logo: Record<string, string>; logo_mobile: Record<string, string> } }>();
    for (const lang of LANGS) {
      // What web/app/shell/header.tsx draws: the language's logo, and its phone logo.
      expect(pickLocalized(storefront.app.logo, lang), lang).toBe(url);
      expect(pickLocalized(storefront.app.logo_mobile, lang) || pickLocalized(storefront.app.logo, lang), lang).toBe(url);
    }
    expect((await t.get(url)).statusCode).toBe(200);
    const entries = await audits();
    expect(entries).toHaveLength(auditsBefore + 1);
    expect(entries.at(-1)?.after.app.logo).toEqual({ ru: url, en: url, kz: url, ch: url });
    // Reloaded, every language shows the same picture: the page opens with one logo.
    const reloaded = await load();
    expect(oneLogoOf(reloaded.setup.app.logo)).toBe(url);
    expect(oneLogoOf(reloaded.setup.app.logo_mobile)).toBe(url);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createClock, createTestApp } from '../../../tests/harness.ts';
import { makeOrder, preparePaymentCatalog, view } from '../../payments/payment-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// Special offers in the back office (on both databases), and the order page seeing each change at once.
let t: TestApp;
let manager: { cookie: string; member: { id: number; name: string } };
let owner: { cookie: string; member: { id: number; name: string } };
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-27T07:00:00Z')) });
  await preparePaymentCatalog(t, { capacity: 200 });
  manager = await signedInAs(t, 'manager');
  owner = await signedInAs(t, 'owner');
});
afterAll(() => t.close());

const draft = {
  packageId: null,
  eventId: 9000,
  name: { ru: 'Плед', en: 'Blanket', kz: 'Жамылғы', ch: '毛毯' },
  description: { ru: 'Выдаётся в гардеробе' },
  amount: 15_000,
  perOrderLimit: 2,
  seatTied: false,
  stockTotal: 3,
  sortnum: 5,
  active: true,
};
const offersTable = async () => (await t.db.query('select * from special_offers order by id')).rows;
const offerOf = async (id: number) => (await adminCall(t, 'GET', `/api/admin/special-offers/${id}`, manager.cookie)).json().offer;
const add = (hash: string, parent: number, offer: { id: number; packageId: number; amount: number }, n = 1) =>
  t.post('/api/order/add-special-offer', {
    hash,
    lang: 'ru',
    data: Array.from({ length: n }, (_, i) => ({
      uid: String(i),
      parent_id: parent,
      package_id: offer.packageId,
      price_id: offer.id,
      cost: offer.amount / 100,
    })),
  });

describe('special offers in the back office', () => {
  it('creates one with the next free id, audited, offered on the order page at once', async () => {
    const res = await adminCall(t, 'POST', '/api/admin/special-offers', manager.cookie, draft);
    expect(res.statusCode, res.body).toBe(200);
    const offer = res.json().offer;
    expect(offer).toMatchObject({
      id: 4,
      packageId: 4,
      eventName: 'Событие',
      stockLeft: 3,
      stockTotal: 3,
      paid: 0,
      unpaid: 0,
      used: false,
      revision: 1,
      updatedBy: manager.member.name,
    });
    const audit = (await t.db.query("select action from audit_log where subject_type = 'special-offer' and subject_id = '4'")).rows;
    expect(audit).toEqual([{ action: 'special-offer.create' }]);
    const order = await makeOrder(t);
    const view1 = await view(t, order.hash);
    expect(JSON.stringify(view1.body)).toContain('Плед');
  });

  it('refuses bad input on its field and changes nothing', async () => {
    const before = await offersTable();
    const cases: Array<[object, string]> = [
      [{ name: { ru: ' ' } }, 'name.ru'],
      [{ amount: -1 }, 'amount'],
      [{ perOrderLimit: 0 }, 'perOrderLimit'],
      [{ stockTotal: -2 }, 'stockTotal'],
      [{ eventId: 0 }, 'eventId'],
    ];
    for (const [change, path] of cases) {
      const res = await adminCall(t, 'POST', '/api/admin/special-offers', manager.cookie, { ...draft, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual([path]);
    }
    const unknown = await adminCall(t, 'POST', '/api/admin/special-offers', manager.cookie, { ...draft, eventId: 4242 });
    expect(unknown.json()).toMatchObject({ errorCode: '-2251', fields: [{ path: 'eventId', code: 'unknown-event' }] });
    expect(await offersTable()).toEqual(before);
  });

  it('keeps an order in progress at its price, refuses a total below what orders hold, and sets what is left by the total', async () => {
    const offer = await offerOf(4);
    const order = await makeOrder(t);
    const parent = (await view(t, order.hash)).body.main[0].id as number;
    const added = await add(order.hash, parent, offer, 2);
    expect(added.json()).toEqual({ errorCode: '0', errorText: '' });
    expect(await offerOf(4)).toMatchObject({ stockLeft: 1, stockTotal: 3, unpaid: 2, used: true });
    const totalBefore = (await view(t, order.hash)).body.total;

    const below = await adminCall(t, 'PUT', '/api/admin/special-offers/4', manager.cookie, { ...draft, stockTotal: 1, revision: 1 });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({
      errorCode: '-2403',
      errorText: 'Всего к продаже не может быть меньше, чем уже в заказах: 2.',
      fields: [{ path: 'stockTotal', code: 'below-orders' }],
    });

    const dearer = await adminCall(t, 'PUT', '/api/admin/special-offers/4', manager.cookie, {
      ...draft,
      amount: 40_000,
      stockTotal: 2,
      revision: 1,
    });
    expect(dearer.statusCode, dearer.body).toBe(200);
    expect(dearer.json().offer).toMatchObject({ amount: 40_000, stockLeft: 0, stockTotal: 2, unpaid: 2, revision: 2 });
    // The order keeps its two services at 150 ₽; a second visitor sees the new price and nothing left.
    expect((await view(t, order.hash)).body.total).toBe(totalBefore);
    const next = await makeOrder(t);
    const nextParent = (await view(t, next.hash)).body.main[0].id as number;
    const soldOut = await add(next.hash, nextParent, { ...offer, amount: 40_000 });
    expect(soldOut.json()).toEqual({ errorCode: '-9998', errorText: 'Предложение закончилось.' });

    const audit = (
      await t.db.query<{ before: { amount: number }; after: { amount: number } }>(
        "select before, after from audit_log where action = 'special-offer.update' and subject_id = '4'",
      )
    ).rows;
    expect(audit).toEqual([
      expect.objectContaining({ before: expect.objectContaining({ amount: 15_000 }), after: expect.objectContaining({ amount: 40_000 }) }),
    ]);
  });

  it('refuses a stale save naming who and when, and a deletion of an offer orders took', async () => {
    t.clock.advance(5 * 60_000);
    const saved = await adminCall(t, 'PUT', '/api/admin/special-offers/4', owner.cookie, {
      ...draft,
      amount: 40_000,
      stockTotal: 5,
      active: false,
      revision: 2,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await adminCall(t, 'PUT', '/api/admin/special-offers/4', manager.cookie, { ...draft, revision: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorText).toBe(`Изменено: ${owner.member.name}, 27.11.2026 10:05. Обновите страницу.`);
    const gone = await adminCall(t, 'DELETE', '/api/admin/special-offers/4?revision=3', manager.cookie);
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toEqual({ errorCode: '-2402', errorText: 'Услуга уже есть в заказах: удалить её нельзя, можно только отключить.' });
    // Switched off: the next order page does not offer it.
    const order = await makeOrder(t);
    expect(JSON.stringify((await view(t, order.hash)).body)).not.toContain('Плед');
  });

  it('deletes an offer no order took, audited', async () => {
    const made = (
      await adminCall(t, 'POST', '/api/admin/special-offers', manager.cookie, { ...draft, name: { ru: 'Шарф' }, stockTotal: null })
    ).json().offer;
    expect(made).toMatchObject({ stockLeft: null, stockTotal: null });
    const res = await adminCall(t, 'DELETE', `/api/admin/special-offers/${made.id}?revision=1`, manager.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await adminCall(t, 'GET', `/api/admin/special-offers/${made.id}`, manager.cookie)).statusCode).toBe(404);
    const actions = (
      await t.db.query<{ action: string }>(
        "select action from audit_log where subject_type = 'special-offer' and subject_id = $1 order by id",
        [String(made.id)],
      )
    ).rows;
    expect(actions.map((a) => a.action)).toEqual(['special-offer.create', 'special-offer.delete']);
    const list = (await adminCall(t, 'GET', '/api/admin/special-offers', manager.cookie)).json().offers;
    expect(list.map((o: { id: number }) => o.id)).toEqual([1, 2, 3, 4]);
  });
});

describe("a special offer's description is a rich text", () => {
  const hostile = {
    ru: '<p onclick="steal()">Плед <b>из шерсти</b><script>alert(1)</script></p><a href="javascript:alert(2)">ссылка</a> <a href="https://venue.example/plaid" onmouseover="x()">подробнее</a><img src=x onerror=alert(3)><style>p{}</style>',
    en: 'A <i>wool</i> blanket<iframe src="https://evil.example/"></iframe>',
  };
  const clean = {
    ru: '<p>Плед <b>из шерсти</b></p><a>ссылка</a> <a href="https://venue.example/plaid">подробнее</a>',
    en: 'A <i>wool</i> blanket',
  };

  it('is stored through the allow-list on create and on save, and the order page gets that HTML', async () => {
    const created = await adminCall(t, 'POST', '/api/admin/special-offers', manager.cookie, {
      ...draft,
      eventId: null,
      stockTotal: null,
      description: hostile,
    });
    expect(created.statusCode, created.body).toBe(200);
    const offer = created.json().offer;
    expect(offer.description).toEqual(clean);
    const stored = await t.db.query<{ description: unknown }>('select description from special_offers where id = $1', [offer.id]);
    expect(stored.rows[0]?.description).toEqual(clean);

    const order = await makeOrder(t);
    const shown = ((await view(t, order.hash)).body.addToping as Array<{ price_id: number; descript: Record<string, string> }>).filter(
      (o) => o.price_id === offer.id,
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const o of shown) expect(o.descript).toMatchObject(clean);

    const saved = await adminCall(t, 'PUT', `/api/admin/special-offers/${offer.id}`, manager.cookie, {
      ...draft,
      eventId: null,
      stockTotal: null,
      revision: offer.revision,
      description: {
        ru: '<ul><li onfocus="x()">Один</li><li>Два<object data="x"></object></li></ul>',
        kz: '<a href=" java\tscript:alert(1)">Kz</a>',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().offer.description).toEqual({ ru: '<ul><li>Один</li><li>Два</li></ul>', kz: '<a>Kz</a>' });
    const after = (
      (await view(t, (await makeOrder(t)).hash)).body.addToping as Array<{ price_id: number; descript: Record<string, string> }>
    ).find((o) => o.price_id === offer.id);
    expect(after?.descript.ru).toBe('<ul><li>Один</li><li>Два</li></ul>');
    const audit = (
      await t.db.query<{ after: { description: unknown } }>(
        "select after from audit_log where action = 'special-offer.update' and subject_id = $1",
        [String(offer.id)],
      )
    ).rows;
    expect(audit.at(-1)?.after.description).toEqual({ ru: '<ul><li>Один</li><li>Два</li></ul>', kz: '<a>Kz</a>' });
  });
});

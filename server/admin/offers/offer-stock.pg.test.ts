import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/harness.ts';
import { makeOrder, view } from '../../payments/payment-test-kit.ts';
import { adminCall, managerOnPaymentCatalog } from '../staff/staff-test-kit.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so a save and a sale never overlap there.
let t: TestApp;
let manager: string;
beforeAll(async () => {
  ({ t, manager } = await managerOnPaymentCatalog());
});
afterAll(() => t.close());

const draft = { eventId: 9000, name: { ru: 'Плед' }, amount: 10_000, perOrderLimit: 1, stockTotal: 30 };

describe('an offer saved while visitors take it (PostgreSQL)', () => {
  it('keeps what is left equal to the total less what orders hold, whatever the order of saves and sales', async () => {
    const offer = (await adminCall(t, 'POST', '/api/admin/special-offers', manager, draft)).json().offer;
    const orders = await Promise.all(Array.from({ length: 20 }, () => makeOrder(t)));
    const parents = await Promise.all(orders.map(async (o) => (await view(t, o.hash)).body.main[0].id as number));
    const sales = orders.map((o, i) =>
      t.post('/api/order/add-special-offer', {
        hash: o.hash,
        lang: 'ru',
        data: [{ uid: '0', parent_id: parents[i], package_id: offer.packageId, price_id: offer.id, cost: 100 }],
      }),
    );
    const saves = (async () => {
      let revision = offer.revision as number;
      for (const total of [28, 26, 24, 22]) {
        const res = await adminCall(t, 'PUT', `/api/admin/special-offers/${offer.id}`, manager, { ...draft, stockTotal: total, revision });
        expect(res.statusCode, res.body).toBe(200);
        revision = res.json().offer.revision;
      }
    })();
    const answers = await Promise.all(sales);
    await saves;
    for (const answer of answers) expect(answer.json()).toEqual({ errorCode: '0', errorText: '' });
    const { rows } = await t.db.query<{ stock: number; held: number }>(
      'select f.stock, (select count(*)::int from order_services s where s.offer_id = f.id) as held from special_offers f where f.id = $1',
      [offer.id],
    );
    expect(rows[0]).toEqual({ stock: 2, held: 20 });
  });

  it('lands exactly one of two saves sent at once on the same revision', async () => {
    const offer = (await adminCall(t, 'POST', '/api/admin/special-offers', manager, { ...draft, name: { ru: 'Шарф' } })).json().offer;
    const [a, b] = await Promise.all([
      adminCall(t, 'PUT', `/api/admin/special-offers/${offer.id}`, manager, { ...draft, amount: 1, revision: offer.revision }),
      adminCall(t, 'PUT', `/api/admin/special-offers/${offer.id}`, manager, { ...draft, amount: 2, revision: offer.revision }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/harness.ts';
import { makeOrder, view } from '../../payments/payment-test-kit.ts';
import { adminCall, managerOnPaymentCatalog } from '../staff/staff-test-kit.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so a save and a promo call never overlap there.
let t: TestApp;
let manager: string;
beforeAll(async () => {
  ({ t, manager } = await managerOnPaymentCatalog());
});
afterAll(() => t.close());

const terms = { kind: 'percent', value: 1000, validFrom: null, validUntil: null, usageLimit: null, eventId: null, active: true };

describe('a promo code changed while a visitor applies it (PostgreSQL)', () => {
  it('either refuses the change, the order keeping the old discount, or the order gets the new one: never a discount its code no longer has', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const code = `RACE${i}X`;
        const made = (await adminCall(t, 'POST', '/api/admin/promo-codes', manager, { ...terms, code })).json().code;
        const order = await makeOrder(t);
        const apply = () => t.post('/api/order/discount', { hash: order.hash, lang: 'ru', promoCode: code });
        const change = () =>
          adminCall(t, 'PUT', `/api/admin/promo-codes/${made.id}`, manager, { ...terms, code, value: 5000, revision: made.revision });
        const [applied, changed] = i % 2 ? await Promise.all([apply(), change()]) : (await Promise.all([change(), apply()])).reverse();
        expect(applied?.statusCode, applied?.body).toBe(200);
        const discount = (await view(t, order.hash)).body.discountData.totalDiscount as number;
        return { changed: changed?.statusCode, discount, errorCode: changed?.json().errorCode };
      }),
    );
    // The order is 2 × 500 ₽: 10 % is 100 ₽, 50 % is 500 ₽.
    for (const o of outcomes) {
      if (o.changed === 200) expect(o.discount).toBe(500);
      else expect(o).toMatchObject({ changed: 409, errorCode: '-2401', discount: 100 });
    }
  });
});

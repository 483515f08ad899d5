import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { signCrmToken } from '../crm/crm-token.ts';
import { insertQuantityCatalog, ordinaryOrderBody, sessionWhen } from './quantity-fixtures.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so rows never contend there.
const CRM_SECRET = 'crm-secret-'.padEnd(40, 'z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, config: { crmSecret: CRM_SECRET } });
  await insertQuantityCatalog(t.db, { capacity: 20 });
});
afterAll(() => t.close());

describe('POST /api/order/create under concurrency (PostgreSQL)', () => {
  it('sells exactly the last 20 places to 300 concurrent buyers, and the remainder never goes below zero', async () => {
    const when = await sessionWhen(t.db, 9200);
    await t.csrfToken();
    const body = (i: number) => ordinaryOrderBody(when, i);
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => t.post('/api/order/create', body(i))));

    const codes = answers.map((a) => a.json<{ errorCode: string }>().errorCode);
    expect(codes.filter((c) => c === '0')).toHaveLength(20);
    expect(codes.filter((c) => c === '-1010')).toHaveLength(280);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);

    const { rows } = await t.db.query<{ remaining: number; sold: number; orders: number; tickets: number }>(
      `select (select remaining from sessions where id = 9200) as remaining,
              (select coalesce(sum(quantity), 0) from order_lines where session_id = 9200) as sold,
              (select count(*) from orders) as orders,
              (select count(*) from tickets) as tickets`,
    );
    expect(rows[0]).toEqual({ remaining: 0, sold: 20, orders: 20, tickets: 20 });
  });

  it('sells a limited category and subscription visits exactly up to their stock', async () => {
    const when = await sessionWhen(t.db, 9201);
    const base = {
      hash: 'test-qty-ordinary',
      fio: 'Покупатель Номер',
      phone: '+7 999 000 0000',
      email: 'buyer@example.com',
      checkboxList: [{ id: 9200, checked: true }],
    };
    const limited = { ...base, data: [{ ...when, actionId: 9200, categoryId: 9204, quantity: 1 }] };
    const bySubscription = { ...base, data: [{ ...when, actionId: 9200, categoryId: 9200, quantity: 1, subscrit_id: 9203 }] };
    const token = signCrmToken(CRM_SECRET, 9200, t.clock.now() + 3600_000);
    const answers = await Promise.all([
      ...Array.from({ length: 60 }, () => t.post('/api/order/create', limited)),
      ...Array.from({ length: 60 }, () => t.post('/api/order/create', bySubscription, { 'x-crm-token': token })),
    ]);
    const ok = answers.map((a) => a.json<{ errorCode: string }>().errorCode === '0');
    expect(ok.slice(0, 60).filter(Boolean)).toHaveLength(3);
    expect(ok.slice(60).filter(Boolean)).toHaveLength(3);
    const { rows } = await t.db.query<{ limited: number; visits: number; remaining: number }>(
      `select (select remaining from price_stock where session_id = 9201 and price_id = 9205) as limited,
              (select remaining from crm_subscriptions where client_id = 9200) as visits,
              (select remaining from sessions where id = 9201) as remaining`,
    );
    expect(rows[0]).toEqual({ limited: 0, visits: 0, remaining: 4 });
  });
});

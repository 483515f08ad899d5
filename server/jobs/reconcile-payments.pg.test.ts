import { afterAll, beforeAll, expect, it } from 'vitest';
import { PUBLIC_URL, acquirersConfig, deliverTo, pressAtFake } from '../../tests/fakes/acquirer-test-kit.ts';
import { type TbankFake, startTbankFake } from '../../tests/fakes/tbank-fake.ts';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { makeOrder, pay, preparePaymentCatalog } from '../payments/payment-test-kit.ts';
import { reconcileStalePayments } from './reconcile-payments.ts';

let t: TestApp;
let fake: TbankFake;
beforeAll(async () => {
  // The bank judges RedirectDueDate by the storefront's test clock.
  fake = await startTbankFake({ terminals: { Pg: 'pg-password' }, deliver: deliverTo(() => t), now: () => t.clock.now() });
  t = await createTestApp({
    demo: false,
    clock: createClock(new Date('2026-11-21T10:00:00Z')),
    config: {
      publicUrl: PUBLIC_URL,
      acquirers: acquirersConfig({ card: 'tbank', tbank: { terminalKey: 'Pg', password: 'pg-password' }, tbankApiUrl: fake.apiUrl }),
    },
  });
  await preparePaymentCatalog(t, { capacity: 500 });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

it('instances reconciling at once read each stale payment back once (SKIP LOCKED and a lease) and pay every order', async () => {
  fake.dropNotifications();
  const hashes: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const order = await makeOrder(t, { lines: [{ quantity: 1 }] });
    const answer = await pay(t, order.hash, 1);
    await pressAtFake(String(answer.bankUrl), 'pay');
    hashes.push(order.hash);
  }
  t.clock.advance(15 * 60_000 + 1000);
  const before = fake.calls.filter((c) => c.method === 'GetState').length;
  const claimed = await Promise.all([1, 2, 3].map(() => reconcileStalePayments(t.db, t.app.payments, t.clock.now)));
  expect(claimed.reduce((a, b) => a + b, 0)).toBe(6);
  expect(fake.calls.filter((c) => c.method === 'GetState').length - before).toBe(6);
  const { rows } = await t.db.query<{ status: number }>('select status from orders where hash = any($1::text[])', [hashes]);
  expect(rows.map((r) => r.status)).toEqual(Array(6).fill(OrderStatus.paid));
  // Nothing is left to read back, and a second pass within the lease asks nothing.
  expect(await reconcileStalePayments(t.db, t.app.payments, t.clock.now)).toBe(0);
});

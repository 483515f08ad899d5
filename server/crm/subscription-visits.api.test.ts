import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { expireUnpaidOrders } from '../jobs/expiry.ts';
import {
  CRM_SECRET,
  confirmReturn,
  orderBySubscription,
  payFree,
  placesLeft,
  prepareSubscriptionCatalog,
  requestReturn,
  visitsLeft,
} from './subscription-test-kit.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ demo: false, config: { crmSecret: CRM_SECRET } });
  await prepareSubscriptionCatalog(t, 5);
});
afterEach(() => t.close());

describe('subscription visits come back with the places', () => {
  it('gives the visits back when an order by subscription expires unpaid', async () => {
    const places = await placesLeft(t);
    await orderBySubscription(t, 2);
    expect(await visitsLeft(t)).toBe(3);

    expect(await expireUnpaidOrders(t.db, new Date(t.clock.now() + 16 * 60_000))).toBe(1);
    expect(await visitsLeft(t)).toBe(5);
    expect(await placesLeft(t)).toBe(places);
    // A second run releases nothing and gives nothing more.
    expect(await expireUnpaidOrders(t.db, new Date(t.clock.now() + 30 * 60_000))).toBe(0);
    expect(await visitsLeft(t)).toBe(5);
  });

  it('gives the visits back when the tickets of a paid order are returned, one per ticket', async () => {
    const places = await placesLeft(t);
    const hash = await orderBySubscription(t, 3);
    expect((await payFree(t, hash)).body.errorCode).toBe('0');
    expect(await visitsLeft(t)).toBe(2);

    // One ticket first, then the other two.
    const first = await requestReturn(t, hash, 1);
    expect((await confirmReturn(t, hash, first)).status).toBe(200);
    expect(await visitsLeft(t)).toBe(3);
    const rest = await requestReturn(t, hash);
    expect((await confirmReturn(t, hash, rest)).status).toBe(200);
    expect(await visitsLeft(t)).toBe(5);
    expect(await placesLeft(t)).toBe(places);

    // The link used twice gives nothing more; nor does the expiry job for the paid order.
    expect((await confirmReturn(t, hash, rest)).body.errorCode).toBe('-1022');
    await expireUnpaidOrders(t.db, new Date(t.clock.now() + 16 * 60_000));
    expect(await visitsLeft(t)).toBe(5);
  });

  it('gives nothing to the subscription for an ordinary order of the same client', async () => {
    // An order without subscrit_id spends no visit, so its expiry gives none back.
    await t.db.query('update crm_subscriptions set remaining = 1 where client_id = 9200');
    const hash = await orderBySubscription(t, 1);
    await t.db.query('update order_lines set subscription_event_id = null where order_id = (select id from orders where hash = $1)', [
      hash,
    ]);
    expect(await expireUnpaidOrders(t.db, new Date(t.clock.now() + 16 * 60_000))).toBe(1);
    expect(await visitsLeft(t)).toBe(0);
  });
});

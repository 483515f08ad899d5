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

// Real PostgreSQL only: PGlite runs one transaction at a time, so nothing overlaps there.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ demo: false, config: { crmSecret: CRM_SECRET } });
  await prepareSubscriptionCatalog(t, 20);
});
afterEach(() => t.close());

/** One expiry worker: small batches until nothing is left. */
async function worker(at: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const released = await expireUnpaidOrders(t.db, at, 1);
    if (released === 0) return total;
    total += released;
  }
}

describe('subscription visits when expiry and returns race (PostgreSQL)', () => {
  it('gives every visit back exactly once', async () => {
    const places = await placesLeft(t);
    const paid = [await orderBySubscription(t, 2), await orderBySubscription(t, 2), await orderBySubscription(t, 1)];
    const unpaid = [await orderBySubscription(t, 2), await orderBySubscription(t, 3), await orderBySubscription(t, 1)];
    // Paid or expired, whichever commits first: its payment races the expiry below.
    const contested = await orderBySubscription(t, 2);
    expect(await visitsLeft(t)).toBe(20 - 13);
    for (const hash of paid) expect((await payFree(t, hash)).body.errorCode).toBe('0');
    const links = [];
    for (const hash of paid) links.push({ hash, hashConf: await requestReturn(t, hash) });

    // The reserves end for the expiry workers; returns and the contested payment still run at the clock's time.
    const at = new Date(t.clock.now() + 16 * 60_000);
    const [released, contestedPay, confirms] = await Promise.all([
      Promise.all([worker(at), worker(at), worker(at)]),
      payFree(t, contested),
      // Each link confirmed twice at once: one confirmation goes through.
      Promise.all(links.flatMap(({ hash, hashConf }) => [confirmReturn(t, hash, hashConf), confirmReturn(t, hash, hashConf)])),
    ]);
    const contestedPaid = contestedPay.body.errorCode === '0';
    expect(released.reduce((a, b) => a + b, 0)).toBe(unpaid.length + (contestedPaid ? 0 : 1));
    expect(confirms.filter((c) => c.status === 200)).toHaveLength(links.length);
    if (contestedPaid) expect((await confirmReturn(t, contested, await requestReturn(t, contested))).status).toBe(200);

    expect(await visitsLeft(t)).toBe(20);
    expect(await placesLeft(t)).toBe(places);
    expect(await worker(new Date(at.getTime() + 60_000))).toBe(0);
    expect(await visitsLeft(t)).toBe(20);
  });
});

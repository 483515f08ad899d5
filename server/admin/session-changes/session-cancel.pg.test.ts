import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog, sandboxId } from '../../payments/payment-test-kit.ts';
import { paidOrder } from '../../returns/returns-test-kit.ts';
import type { StaffActor } from '../orders/orders-desk.service.ts';
import { SESSION, managerActor, runUntilSettled } from './session-cancel-kit.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so the job's runners, the buyers
// paying and the cancellation never overlap there. Here they race for the same rows.
const CARD = 1;

let t: TestApp;
let actor: StaffActor;
beforeEach(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
  await preparePaymentCatalog(t, { capacity: 500 });
  await t.db.query(`update sessions set starts_at = $1 where id = ${SESSION}`, [new Date(t.clock.now() + 20 * 24 * 3600_000)]);
  actor = await managerActor(t);
});
afterEach(() => t.close());

/** Confirms the cancellation with a fresh dry run, again if orders changed in between (buyers are paying). */
async function cancelNow(): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const { plan } = await t.app.sessionCancellation.preview(SESSION);
    try {
      await t.app.sessionCancellation.start({ sessionId: SESSION, reason: 'Авария', fingerprint: plan.fingerprint, actor });
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '-2654') throw error;
    }
  }
  throw new Error('the dry run never held still');
}

/** Money each order's payments captured and what went back of it, and the session's free places. */
async function books() {
  const { rows } = await t.db.query<{ order_id: number; status: number; captured: number; refunded: number; refunds: number }>(
    `select o.id as order_id, o.status,
       coalesce((select sum(p.amount) from payments p where p.order_id = o.id and p.status = 'succeeded'), 0)::int as captured,
       coalesce((select sum(r.amount) from refunds r join payments p on p.id = r.payment_id where p.order_id = o.id and r.status = 'done'), 0)::int as refunded,
       (select count(*)::int from refunds r join payments p on p.id = r.payment_id where p.order_id = o.id) as refunds
     from orders o order by o.id`,
  );
  const session = await t.db.query<{ remaining: number; capacity: number }>(
    `select remaining, capacity from sessions where id = ${SESSION}`,
  );
  const bank = await t.db.query<{ n: number; total: number }>(
    'select count(*)::int as n, coalesce(sum(amount), 0)::int as total from sandbox_acquirer_refunds',
  );
  return { orders: rows, session: session.rows[0], bank: bank.rows[0] };
}

async function drainRefunds() {
  for (let i = 0; i < 20; i += 1) {
    t.clock.advance(10 * 60_000);
    const { done, failed } = await t.app.payments.processRefunds();
    if (done === 0 && failed === 0) return;
  }
}

describe('cancelling a session under load (PostgreSQL)', () => {
  it('keeps no buyer’s money when the session is cancelled while they pay: every captured kopeck goes back, once', async () => {
    const orders = [];
    for (let i = 0; i < 16; i += 1) orders.push(await makeOrder(t));
    const atBank = [];
    for (const order of orders) atBank.push(sandboxId(await pay(t, order.hash, CARD)));
    // Half the buyers press pay at the bank while staff cancel and three runners settle the orders.
    await Promise.all([
      ...atBank.filter((_, i) => i % 2 === 0).map((id) => completeAtBank(t, id, 'pay').catch(() => 'refused')),
      (async () => {
        await cancelNow();
        await Promise.all([runUntilSettled(t, 4), runUntilSettled(t, 4), runUntilSettled(t, 4)]);
      })(),
    ]);
    // The job may have settled an order before its late payment arrived: the payment core refunds that.
    await drainRefunds();
    const after = await books();
    for (const order of after.orders) {
      expect(order.refunded, `order ${order.order_id}`).toBe(order.captured);
      expect(order.refunds, `order ${order.order_id}`).toBeLessThanOrEqual(1);
    }
    const paidOnce = after.orders.filter((o) => o.captured > 0).length;
    expect(after.bank).toEqual({ n: paidOnce, total: after.orders.reduce((sum, o) => sum + o.captured, 0) });
    // No ticket of the session is valid, and every place is free again.
    const valid = await t.db.query<{ n: number }>(
      `select count(*)::int as n from tickets k join orders o on o.id = k.order_id where o.status = ${OrderStatus.paid} and k.status in (0, 60)`,
    );
    expect(valid.rows[0]?.n).toBe(0);
    expect(after.session?.remaining).toBe(after.session?.capacity);
  });

  it('refunds each of 40 paid orders exactly once with three runners at once', async () => {
    for (let i = 0; i < 40; i += 1) await paidOrder(t);
    await cancelNow();
    await Promise.all([runUntilSettled(t, 5), runUntilSettled(t, 5), runUntilSettled(t, 5)]);
    const after = await books();
    expect(after.orders.map((o) => [o.refunds, o.refunded])).toEqual(after.orders.map(() => [1, 106_000]));
    expect(after.bank).toEqual({ n: 40, total: 40 * 106_000 });
    const status = await t.app.sessionCancellation.status(SESSION);
    expect(status.cancellation).toMatchObject({
      progress: { total: 40, done: 40, failed: 0, pending: 0 },
      refunded: { orders: 40, amount: 40 * 106_000 },
    });
    expect(status.cancellation?.refunded).toEqual(status.cancellation?.planned.refund);
  });

  it('gives a web order racing the cancellation either a refunded place or a refusal, never a valid ticket', async () => {
    await paidOrder(t);
    const outcomes = await Promise.all([
      cancelNow().then(() => 'cancelled'),
      ...Array.from({ length: 8 }, () =>
        makeOrder(t).then(
          (o) => o.id,
          () => 'refused',
        ),
      ),
    ]);
    await runUntilSettled(t);
    // Orders placed before the cancellation committed are in its job; none after it was placed.
    const placed = outcomes.filter((o): o is number => typeof o === 'number');
    const settled = await t.db.query<{ order_id: number }>('select order_id from session_cancellation_orders');
    expect(settled.rows.map((r) => r.order_id)).toEqual(expect.arrayContaining(placed));
    const held = await t.db.query<{ n: number }>(
      `select count(*)::int as n from orders where released_at is null and status <> ${OrderStatus.paid}`,
    );
    expect(held.rows[0]?.n).toBe(0);
  });
});

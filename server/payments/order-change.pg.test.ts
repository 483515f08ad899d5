import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { completeAtBank, makeOrder, preparePaymentCatalog } from './payment-test-kit.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so Pay and a change never overlap
// there. Here they race for the order's row lock, as two tabs of one visitor would.

const CARD = 1;
const ORDERS = 24;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
  await preparePaymentCatalog(t, { capacity: 500 });
});
afterAll(() => t.close());

describe('Pay racing a change of the sum (PostgreSQL)', () => {
  it('never leaves a payable payment for the old sum: Pay is for the new sum or refused with -9997', async () => {
    const orders = [];
    for (let i = 0; i < ORDERS; i += 1) orders.push(await makeOrder(t));
    // A real acquirer answers the register call after a network round trip: widen that window.
    // For every third order the bank answers only once the change has committed, so the narrowest
    // interleaving (the change commits between Pay's transaction and the bank's answer) occurs for sure.
    const heldUntilChanged = new Map<string, Promise<unknown>>();
    const reachedBank = new Map<string, () => void>();
    const sandbox = t.app.payments.provider('sandbox');
    const startPayment = sandbox.startPayment.bind(sandbox);
    sandbox.startPayment = async (input) => {
      reachedBank.get(input.description)?.();
      await (heldUntilChanged.get(input.description) ?? new Promise((resolve) => setTimeout(resolve, 40 + Math.floor(Math.random() * 20))));
      return startPayment(input);
    };

    const answers = await Promise.all(
      orders.map(async (order, i) => {
        const description = `Заказ № ${order.number}`;
        const held = i % 3 === 0;
        const atBank = new Promise<void>((resolve) => reachedBank.set(description, resolve));
        let changed!: (value: unknown) => void;
        if (held) heldUntilChanged.set(description, new Promise((resolve) => (changed = resolve)));
        const paying = t.post('/api/order/pay', { hash: order.hash, lang: 'ru', bank_data: { id: CARD } });
        // The others' change comes a few milliseconds before or after Pay.
        await (held ? atBank : new Promise((resolve) => setTimeout(resolve, (i % 12) * 8)));
        const change = t.post('/api/order/discount', { hash: order.hash, lang: 'ru', promoCode: i % 2 === 0 ? 'DEMO10' : 'MINUS300' });
        const result = await change;
        if (held) changed(result);
        return { order, held, changed: result, paid: await paying };
      }),
    );

    let refused = 0;
    let oldCancelled = 0;
    for (const { order, held, changed, paid } of answers) {
      expect(changed.statusCode, changed.body).toBe(200);
      const { rows } = await t.db.query<{ total: number }>('select total from orders where id = $1', [order.id]);
      const total = rows[0]?.total as number;
      expect(total).toBeLessThan(106000);
      if (held) expect(paid.statusCode, 'the change committed while the bank registered the payment').toBe(409);
      if (paid.statusCode === 200) {
        // Started after the change committed, or before it: then the change cancelled it.
        const amount = Number(paid.json<{ form_bank: Record<string, string> }>().form_bank.amount);
        const { rows: payment } = await t.db.query<{ status: string }>('select status from payments where order_id = $1 and amount = $2', [
          order.id,
          amount,
        ]);
        if (amount !== total) {
          expect(payment.map((p) => p.status)).toEqual(['canceled']);
          oldCancelled += 1;
        }
      } else {
        expect(paid.statusCode, paid.body).toBe(409);
        expect(paid.json()).toMatchObject({ errorCode: '-9997' });
        refused += 1;
      }
      // Whatever the interleaving: no payment for another sum can still be paid, here or at the bank.
      const open = await t.db.query<{ amount: number; status: string; bank: string | null }>(
        `select p.amount, p.status, b.status as bank from payments p left join sandbox_acquirer_payments b on b.merchant_ref = p.public_id
         where p.order_id = $1 and (p.status in ('created', 'pending') or b.status = 'new')`,
        [order.id],
      );
      for (const payment of open.rows) expect(payment).toMatchObject({ amount: total, status: 'pending', bank: 'new' });
    }

    // The visitor presses Pay on every bank page they were shown: only the new sum pays the order.
    for (const { order } of answers) {
      const { rows: bank } = await t.db.query<{ id: string }>(
        'select b.id from sandbox_acquirer_payments b join payments p on p.public_id = b.merchant_ref where p.order_id = $1',
        [order.id],
      );
      for (const { id } of bank) await completeAtBank(t, id, 'pay');
      const { rows } = await t.db.query<{ status: number; total: number }>('select status, total from orders where id = $1', [order.id]);
      const paidBy = await t.db.query<{ amount: number }>(
        "select amount from payments where order_id = $1 and status = 'succeeded' and decline_reason is null",
        [order.id],
      );
      if (rows[0]?.status === OrderStatus.paid) expect(paidBy.rows).toEqual([{ amount: rows[0].total }]);
      else expect(paidBy.rows).toEqual([]);
    }
    expect(refused).toBeGreaterThanOrEqual(ORDERS / 3);
    // The other interleavings depend on the load; the counts are for the log, the checks above for the rule.
    console.info(`pay-change race of ${ORDERS}: ${refused} Pay refused with -9997, ${oldCancelled} started for the old sum then cancelled`);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReturnStatus } from '../../../contract/order-status.ts';
import { insertMiniCatalog } from '../../../tests/fixtures.ts';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';
import { makeOrder } from '../../payments/payment-test-kit.ts';
import type { StaffActor } from '../orders/orders-desk.service.ts';
import { duePayout } from '../box-office/desk-returns.service.ts';
import { SESSION, managerActor, runUntilSettled, ticketStatuses } from './session-cancel-kit.ts';

// Desk sales of a cancelled session: the job cannot hand out cash nor work the card terminal, so
// each desk sale's refund is due at the desk; the cashier pays it out the way it was paid, with
// the refund receipt as the register's task, once.
const NOON = new Date('2026-11-21T09:00:00Z');
const REGISTER = 'desk-1';

let t: TestApp;
let cashier: { cookie: string; member: { id: number; name: string } };
let manager: StaffActor;
const call = (method: 'GET' | 'POST', url: string, body?: unknown) => adminCall(t, method, url, cashier.cookie, body);

/** A two-ticket desk sale (2 × 500 ₽) at the register, paid as `payment` says; answers the order's id and number. */
async function deskSale(payment: Record<string, unknown>, register = REGISTER) {
  const sold = await call('POST', '/api/admin/desk/sales', {
    sessionId: SESSION,
    lines: [{ priceId: 9000, quantity: 2 }],
    payment,
    expectedTotal: 100000,
    register,
  });
  expect(sold.statusCode, sold.body).toBe(200);
  const id = sold.json<{ order: { id: number } }>().order.id;
  const { rows } = await t.db.query<{ number: number }>('select number from orders where id = $1', [id]);
  return { id, number: rows[0]?.number as number };
}

async function cancelSession() {
  const { plan } = await t.app.sessionCancellation.preview(SESSION);
  await t.app.sessionCancellation.start({ sessionId: SESSION, reason: 'Отмена', fingerprint: plan.fingerprint, actor: manager });
  await runUntilSettled(t);
  return plan;
}

const registerTasks = async (register = REGISTER) =>
  (await call('GET', `/api/admin/desk/register?register=${register}`)).json<{
    shift: { id: number } | null;
    tasks: { kind: string; total: number; request: { payments?: unknown } }[];
  }>();

beforeEach(async () => {
  t = await createTestApp({ demo: false, clock: createClock(NOON) });
  await insertMiniCatalog(t.db, { capacity: 20, priceLimit: 10 });
  await t.db.query(`update sessions set starts_at = $1 where id = ${SESSION}`, [new Date(NOON.getTime() + 7 * 86_400_000)]);
  cashier = await signedInAs(t, 'cashier');
  manager = await managerActor(t);
});
afterEach(() => t.close());

describe('desk sales of a cancelled session', () => {
  it('are counted apart in the dry run, left due at the desk by the job, and paid out there once, the way they were paid, with the refund receipt', async () => {
    const cash = await deskSale({ kind: 'cash', tendered: 100000 });
    const card = await deskSale({ kind: 'card', rrn: '123456789012' });
    const split = await deskSale({ kind: 'split', cash: 30000 });

    const plan = await cancelSession();
    expect(plan.refund.byType.desk).toEqual({ orders: 3, tickets: 6, amount: 300000 });
    expect(plan.refund.byType.card.orders + plan.refund.byType.sbp.orders + plan.refund.byType.pushkin.orders).toBe(0);
    // The job paid nothing out: the tickets stop admitting and wait for the desk, no receipt yet.
    for (const order of [cash, card, split])
      expect(await ticketStatuses(t, order.id)).toEqual([ReturnStatus.refunding, ReturnStatus.refunding]);
    expect((await t.db.query('select 1 from desk_refunds')).rows).toHaveLength(0);
    const status = await t.app.sessionCancellation.status(SESSION);
    expect(status.cancellation?.refunds).toMatchObject({ atDesk: 3, paidOutAtDesk: 0 });
    expect((await registerTasks()).tasks.filter((x) => x.kind === 'sellReturn')).toHaveLength(0);

    // The buyer brings the order's number (the e-mail says so): the desk shows the refund due.
    const lookup = await call('GET', `/api/admin/desk/returns/lookup?code=${split.number}`);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toMatchObject({
      order: { id: split.id, channel: 'desk' },
      quote: null,
      due: {
        amount: 100000,
        parts: [
          { method: 'card', amount: 70000 },
          { method: 'cash', amount: 30000 },
        ],
      },
    });

    // At a register whose drawer is empty the cash cannot be paid: refused, nothing changes.
    const short = await call('POST', '/api/admin/desk/returns/due', { register: 'desk-2', orderId: cash.id });
    expect(short.statusCode).toBe(409);
    expect(short.json().errorCode).toBe('-2636');
    expect(await ticketStatuses(t, cash.id)).toEqual([ReturnStatus.refunding, ReturnStatus.refunding]);
    expect((await t.db.query('select 1 from desk_refunds')).rows).toHaveLength(0);

    const paid = await call('POST', '/api/admin/desk/returns/due', { register: REGISTER, orderId: cash.id });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      amount: 100000,
      status: ReturnStatus.refunded,
      via: 'desk',
      task: { kind: 'sellReturn', total: 100000 },
    });
    expect(paid.json().task.request).toMatchObject({ type: 'sellReturn', payments: [{ type: 'cash', sum: 1000 }], total: 1000 });
    expect(await ticketStatuses(t, cash.id)).toEqual([ReturnStatus.refunded, ReturnStatus.refunded]);
    // Paid out once: a second press, or a second cashier, is refused.
    const again = await call('POST', '/api/admin/desk/returns/due', { register: REGISTER, orderId: cash.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('-2655');
    expect((await call('GET', `/api/admin/desk/returns/lookup?code=${cash.number}`)).json().due).toBeNull();

    const byCard = await call('POST', '/api/admin/desk/returns/due', { register: REGISTER, orderId: card.id });
    expect(byCard.json().task.request).toMatchObject({ payments: [{ type: 'electronically', sum: 1000 }] });
    const bySplit = await call('POST', '/api/admin/desk/returns/due', { register: REGISTER, orderId: split.id });
    expect(bySplit.json().task.request.payments).toEqual(
      expect.arrayContaining([
        { type: 'cash', sum: 300 },
        { type: 'electronically', sum: 700 },
      ]),
    );

    const { shift } = await registerTasks();
    const report = (await call('GET', `/api/admin/desk/shifts/${shift?.id}/report`)).json().report;
    expect(report).toMatchObject({ cashReturns: 130000, cardReturns: 170000, cashExpected: 0 });
    const refunds = await t.db.query<{ order_id: number; method: string; amount: number }>(
      'select order_id, method, amount from desk_refunds order by order_id, method',
    );
    expect(refunds.rows).toEqual([
      { order_id: cash.id, method: 'cash', amount: 100000 },
      { order_id: card.id, method: 'card', amount: 100000 },
      { order_id: split.id, method: 'card', amount: 70000 },
      { order_id: split.id, method: 'cash', amount: 30000 },
    ]);
    expect((await t.app.sessionCancellation.status(SESSION)).cancellation?.refunds).toMatchObject({ atDesk: 3, paidOutAtDesk: 3 });
    const audit = await t.db.query<{ n: number }>("select count(*)::int as n from audit_log where action = 'desk.return'");
    expect(audit.rows[0]?.n).toBe(3);
  });

  it('refuses a web order and an order of a session on sale: no refund is due at the desk for them', async () => {
    const web = await makeOrder(t);
    const sold = await deskSale({ kind: 'cash', tendered: 100000 });
    for (const orderId of [web.id, sold.id]) {
      const refused = await call('POST', '/api/admin/desk/returns/due', { register: REGISTER, orderId });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errorCode).toBe('-2655');
    }
    expect((await call('POST', '/api/admin/desk/returns/due', { register: REGISTER, orderId: 99999 })).statusCode).toBe(404);
    expect((await t.db.query('select 1 from desk_refunds')).rows).toHaveLength(0);
  });
});

describe('duePayout', () => {
  it('pays back the way the sale was paid, in proportion, the odd kopecks on the largest part', () => {
    expect(duePayout(100000, [{ method: 'cash', amount: 100000 }])).toEqual([{ method: 'cash', amount: 100000 }]);
    expect(
      duePayout(50001, [
        { method: 'card', amount: 70000 },
        { method: 'cash', amount: 30000 },
      ]),
    ).toEqual([
      { method: 'card', amount: 35001 },
      { method: 'cash', amount: 15000 },
    ]);
  });
});

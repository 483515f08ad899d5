import type { TestApp } from '../../../tests/harness.ts';
import { makeOrder } from '../../payments/payment-test-kit.ts';
import { addTestStaff } from '../staff/staff-test-kit.ts';
import type { StaffActor } from '../orders/orders-desk.service.ts';

/** The mini catalog's session, which these tests cancel or move. */
export const SESSION = 9000;

/** A member of staff the audit log can name, acting from a test address. */
export async function managerActor(t: TestApp): Promise<StaffActor> {
  const member = await addTestStaff(t, 'manager');
  return { id: member.id, name: 'Мария Управляющая', ip: '203.0.113.9', userAgent: 'vitest' };
}

/**
 * An order sold at the box office and paid in cash, as the desk records it: the order's channel,
 * its cash part in desk_payments, and the order marked paid through the payment core.
 */
export async function deskCashOrder(t: TestApp, member: StaffActor) {
  const order = await makeOrder(t);
  await t.db.transaction(async (tx) => {
    await tx.query(`update orders set channel = 'desk', sold_by = $2, sold_by_name = $3 where id = $1`, [order.id, member.id, member.name]);
    const { rows } = await tx.query<{ total: number }>('select total from orders where id = $1', [order.id]);
    await tx.query(`insert into desk_payments (order_id, method, amount, staff_id, created_at) values ($1, 'cash', $2, $3, $4)`, [
      order.id,
      rows[0]?.total,
      member.id,
      t.clock.date(),
    ]);
    if (!(await t.app.payments.markPaid(tx, order.id, t.clock.date()))) throw new Error('the desk order could not be marked paid');
  });
  return order;
}

/** Runs the cancellation job until it has nothing left to settle; answers how many runs it took. */
export async function runUntilSettled(t: TestApp, limit = 25): Promise<number> {
  for (let runs = 1; runs < 1000; runs += 1) {
    const { settled, failed } = await t.app.sessionCancellation.runBatch({ limit });
    if (settled === 0 && failed === 0) return runs;
  }
  throw new Error('the cancellation job never ran out of work');
}

export async function ticketStatuses(t: TestApp, orderId: number): Promise<number[]> {
  return (await t.db.query<{ status: number }>('select status from tickets where order_id = $1 order by id', [orderId])).rows.map(
    (r) => r.status,
  );
}

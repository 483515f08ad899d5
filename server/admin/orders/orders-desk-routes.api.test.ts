import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { makeOrder, preparePaymentCatalog } from '../../payments/payment-test-kit.ts';
import { paidOrder, resetReturnableEvent, snapshot } from '../../returns/returns-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// The desk and reports calls through the app: schemas, the guard, the audit log, errors in the
// staff member's language. The rules themselves are tested at the service level beside this.
const START = new Date('2026-11-21T10:00:00Z');

let t: TestApp;
let support: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 500 });
  support = (await signedInAs(t, 'support')).cookie;
  manager = (await signedInAs(t, 'manager')).cookie;
});
afterAll(() => t.close());
beforeEach(() => resetReturnableEvent(t, START));

const auditOf = async (orderId: number) =>
  (
    await t.db.query<{ action: string; staff_id: number | null; ip: string; after: Record<string, unknown> }>(
      `select action, staff_id, ip, after from audit_log where subject_type = 'order' and subject_id = $1 order by id`,
      [String(orderId)],
    )
  ).rows;

describe('orders desk calls', () => {
  it('finds an order by e-mail, shows it, refunds one ticket and records it in the audit log', async () => {
    const order = await paidOrder(t);
    await t.db.query(`update orders set email = 'desk.route@example.test' where id = $1`, [order.id]);
    const found = await adminCall(t, 'GET', '/api/admin/orders?q=desk.route', support);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().orders.map((o: { id: number }) => o.id)).toEqual([order.id]);

    const page = await adminCall(t, 'GET', `/api/admin/orders/${order.id}`, support);
    expect(page.statusCode, page.body).toBe(200);
    const [first] = page.json().tickets as { id: number; state: string }[];
    expect(first?.state).toBe('valid');

    const refunded = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/refund`, support, {
      ticketIds: [first?.id],
      reason: 'Попросил в кассе',
      lang: 'ru',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ errorCode: '0', amount: 50_000, status: 70 });
    // Opening the order's page is recorded too: staff read the buyer's personal data there.
    expect(await auditOf(order.id)).toEqual([
      expect.objectContaining({ action: 'order.view', staff_id: expect.any(Number) }),
      expect.objectContaining({ action: 'order.refund', after: expect.objectContaining({ amount: 50_000 }) }),
    ]);

    // The owner's audit browser names the order by its number and the ticket by its code, with the venue's currency.
    const owner = (await signedInAs(t, 'owner')).cookie;
    const log = await adminCall(t, 'GET', `/api/admin/audit?action=order.refund&subjectType=order&subjectId=${order.id}`, owner);
    expect(log.statusCode, log.body).toBe(200);
    const stored = (
      await t.db.query<{ number: number; code: string | null }>(
        'select o.number, k.code from orders o join tickets k on k.order_id = o.id where k.id = $1',
        [first?.id],
      )
    ).rows[0];
    expect(stored?.code).toBeTruthy();
    // The test venue keeps the default currency.
    expect(log.json()).toMatchObject({
      currency: 'RUB',
      ticketCodes: { [String(first?.id)]: stored?.code },
      entries: [{ action: 'order.refund', orderNumber: stored?.number, subjectName: null }],
    });
  });

  it('answers field errors in the staff member language and changes nothing', async () => {
    const order = await paidOrder(t);
    const before = await snapshot(t, order.id);
    const refused = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/refund`, support, {
      ticketIds: 'all',
      percent: 150,
      reason: '',
      lang: 'en',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: '-1002',
      fields: expect.arrayContaining([
        { path: 'percent', code: 'percent' },
        { path: 'reason', code: 'required-reason' },
      ]),
    });
    const paidCancel = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/cancel`, support, { reason: 'x', lang: 'en' });
    expect(paidCancel.statusCode).toBe(409);
    expect(paidCancel.json()).toEqual({
      errorCode: '-2100',
      errorText: 'Only an unpaid order can be cancelled. A paid order is refunded instead.',
    });
    expect(await snapshot(t, order.id)).toEqual(before);
    expect(await auditOf(order.id)).toEqual([]);
    const missing = await adminCall(t, 'GET', '/api/admin/orders/2000000000', support);
    expect(missing.statusCode).toBe(404);
  });

  it('cancels an unpaid order, resends tickets and adds a note, each audited', async () => {
    const unpaid = await makeOrder(t);
    const cancel = await adminCall(t, 'POST', `/api/admin/orders/${unpaid.id}/cancel`, support, { reason: 'Передумал' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const paid = await paidOrder(t);
    expect(
      (await adminCall(t, 'POST', `/api/admin/orders/${paid.id}/resend-tickets`, support, { to: 'again@example.test' })).statusCode,
    ).toBe(200);
    expect((await adminCall(t, 'POST', `/api/admin/orders/${paid.id}/notes`, support, { body: 'Позвонить' })).statusCode).toBe(200);
    expect((await auditOf(unpaid.id)).map((a) => a.action)).toEqual(['order.cancel']);
    expect((await auditOf(paid.id)).map((a) => a.action)).toEqual(['order.resend-tickets', 'order.note']);
  });
});

describe('the e-mail of an order', () => {
  const ordersEmail = async (orderId: number) =>
    (await t.db.query<{ email: string }>('select email from orders where id = $1', [orderId])).rows[0]?.email;
  const mailsTo = async (orderId: number) =>
    (await t.db.query<{ to_address: string }>('select to_address from mail_outbox where order_id = $1 order by id', [orderId])).rows.map(
      (r) => r.to_address,
    );

  it('resends the tickets to another address once, leaving the order e-mail as it was', async () => {
    const order = await paidOrder(t);
    const once = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/resend-tickets`, support, {
      to: ' Once.Other@Example.test ',
      lang: 'ru',
    });
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json()).toMatchObject({ errorCode: '0', to: 'Once.Other@Example.test' });
    expect(await ordersEmail(order.id)).toBe('buyer@example.test');
    const again = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/resend-tickets`, support, { lang: 'ru' });
    expect(again.json()).toMatchObject({ to: 'buyer@example.test' });
    expect((await mailsTo(order.id)).slice(-2)).toEqual(['Once.Other@Example.test', 'buyer@example.test']);
  });

  it("corrects the buyer's e-mail with a reason, audited before and after; resends then go to the new address", async () => {
    const order = await paidOrder(t);
    const changed = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/email`, support, {
      email: 'fixed@example.test',
      reason: 'Опечатка в адресе',
      lang: 'ru',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ errorCode: '0', errorText: '', email: 'fixed@example.test' });
    expect(await ordersEmail(order.id)).toBe('fixed@example.test');
    const audit = await t.db.query<{ action: string; before: unknown; after: unknown }>(
      `select action, before, after from audit_log where subject_type = 'order' and subject_id = $1 and action = 'order.email'`,
      [String(order.id)],
    );
    expect(audit.rows).toEqual([
      {
        action: 'order.email',
        // The audit log keeps the addresses masked, never in clear.
        before: { email: 'b***@example.test' },
        after: { email: 'f***@example.test', reason: 'Опечатка в адресе' },
      },
    ]);
    const resent = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/resend-tickets`, support, { lang: 'ru' });
    expect(resent.json()).toMatchObject({ errorCode: '0', to: 'fixed@example.test' });
    expect((await mailsTo(order.id)).at(-1)).toBe('fixed@example.test');
    expect((await adminCall(t, 'GET', `/api/admin/orders/${order.id}`, support)).json().order.email).toBe('fixed@example.test');
  });

  it('refuses a bad address, a missing reason and the same address with field errors in the staff language, and changes nothing', async () => {
    const order = await paidOrder(t);
    const before = await snapshot(t, order.id);
    const mailsBefore = await mailsTo(order.id);
    const bad = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/email`, support, {
      email: 'buyer@example',
      reason: '',
      lang: 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errorCode: '-1002',
      errorText: expect.stringMatching(/\S/),
      fields: expect.arrayContaining([
        { path: 'email', code: 'not-valid-email' },
        { path: 'reason', code: 'required-reason' },
      ]),
    });
    const same = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/email`, support, {
      email: 'buyer@example.test',
      reason: 'Проверка',
      lang: 'ru',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      errorCode: '-1002',
      errorText: expect.stringMatching(/\S/),
      fields: [{ path: 'email', code: 'same-email' }],
    });
    const badResend = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/resend-tickets`, support, { to: 'nobody', lang: 'kz' });
    expect(badResend.statusCode).toBe(400);
    expect(badResend.json()).toMatchObject({ errorCode: '-1002', fields: [{ path: 'to', code: 'not-valid-email' }] });
    expect(await snapshot(t, order.id)).toEqual(before);
    expect(await ordersEmail(order.id)).toBe('buyer@example.test');
    expect(await mailsTo(order.id)).toEqual(mailsBefore);
    expect(await auditOf(order.id)).toEqual([]);
    const missing = await adminCall(t, 'POST', '/api/admin/orders/2000000000/email', support, { email: 'x@example.test', reason: 'x' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('report calls', () => {
  it('answers the sales report and its CSV for Excel', async () => {
    await paidOrder(t);
    const report = await adminCall(t, 'GET', '/api/admin/reports/sales?from=2026-11-01&to=2026-11-30&group=event', manager);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().totals.amount).toBeGreaterThan(0);
    const csv = await adminCall(t, 'GET', '/api/admin/reports/sales.csv?from=2026-11-01&to=2026-11-30&group=day&lang=en', manager);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="sales-day-2026-11-01-2026-11-30.csv"');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('Day,Orders,Tickets sold,Sales,Tickets returned,Refunds,Net\r\n');
  });

  it('refuses a reversed period with a field error', async () => {
    const refused = await adminCall(t, 'GET', '/api/admin/reports/occupancy?from=2026-11-30&to=2026-11-01&lang=en', manager);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorCode: '-2103', fields: [{ path: 'to', code: 'report-range' }] });
  });
});

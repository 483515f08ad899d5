import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { adminCall, signedInAs } from '../admin/staff/staff-test-kit.ts';
import { DEVICE, deviceKey, withKey } from '../checkin/checkin-test-kit.ts';
import { preparePaymentCatalog } from '../payments/payment-test-kit.ts';
import { confirmReturn, createReturn, lastReturnLink, loadReturn, paidOrder, resetReturnableEvent, snapshot } from './returns-test-kit.ts';

// A ticket the door admitted is used: the visitor cannot return it, staff can (with the reason
// every staff refund records). Runs on PGlite and on PostgreSQL, where the last case races for real.
const START = new Date('2026-11-21T10:00:00Z');

let t: TestApp;
let key: string;
let support: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 500 });
  key = await deviceKey(t);
  support = (await signedInAs(t, 'support')).cookie;
});
afterAll(() => t.close());
beforeEach(() => resetReturnableEvent(t, START));

const ticketsOf = async (orderId: number) =>
  (await t.db.query<{ id: number; code: string }>('select id, code from tickets where order_id = $1 order by id', [orderId])).rows;
const admit = (code: string) => withKey(t, '/api/checkin/scan', key, { code, deviceId: DEVICE, sessionIds: [9000] });

async function orderWithOneAdmitted() {
  const order = await paidOrder(t, { lines: [{ quantity: 2 }] });
  const [used, unused] = await ticketsOf(order.id);
  if (!used || !unused) throw new Error('the order has two tickets');
  expect((await admit(used.code)).json()).toMatchObject({ verdict: 'admitted' });
  return { order, used, unused };
}

describe('a ticket admitted at the door', () => {
  it('is marked used on the return page and cannot be chosen, while the unused one can', async () => {
    const { order, used, unused } = await orderWithOneAdmitted();
    const view = await loadReturn(t, order.hash);
    expect(view.status).toBe(200);
    const rows = view.body.response.rows as unknown as { id: number; used: number; status_id: number }[];
    expect(rows.map((r) => ({ id: r.id, used: r.used, status_id: r.status_id }))).toEqual([
      { id: used.id, used: 1, status_id: 0 },
      { id: unused.id, used: 0, status_id: 0 },
    ]);
  });

  it.each([
    { lang: 'ru', text: 'Билет уже использован: по нему прошли на мероприятие. Использованный билет вернуть нельзя.' },
    { lang: 'en', text: 'The ticket has been used: it was admitted at the entrance. A used ticket cannot be returned.' },
    { lang: 'kz', text: 'Билет пайдаланылған: онымен іс-шараға кірді. Пайдаланылған билетті қайтаруға болмайды.' },
    { lang: 'ch', text: '门票已使用：已凭票入场。已使用的门票不能退票。' },
  ])('refuses the visitor a return of it with -1024 in $lang and changes nothing', async ({ lang, text }) => {
    const { order, used, unused } = await orderWithOneAdmitted();
    const before = await snapshot(t, order.id);
    const response = await t.post('/api/order/return-create', {
      hash: order.hash,
      lang,
      reason: 1,
      id: [unused.id, used.id],
      consent: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errorCode: '-1024', errorText: text });
    expect(await snapshot(t, order.id)).toEqual(before);
    // The unused ticket alone is still returnable.
    expect((await createReturn(t, order.hash, [unused.id])).status).toBe(200);
  });

  it('refuses to confirm a requested return once the door admitted the ticket meanwhile, and changes nothing', async () => {
    const order = await paidOrder(t);
    const [ticket] = await ticketsOf(order.id);
    if (!ticket) throw new Error('the order has a ticket');
    expect((await createReturn(t, order.hash, [ticket.id])).status).toBe(200);
    const { url } = await lastReturnLink(t);
    // A requested ticket still admits: the visitor may change their mind and come.
    expect((await admit(ticket.code)).json()).toMatchObject({ verdict: 'admitted' });
    const before = await snapshot(t, order.id);
    const confirmed = await confirmReturn(t, order.hash, url.searchParams.get('hash_conf') ?? '');
    expect(confirmed.status).toBe(409);
    expect(confirmed.body).toMatchObject({ errorCode: '-1024' });
    expect(await snapshot(t, order.id)).toEqual(before);
  });

  it('is refunded by staff, with the reason, and the audit entry names it as used', async () => {
    const { order, used } = await orderWithOneAdmitted();
    const refunded = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/refund`, support, {
      ticketIds: [used.id],
      reason: 'Зритель ушёл в начале: плохо себя почувствовал',
      lang: 'ru',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ errorCode: '0', status: 70 });
    const { rows } = await t.db.query<{ after: Record<string, unknown> }>(
      `select after from audit_log where action = 'order.refund' and subject_id = $1`,
      [String(order.id)],
    );
    expect(rows[0]?.after).toMatchObject({
      ticketIds: [used.id],
      usedTicketIds: [used.id],
      reason: 'Зритель ушёл в начале: плохо себя почувствовал',
    });
    // Refunded, the ticket no longer admits.
    expect((await admit(used.code)).json()).toMatchObject({ verdict: 'refunded' });
  });

  it('a confirmation and an admission of one ticket at the same moment never both succeed', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      const order = await paidOrder(t);
      const [ticket] = await ticketsOf(order.id);
      if (!ticket) throw new Error('the order has a ticket');
      expect((await createReturn(t, order.hash, [ticket.id])).status).toBe(200);
      const hashConf = (await lastReturnLink(t)).url.searchParams.get('hash_conf') ?? '';
      const [scan, confirmed] = await Promise.all([admit(ticket.code), confirmReturn(t, order.hash, hashConf)]);
      const verdict = (scan.json() as { verdict: string }).verdict;
      const confirmCode = String(confirmed.body.errorCode);
      outcomes.push(`${verdict}/${confirmCode}`);
      const { rows } = await t.db.query<{ status: number; admitted: boolean }>(
        'select t.status, exists (select 1 from checkins c where c.ticket_id = t.id) as admitted from tickets t where t.id = $1',
        [ticket.id],
      );
      // Either the visitor came in and keeps the ticket, or the ticket was returned and refused at the door.
      expect([
        { status: 60, admitted: true },
        { status: 70, admitted: false },
      ]).toContainEqual(rows[0]);
    }
    for (const outcome of outcomes) expect(['admitted/-1024', 'refunded/0']).toContain(outcome);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { ReturnStatus } from '../../../contract/order-status.ts';
import {
  ACQUIRER_TEST_START,
  lastPaymentOf,
  orderRowOf,
  pressAtFake,
  returnRequestFor,
  useTbankApp,
} from '../../../tests/fakes/acquirer-test-kit.ts';
import { type TbankFake } from '../../../tests/fakes/tbank-fake.ts';
import type { TestApp } from '../../../tests/harness.ts';
import { DEVICE, deviceKey, withKey } from '../../checkin/checkin-test-kit.ts';
import { adminCall, signedInAs } from '../../admin/staff/staff-test-kit.ts';
import { serverText } from '../../locales/texts.ts';
import type { ClosingReceiptsService } from '../../receipts/closing-receipts.service.ts';
import { makeOrder, pay } from '../payment-test-kit.ts';

const CARD = 1;
const TERMINAL = 'StorefrontTest';
const PASSWORD = 'terminal-password-1';

const acquirer = useTbankApp({ card: { terminalKey: TERMINAL, password: PASSWORD } });
let t: TestApp;
let fake: TbankFake;
let key: string;
// The session's venue day (Moscow) ends at midnight, 21:00 UTC.
const DAY_ENDED = new Date('2026-11-21T21:00:01Z');
beforeAll(async () => {
  t = acquirer.app();
  fake = acquirer.fake();
  // The session is today at 15:00 in Moscow, so the door admits its tickets.
  await t.db.query('update sessions set starts_at = $1 where id = 9000', [new Date(ACQUIRER_TEST_START.getTime() + 2 * 3600_000)]);
  key = await deviceKey(t);
});

const closing = () => t.app.closingReceipts as ClosingReceiptsService;
const atBank = async (orderId: number) => {
  const payment = await lastPaymentOf(t, orderId);
  const found = [...fake.payments.values()].find((p) => p.orderId === payment.public_id);
  if (!found) throw new Error('no payment at the fake');
  return found;
};
async function paidOrder(quantity = 2) {
  const order = await makeOrder(t, { lines: [{ quantity }] });
  const answer = await pay(t, order.hash, CARD);
  await pressAtFake(String(answer.bankUrl), 'pay');
  const row = await orderRowOf(t, order.hash);
  const { rows: tickets } = await t.db.query<{ id: number; code: string }>('select id, code from tickets where order_id = $1 order by id', [
    row.id,
  ]);
  return { ...order, id: row.id, tickets };
}
const tasksOf = async (orderId: number) =>
  (
    await t.db.query<{ reason: string; sent_at: Date | null }>(
      'select reason, sent_at from closing_receipts where order_id = $1 order by id',
      [orderId],
    )
  ).rows;

describe('T-Bank receipts: FFD 1.2, grouped items, the item limit', () => {
  it('60 tickets with their fees go as 2 items (quantity 60), FFD 1.2 with MeasurementUnit, and the fake’s schema check takes them', async () => {
    const order = await paidOrder(60);
    const p = await atBank(order.id);
    expect(p.status).toBe('CONFIRMED');
    expect(p.receipt.FfdVersion).toBe('1.2');
    expect(p.receipt.Items.map((i) => [i.Price, i.Quantity, i.Amount, i.MeasurementUnit])).toEqual([
      [50000, 60, 3000000, 'шт'],
      [3000, 60, 180000, 'шт'],
    ]);
  });

  it('an order still over 100 items is refused before T-Bank is asked, in the visitor’s language, and nothing is charged', async () => {
    // 101 different prices: 101 ticket items and one of the fees.
    const order = await makeOrder(t, { lines: Array.from({ length: 101 }, (_, i) => ({ quantity: 1, unitPrice: 10000 + i })) });
    const inits = fake.calls.filter((c) => c.method === 'Init').length;
    for (const lang of ['ru', 'en', 'kz', 'ch'] as const) {
      const response = await t.post('/api/order/pay', { hash: order.hash, lang, bank_data: { id: CARD } });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        errorCode: '-9997',
        errorText: serverText('payments', 'receiptTooLarge', lang, { max: 100 }),
      });
    }
    expect(fake.calls.filter((c) => c.method === 'Init').length).toBe(inits);
    expect(
      (await t.db.query('select 1 from payments where order_id = (select id from orders where hash = $1)', [order.hash])).rowCount,
    ).toBe(0);
  });
});

describe('T-Bank refund receipts', () => {
  it('a whole refund cancels with no receipt structure', async () => {
    const order = await paidOrder();
    const payment = await lastPaymentOf(t, order.id);
    const id = await t.db.transaction((tx) =>
      t.app.payments.requestRefund(tx, {
        paymentId: payment.id,
        amount: 106000,
        reason: 'whole',
        key: `whole:${order.id}`,
        at: t.clock.date(),
      }),
    );
    await t.db.query(`update tickets set status = ${ReturnStatus.refunded} where order_id = $1`, [order.id]);
    await t.app.payments.processRefunds({ ids: [id] });
    const p = await atBank(order.id);
    expect(p.status).toBe('REFUNDED');
    expect(fake.calls.filter((c) => c.method === 'Cancel').at(-1)?.body).not.toHaveProperty('Receipt');
    expect(p.refunds).toEqual([{ amount: 106000, receipt: undefined, externalRequestId: `whole:${order.id}` }]);
  });

  it('a partial refund at 50 % lists exactly the ticket and fee refunded, at the amounts stored for the return, and nothing that stays sold', async () => {
    const order = await paidOrder();
    const payment = await lastPaymentOf(t, order.id);
    const id = await t.db.transaction((tx) =>
      t.app.payments.requestRefund(tx, {
        paymentId: payment.id,
        amount: 26500,
        reason: 'return',
        key: `half:${order.id}`,
        at: t.clock.date(),
      }),
    );
    // Half of a 500 ₽ ticket and half of its 30 ₽ fee, as the returns service stores them.
    await returnRequestFor(t, order.id, [order.tickets[0]?.id as number], 26500, id, 1500);
    await t.app.payments.processRefunds({ ids: [id] });
    const refund = (await atBank(order.id)).refunds[0];
    expect(
      refund?.receipt?.Items.map((i) => [i.Name === 'Сервисный сбор' ? 'fee' : 'ticket', i.Price, i.Quantity, i.Amount, i.PaymentMethod]),
    ).toEqual([
      ['ticket', 25000, 1, 25000, 'full_prepayment'],
      ['fee', 1500, 1, 1500, 'full_prepayment'],
    ]);
  });
});

describe('T-Bank closing receipts (SendClosingReceipt)', () => {
  it('the door’s admission queues the ticket’s closing receipt in its transaction; it goes as full payment set off by the prepayment, once', async () => {
    const order = await paidOrder();
    const scan = await withKey(t, '/api/checkin/scan', key, { code: order.tickets[0]?.code, deviceId: DEVICE });
    expect(scan.json()).toMatchObject({ verdict: 'admitted' });
    expect(await tasksOf(order.id)).toEqual([{ reason: 'admission', sent_at: null }]);
    await withKey(t, '/api/checkin/scan', key, { code: order.tickets[0]?.code, deviceId: DEVICE });
    expect(await tasksOf(order.id)).toHaveLength(1);

    expect((await closing().sendDue()).failed).toBe(0);
    const p = await atBank(order.id);
    expect(p.closings).toHaveLength(1);
    expect(p.closings[0]).toMatchObject({
      FfdVersion: '1.2',
      Payments: { Electronic: 0, AdvancePayment: 53000 },
      Items: [
        expect.objectContaining({
          Price: 50000,
          Quantity: 1,
          PaymentMethod: 'full_payment',
          PaymentObject: 'service',
          MeasurementUnit: 'шт',
        }),
        expect.objectContaining({ Name: 'Сервисный сбор', Price: 3000, PaymentMethod: 'full_payment' }),
      ],
    });
    expect(fake.calls.filter((c) => c.method === 'SendClosingReceipt').at(-1)?.body).toMatchObject({
      TerminalKey: TERMINAL,
      PaymentId: String(p.id),
    });
    expect((await tasksOf(order.id))[0]?.sent_at).not.toBeNull();
    await closing().sendDue();
    expect(p.closings).toHaveLength(1);
  });

  it('a failing send is retried with backoff and shown to staff with the permission until it goes', async () => {
    const order = await paidOrder();
    await withKey(t, '/api/checkin/scan', key, { code: order.tickets[1]?.code, deviceId: DEVICE });
    fake.arm('/cashbox/SendClosingReceipt', '500');
    expect(await closing().sendDue()).toMatchObject({ failed: 1 });
    const manager = await signedInAs(t, 'manager');
    const report = await adminCall(t, 'GET', '/api/admin/receipts/closing?lang=en', manager.cookie);
    expect(report.statusCode).toBe(200);
    const body = report.json<{
      pending: number;
      failing: number;
      receipts: { orderNumber: number; reason: string; provider: string; attempts: number; lastError: string | null }[];
    }>();
    expect(body.failing).toBe(1);
    expect(body.receipts[0]).toMatchObject({
      orderNumber: order.number,
      reason: 'admission',
      provider: 'tbank',
      attempts: 1,
      lastError: expect.stringContaining('500'),
    });
    const support = await signedInAs(t, 'support');
    expect((await adminCall(t, 'GET', '/api/admin/receipts/closing', support.cookie)).statusCode).toBe(403);
    // Not before its backoff...
    expect(await closing().sendDue()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(61_000);
    expect(await closing().sendDue()).toEqual({ sent: 1, failed: 0 });
    expect((await adminCall(t, 'GET', '/api/admin/receipts/closing', manager.cookie)).json()).toMatchObject({
      pending: 0,
      failing: 0,
      receipts: [],
    });
  });

  it('when the session’s day ends, what was not used is settled in one receipt per order; nothing twice, a returned ticket never', async () => {
    const order = await paidOrder(3);
    await withKey(t, '/api/checkin/scan', key, { code: order.tickets[0]?.code, deviceId: DEVICE });
    await t.db.query(`update tickets set status = ${ReturnStatus.refunded} where id = $1`, [order.tickets[2]?.id]);
    // Before the day's end nothing is queued for the unused tickets.
    expect(await closing().queueEndedSessions()).toBe(0);
    t.clock.set(DAY_ENDED);
    await closing().run();
    expect(await tasksOf(order.id)).toEqual([
      { reason: 'admission', sent_at: expect.any(Date) },
      { reason: 'session-end', sent_at: expect.any(Date) },
    ]);
    const p = await atBank(order.id);
    expect(p.closings.map((c) => c.Payments?.AdvancePayment)).toEqual([53000, 53000]);
    // A late scan of a settled ticket (an offline device syncing) queues nothing more; nor does the next run.
    await closing().run();
    expect(await tasksOf(order.id)).toHaveLength(2);
  });
});

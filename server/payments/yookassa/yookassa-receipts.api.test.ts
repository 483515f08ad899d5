import { beforeAll, describe, expect, it } from 'vitest';
import { ReturnStatus } from '../../../contract/order-status.ts';
import {
  ACQUIRER_TEST_START,
  lastPaymentOf,
  orderRowOf,
  pressAtFake,
  returnRequestFor,
  useYookassaApp,
} from '../../../tests/fakes/acquirer-test-kit.ts';
import type { YookassaFake } from '../../../tests/fakes/yookassa-fake.ts';
import type { TestApp } from '../../../tests/harness.ts';
import { DEVICE, deviceKey, withKey } from '../../checkin/checkin-test-kit.ts';
import { serverText } from '../../locales/texts.ts';
import type { ClosingReceiptsService } from '../../receipts/closing-receipts.service.ts';
import { makeOrder, pay } from '../payment-test-kit.ts';

const CARD = 1;
const SHOP = '501234';
const SECRET_KEY = 'test_secret_key_1';

// The shop's receipts are «Чеки от ЮKassa» (the fake's default): FFD 1.2, at most 80 items.
const acquirer = useYookassaApp({ card: { shopId: SHOP, secretKey: SECRET_KEY } });
let t: TestApp;
let fake: YookassaFake;
let key: string;
const DAY_ENDED = new Date('2026-11-21T21:00:01Z');
beforeAll(async () => {
  t = acquirer.app();
  fake = acquirer.fake();
  await t.db.query('update sessions set starts_at = $1 where id = 9000', [new Date(ACQUIRER_TEST_START.getTime() + 2 * 3600_000)]);
  key = await deviceKey(t);
});

const closing = () => t.app.closingReceipts as ClosingReceiptsService;
const atShop = async (orderId: number) => {
  const found = fake.payments.get((await lastPaymentOf(t, orderId)).provider_ref);
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

describe('YooKassa receipts: measure, grouped items, the item limit', () => {
  it('60 tickets with their fees go as 2 items of quantity 60.00, each with measure piece; the fake’s schema check takes them', async () => {
    const order = await paidOrder(60);
    const p = await atShop(order.id);
    expect(p.object.status).toBe('succeeded');
    expect(p.receipt.items.map((i) => [i.quantity, i.amount.value, i.measure, i.payment_mode])).toEqual([
      ['60.00', '500.00', 'piece', 'full_prepayment'],
      ['60.00', '30.00', 'piece', 'full_prepayment'],
    ]);
  });

  it('an order over the 80 items of «Чеки от ЮKassa» is refused before YooKassa is asked', async () => {
    const order = await makeOrder(t, { lines: Array.from({ length: 80 }, (_, i) => ({ quantity: 1, unitPrice: 10000 + i })) });
    const creates = fake.calls.filter((c) => c.path === 'payments').length;
    const response = await t.post('/api/order/pay', { hash: order.hash, lang: 'kz', bank_data: { id: CARD } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errorText: serverText('payments', 'receiptTooLarge', 'kz', { max: 80 }) });
    expect(fake.calls.filter((c) => c.path === 'payments').length).toBe(creates);
  });

  it('a partial refund lists the returned ticket and its fee at the amounts stored for the return', async () => {
    const order = await paidOrder();
    const payment = await lastPaymentOf(t, order.id);
    const at = t.clock.date();
    const part = await t.db.transaction((tx) =>
      t.app.payments.requestRefund(tx, { paymentId: payment.id, amount: 15900, reason: 'return', key: `yk30:${order.id}`, at }),
    );
    await returnRequestFor(t, order.id, [order.tickets[1]?.id as number], 15900, part, 900);
    await t.app.payments.processRefunds({ ids: [part] });
    const p = await atShop(order.id);
    expect(
      p.refunds[0]?.receipt.items.map((i) => [i.description === 'Сервисный сбор' ? 'fee' : 'ticket', i.quantity, i.amount.value]),
    ).toEqual([
      ['ticket', '1.00', '150.00'],
      ['fee', '1.00', '9.00'],
    ]);
  });
});

describe('YooKassa closing receipts (POST /v3/receipts)', () => {
  it('the door’s admission sends a receipt of type payment for the payment, full_payment items settled by the prepayment', async () => {
    const order = await paidOrder();
    expect((await withKey(t, '/api/checkin/scan', key, { code: order.tickets[0]?.code, deviceId: DEVICE })).json()).toMatchObject({
      verdict: 'admitted',
    });
    expect(await closing().sendDue()).toMatchObject({ sent: 1, failed: 0 });
    const p = await atShop(order.id);
    expect(p.receipts).toHaveLength(1);
    expect(p.receipts[0]).toMatchObject({
      type: 'payment',
      settlements: [{ type: 'prepayment', amount: { value: '530.00', currency: 'RUB' } }],
      receipt: {
        items: [
          expect.objectContaining({ amount: { value: '500.00', currency: 'RUB' }, payment_mode: 'full_payment', measure: 'piece' }),
          expect.objectContaining({ description: 'Сервисный сбор', payment_mode: 'full_payment' }),
        ],
      },
    });
    const call = fake.calls.filter((c) => c.path === 'receipts').at(-1);
    expect(call?.body).toMatchObject({ payment_id: p.object.id, send: true });
    expect(call?.key).toMatch(/^closing-\d+$/);
  });

  it('when the session’s day ends, the unused tickets are settled in one receipt, and the returned one is not', async () => {
    const order = await paidOrder(3);
    await withKey(t, '/api/checkin/scan', key, { code: order.tickets[0]?.code, deviceId: DEVICE });
    await t.db.query(`update tickets set status = ${ReturnStatus.refunded} where id = $1`, [order.tickets[1]?.id]);
    t.clock.set(DAY_ENDED);
    await closing().run();
    const p = await atShop(order.id);
    expect(p.receipts.map((r) => r.settlements[0]?.amount.value)).toEqual(['530.00', '530.00']);
    await closing().run();
    expect(p.receipts).toHaveLength(2);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrderPayState } from '../../contract/payment.ts';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog, proveCard, sandboxId, view } from './payment-test-kit.ts';
import { type PaymentProvider, ProviderError } from './provider.ts';

// A change of the order's sum while a payment is pending (docs/payments.md, 'A change of the sum
// while paying'): the payment for the old sum is cancelled, never pays the order, and money it
// took anyway goes back.

const CARD = 1;
const QR = 2;
const PROGRAMME = { package_id: 2, price_id: 2, cost: 300 };
const CARD_CODE = '1000200030004000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
  await preparePaymentCatalog(t, { capacity: 500 });
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(new Date('2026-11-21T10:00:00Z')));

type Order = Awaited<ReturnType<typeof makeOrder>>;

async function expectOk(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ errorCode: '0' });
}

/** What a change needs from the order page, read before Pay (reading it later would reconcile the payment first). */
type Page = { parent: number; serviceId: number | undefined };
async function readPage(hash: string): Promise<Page> {
  const { body } = await view(t, hash);
  return { parent: body.main[0].id as number, serviceId: body.toping[0]?.id as number | undefined };
}

/** Each change of the sum: what is done before Pay, the change itself, and the sum after it (roubles). */
const changes: { name: string; before?: (o: Order) => Promise<void>; change: (o: Order, page: Page) => Promise<void>; after: number }[] = [
  {
    name: 'an offer added',
    change: async (o, page) =>
      expectOk(
        await t.post('/api/order/add-special-offer', { hash: o.hash, lang: 'ru', data: [{ parent_id: page.parent, ...PROGRAMME }] }),
      ),
    after: 1060 + 300,
  },
  {
    name: 'an offer removed',
    before: async (o) =>
      expectOk(
        await t.post('/api/order/add-special-offer', {
          hash: o.hash,
          lang: 'ru',
          data: [{ parent_id: (await readPage(o.hash)).parent, ...PROGRAMME }],
        }),
      ),
    change: async (o, page) => expectOk(await t.post('/api/order/remove-special-offer', { hash: o.hash, lang: 'ru', id: page.serviceId })),
    after: 1060,
  },
  {
    name: 'a promo code applied',
    change: async (o) => expectOk(await t.post('/api/order/discount', { hash: o.hash, lang: 'ru', promoCode: 'DEMO10' })),
    after: 1060 - 100,
  },
  {
    name: 'a promo code cancelled',
    before: async (o) => expectOk(await t.post('/api/order/discount', { hash: o.hash, lang: 'ru', promoCode: 'MINUS300' })),
    change: async (o) => expectOk(await t.post('/api/order/discount/cancel', { hash: o.hash, lang: 'ru', what: 'promo' })),
    after: 1060,
  },
  {
    name: 'bonuses applied',
    before: async (o) => void (await proveCard(t, o.hash, CARD_CODE)),
    change: async (o) => expectOk(await t.post('/api/order/discount', { hash: o.hash, lang: 'ru', bonuses: 100 })),
    after: 1060 - 100,
  },
];
const methods = [
  { method: 'QR', id: QR },
  { method: 'card', id: CARD },
];
const cases = changes.flatMap((c) => methods.map((m) => ({ ...c, ...m })));

async function paymentsOf(orderId: number) {
  const { rows } = await t.db.query<{
    id: number;
    public_id: string;
    amount: number;
    status: string;
    decline_reason: string | null;
    cancel_confirmed_at: Date | null;
    refunded_amount: number;
  }>(
    'select id, public_id, amount, status, decline_reason, cancel_confirmed_at, refunded_amount from payments where order_id = $1 order by id',
    [orderId],
  );
  return rows;
}

async function bankRow(id: string) {
  const { rows } = await t.db.query<{ status: string; refunded: number; amount: number }>(
    'select status, refunded, amount from sandbox_acquirer_payments where id = $1',
    [id],
  );
  return rows[0];
}

async function orderStatus(hash: string): Promise<number | undefined> {
  const { rows } = await t.db.query<{ status: number }>('select status from orders where hash = $1', [hash]);
  return rows[0]?.status;
}

const payState = async (hash: string) => (await t.post('/api/order/status', { hash })).json<number>();
const declineReason = async (hash: string) => (await t.post('/api/order/number', { hash, lang: 'ru' })).json<{ reason: string }>().reason;

/** Replaces one method of the sandbox provider for the length of `body`. */
async function withProvider<K extends 'startPayment' | 'cancel'>(
  name: K,
  replacement: (original: PaymentProvider[K]) => PaymentProvider[K],
  body: () => Promise<void>,
) {
  const sandbox = t.app.payments.provider('sandbox');
  const original = sandbox[name];
  Object.assign(sandbox, { [name]: replacement(original.bind(sandbox) as PaymentProvider[K]) });
  try {
    await body();
  } finally {
    Object.assign(sandbox, { [name]: original });
  }
}

describe('a change of the sum while a payment is pending', () => {
  it.each(cases)(
    '$name ($method): cancels the payment at the bank, the status call answers 4, and a new Pay is for the new sum',
    async ({ before, change, after, id }) => {
      const order = await makeOrder(t);
      await before?.(order);
      const page = await readPage(order.hash);
      const old = await pay(t, order.hash, id);
      const bankId = sandboxId(old);
      const oldSum = (await bankRow(bankId))?.amount;
      expect(await payState(order.hash)).toBe(OrderPayState.awaiting);

      await change(order, page);

      const [cancelled] = await paymentsOf(order.id);
      expect(cancelled).toMatchObject({ status: 'canceled', decline_reason: 'order-changed', amount: oldSum });
      expect(cancelled?.cancel_confirmed_at).toBeInstanceOf(Date);
      expect((await bankRow(bankId))?.status).toBe('canceled');
      // Polled by the QR modal: non-zero, so it closes and the order reloads.
      expect(await payState(order.hash)).toBe(OrderPayState.changed);
      const { body } = await view(t, order.hash);
      expect(body).toMatchObject({ demsumma: after, payment_qr: null, paymentAllowed: true });

      // The old bank page is still open: paying there is refused, the visitor lands on the declined page.
      expect(await completeAtBank(t, bankId, 'pay')).toBe(`/order/declined/${order.hash}`);
      expect((await bankRow(bankId))?.status).toBe('canceled');
      expect(await declineReason(order.hash)).toBe('order-changed');
      expect(await orderStatus(order.hash)).toBe(OrderStatus.confirmed);
      expect(
        (await t.db.query('select 1 from refunds r join payments p on p.id = r.payment_id where p.order_id = $1', [order.id])).rows,
      ).toEqual([]);

      // Paying again charges the new sum and pays the order.
      const again = await pay(t, order.hash, id);
      expect((await bankRow(sandboxId(again)))?.amount).toBe(after * 100);
      await completeAtBank(t, sandboxId(again), 'pay');
      expect(await orderStatus(order.hash)).toBe(OrderStatus.paid);
      expect(await payState(order.hash)).toBe(OrderPayState.paid);
    },
  );

  it.each(cases)(
    '$name ($method): a success the bank took before the cancel reached it is refunded, the order stays unpaid',
    async ({ before, change, id }) => {
      const order = await makeOrder(t);
      await before?.(order);
      const page = await readPage(order.hash);
      const bankId = sandboxId(await pay(t, order.hash, id));
      const oldSum = (await bankRow(bankId))?.amount as number;
      // The visitor paid at the bank a moment before the change; its notification is not here yet.
      await t.db.query("update sandbox_acquirer_payments set status = 'paid' where id = $1", [bankId]);

      await change(order, page);

      expect(await orderStatus(order.hash)).toBe(OrderStatus.confirmed);
      const [payment] = await paymentsOf(order.id);
      expect(payment).toMatchObject({ status: 'succeeded', decline_reason: 'order-changed', amount: oldSum, refunded_amount: oldSum });
      expect((await bankRow(bankId))?.refunded).toBe(oldSum);
      const refunds = await t.db.query<{ status: string; amount: number }>('select status, amount from refunds where payment_id = $1', [
        payment?.id,
      ]);
      expect(refunds.rows).toEqual([{ status: 'done', amount: oldSum }]);
      expect(await declineReason(order.hash)).toBe('order-changed');
      expect(await payState(order.hash)).toBe(OrderPayState.declined);
      // The notification arrives at last: it changes nothing more.
      const bank = await t.app.payments.provider('sandbox').checkStatus({ providerRef: bankId, merchantRef: payment?.public_id as string });
      expect(bank).toMatchObject({ status: 'succeeded' });
      expect(await completeAtBank(t, bankId, 'pay')).toBe(`/order/declined/${order.hash}`);
      expect(await orderStatus(order.hash)).toBe(OrderStatus.confirmed);
      expect((await bankRow(bankId))?.refunded).toBe(oldSum);
    },
  );

  it('refunds a success that arrives after a cancel the bank never received, and does not mark the order paid', async () => {
    const order = await makeOrder(t);
    const bankId = sandboxId(await pay(t, order.hash, QR));
    await withProvider(
      'cancel',
      () => async () => {
        throw new ProviderError('the bank is unreachable');
      },
      async () => {
        await expectOk(await t.post('/api/order/discount', { hash: order.hash, lang: 'ru', promoCode: 'DEMO10' }));
      },
    );
    expect(await paymentsOf(order.id)).toMatchObject([{ status: 'canceled', cancel_confirmed_at: null }]);
    expect((await bankRow(bankId))?.status).toBe('new');

    // The visitor scans the old QR code and pays 1 060 ₽: the bank notifies us.
    expect(await completeAtBank(t, bankId, 'pay')).toBe(`/order/declined/${order.hash}`);
    expect(await orderStatus(order.hash)).toBe(OrderStatus.confirmed);
    expect(await paymentsOf(order.id)).toMatchObject([
      { status: 'succeeded', decline_reason: 'order-changed', amount: 106000, refunded_amount: 106000 },
    ]);
    expect((await bankRow(bankId))?.refunded).toBe(106000);
    expect(await declineReason(order.hash)).toBe('order-changed');
    expect((await view(t, order.hash)).body).toMatchObject({ status: OrderStatus.confirmed, printingAllowed: 0, demsumma: 960 });
  });

  it('retries a cancel the bank did not receive when the QR modal polls', async () => {
    const order = await makeOrder(t);
    const bankId = sandboxId(await pay(t, order.hash, QR));
    await withProvider(
      'cancel',
      () => async () => {
        throw new ProviderError('the bank is unreachable');
      },
      async () => {
        await expectOk(await t.post('/api/order/discount', { hash: order.hash, lang: 'ru', promoCode: 'DEMO10' }));
      },
    );
    expect((await bankRow(bankId))?.status).toBe('new');
    expect(await payState(order.hash)).toBe(OrderPayState.changed);
    expect((await bankRow(bankId))?.status).toBe('canceled');
    expect((await paymentsOf(order.id))[0]?.cancel_confirmed_at).toBeInstanceOf(Date);
  });

  it('keeps the pending payment when a change leaves the sum as it was (a loyalty card linked, no bonuses)', async () => {
    const order = await makeOrder(t);
    const bankId = sandboxId(await pay(t, order.hash, QR));
    await proveCard(t, order.hash, CARD_CODE);
    expect(await paymentsOf(order.id)).toMatchObject([{ status: 'pending' }]);
    expect(await payState(order.hash)).toBe(OrderPayState.awaiting);
    await completeAtBank(t, bankId, 'pay');
    expect(await orderStatus(order.hash)).toBe(OrderStatus.paid);
  });

  it('changes nothing when a change is refused (a wrong promo code): the payment stays pending', async () => {
    const order = await makeOrder(t);
    await pay(t, order.hash, CARD);
    const refused = await t.post('/api/order/discount', { hash: order.hash, lang: 'en', promoCode: 'NOPE' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorCode: '-1002', errorText: 'Invalid promo code' });
    expect(await paymentsOf(order.id)).toMatchObject([{ status: 'pending' }]);
  });
});

describe('Pay racing a change of the sum', () => {
  it.each([
    { lang: 'ru', text: 'Сумма заказа изменилась во время создания платежа. Проверьте заказ и оплатите ещё раз.' },
    { lang: 'en', text: "The order's amount changed while the payment was being created. Please check the order and pay again." },
  ])(
    'refuses with -9997 ($lang) a payment the change cancelled while the bank registered it, and cancels it there',
    async ({ lang, text }) => {
      const order = await makeOrder(t);
      let entered!: () => void;
      let release!: () => void;
      const atBank = new Promise<void>((resolve) => (entered = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      await withProvider(
        'startPayment',
        (original) => async (input) => {
          entered();
          await gate;
          return original(input);
        },
        async () => {
          const paying = t.post('/api/order/pay', { hash: order.hash, lang, bank_data: { id: CARD } });
          // Pay committed its payment for 1 060 ₽ and is asking the bank; the promo code commits now.
          await atBank;
          expect(await paymentsOf(order.id)).toMatchObject([{ status: 'created', amount: 106000 }]);
          await expectOk(await t.post('/api/order/discount', { hash: order.hash, lang: 'ru', promoCode: 'DEMO10' }));
          release();
          const answer = await paying;
          expect(answer.statusCode).toBe(409);
          expect(answer.json()).toEqual({ errorCode: '-9997', errorText: text });
        },
      );
      const [payment] = await paymentsOf(order.id);
      expect(payment).toMatchObject({ status: 'canceled', decline_reason: 'order-changed' });
      expect(payment?.cancel_confirmed_at).toBeInstanceOf(Date);
      const bank = await t.db.query<{ status: string; amount: number }>(
        'select status, amount from sandbox_acquirer_payments where merchant_ref = $1',
        [payment?.public_id],
      );
      expect(bank.rows).toEqual([{ status: 'canceled', amount: 106000 }]);
      // The next Pay is for the new sum.
      const again = await pay(t, order.hash, CARD);
      expect((again.form_bank as Record<string, string>).amount).toBe('96000');
    },
  );

  it('starts the payment for the new sum when the change committed first', async () => {
    const order = await makeOrder(t);
    await expectOk(await t.post('/api/order/discount', { hash: order.hash, lang: 'ru', promoCode: 'DEMO10' }));
    const answer = await pay(t, order.hash, CARD);
    expect((answer.form_bank as Record<string, string>).amount).toBe('96000');
    expect(await paymentsOf(order.id)).toMatchObject([{ status: 'pending', amount: 96000 }]);
  });
});

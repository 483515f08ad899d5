import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DECLINE_REASONS } from '../../contract/payment.ts';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { expireUnpaidOrders } from '../jobs/expiry.ts';
import { remaining } from '../orders/order-test-kit.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog, proveCard, sandboxId, view } from './payment-test-kit.ts';
import { sandboxKey, signSandboxNotification } from './sandbox/sandbox-bank.ts';

const SECRET = 'test-secret-'.padEnd(40, 'x');
const CARD = 1;
const QR = 2;
const REDIRECT = 3;
const PUSHKIN = 4;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
  await preparePaymentCatalog(t, { capacity: 500 });
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(new Date('2026-11-21T10:00:00Z')));

async function orderRow(hash: string) {
  const { rows } = await t.db.query<{ id: number; status: number; paid_at: Date | null; released_at: Date | null }>(
    'select id, status, paid_at, released_at from orders where hash = $1',
    [hash],
  );
  return rows[0];
}

describe('POST /api/order/pay', () => {
  it('pays by card through the auto-submitted bank form and issues ticket codes, images and the e-mail', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    expect(answer).toMatchObject({ errorCode: '0', form_action: expect.stringMatching(/\/sandbox\/pay$/) });
    const fields = answer.form_bank as Record<string, string>;
    expect(Object.keys(fields).sort()).toEqual(['MdOrder', 'amount', 'signature']);
    expect(fields.amount).toBe('106000');

    // The browser posts the hidden form to the bank page.
    const bankPage = await t.app.inject({
      method: 'POST',
      url: '/sandbox/pay',
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bankPage.statusCode).toBe(200);
    expect(bankPage.body).toContain('Оплатить');
    expect(bankPage.body).toContain('Недостаточно средств');

    expect(await completeAtBank(t, fields.MdOrder as string, 'pay')).toBe(`/order/${order.hash}`);
    const { body } = await view(t, order.hash);
    expect(body).toMatchObject({ status: 30, printingAllowed: 1, paymentAllowed: false, reserveTime: 0 });
    const row = body.main[0];
    expect(row.tickets).toHaveLength(2);
    for (const ticket of row.tickets) {
      expect(ticket.ticketcode).toMatch(/^[1-9]\d{15}$/);
      expect(ticket._qrcode).toMatch(/^data:image\/png;base64,/);
      expect(ticket._barcode).toBe('');
    }
    expect(row.tickets[0].ticketcode).not.toBe(row.tickets[1].ticketcode);

    const mail = await t.db.query<{ to_address: string; text_body: string }>(
      'select to_address, text_body from mail_outbox where dedupe_key = $1',
      [`order-paid:${order.id}`],
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]?.to_address).toBe('buyer@example.test');
    for (const ticket of row.tickets) expect(mail.rows[0]?.text_body).toContain(`/ticket/${ticket.tickethash_id}`);
    expect(mail.rows[0]?.text_body).toContain(`/order/${order.hash}`);

    // The ticket page's call answers a ticket of a paid order.
    const ticket = await t.get(`/api/ticket/${row.tickets[0].tickethash_id}`);
    expect(ticket.statusCode).toBe(200);
    expect(ticket.json()).toMatchObject({ ord_num: order.number, ticket: { ticketcode: row.tickets[0].ticketcode } });
  });

  it('refuses a card form whose amount was changed in the browser', async () => {
    const order = await makeOrder(t);
    const fields = (await pay(t, order.hash, CARD)).form_bank as Record<string, string>;
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/sandbox/pay',
      payload: new URLSearchParams({ ...fields, amount: '100' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(tampered.statusCode).toBe(400);
  });

  it('redirects to the bank for an online-banking payment (bankUrl)', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, REDIRECT);
    expect(answer.bankUrl).toMatch(/\/sandbox\/pay\/sbx_/);
    const page = await t.get(String(answer.bankUrl).replace(/^https?:\/\/[^/]+/, ''));
    expect(page.statusCode).toBe(200);
    expect(await completeAtBank(t, sandboxId(answer), 'pay')).toBe(`/order/${order.hash}`);
    expect((await orderRow(order.hash))?.status).toBe(OrderStatus.paid);
  });

  it("writes the paid e-mail in the order's language and the setup's currency, ticket links included", async () => {
    const tenge = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
    try {
      await preparePaymentCatalog(tenge);
      await tenge.db.query('insert into setup (id, data) values (1, $1)', [JSON.stringify({ app: { currency: 'KZT' } })]);
      const order = await makeOrder(tenge);
      await tenge.db.query("update orders set lang = 'en' where id = $1", [order.id]);
      expect(await completeAtBank(tenge, sandboxId(await pay(tenge, order.hash, REDIRECT, 'en')), 'pay')).toBe(
        `/order/${order.hash}?lang=en`,
      );
      const { rows } = await tenge.db.query<{ subject: string; text_body: string }>(
        'select subject, text_body from mail_outbox where dedupe_key = $1',
        [`order-paid:${order.id}`],
      );
      const mail = rows[0];
      expect(mail?.subject).toBe(`Order No. ${order.number} is paid`);
      expect(mail?.text_body).toContain('Paid: T1,060\n');
      const { rows: tickets } = await tenge.db.query<{ hash: string }>('select hash from tickets where order_id = $1', [order.id]);
      expect(tickets).toHaveLength(2);
      for (const ticket of tickets) expect(mail?.text_body).toContain(`/ticket/${ticket.hash}?lang=en\n`);
    } finally {
      await tenge.close();
    }
  });

  it('brings the visitor back from the bank in the language they paid in, with the description in it', async () => {
    // Placed in ru, paid from the English page.
    const paid = await makeOrder(t);
    const answer = await pay(t, paid.hash, REDIRECT, 'en');
    const bankPage = await t.get(String(answer.bankUrl).replace(/^https?:\/\/[^/]+/, ''));
    expect(bankPage.body).toContain(`Order No. ${paid.number}`);
    expect(bankPage.body).not.toContain('Заказ №');
    expect(await completeAtBank(t, sandboxId(answer), 'pay')).toBe(`/order/${paid.hash}?lang=en`);
    const declined = await makeOrder(t);
    expect(await completeAtBank(t, sandboxId(await pay(t, declined.hash, REDIRECT, 'kz')), 'insufficient-funds')).toBe(
      `/order/declined/${declined.hash}?lang=kz`,
    );
    // Paid from the Russian page: back in ru, whatever the order's own language.
    const english = await makeOrder(t);
    await t.db.query("update orders set lang = 'en' where id = $1", [english.id]);
    expect(await completeAtBank(t, sandboxId(await pay(t, english.hash, REDIRECT)), 'pay')).toBe(`/order/${english.hash}`);
  });

  it("shows the amount at the bank in the setup's currency", async () => {
    const page = async (app: TestApp) => {
      const order = await makeOrder(app);
      const answer = await pay(app, order.hash, REDIRECT);
      return (await app.get(String(answer.bankUrl).replace(/^https?:\/\/[^/]+/, ''))).body.replaceAll('\u00a0', ' ');
    };
    expect(await page(t)).toContain('Оплатить 1 060,00 ₽');
    // The setup service caches what it read, so the tenge setup gets an app of its own.
    const tenge = await createTestApp({ demo: false, clock: createClock(new Date('2026-11-21T10:00:00Z')) });
    try {
      await preparePaymentCatalog(tenge);
      await tenge.db.query('insert into setup (id, data) values (1, $1)', [JSON.stringify({ app: { currency: 'KZT' } })]);
      const body = await page(tenge);
      expect(body).toContain('Оплатить 1 060,00 ₸');
      expect(body).not.toContain('₽');
    } finally {
      await tenge.close();
    }
  });

  it('pays by QR: the status call answers 0 until the bank confirms, then 1', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, QR);
    expect(answer.form_qr_url).toMatch(/\/sandbox\/qr\/sbx_/);
    expect(answer.form_qr_code).toMatch(/^data:image\/png;base64,/);
    const status = async () => (await t.post('/api/order/status', { hash: order.hash })).json();
    expect(await status()).toBe(0);
    // The order view offers to resume the pending QR payment.
    expect((await view(t, order.hash)).body.payment_qr).toMatchObject({ form_qr_url: answer.form_qr_url });
    await completeAtBank(t, sandboxId(answer), 'pay');
    expect(await status()).toBe(1);
  });

  it('pays a Pushkin-card order only with the Pushkin card', async () => {
    const order = await makeOrder(t, { pushkin: true });
    const { body } = await view(t, order.hash);
    expect(body.payments.map((p: { creditcompany_id: number }) => p.creditcompany_id)).toEqual([PUSHKIN]);
    const wrong = await t.post('/api/order/pay', { hash: order.hash, lang: 'ru', bank_data: { id: CARD } });
    expect(wrong.json()).toMatchObject({ errorCode: '-9996' });
    const answer = await pay(t, order.hash, PUSHKIN);
    expect(answer.bankUrl).toMatch(/\/sandbox\/pay\//);
    const page = await t.get(String(answer.bankUrl).replace(/^https?:\/\/[^/]+/, ''));
    expect(page.body).toContain('Пушкинская карта');
  });

  it.each([
    { name: 'no bank chosen', bank: undefined, code: '-9995', text: 'Cпособ оплаты не задан. Код ошибки: -9995' },
    { name: 'bank id 0', bank: { id: 0 }, code: '-9995', text: 'Cпособ оплаты не задан. Код ошибки: -9995' },
    { name: 'an unknown bank', bank: { id: 999 }, code: '-9996', text: 'Выбран недопустимый способ оплаты. Код ошибки: -9996' },
  ])('refuses $name with $code and starts no payment', async ({ bank, code, text }) => {
    const order = await makeOrder(t);
    const response = await t.post('/api/order/pay', { hash: order.hash, lang: 'ru', ...(bank ? { bank_data: bank } : {}) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: code, errorText: text });
    expect((await t.db.query('select 1 from payments where order_id = $1', [order.id])).rows).toHaveLength(0);
  });

  it('answers an unknown order with "Заказ удалён или не найден"', async () => {
    const response = await t.post('/api/order/pay', { hash: 'x'.repeat(32), lang: 'ru', bank_data: { id: CARD } });
    expect(response.statusCode).toBe(404);
    expect(response.json().errorText).toBe('Заказ удалён или не найден');
  });

  it('refuses to pay an order whose reserve time ended (-9997)', async () => {
    const order = await makeOrder(t);
    t.clock.advance(16 * 60_000);
    const response = await t.post('/api/order/pay', { hash: order.hash, lang: 'en', bank_data: { id: CARD } });
    expect(response.json()).toMatchObject({ errorCode: '-9997' });
  });

  it('sends an order that still awaits named-ticket data to the named-ticket page and starts no payment', async () => {
    const order = await makeOrder(t, { status: OrderStatus.reserved });
    const response = await t.post('/api/order/pay', { hash: order.hash, lang: 'ru', bank_data: { id: CARD } });
    expect(response.json()).toEqual({ errorCode: '0', errorText: '', hash: order.hash });
    const payments = await t.db.query('select id from payments where order_id = $1', [order.id]);
    expect(payments.rows).toEqual([]);
    expect((await orderRow(order.hash))?.status).toBe(OrderStatus.reserved);
  });

  it('refuses an order awaiting named-ticket data once its reserve time ended (-9997), as any expired order', async () => {
    const order = await makeOrder(t, { status: OrderStatus.reserved });
    t.clock.advance(15 * 60_000);
    const response = await t.post('/api/order/pay', { hash: order.hash, lang: 'ru', bank_data: { id: CARD } });
    expect(response.json()).toMatchObject({ errorCode: '-9997' });
    expect(response.json().hash).toBeUndefined();
  });
});

describe('declined payments', () => {
  it.each(DECLINE_REASONS.filter((r) => r !== 'booking-expired'))('lands on the declined page with the reason %s', async (reason) => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    expect(await completeAtBank(t, sandboxId(answer), reason)).toBe(`/order/declined/${order.hash}`);
    const number = (await t.post('/api/order/number', { hash: order.hash, lang: 'ru' })).json();
    expect(number).toMatchObject({ errorCode: '0', num: order.number, reason, payment_num: 1 });
    // The order still awaits payment and can be paid again while its reserve time runs.
    expect((await orderRow(order.hash))?.status).toBe(OrderStatus.confirmed);
    expect(await (await t.post('/api/order/status', { hash: order.hash })).json()).toBe(2);
    const again = await pay(t, order.hash, CARD);
    expect(await completeAtBank(t, sandboxId(again), 'pay')).toBe(`/order/${order.hash}`);
  });

  it.each([
    { lang: 'ru', query: '' },
    { lang: 'en', query: '?lang=en' },
    { lang: 'kz', query: '?lang=kz' },
  ])(
    'sends the visitor back from the bank in their language ($lang): the declined page and the order page alike',
    async ({ lang, query }) => {
      const order = await makeOrder(t);
      await t.db.query('update orders set lang = $1 where hash = $2', [lang, order.hash]);
      const declined = await pay(t, order.hash, CARD, lang);
      expect(await completeAtBank(t, sandboxId(declined), 'insufficient-funds')).toBe(`/order/declined/${order.hash}${query}`);
      const paid = await pay(t, order.hash, CARD, lang);
      expect(await completeAtBank(t, sandboxId(paid), 'pay')).toBe(`/order/${order.hash}${query}`);
    },
  );

  it('declines with booking-expired when the visitor pays at the bank after the reservation ended', async () => {
    const order = await makeOrder(t);
    const answer = await pay(t, order.hash, CARD);
    t.clock.advance(16 * 60_000);
    expect(await completeAtBank(t, sandboxId(answer), 'pay')).toBe(`/order/declined/${order.hash}`);
    expect((await t.post('/api/order/number', { hash: order.hash, lang: 'ru' })).json()).toMatchObject({ reason: 'booking-expired' });
  });
});

describe('POST /payments/notify/sandbox', () => {
  it('applies a notification delivered twice once: one payment, one e-mail, one bonus accrual', async () => {
    const order = await makeOrder(t);
    await proveCard(t, order.hash, '1000200030004000');
    const before =
      (await t.db.query<{ balance: number }>("select balance from loyalty_cards where code = '1000200030004000'")).rows[0]?.balance ?? 0;
    const answer = await pay(t, order.hash, CARD);
    const id = sandboxId(answer);
    await completeAtBank(t, id, 'pay');
    const { rows } = await t.db.query<{ merchant_ref: string; amount: number }>(
      'select merchant_ref, amount from sandbox_acquirer_payments where id = $1',
      [id],
    );
    const notification = signSandboxNotification(sandboxKey(SECRET), {
      event_id: `${id}:paid`,
      payment_id: id,
      order_ref: rows[0]?.merchant_ref as string,
      status: 'paid',
      amount: rows[0]?.amount as number,
      reason: '',
    });
    const paidAt = (await orderRow(order.hash))?.paid_at;
    const repeat = await t.app.inject({ method: 'POST', url: '/payments/notify/sandbox', payload: notification });
    expect(repeat.json()).toEqual({ ok: true, result: 'duplicate' });
    // The same outcome under another event id: the payment is final, nothing changes.
    const other = signSandboxNotification(sandboxKey(SECRET), { ...notification, event_id: `${id}:again` });
    expect((await t.app.inject({ method: 'POST', url: '/payments/notify/sandbox', payload: other })).json()).toEqual({
      ok: true,
      result: 'final',
    });

    expect((await orderRow(order.hash))?.paid_at).toEqual(paidAt);
    expect((await t.db.query('select 1 from mail_outbox where dedupe_key = $1', [`order-paid:${order.id}`])).rows).toHaveLength(1);
    const after = (await t.db.query<{ balance: number }>("select balance from loyalty_cards where code = '1000200030004000'")).rows[0]
      ?.balance;
    // 5 % of 1 060 ₽, accrued once.
    expect(after).toBe(before + 53);
    expect((await view(t, order.hash)).body.discountData.chargedBonus).toBe(53);
  });

  it('refuses a forged or tampered notification and changes nothing', async () => {
    const order = await makeOrder(t);
    const id = sandboxId(await pay(t, order.hash, CARD));
    const { rows } = await t.db.query<{ merchant_ref: string }>('select merchant_ref from sandbox_acquirer_payments where id = $1', [id]);
    const genuine = signSandboxNotification(sandboxKey(SECRET), {
      event_id: 'e1',
      payment_id: id,
      order_ref: rows[0]?.merchant_ref as string,
      status: 'paid',
      amount: 106000,
      reason: '',
    });
    const forged = signSandboxNotification('another key', { ...genuine });
    for (const body of [{ ...genuine, amount: 1 }, forged, { hello: 'world' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/payments/notify/sandbox', payload: body });
      expect(response.statusCode).toBe(400);
    }
    expect((await orderRow(order.hash))?.status).toBe(OrderStatus.confirmed);
  });

  it('refunds a payment that arrives after the reservation expired and released its places', async () => {
    // Earlier tests' unpaid orders expire first, so only this order's places move below.
    t.clock.advance(16 * 60_000);
    await expireUnpaidOrders(t.db, t.clock.date());
    const order = await makeOrder(t);
    const id = sandboxId(await pay(t, order.hash, CARD));
    const stockBefore = (await remaining(t.db)).session ?? 0;
    // The bank captured the money but its callback got lost; meanwhile the reservation ends.
    await t.db.query("update sandbox_acquirer_payments set status = 'paid' where id = $1", [id]);
    t.clock.advance(16 * 60_000);
    expect(await expireUnpaidOrders(t.db, t.clock.date())).toBe(1);
    expect((await remaining(t.db)).session).toBe(stockBefore + 2);

    const { rows } = await t.db.query<{ merchant_ref: string }>('select merchant_ref from sandbox_acquirer_payments where id = $1', [id]);
    const late = signSandboxNotification(sandboxKey(SECRET), {
      event_id: `${id}:paid`,
      payment_id: id,
      order_ref: rows[0]?.merchant_ref as string,
      status: 'paid',
      amount: 106000,
      reason: '',
    });
    const response = await t.app.inject({ method: 'POST', url: '/payments/notify/sandbox', payload: late });
    expect(response.json()).toEqual({ ok: true, result: 'refunded' });
    expect((await orderRow(order.hash))?.status).toBe(OrderStatus.canceled);
    expect((await remaining(t.db)).session).toBe(stockBefore + 2);
    const bank = await t.db.query<{ refunded: number }>('select refunded from sandbox_acquirer_payments where id = $1', [id]);
    expect(bank.rows[0]?.refunded).toBe(106000);
    const refund = await t.db.query<{ status: string; amount: number }>(
      'select r.status, r.amount from refunds r join payments p on p.id = r.payment_id where p.order_id = $1',
      [order.id],
    );
    expect(refund.rows).toEqual([{ status: 'done', amount: 106000 }]);
    expect((await t.post('/api/order/number', { hash: order.hash, lang: 'ru' })).json()).toMatchObject({ reason: 'booking-expired' });
  });
});

describe('refunds through the provider interface', () => {
  it('refunds part of a payment, once per key, never above what was captured', async () => {
    const order = await makeOrder(t);
    const id = sandboxId(await pay(t, order.hash, CARD));
    await completeAtBank(t, id, 'pay');
    const { rows } = await t.db.query<{ id: number }>('select id from payments where order_id = $1 and status = $2', [
      order.id,
      'succeeded',
    ]);
    const paymentId = rows[0]?.id as number;
    const at = t.clock.date();
    const first = await t.db.transaction((tx) =>
      t.app.payments.requestRefund(tx, { paymentId, amount: 50000, reason: 'return', key: 'ret-1', at }),
    );
    const again = await t.db.transaction((tx) =>
      t.app.payments.requestRefund(tx, { paymentId, amount: 50000, reason: 'return', key: 'ret-1', at }),
    );
    expect(again).toBe(first);
    await expect(
      t.db.transaction((tx) => t.app.payments.requestRefund(tx, { paymentId, amount: 60000, reason: 'return', key: 'ret-2', at })),
    ).rejects.toMatchObject({ code: '-9997' });
    expect(await t.app.payments.processRefunds({ ids: [first] })).toEqual({ done: 1, failed: 0 });
    expect(await t.app.payments.processRefunds({ ids: [first] })).toEqual({ done: 0, failed: 0 });
    const bank = await t.db.query<{ refunded: number }>('select refunded from sandbox_acquirer_payments where id = $1', [id]);
    expect(bank.rows[0]?.refunded).toBe(50000);
  });
});

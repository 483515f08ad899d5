import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RegistryFake, startRegistryFake } from '../../tests/fakes/registry-fake.ts';
import { type TestApp, createClock, createTestApp } from '../../tests/harness.ts';
import { adminCall, signedInAs } from '../admin/staff/staff-test-kit.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog, sandboxId } from '../payments/payment-test-kit.ts';
import { confirmReturn, createReturn, lastReturnLink, resetReturnableEvent } from '../returns/returns-test-kit.ts';
import { DEVICE, deviceKey } from '../checkin/checkin-test-kit.ts';
import { proveCard } from '../payments/payment-test-kit.ts';
import { type RrnReader, RRN_ATTEMPTS, createRegistrySender, registryBackoffMs, rrnReaderOf } from './registry-job.ts';

// A Pushkin-card ticket paid at the (sandbox) bank, registered, then fully returned: by the
// visitor through the e-mail link, or by staff. The registry hears of the refund once.
const KEY = 'registry-test-key-0002';
const START = new Date('2026-11-21T10:00:00Z');
const PUSHKIN = 4;

let t: TestApp;
let fake: RegistryFake;
let support: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 500 });
  await t.db.query(`update events set registry_event_id = 'reg-event-9000' where id = 9000`);
  support = (await signedInAs(t, 'support')).cookie;
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetReturnableEvent(t, START);
  fake = await startRegistryFake({ key: KEY, now: t.clock.now });
});
afterEach(() => fake.close());

const sender = (readRrn?: RrnReader) =>
  createRegistrySender({
    db: t.db,
    config: { url: fake.url, key: KEY, organizationId: 'org-77' },
    now: t.clock.now,
    ...(readRrn ? { readRrn } : {}),
  });

/** A Pushkin-card order of one ticket, paid with the Pushkin card, its sale already accepted by the registry. */
async function registeredPushkinTicket() {
  const order = await makeOrder(t, { pushkin: true, lines: [{ quantity: 1 }] });
  await t.db.query(
    `update orders set buyer_name = 'Петров Иван Сергеевич', buyer_surname = 'Петров', buyer_first_name = 'Иван', buyer_patronymic = 'Сергеевич' where id = $1`,
    [order.id],
  );
  expect(await completeAtBank(t, sandboxId(await pay(t, order.hash, PUSHKIN)), 'pay')).toBe(`/order/${order.hash}`);
  const { rows } = await t.db.query<{ id: number; code: string }>('select id, code from tickets where order_id = $1', [order.id]);
  const ticket = rows[0];
  if (!ticket) throw new Error('the order has a ticket');
  expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
  const registered = fake.byBarcode(ticket.code)[0];
  expect(registered).toMatchObject({ status: 'active' });
  return { order, ticket, registryId: registered?.id ?? '' };
}

const refundCalls = (registryId: string) =>
  fake.calls.filter((c) => c.method === 'PUT' && c.path.endsWith(`/tickets/${registryId}/refund`));

describe('a full return of a Pushkin-card ticket reaches the registry once', () => {
  it('through the visitor’s return: the queue gets the refund report and the registry receives PUT /tickets/{id}/refund once', async () => {
    const { order, ticket, registryId } = await registeredPushkinTicket();
    expect((await createReturn(t, order.hash, [ticket.id])).status).toBe(200);
    // A requested return is not a refund yet: nothing is queued until it is confirmed.
    expect((await t.db.query(`select 1 from registry_reports where kind = 'refund'`)).rows).toHaveLength(0);
    t.clock.advance(3600_000);
    const confirmed = await confirmReturn(t, order.hash, (await lastReturnLink(t)).url.searchParams.get('hash_conf') ?? '');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const { rows } = await t.db.query<{ ticket_id: number; sent_at: Date | null }>(
      `select ticket_id, sent_at from registry_reports where kind = 'refund'`,
    );
    expect(rows).toEqual([{ ticket_id: ticket.id, sent_at: null }]);
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(await sender().run()).toEqual({ sent: 0, failed: 0, refused: 0 });
    const calls = refundCalls(registryId);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      status: 200,
      body: { refund_date: (START.getTime() + 3600_000) / 1000, refund_reason: 'Возврат билета по заявлению посетителя' },
    });
    expect(fake.byBarcode(ticket.code)[0]).toMatchObject({ status: 'refunded' });
  });

  it('through a staff refund of the whole order, also after an outage: the refund is sent once when the registry is back', async () => {
    const { order, ticket, registryId } = await registeredPushkinTicket();
    const refunded = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/refund`, support, {
      ticketIds: 'all',
      reason: 'Спектакль отменён',
      lang: 'ru',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    fake.state.outage = true;
    expect(await sender().run()).toEqual({ sent: 0, failed: 1, refused: 0 });
    fake.state.outage = false;
    t.clock.advance(24 * 3600_000);
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect(await sender().run()).toEqual({ sent: 0, failed: 0, refused: 0 });
    expect(refundCalls(registryId).filter((c) => c.status === 200)).toHaveLength(1);
    expect(fake.byBarcode(ticket.code)[0]).toMatchObject({ status: 'refunded' });
  });
});

describe('a Pushkin-card order paid, admitted and partly refunded: the three reports field by field', () => {
  it('reports the sale with what the card paid after a promo code, the visit at its time, and the refund of what was given back', async () => {
    const order = await makeOrder(t, { pushkin: true, lines: [{ quantity: 2 }] });
    await t.db.query(
      `update orders set buyer_name = 'Петров Иван Сергеевич', buyer_surname = 'Петров', buyer_first_name = 'Иван', buyer_patronymic = 'Сергеевич', phone = '+7 (999) 123-45-67' where id = $1`,
      [order.id],
    );
    // 10% off the tickets: 2 × 500 ₽ + 2 × 30 ₽ fee − 100 ₽ = 960 ₽ paid by the card.
    expect((await t.post('/api/order/discount', { hash: order.hash, lang: 'ru', promoCode: 'DEMO10' })).statusCode).toBe(200);
    expect(await completeAtBank(t, sandboxId(await pay(t, order.hash, PUSHKIN)), 'pay')).toBe(`/order/${order.hash}`);
    const { rows: tickets } = await t.db.query<{ id: number; code: string }>(
      'select id, code from tickets where order_id = $1 order by id',
      [order.id],
    );
    const [first, second] = tickets;
    if (!first || !second) throw new Error('two tickets');
    const { rows: payments } = await t.db.query<{ public_id: string; amount: number; finished_at: Date }>(
      `select public_id, amount, finished_at from payments where order_id = $1 and status = 'succeeded'`,
      [order.id],
    );
    const payment = payments[0];
    expect(payment?.amount).toBe(96000);
    const { rows: sessions } = await t.db.query<{ starts_at: Date }>('select starts_at from sessions where id = 9000');
    const start = (sessions[0]?.starts_at.getTime() ?? 0) / 1000;

    // The bank's RRN is read back before the sale is reported (the sandbox bank gives none at payment).
    const asked: unknown[] = [];
    expect(await sender(async (p) => (asked.push(p), '612345678901')).run()).toEqual({ sent: 2, failed: 0, refused: 0 });
    expect(asked).toHaveLength(1);
    const posts = fake.calls.filter((c) => c.method === 'POST' && c.status === 201);
    expect(posts.map((c) => (c.body as { barcode: string }).barcode)).toEqual([first.code, second.code]);
    expect(posts[0]?.body).toEqual({
      barcode: first.code,
      barcode_type: '1',
      visitor: { full_name: 'Петров Иван Сергеевич', first_name: 'Иван', middle_name: 'Сергеевич', last_name: 'Петров' },
      buyer: { mobile_phone: '9991234567' },
      session: { event_id: 'reg-event-9000', organization_id: 'org-77', date: start, place: 'Адрес', params: 'Зал' },
      payment: {
        id: payment?.public_id,
        rrn: '612345678901',
        date: Math.floor((payment?.finished_at.getTime() ?? 0) / 1000),
        ticket_price: '500.00',
        amount: '480.00',
      },
    });
    expect((posts[1]?.body as { payment: unknown }).payment).toMatchObject({ rrn: '612345678901', amount: '480.00' });
    expect((await t.db.query<{ rrn: string }>('select rrn from payments where public_id = $1', [payment?.public_id])).rows[0]?.rrn).toBe(
      '612345678901',
    );
    const registryId = (code: string) => fake.byBarcode(code)[0]?.id ?? '';

    // Staff give back half of the second ticket: its net price after the promo is 450 ₽, half 225 ₽.
    t.clock.advance(86_400_000);
    const refundAt = t.clock.now() / 1000;
    const staff = (await signedInAs(t, 'support')).cookie;
    const refunded = await adminCall(t, 'POST', `/api/admin/orders/${order.id}/refund`, staff, {
      ticketIds: [second.id],
      percent: 50,
      reason: 'Замена состава',
      lang: 'ru',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    const refundCall = refundCalls(registryId(second.code));
    expect(refundCall).toHaveLength(1);
    expect(refundCall[0]?.body).toEqual({
      refund_date: refundAt,
      refund_reason: 'Возврат билета по заявлению посетителя',
      refund_ticket_price: '225.00',
    });

    // The first ticket is admitted half an hour before the start.
    t.clock.set(start * 1000 - 1800_000);
    // Weeks later: a CSRF token of today, as the door's page fetches one.
    const token = (await t.app.inject({ method: 'GET', url: '/api/token' })).json<{ token: string }>().token;
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/checkin/scan',
      payload: { code: first.code, deviceId: DEVICE, sessionIds: [9000] },
      headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest', authorization: `Bearer ${await deviceKey(t)}` },
    });
    expect(scan.json()).toMatchObject({ verdict: 'admitted' });
    expect(await sender().run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    const visits = fake.calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/visit'));
    expect(visits).toEqual([
      { method: 'PUT', path: `/api/v1/tickets/${registryId(first.code)}/visit`, status: 200, body: { visit_date: start - 1800 } },
    ]);
    expect(fake.byBarcode(first.code)[0]).toMatchObject({ status: 'visited', visit_date: start - 1800 });
    expect(fake.byBarcode(second.code)[0]).toMatchObject({ status: 'refunded', refund_ticket_price: '225.00' });
    expect(fake.tickets.size).toBe(2);
  });
});

describe('the payment RRN', () => {
  it('goes without an RRN when the acquirer has none (the sandbox bank, through the app’s own providers)', async () => {
    await registeredPushkinTicket();
    const sent = fake.calls.find((c) => c.method === 'POST')?.body as { payment: Record<string, unknown> };
    expect(sent.payment).not.toHaveProperty('rrn');
    expect(rrnReaderOf(t.app.paymentProviders)).toBeTypeOf('function');
  });

  it('waits for an acquirer that cannot be asked, then reports without the RRN rather than never', async () => {
    const order = await makeOrder(t, { pushkin: true, lines: [{ quantity: 1 }] });
    await t.db.query(`update orders set buyer_name = 'Петров Иван', buyer_surname = 'Петров', buyer_first_name = 'Иван' where id = $1`, [
      order.id,
    ]);
    expect(await completeAtBank(t, sandboxId(await pay(t, order.hash, PUSHKIN)), 'pay')).toBe(`/order/${order.hash}`);
    const down: RrnReader = async () => {
      throw new Error('T-Bank CheckOrder: timeout');
    };
    for (let attempt = 1; attempt < RRN_ATTEMPTS; attempt += 1) {
      expect(await sender(down).run()).toEqual({ sent: 0, failed: 1, refused: 0 });
      t.clock.advance(registryBackoffMs(attempt));
    }
    expect(fake.calls).toHaveLength(0);
    const { rows } = await t.db.query<{ last_error: string }>(
      `select r.last_error from registry_reports r join tickets x on x.id = r.ticket_id where r.kind = 'ticket' and x.order_id = $1`,
      [order.id],
    );
    expect(rows[0]?.last_error).toContain("the acquirer could not be asked for the payment's RRN");
    expect(await sender(down).run()).toEqual({ sent: 1, failed: 0, refused: 0 });
    expect((fake.calls[0]?.body as { payment: Record<string, unknown> }).payment).not.toHaveProperty('rrn');
  });
});

describe('bonuses on a Pushkin-card order', () => {
  it('are refused: the card pays the whole price', async () => {
    const order = await makeOrder(t, { pushkin: true, lines: [{ quantity: 1 }] });
    await proveCard(t, order.hash);
    const refused = await t.post('/api/order/discount', { hash: order.hash, lang: 'en', bonuses: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorText: 'This order is paid with the Pushkin card, which pays the whole ticket price: bonuses cannot be spent on it.',
    });
    const { rows } = await t.db.query<{ bonuses: number; total: number }>(
      'select d.bonuses, o.total from orders o left join order_discounts d on d.order_id = o.id where o.id = $1',
      [order.id],
    );
    expect(rows[0]?.bonuses ?? 0).toBe(0);
    expect(rows[0]?.total).toBe(53000);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../../tests/harness.ts';
import { expireUnpaidOrders } from '../../jobs/expiry.ts';
import { UNPAID } from '../../orders/order-status-sql.ts';
import { makeOrder, preparePaymentCatalog } from '../../payments/payment-test-kit.ts';
import { paidOrder, resetReturnableEvent, sessionStartsIn, setEvent, snapshot } from '../../returns/returns-test-kit.ts';
import { deskOn } from './orders-desk-kit.ts';
import type { OrdersDesk } from './orders-desk.service.ts';

// Service-level tests of the orders desk, on PGlite (api) and on PostgreSQL (api-pg).
const START = new Date('2026-11-21T10:00:00Z');
const DAY = 24 * 3600_000;

let t: TestApp;
let desk: OrdersDesk;
let auditRows: Awaited<ReturnType<typeof deskOn>>['auditRows'];
let ACTOR: Awaited<ReturnType<typeof deskOn>>['actor'];
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 500 });
  ({ desk, auditRows, actor: ACTOR } = await deskOn(t));
});
afterAll(() => t.close());
beforeEach(() => resetReturnableEvent(t, START));

const ticketsOf = async (orderId: number) =>
  (
    await t.db.query<{ id: number; status: number; code: string | null }>(
      'select id, status, code from tickets where order_id = $1 order by id',
      [orderId],
    )
  ).rows;
const remaining = async () =>
  (await t.db.query<{ remaining: number }>('select remaining from sessions where id = 9000')).rows[0]?.remaining;
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code?: string }).code, status: (error as { status?: number }).status };
  }
  throw new Error('expected a refusal');
};

describe('search', () => {
  it('finds an order by number, e-mail, phone, buyer name, holder name and ticket code', async () => {
    const order = await paidOrder(t);
    await t.db.query(
      `update orders set email = 'Maria.Ivanova@Example.test', phone = '+7 (912) 345-67-89', buyer_name = 'Иванова Мария' where id = $1`,
      [order.id],
    );
    const [first] = await ticketsOf(order.id);
    await t.db.query(`update tickets set holder = '{"surname":"Сидоров","name":"Пётр"}' where id = $1`, [first?.id]);
    const found = async (q: string) => (await desk.search({ q })).orders.map((o) => o.id);
    expect(await found(String(order.number))).toContain(order.id);
    expect(await found('maria.iv')).toEqual([order.id]);
    expect(await found('MARIA.IVANOVA@example.test')).toEqual([order.id]);
    expect(await found('8 912 345')).toEqual([order.id]);
    expect(await found('иванова м')).toEqual([order.id]);
    expect(await found('Сидоров П')).toEqual([order.id]);
    // A name is found whichever way round it is typed.
    expect(await found('Мария Иванова')).toEqual([order.id]);
    expect(await found('Пётр Сидоров')).toEqual([order.id]);
    expect(await found(first?.code as string)).toEqual([order.id]);
    expect(await found('nobody@')).toEqual([]);
    // LIKE's own characters are plain text in a search.
    expect(await found('%a%')).toEqual([]);
    expect(await found('_aria')).toEqual([]);
  });

  it('lists the newest orders for an empty search', async () => {
    t.clock.advance(60_000);
    const newest = await makeOrder(t);
    const listed = (await desk.search({ q: '' })).orders.map((o) => o.id);
    expect(listed[0]).toBe(newest.id);
    expect(listed.length).toBeGreaterThan(1);
  });

  it('pages newest first with a cursor, each order once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(60_000);
      ids.push((await makeOrder(t, { email: `pager${i}@paging.test` })).id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<OrdersDesk['search']>> = await desk.search({ q: 'pager', limit: 2, cursor });
      expect(page.orders.length).toBeLessThanOrEqual(2);
      seen.push(...page.orders.map((o) => o.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it('refuses a forged cursor with a field error', async () => {
    expect(await refusal(desk.search({ q: '', cursor: 'bm90LWEtY3Vyc29y' }))).toEqual({ code: '-1002', status: 400 });
  });
});

describe('the order as staff see it', () => {
  it('shows lines, tickets with their states, the payment, the e-mails and the notes', async () => {
    const order = await paidOrder(t);
    await desk.addNote({ orderId: order.id, body: 'Звонил, просил чек', actor: ACTOR });
    const v = await desk.view(order.id);
    expect(v.order).toMatchObject({ id: order.id, number: order.number, state: 'paid', total: 106_000 });
    expect(v.lines).toEqual([expect.objectContaining({ quantity: 2, returned: 0, unitPrice: 50_000, unitFee: 3000, amount: 106_000 })]);
    expect(v.tickets.map((x) => x.state)).toEqual(['valid', 'valid']);
    expect(v.tickets.every((x) => /^\d{16}$/.test(x.code ?? ''))).toBe(true);
    expect(v.payments).toEqual([expect.objectContaining({ status: 'succeeded', amount: 106_000, refunded: 0 })]);
    expect(v.mails.map((m) => m.subject)).toEqual([`Заказ № ${order.number} оплачен`]);
    expect(v.notes).toEqual([expect.objectContaining({ staffId: ACTOR.id, staffName: 'Анна Кассир', body: 'Звонил, просил чек' })]);
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'order.note', subject_id: String(order.id), staff_id: ACTOR.id });
  });

  it("the tickets e-mail names the event and the session's date and time in the venue's time zone", async () => {
    // 21:30 UTC on 30 November is already 1 December in Moscow.
    await t.db.query("update sessions set starts_at = '2026-11-30T21:30:00Z' where id = 9000");
    const order = await paidOrder(t);
    const [mail] = (
      await t.db.query<{ text_body: string; html_body: string }>('select text_body, html_body from mail_outbox where dedupe_key = $1', [
        `order-paid:${order.id}`,
      ])
    ).rows;
    expect(mail?.text_body.split('\n').slice(0, 2)).toEqual([`Спасибо! Заказ № ${order.number} оплачен.`, 'Событие, 01.12.2026 00:30']);
    expect(mail?.html_body).toContain('<strong>Событие, 01.12.2026 00:30</strong>');
  });

  it('answers 404 for an order that does not exist', async () => {
    expect(await refusal(desk.view(2_000_000_000))).toEqual({ code: '-1004', status: 404 });
  });
});

describe('resending the tickets e-mail', () => {
  it('puts the tickets e-mail in the outbox again, to the order or to another address, and audits it', async () => {
    const order = await paidOrder(t);
    await desk.resendTickets({ orderId: order.id, to: null, actor: ACTOR });
    await desk.resendTickets({ orderId: order.id, to: 'other@example.test', actor: ACTOR });
    const mails = (await desk.view(order.id)).mails;
    expect(mails.map((m) => m.to)).toEqual(['buyer@example.test', 'buyer@example.test', 'other@example.test']);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(1);
    const audit = (await auditRows()).filter((a) => a.subject_id === String(order.id));
    expect(audit.map((a) => [a.action, a.after.to])).toEqual([
      ['order.resend-tickets', 'b***@example.test'],
      ['order.resend-tickets', 'o***@example.test'],
    ]);
  });

  it('refuses an unpaid order and sends nothing', async () => {
    const order = await makeOrder(t);
    const before = (await auditRows()).length;
    expect(await refusal(desk.resendTickets({ orderId: order.id, to: null, actor: ACTOR }))).toEqual({ code: '-2101', status: 409 });
    expect((await desk.view(order.id)).mails).toEqual([]);
    expect((await auditRows()).length).toBe(before);
  });
});

describe('cancelling an unpaid order', () => {
  it('puts its places back once, even when expiry comes after, and audits it', async () => {
    // Every order other tests left unpaid is released first, so the counts below are this
    // order's alone: expiry skips an order another transaction holds, hence the check until none is left.
    const unreleased = async () =>
      (await t.db.query<{ n: number }>(`select count(*)::int as n from orders where released_at is null and status in (${UNPAID})`)).rows[0]
        ?.n;
    for (let round = 0; round < 100 && (await unreleased()) !== 0; round++)
      await expireUnpaidOrders(t.db, new Date(START.getTime() + 365 * DAY));
    expect(await unreleased()).toBe(0);
    t.clock.advance(DAY);
    const before = await remaining();
    const order = await makeOrder(t);
    expect(await remaining()).toBe((before as number) - 2);
    await desk.cancelUnpaid({ orderId: order.id, reason: 'Покупатель передумал', actor: ACTOR });
    expect(await remaining()).toBe(before);
    expect((await desk.view(order.id)).order).toMatchObject({
      state: 'canceled',
      cancelReason: 'staff',
      staffCancelReason: 'Покупатель передумал',
    });
    expect((await desk.view(order.id)).tickets.map((x) => x.state)).toEqual(['canceled', 'canceled']);

    expect(await refusal(desk.cancelUnpaid({ orderId: order.id, reason: 'ещё раз', actor: ACTOR }))).toEqual({
      code: '-2100',
      status: 409,
    });
    t.clock.advance(DAY);
    await expireUnpaidOrders(t.db, t.clock.date());
    expect(await remaining()).toBe(before);
    const audit = (await auditRows()).filter((a) => a.subject_id === String(order.id));
    expect(audit).toEqual([expect.objectContaining({ action: 'order.cancel', before: { state: 'awaiting-payment' } })]);
  });

  it('refuses a paid order and changes nothing', async () => {
    const order = await paidOrder(t);
    const before = await snapshot(t, order.id);
    expect(await refusal(desk.cancelUnpaid({ orderId: order.id, reason: 'нет', actor: ACTOR }))).toEqual({ code: '-2100', status: 409 });
    expect(await snapshot(t, order.id)).toEqual(before);
    expect((await desk.view(order.id)).order.state).toBe('paid');
  });
});

describe('staff refunds', () => {
  it('refunds one chosen ticket through the return core: place back, refund at the bank, e-mail, audit', async () => {
    const order = await paidOrder(t);
    const [first, second] = await ticketsOf(order.id);
    const before = await snapshot(t, order.id);
    // The confirmation's figures first: the same amount the refund then gives back, nothing changed.
    const quote = await desk.quoteRefund({ orderId: order.id, ticketIds: [first?.id as number], percent: null });
    expect(quote).toEqual({ amount: 50_000, tickets: [{ id: first?.id, percent: 100, amount: 50_000 }], services: [] });
    expect(await snapshot(t, order.id)).toEqual(before);
    const done = await desk.refund({
      orderId: order.id,
      ticketIds: [first?.id as number],
      percent: null,
      reason: 'Попросил в кассе',
      reasonId: 1,
      actor: ACTOR,
    });
    expect(done).toMatchObject({ amount: quote.amount, status: 70 });
    const after = await snapshot(t, order.id);
    expect(after.tickets).toEqual([
      { id: first?.id, status: 70 },
      { id: second?.id, status: 0 },
    ]);
    expect(after.remaining).toBe((before.remaining as number) + 1);
    expect(after.refunds).toEqual([{ amount: 50_000, status: 'done' }]);
    expect(after.bank?.total).toBe((before.bank?.total ?? 0) + 50_000);

    const v = await desk.view(order.id);
    expect(v.tickets.map((x) => x.state)).toEqual(['returned', 'valid']);
    expect(v.refunds).toEqual([
      expect.objectContaining({ amount: 50_000, status: 'done', ticketIds: [first?.id], byStaff: true, staffId: ACTOR.id, percent: null }),
    ]);
    expect(v.mails.at(-1)?.subject).toBe(`Возврат по заказу № ${order.number} оформлен`);
    const mail = await t.db.query<{ text_body: string }>('select text_body from mail_outbox where order_id = $1 order by id desc limit 1', [
      order.id,
    ]);
    expect(mail.rows[0]?.text_body).toMatch(/500\s₽/u);
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'order.refund',
      subject_id: String(order.id),
      after: { amount: 50_000, ticketIds: [first?.id] },
    });
  });

  it('sets the share by hand with a reason, recorded, where the law would refund nothing', async () => {
    await setEvent(t, { policy: 'culture-law' });
    const order = await paidOrder(t);
    await sessionStartsIn(t, 2 * DAY);
    const [first] = await ticketsOf(order.id);
    expect((await desk.quoteRefund({ orderId: order.id, ticketIds: 'all', percent: 50 })).amount).toBe(50_000);
    expect((await desk.quoteRefund({ orderId: order.id, ticketIds: [first?.id as number], percent: null })).amount).toBe(0);
    const done = await desk.refund({
      orderId: order.id,
      ticketIds: [first?.id as number],
      percent: 50,
      reason: 'Замена состава',
      reasonId: 4,
      actor: ACTOR,
    });
    expect(done.amount).toBe(25_000);
    const row = await t.db.query<{ staff_id: number; staff_percent: number; staff_reason: string; amount: number }>(
      'select staff_id, staff_percent, staff_reason, amount from return_requests where id = $1',
      [done.requestId],
    );
    expect(row.rows[0]).toEqual({ staff_id: ACTOR.id, staff_percent: 50, staff_reason: 'Замена состава', amount: 25_000 });
  });

  it('follows the refund policy without an override: nothing due under three days by the culture law', async () => {
    await setEvent(t, { policy: 'culture-law' });
    const order = await paidOrder(t);
    await sessionStartsIn(t, 2 * DAY);
    const [first] = await ticketsOf(order.id);
    const done = await desk.refund({
      orderId: order.id,
      ticketIds: [first?.id as number],
      percent: null,
      reason: 'Без компенсации',
      reasonId: 1,
      actor: ACTOR,
    });
    expect(done).toMatchObject({ amount: 0, status: 70 });
    expect((await snapshot(t, order.id)).refunds).toEqual([]);
  });

  it('refunds the whole rest of an order, then refuses a second refund and changes nothing', async () => {
    const order = await paidOrder(t);
    const [first] = await ticketsOf(order.id);
    await desk.refund({ orderId: order.id, ticketIds: [first?.id as number], percent: null, reason: 'одна', reasonId: 1, actor: ACTOR });
    const rest = await desk.refund({ orderId: order.id, ticketIds: 'all', percent: null, reason: 'остальные', reasonId: 1, actor: ACTOR });
    expect(rest.amount).toBe(50_000);
    const before = await snapshot(t, order.id);
    const audits = (await auditRows()).length;
    expect(
      await refusal(desk.refund({ orderId: order.id, ticketIds: 'all', percent: null, reason: 'снова', reasonId: 1, actor: ACTOR })),
    ).toEqual({ code: '-1023', status: 409 });
    expect(
      await refusal(
        desk.refund({ orderId: order.id, ticketIds: [first?.id as number], percent: 100, reason: 'снова', reasonId: 1, actor: ACTOR }),
      ),
    ).toEqual({
      code: '-1023',
      status: 409,
    });
    expect(await snapshot(t, order.id)).toEqual(before);
    expect((await auditRows()).length).toBe(audits);
    const payment = await t.db.query<{ refunded_amount: number }>('select refunded_amount from payments where order_id = $1', [order.id]);
    expect(payment.rows[0]?.refunded_amount).toBe(100_000);
  });

  it('refuses a ticket of another order, an unknown reason and an unpaid order, changing nothing', async () => {
    const order = await paidOrder(t);
    const other = await paidOrder(t);
    const [foreign] = await ticketsOf(other.id);
    const unpaid = await makeOrder(t);
    const before = await snapshot(t, order.id);
    expect(
      await refusal(
        desk.refund({ orderId: order.id, ticketIds: [foreign?.id as number], percent: null, reason: 'x', reasonId: 1, actor: ACTOR }),
      ),
    ).toEqual({ code: '-1023', status: 409 });
    expect(
      await refusal(desk.refund({ orderId: order.id, ticketIds: 'all', percent: null, reason: 'x', reasonId: 999, actor: ACTOR })),
    ).toEqual({ code: '-1002', status: 400 });
    expect(
      await refusal(desk.refund({ orderId: unpaid.id, ticketIds: 'all', percent: null, reason: 'x', reasonId: 1, actor: ACTOR })),
    ).toEqual({ code: '-2101', status: 409 });
    expect(await snapshot(t, order.id)).toEqual(before);
  });

  it('refunds once when two members of staff refund the same ticket at the same moment', async () => {
    const order = await paidOrder(t);
    const [first] = await ticketsOf(order.id);
    const before = await snapshot(t, order.id);
    const attempt = () =>
      desk.refund({ orderId: order.id, ticketIds: [first?.id as number], percent: null, reason: 'двое', reasonId: 1, actor: ACTOR });
    const results = await Promise.allSettled([attempt(), attempt(), attempt()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const after = await snapshot(t, order.id);
    expect(after.refunds).toEqual([{ amount: 50_000, status: 'done' }]);
    expect(after.remaining).toBe((before.remaining as number) + 1);
  });
});

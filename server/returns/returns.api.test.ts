import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { makeOrder, preparePaymentCatalog } from '../payments/payment-test-kit.ts';
import {
  confirmReturn,
  createReturn,
  lastReturnLink,
  loadReturn,
  paidOrder,
  resetReturnableEvent,
  sessionStartsIn,
  setEvent,
  snapshot,
} from './returns-test-kit.ts';

const START = new Date('2026-11-21T10:00:00Z');
const HOUR = 3600_000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 500 });
});
afterAll(() => t.close());
beforeEach(() => resetReturnableEvent(t, START));

const ticketIdsOf = async (app: TestApp, orderId: number) =>
  (await app.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id', [orderId])).rows.map((r) => r.id);
const ticketIds = (orderId: number) => ticketIdsOf(t, orderId);

describe('the return flow', () => {
  it('requests the return of one of two tickets, confirms it by the e-mail link, refunds once and puts the place back on sale', async () => {
    const order = await paidOrder(t);
    const [first, second] = await ticketIds(order.id);
    const before = await snapshot(t, order.id);

    const loaded = await loadReturn(t, order.hash);
    expect(loaded.status).toBe(200);
    expect(loaded.body.errorCode).toBe('0');
    const view = loaded.body.response;
    expect(view.error_code).toBe(0);
    expect(view.rows).toHaveLength(2);
    expect(view.rows[0]).toMatchObject({
      id: first,
      status_id: 0,
      ord_num: order.number,
      quant: 1,
      summa: 500,
      refund: 500,
      sortnum: 1,
      returnreason_id: 0,
    });
    expect(view.rows[0]?.returndatime).toBe(20 * 24 * 3600);
    expect(view.groups).toEqual([
      { sortnum: 1, returndatime: 20 * 24 * 3600, deadline: expect.stringMatching(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/) },
    ]);
    expect(view.reasons.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(view.text.ru).not.toBe('');
    expect(view.date).toBe('21.11.2026');
    expect(view.confirm).toBeNull();

    const created = await createReturn(t, order.hash, [first as number], 2);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      errorCode: '0',
      response: { error_code: 0, summa: 500, expires: new Date(START.getTime() + DAY).toISOString() },
    });
    const requested = (await loadReturn(t, order.hash)).body.response.rows;
    expect(requested.map((r) => [r.status_id, r.returnreason_id])).toEqual([
      [60, 2],
      [0, 0],
    ]);

    const mail = await lastReturnLink(t);
    expect(mail.to).toBe('buyer@example.test');
    expect(mail.text).toContain(`заказу № ${order.number}`);
    expect(mail.text).toContain('24 часа');
    expect(mail.url.pathname).toBe(`/order/return/${order.hash}`);
    const hashConf = mail.url.searchParams.get('hash_conf') as string;
    expect(hashConf.length).toBeGreaterThan(5);

    const step2 = (await loadReturn(t, order.hash, hashConf)).body.response;
    expect(step2).toMatchObject({ error_code: 0, confirm: { ids: [first], summa: 500, reason_id: 2 } });

    const confirmed = await confirmReturn(t, order.hash, hashConf);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ errorCode: '0', response: { error_code: 0, summa: 500, status_id: 70 } });

    const after = await snapshot(t, order.id);
    expect(after.tickets).toEqual([
      { id: first, status: 70 },
      { id: second, status: 0 },
    ]);
    expect(after.remaining).toBe((before.remaining as number) + 1);
    expect(after.refunds).toEqual([{ amount: 50_000, status: 'done' }]);
    expect(after.bank).toEqual({ n: (before.bank?.n ?? 0) + 1, total: (before.bank?.total ?? 0) + 50_000 });
    const payment = await t.db.query<{ refunded_amount: number }>('select refunded_amount from payments where order_id = $1', [order.id]);
    expect(payment.rows[0]?.refunded_amount).toBe(50_000);

    // Applied twice, it refunds once: the used link is refused and nothing changes.
    const again = await confirmReturn(t, order.hash, hashConf);
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('-1022');
    expect(await snapshot(t, order.id)).toEqual(after);
    // The used link on load: error_code, so the page drops it.
    expect((await loadReturn(t, order.hash, hashConf)).body.response).toMatchObject({ error_code: -1022, confirm: null });
  });

  it('two confirmations at once refund once', async () => {
    const order = await paidOrder(t);
    const [first, second] = await ticketIds(order.id);
    expect((await createReturn(t, order.hash, [first as number, second as number])).status).toBe(200);
    const hashConf = (await lastReturnLink(t)).url.searchParams.get('hash_conf') as string;
    const results = await Promise.all([confirmReturn(t, order.hash, hashConf), confirmReturn(t, order.hash, hashConf)]);
    expect(results.map((r) => r.body.errorCode).sort()).toEqual(['-1022', '0']);
    const after = await snapshot(t, order.id);
    expect(after.tickets.map((x) => x.status)).toEqual([70, 70]);
    expect(after.refunds).toEqual([{ amount: 100_000, status: 'done' }]);
  });

  it('keeps the link valid for 24 hours: after that it is refused, changes nothing, and the tickets can be asked for again', async () => {
    const order = await paidOrder(t);
    const [first] = await ticketIds(order.id);
    await createReturn(t, order.hash, [first as number]);
    const hashConf = (await lastReturnLink(t)).url.searchParams.get('hash_conf') as string;

    t.clock.advance(DAY - 1000);
    expect((await loadReturn(t, order.hash, hashConf)).body.response.error_code).toBe(0);
    t.clock.advance(1000);
    const before = await snapshot(t, order.id);
    const late = await confirmReturn(t, order.hash, hashConf);
    expect(late.body.errorCode).toBe('-1022');
    expect(await snapshot(t, order.id)).toEqual(before);

    const view = (await loadReturn(t, order.hash, hashConf)).body.response;
    expect(view.error_code).toBe(-1022);
    expect(view.rows.map((r) => r.status_id)).toEqual([0, 0]);
    expect((await createReturn(t, order.hash, [first as number])).status).toBe(200);
  });

  it('refuses a wrong confirmation hash and changes nothing; a short one is not a confirmation', async () => {
    const order = await paidOrder(t);
    const [first] = await ticketIds(order.id);
    await createReturn(t, order.hash, [first as number]);
    const before = await snapshot(t, order.id);
    const wrong = await confirmReturn(t, order.hash, 'not-the-right-confirmation-hash');
    expect(wrong).toMatchObject({ status: 409, body: { errorCode: '-1022' } });
    expect((await confirmReturn(t, order.hash, 'abcde')).status).toBe(400);
    expect(await snapshot(t, order.id)).toEqual(before);
    expect((await loadReturn(t, order.hash, 'not-the-right-confirmation-hash')).body.response.error_code).toBe(-1022);
    expect((await loadReturn(t, order.hash, 'abcde')).body.response.error_code).toBe(0);
  });

  it('a link of one order does not confirm another', async () => {
    const one = await paidOrder(t);
    const other = await paidOrder(t);
    await createReturn(t, one.hash, [(await ticketIds(one.id))[0] as number]);
    const hashConf = (await lastReturnLink(t)).url.searchParams.get('hash_conf') as string;
    expect((await confirmReturn(t, other.hash, hashConf)).body.errorCode).toBe('-1022');
  });
});

describe('deadlines', () => {
  it('closes returns return_hours_before the session: the row shows 0 seconds and a request is refused', async () => {
    await setEvent(t, { hoursBefore: 24 });
    await sessionStartsIn(t, 25 * HOUR);
    const order = await paidOrder(t);
    const [first] = await ticketIds(order.id);
    expect((await loadReturn(t, order.hash)).body.response.groups[0]?.returndatime).toBe(3600);
    t.clock.advance(HOUR);
    const view = (await loadReturn(t, order.hash)).body.response;
    expect(view.rows.map((r) => r.returndatime)).toEqual([0, 0]);
    const before = await snapshot(t, order.id);
    expect((await createReturn(t, order.hash, [first as number])).body.errorCode).toBe('-1021');
    expect(await snapshot(t, order.id)).toEqual(before);
  });

  it('refuses to confirm once the session has started, even with a valid link', async () => {
    await sessionStartsIn(t, 2 * HOUR);
    const order = await paidOrder(t);
    await createReturn(t, order.hash, [(await ticketIds(order.id))[0] as number]);
    const hashConf = (await lastReturnLink(t)).url.searchParams.get('hash_conf') as string;
    t.clock.advance(2 * HOUR);
    const before = await snapshot(t, order.id);
    expect((await confirmReturn(t, order.hash, hashConf)).body.errorCode).toBe('-1021');
    expect(await snapshot(t, order.id)).toEqual(before);
  });
});

describe('refund policy', () => {
  // 500 ₽ ticket + 30 ₽ service fee.
  it.each([
    { description: 'full (default): the price, fee kept', policy: 'full', days: 1, refundFee: false, refund: 500 },
    { description: 'full with the fee refunded', policy: 'full', days: 1, refundFee: true, refund: 530 },
    { description: 'law, 12 days before: 100 %', policy: 'culture-law', days: 12, refundFee: false, refund: 500 },
    { description: 'law, 7 days before: 50 %', policy: 'culture-law', days: 7, refundFee: false, refund: 250 },
    { description: 'law, 7 days before, fee refunded at 50 %', policy: 'culture-law', days: 7, refundFee: true, refund: 265 },
    { description: 'law, 4 days before: 30 %', policy: 'culture-law', days: 4, refundFee: false, refund: 150 },
    { description: 'law, 2 days before: returns closed', policy: 'culture-law', days: 2, refundFee: false, refund: null },
  ] as const)('$description', async ({ policy, days, refundFee, refund }) => {
    await setEvent(t, { policy, refundFee });
    await sessionStartsIn(t, days * DAY + HOUR);
    const order = await paidOrder(t);
    const [first] = await ticketIds(order.id);
    const answer = (await loadReturn(t, order.hash)).body.response;
    // The page says whether the fee comes back beside the amount that includes it or not.
    expect(answer.refund).toEqual({ service_fee: refundFee, discounted: false });
    const row = answer.rows[0];
    if (refund === null) {
      expect(row?.returndatime).toBe(0);
      expect((await createReturn(t, order.hash, [first as number])).body.errorCode).toBe('-1021');
      return;
    }
    expect(row?.refund).toBe(refund);
    expect((await createReturn(t, order.hash, [first as number])).body).toMatchObject({ response: { summa: refund } });
    const hashConf = (await lastReturnLink(t)).url.searchParams.get('hash_conf') as string;
    expect((await confirmReturn(t, order.hash, hashConf)).body).toMatchObject({ errorCode: '0', response: { summa: refund } });
    expect((await snapshot(t, order.id)).refunds).toEqual([{ amount: refund * 100, status: 'done' }]);
  });

  it('the amount is fixed when the request is made, even if the next step of the schedule starts before the confirmation', async () => {
    await setEvent(t, { policy: 'culture-law' });
    await sessionStartsIn(t, 10 * DAY + HOUR);
    const order = await paidOrder(t);
    await createReturn(t, order.hash, [(await ticketIds(order.id))[0] as number]);
    const hashConf = (await lastReturnLink(t)).url.searchParams.get('hash_conf') as string;
    t.clock.advance(2 * HOUR);
    expect((await loadReturn(t, order.hash)).body.response.rows.map((r) => r.refund)).toEqual([500, 250]);
    expect((await confirmReturn(t, order.hash, hashConf)).body).toMatchObject({ response: { summa: 500 } });
  });

  it('refunds what was paid for a ticket when a promo code discounted the order', async () => {
    const order = await paidOrder(t, { promo: 'DEMO10' });
    const answer = (await loadReturn(t, order.hash)).body.response;
    expect(answer.rows.map((r) => r.refund)).toEqual([450, 450]);
    // The page says the refund is what was paid after the discount, not the price.
    expect(answer.refund).toEqual({ service_fee: false, discounted: true });
  });
});

describe('places back on sale', () => {
  it('frees a returned seat for another buyer', async () => {
    const order = await paidOrder(t, { lines: [{ seatId: 9005 }, { seatId: 9006 }] });
    await expect(makeOrder(t, { lines: [{ seatId: 9005 }] })).rejects.toThrow();
    const [first] = await ticketIds(order.id);
    await createReturn(t, order.hash, [first as number]);
    // A requested return does not free the seat yet.
    await expect(makeOrder(t, { lines: [{ seatId: 9005 }] })).rejects.toThrow();
    const hashConf = (await lastReturnLink(t)).url.searchParams.get('hash_conf') as string;
    expect((await confirmReturn(t, order.hash, hashConf)).body.errorCode).toBe('0');
    await expect(makeOrder(t, { lines: [{ seatId: 9005 }] })).resolves.toBeDefined();
    await expect(makeOrder(t, { lines: [{ seatId: 9006 }] })).rejects.toThrow();
  });
});

describe('refusals', () => {
  it('answers -1004 for an unknown order', async () => {
    const missing = await t.post('/api/order/return/AAAAAAAAAAAAAAAAAAAAAAAA', { lang: 'ru' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ errorCode: '-1004' });
  });

  it('refuses an unpaid order', async () => {
    const order = await makeOrder(t);
    expect((await loadReturn(t, order.hash)).body).toMatchObject({ errorCode: '-1020' });
    expect((await createReturn(t, order.hash, await ticketIds(order.id))).body.errorCode).toBe('-1020');
  });

  // The setup service caches what it read for a few seconds, so each setup gets an app of its own.
  async function withSetup(data: unknown, run: (app: TestApp) => Promise<void>) {
    const app = await createTestApp({ demo: false, clock: createClock(START) });
    try {
      await preparePaymentCatalog(app, { capacity: 50 });
      await sessionStartsIn(app, 20 * DAY);
      await app.db.query('insert into setup (id, data) values (1, $1)', [JSON.stringify(data)]);
      await run(app);
    } finally {
      await app.close();
    }
  }

  it('refuses when neither the event (usereturn) nor the setup (app.order_return) allows returns', async () => {
    await withSetup({ app: { order_return: 0 } }, async (app) => {
      const order = await paidOrder(app);
      expect((await loadReturn(app, order.hash)).body.errorCode).toBe('0');
      await setEvent(app, { allowReturn: false });
      expect((await loadReturn(app, order.hash)).body.errorCode).toBe('-1020');
      expect((await createReturn(app, order.hash, await ticketIdsOf(app, order.id))).body.errorCode).toBe('-1020');
    });
    // With app.order_return = 1 (the default setup) the event's own flag is not needed.
    await setEvent(t, { allowReturn: false });
    const order = await paidOrder(t);
    expect((await loadReturn(t, order.hash)).body.errorCode).toBe('0');
  });

  it('refuses requests through the storefront when the venue uses its own return form', async () => {
    await withSetup({ app: { return_form_url: 'https://venue.example/return' } }, async (app) => {
      const order = await paidOrder(app);
      expect((await createReturn(app, order.hash, await ticketIdsOf(app, order.id))).body.errorCode).toBe('-1020');
    });
  });

  it.each([
    { description: 'an unknown reason', ids: 'own', reason: 99, code: '-1002' },
    { description: 'no ticket', ids: 'none', reason: 1, code: '-1002' },
    { description: 'a ticket of another order', ids: 'foreign', reason: 1, code: '-1023' },
    { description: 'a ticket twice', ids: 'twice', reason: 1, code: '-1023' },
    { description: 'a ticket already requested', ids: 'requested', reason: 1, code: '-1023' },
  ])('refuses $description and changes nothing', async ({ ids, reason, code }) => {
    const order = await paidOrder(t);
    const own = await ticketIds(order.id);
    if (ids === 'requested') await createReturn(t, order.hash, [own[0] as number]);
    const foreign = ids === 'foreign' ? await ticketIds((await paidOrder(t)).id) : [];
    const chosen =
      {
        own: [own[0] as number],
        none: [],
        foreign: [foreign[0] as number],
        twice: [own[1] as number, own[1] as number],
        requested: [own[0] as number],
      }[ids] ?? [];
    const before = await snapshot(t, order.id);
    const mails = await t.db.query('select id from mail_outbox');
    const refused = await createReturn(t, order.hash, chosen, reason);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.body.errorCode).toBe(code);
    expect(await snapshot(t, order.id)).toEqual(before);
    expect((await t.db.query('select id from mail_outbox')).rows).toHaveLength(mails.rows.length);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog, proveCard, sandboxId, view } from '../payments/payment-test-kit.ts';
import { confirmReturn, createReturn, lastReturnLink, loadReturn, resetReturnableEvent, snapshot } from './returns-test-kit.ts';

// Services and loyalty bonuses follow a return (docs/returns.md, 'Services and bonuses').
// The mini catalog's order: 2 tickets of 500 ₽ with a 30 ₽ fee each, on one line.

const START = new Date('2026-11-21T10:00:00Z');
const DAY = 24 * 3600_000;
const AUDIO = { package_id: 1, price_id: 1, cost: 250 }; // seat-tied: one per place
const PARKING = { package_id: 3, price_id: 3, cost: 500 }; // the line's, stock 40
const CARD = '1000200030004000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  await preparePaymentCatalog(t, { capacity: 500 });
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetReturnableEvent(t, START);
  await t.db.query(`update loyalty_cards set balance = 1500 where code = $1`, [CARD]);
});

type Extras = { services?: (typeof AUDIO)[]; promo?: string; bonuses?: number };

/** An order with services and discounts, paid by card at the sandbox bank. */
async function paidOrderWith(extras: Extras) {
  const order = await makeOrder(t);
  const parent = (await view(t, order.hash)).body.main[0].id as number;
  if (extras.services?.length) {
    const added = await t.post('/api/order/add-special-offer', {
      hash: order.hash,
      lang: 'ru',
      data: extras.services.map((s, i) => ({ uid: String(i), parent_id: parent, ...s })),
    });
    expect(added.json()).toEqual({ errorCode: '0', errorText: '' });
  }
  if (extras.bonuses) await proveCard(t, order.hash, CARD);
  if (extras.promo || extras.bonuses) {
    const body = {
      hash: order.hash,
      lang: 'ru',
      ...(extras.promo ? { promoCode: extras.promo } : {}),
      ...(extras.bonuses ? { cardCode: CARD, bonuses: extras.bonuses } : {}),
    };
    const applied = await t.post('/api/order/discount', body);
    expect(applied.statusCode, applied.body).toBe(200);
  }
  const answer = await pay(t, order.hash, 1);
  expect(await completeAtBank(t, sandboxId(answer), 'pay')).toBe(`/order/${order.hash}`);
  const tickets = (await t.db.query<{ id: number }>('select id from tickets where order_id = $1 order by id', [order.id])).rows.map(
    (r) => r.id,
  );
  return { ...order, tickets: tickets as [number, number] };
}

async function returnTickets(hash: string, ids: number[]) {
  const created = await createReturn(t, hash, ids);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const mail = await lastReturnLink(t);
  const confirmed = await confirmReturn(t, hash, mail.url.searchParams.get('hash_conf') as string);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { created: created.body, mail, confirmed: confirmed.body };
}

const servicesOf = async (orderId: number) =>
  (
    await t.db.query<{ offer_id: number; status: number }>('select offer_id, status from order_services where order_id = $1 order by id', [
      orderId,
    ])
  ).rows;
const balance = async () =>
  (await t.db.query<{ balance: number }>('select balance from loyalty_cards where code = $1', [CARD])).rows[0]?.balance;
const parkingStock = async () => (await t.db.query<{ stock: number }>('select stock from special_offers where id = 3')).rows[0]?.stock;

describe('a ticket with a service', () => {
  it('returns the seat-tied service with its own ticket and refunds both; the order view and the e-mail show it', async () => {
    const order = await paidOrderWith({ services: [AUDIO, AUDIO] });
    const [first, second] = order.tickets;

    const screen = (await loadReturn(t, order.hash)).body.response as unknown as {
      services: { ids: number[]; cost: number; refund: number; status_id: number; seat_tied: number; action: { ru: string } }[];
    };
    expect(screen.services.map((s) => [s.ids, s.cost, s.refund, s.status_id, s.seat_tied])).toEqual([
      [[first], 250, 250, 0, 1],
      [[second], 250, 250, 0, 1],
    ]);

    const { created, mail, confirmed } = await returnTickets(order.hash, [first]);
    expect(created).toMatchObject({ response: { summa: 750 } });
    expect(mail.text).toContain('Вместе с билетами возвращаются услуги:');
    expect(mail.text).toContain('— Аудиогид: 250\u00a0₽');
    expect(mail.text).toContain('сумма к возврату — 750\u00a0₽');
    expect(confirmed).toMatchObject({ errorCode: '0', response: { summa: 750, status_id: 70, bonuses_restored: 0, bonuses_revoked: 0 } });

    expect(await servicesOf(order.id)).toEqual([
      { offer_id: 1, status: 70 },
      { offer_id: 1, status: 0 },
    ]);
    expect((await snapshot(t, order.id)).refunds).toEqual([{ amount: 75_000, status: 'done' }]);

    const shown = (await view(t, order.hash)).body;
    expect(shown.toping.map((s: { status: number }) => s.status)).toEqual([70, 0]);
    const tickets = shown.main[0].tickets as { id: number; status: number; ticketcode: string }[];
    expect(tickets.map((x) => [x.id, x.status])).toEqual([
      [first, 70],
      [second, 0],
    ]);
    // A returned ticket is void: its code is no longer shown, and its ticket page says it was returned.
    expect(tickets.map((x) => x.ticketcode !== '')).toEqual([false, true]);
    const hashes = (await t.db.query<{ hash: string }>('select hash from tickets where order_id = $1 order by id', [order.id])).rows;
    const returned = await t.get(`/api/ticket/${hashes[0]?.hash}`);
    expect(returned.statusCode).toBe(410);
    expect(returned.json()).toMatchObject({ errorCode: '-1025' });
    expect((await t.get(`/api/ticket/${hashes[1]?.hash}`)).statusCode).toBe(200);
    expect(shown.status).toBe(30);
  });
});

describe('a partial return', () => {
  it("keeps the line's parking while a ticket of the line stays, and returns it with the last one", async () => {
    const order = await paidOrderWith({ services: [PARKING] });
    const [first, second] = order.tickets;
    const stock = await parkingStock();

    const once = await returnTickets(order.hash, [first]);
    expect(once.confirmed).toMatchObject({ response: { summa: 500 } });
    expect(once.mail.text).not.toContain('Парковка');
    expect(await servicesOf(order.id)).toEqual([{ offer_id: 3, status: 0 }]);
    expect(await parkingStock()).toBe(stock);

    const services = (await loadReturn(t, order.hash)).body.response as unknown as { services: { ids: number[] }[] };
    expect(services.services[0]?.ids).toEqual([first, second]);

    const last = await returnTickets(order.hash, [second]);
    expect(last.confirmed).toMatchObject({ response: { summa: 1000 } });
    expect(last.mail.text).toContain('— Парковка: 500\u00a0₽');
    expect(await servicesOf(order.id)).toEqual([{ offer_id: 3, status: 70 }]);
    expect(await parkingStock()).toBe((stock as number) + 1);
    expect((await snapshot(t, order.id)).refunds.map((r) => r.amount)).toEqual([50_000, 100_000]);
  });
});

describe('a return with a discount and bonuses applied', () => {
  it('refunds what was paid, gives back the bonuses paid with and takes back the accrued ones in proportion', async () => {
    // 2 × 500 + audio guide 250 = 1 250 ₽ discountable; DEMO10 takes 125, 100 bonuses another 100;
    // paid 1 250 + 60 fee − 225 = 1 085 ₽; 5 % accrued: 54 bonuses; card 1 500 − 100 + 54 = 1 454.
    const order = await paidOrderWith({ services: [AUDIO], promo: 'DEMO10', bonuses: 100 });
    const [first, second] = order.tickets;
    expect(await balance()).toBe(1454);

    const rows = (await loadReturn(t, order.hash)).body.response.rows;
    expect(rows.map((r) => r.refund)).toEqual([410, 410]);

    // Ticket 1 with its guide: 410 + 205 = 615 ₽; share 750 of 1 250 → 60 bonuses back;
    // 615 of 1 085 refunded → ceil(54 × 615 / 1 085) = 31 accrued bonuses taken back.
    const one = await returnTickets(order.hash, [first]);
    expect(one.created).toMatchObject({ response: { summa: 615 } });
    expect(one.mail.text).toContain('вернётся бонусов, которыми был оплачен заказ: 60');
    expect(one.mail.text).toContain('будут списаны: 31');
    expect(one.confirmed).toMatchObject({ response: { summa: 615, bonuses_restored: 60, bonuses_revoked: 31 } });
    expect(await balance()).toBe(1454 + 60 - 31);

    // The rest: 410 ₽; all 100 bonuses are back now (40 more); ceil(54 × 1 025 / 1 085) = 52 taken in all (21 more).
    const two = await returnTickets(order.hash, [second]);
    expect(two.confirmed).toMatchObject({ response: { summa: 410, bonuses_restored: 40, bonuses_revoked: 21 } });
    expect(await balance()).toBe(1454 + 100 - 52);

    const screen = (await loadReturn(t, order.hash)).body.response as unknown as { bonuses: object };
    expect(screen.bonuses).toEqual({ spent: 100, accrued: 54, restored: 100, revoked: 52 });
    expect((await snapshot(t, order.id)).refunds.map((r) => r.amount)).toEqual([61_500, 41_000]);
  });

  it('takes back no more accrued bonuses than the card holds when the visitor already spent them', async () => {
    const order = await paidOrderWith({ bonuses: 100 });
    await t.db.query(`update loyalty_cards set balance = 10 where code = $1`, [CARD]);
    const { confirmed } = await returnTickets(order.hash, order.tickets);
    // Paid 1 060 − 100 = 960 ₽, 48 accrued; the whole return gives back the 100 bonuses paid with
    // and takes back the accrued part of the 900 ₽ refunded (45), all of which the card now holds.
    expect(confirmed).toMatchObject({ response: { summa: 900, bonuses_restored: 100, bonuses_revoked: 45 } });
    expect(await balance()).toBe(10 + 100 - 45);
  });

  it('never takes the balance below zero: what was already spent is recorded as the shortfall', async () => {
    const order = await paidOrderWith({ bonuses: 2 });
    // Paid 1 058 ₽, 52 accrued; the visitor spent everything on the card since.
    await t.db.query(`update loyalty_cards set balance = 0 where code = $1`, [CARD]);
    const { confirmed } = await returnTickets(order.hash, [order.tickets[0]]);
    // 1 of the 2 back, ceil(52 × 499 / 1 058) = 25 due: 1 taken (the one just given back), 24 forgiven.
    expect(confirmed).toMatchObject({ response: { summa: 499, bonuses_restored: 1, bonuses_revoked: 1 } });
    expect(await balance()).toBe(0);
    const revoke = await t.db.query<{ bonuses: number; shortfall: number }>(
      `select bonuses, shortfall from loyalty_transactions where order_id = $1 and kind = 'revoke'`,
      [order.id],
    );
    expect(revoke.rows).toEqual([{ bonuses: 1, shortfall: 24 }]);
  });
});

describe('a whole-order return', () => {
  it('returns every ticket and service at once; the order stays paid with everything returned', async () => {
    const order = await paidOrderWith({ services: [AUDIO, PARKING] });
    const stock = await parkingStock();
    const { confirmed } = await returnTickets(order.hash, order.tickets);
    expect(confirmed).toMatchObject({ response: { summa: 1000 + 250 + 500, status_id: 70 } });
    expect(await servicesOf(order.id)).toEqual([
      { offer_id: 1, status: 70 },
      { offer_id: 3, status: 70 },
    ]);
    expect(await parkingStock()).toBe((stock as number) + 1);

    const shown = (await view(t, order.hash)).body;
    expect(shown.status).toBe(30);
    expect(shown.main[0].tickets.map((x: { status: number }) => x.status)).toEqual([70, 70]);
    expect(shown.toping.map((s: { status: number }) => s.status)).toEqual([70, 70]);
    const screen = (await loadReturn(t, order.hash)).body.response;
    expect(screen.rows.map((r) => r.status_id)).toEqual([70, 70]);
  });
});

describe('once only, and refusals change nothing', () => {
  it('a second confirmation moves no service, stock or bonus again', async () => {
    const order = await paidOrderWith({ services: [PARKING], bonuses: 50 });
    const created = await createReturn(t, order.hash, order.tickets);
    expect(created.status).toBe(200);
    const hashConf = (await lastReturnLink(t)).url.searchParams.get('hash_conf') as string;
    expect((await confirmReturn(t, order.hash, hashConf)).status).toBe(200);
    const stock = await parkingStock();
    const card = await balance();
    const before = await snapshot(t, order.id);

    const again = await confirmReturn(t, order.hash, hashConf);
    expect(again.body).toMatchObject({ errorCode: '-1022' });
    expect(await parkingStock()).toBe(stock);
    expect(await balance()).toBe(card);
    expect(await snapshot(t, order.id)).toEqual(before);
    const moves = await t.db.query<{ kind: string }>('select kind from loyalty_transactions where order_id = $1 order by id', [order.id]);
    expect(moves.rows.map((r) => r.kind)).toEqual(['spend', 'accrue', 'restore', 'revoke']);
  });

  it('a refused request leaves services and bonuses as they were; a lapsed one gives its services back to the order', async () => {
    const order = await paidOrderWith({ services: [AUDIO, AUDIO], bonuses: 50 });
    const [first] = order.tickets;
    const card = await balance();

    const refused = await createReturn(t, order.hash, [first, first]);
    expect(refused.body).toMatchObject({ errorCode: '-1023' });
    expect(await servicesOf(order.id)).toEqual([
      { offer_id: 1, status: 0 },
      { offer_id: 1, status: 0 },
    ]);

    expect((await createReturn(t, order.hash, [first])).status).toBe(200);
    expect(await servicesOf(order.id)).toEqual([
      { offer_id: 1, status: 60 },
      { offer_id: 1, status: 0 },
    ]);
    expect(await balance()).toBe(card); // bonuses move only on confirmation

    t.clock.advance(DAY + 1000);
    expect((await loadReturn(t, order.hash)).body.response.rows.map((r) => r.status_id)).toEqual([0, 0]);
    expect(await servicesOf(order.id)).toEqual([
      { offer_id: 1, status: 0 },
      { offer_id: 1, status: 0 },
    ]);
    expect(await balance()).toBe(card);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../tests/harness.ts';
import { isOfferDisabled } from '../../contract/order-rules.ts';
import type { Offer } from '../../contract/order-view.ts';
import { expireUnpaidOrders } from '../jobs/expiry.ts';
import { remaining } from '../orders/order-test-kit.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { completeAtBank, makeOrder, pay, preparePaymentCatalog, proveCard, sandboxId, view } from '../payments/payment-test-kit.ts';

const START = new Date('2026-11-21T10:00:00Z');
const CARD_CODE = '1000200030004000';
const AUDIO = { package_id: 1, price_id: 1, cost: 250 }; // seat-tied, limit 10
const PROGRAMME = { package_id: 2, price_id: 2, cost: 300 }; // limit 2 per order
const PARKING = { package_id: 3, price_id: 3, cost: 500 }; // limit 1, stock 40

let t: TestApp;
let seatIds: number[];
beforeAll(async () => {
  t = await createTestApp({ demo: false, clock: createClock(START) });
  ({ seatIds } = await preparePaymentCatalog(t, { capacity: 500 }));
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

describe('POST /api/order/view', () => {
  it('answers every field of the order view for an unpaid order', async () => {
    const order = await makeOrder(t);
    const { status, body } = await view(t, order.hash);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      errorCode: '0',
      ord_num: order.number,
      hash: order.hash,
      status: 20,
      reserveTime: 900,
      printingAllowed: 0,
      paymentAllowed: true,
      demsumma: 1060,
      cost: 1060,
      url_pay: '/api/order/pay',
      creditCompanyId: 1,
      payment_qr: null,
      name: 'Иван Петров',
      email: 'buyer@example.test',
      phone: '+79990000000',
      // Only a paid order's tickets can be exchanged by the buyer (server/self-exchange/self-exchange.api.test.ts).
      selfExchange: { allowed: false, deadline: null },
      toping: [],
      service: [{ id: 0, action: { ru: 'Сервисный сбор' }, cost: 60 }],
      discountData: {
        cardCode: '',
        isBlocked: 0,
        availableBonuses: 0,
        useBonuses: 0,
        totalBalance: 0,
        totalDiscount: 0,
        chargedBonus: 0,
        promoCode: '',
      },
    });
    expect(body.payments.map((p: { creditcompany_id: number }) => p.creditcompany_id)).toEqual([1, 2, 3]);
    expect(body.payments[0]).toMatchObject({ protocol_type: 1, protocol_kind: 1, name: { ru: 'Банковская карта', en: 'Bank card' } });
    const row = body.main[0];
    expect(row).toMatchObject({
      action: { ru: 'Событие' },
      action_group: '9000-9000',
      price: 500,
      quant: 2,
      cost: 1000,
      tickettype: 1,
      ticketcode: '',
      _qrcode: '',
      category: { ru: 'Взрослый' },
      seat_id: 0,
    });
    expect(row.day).toMatch(/^\d\d\.\d\d\.\d{4}$/);
    expect(row.time).toMatch(/^\d\d:\d\d$/);
    expect(row.day_str.ru).toMatch(/\d{4}/);
    expect(row.dayofweek.ru).toMatch(/^[а-я]+$/);
    expect(body.addToping).toHaveLength(3);
    expect(body.addToping[0]).toMatchObject({ parent_id: row.id, ...AUDIO, limit: 2, seat_tied: 1, action: { ru: 'Аудиогид' } });
  });

  it('shows a seat row with sector, row and seat', async () => {
    const order = await makeOrder(t, { lines: [{ seatId: seatIds[0] as number, quantity: 1 }] });
    const row = (await view(t, order.hash)).body.main[0];
    expect(row).toMatchObject({ rowname: '1', seat: { ru: '1' }, sector: { ru: 'Партер' }, seat_id: seatIds[0], quant: 1 });
  });

  it('names on each row of a concession category the document to show at the door, and none on an ordinary one', async () => {
    const ordinary = await makeOrder(t);
    expect((await view(t, ordinary.hash)).body.main[0].document).toEqual({});
    await t.db.query('update categories set concession = $1::jsonb where id = 9000', [
      JSON.stringify({ document: 'student-card', documentText: { ru: 'очной формы обучения' } }),
    ]);
    try {
      const order = await makeOrder(t, { lines: [{ quantity: 2 }, { seatId: seatIds[1] as number, quantity: 1 }] });
      const rows = (await view(t, order.hash)).body.main as { document: Record<string, string> }[];
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.document).toMatchObject({ ru: 'Студенческий билет (очной формы обучения)', en: 'Student card' });
      }
      // Every language is in the answer, whatever the visitor's (as the event page's prices).
      const english = (await view(t, order.hash, 'en')).body.main[0].document;
      expect(english).toEqual(rows[0]?.document);
    } finally {
      await t.db.query('update categories set concession = null where id = 9000');
    }
  });

  it('answers an unknown hash with "Заказ удалён или не найден"', async () => {
    const { status, body } = await view(t, 'unknown-order-hash-000000');
    expect(status).toBe(404);
    expect(body).toEqual({ errorCode: '-1004', errorText: 'Заказ удалён или не найден' });
    expect((await view(t, 'unknown-order-hash-000000', 'en')).body.errorText).toBe('The order was deleted or not found');
  });

  it('ends payment when the reserve time runs out: reserveTime 0, paymentAllowed false, no offers', async () => {
    const order = await makeOrder(t);
    t.clock.advance(15 * 60_000 - 1000);
    expect((await view(t, order.hash)).body).toMatchObject({ reserveTime: 1, paymentAllowed: true });
    t.clock.advance(1000);
    expect((await view(t, order.hash)).body).toMatchObject({ reserveTime: 0, paymentAllowed: false, printingAllowed: 0, addToping: [] });
  });
});

describe('POST /api/order/view of an order still awaiting named-ticket data (status 10)', () => {
  it('answers reserveTime and paymentAllowed as for status 20 while the reserve runs, and no offers to change', async () => {
    const order = await makeOrder(t, { status: OrderStatus.reserved });
    const { status, body } = await view(t, order.hash);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 10,
      reserveTime: 900,
      paymentAllowed: true,
      printingAllowed: 0,
      url_pay: '/api/order/pay',
      demsumma: 1060,
      addToping: [],
    });
    t.clock.advance(15 * 60_000);
    expect((await view(t, order.hash)).body).toMatchObject({ status: 10, reserveTime: 0, paymentAllowed: false });
  });
});

describe('special offers', () => {
  const add = (hash: string, data: object[]) => t.post('/api/order/add-special-offer', { hash, lang: 'ru', data });

  it('adds several offers at once and the total follows; removes one with candelete = 1', async () => {
    const order = await makeOrder(t);
    const parent = (await view(t, order.hash)).body.main[0].id;
    const added = await add(order.hash, [
      { uid: 'a', parent_id: parent, ...AUDIO },
      { uid: 'b', parent_id: parent, ...PROGRAMME },
    ]);
    expect(added.json()).toEqual({ errorCode: '0', errorText: '' });
    const { body } = await view(t, order.hash);
    expect(body.demsumma).toBe(1060 + 250 + 300);
    expect(body.toping).toHaveLength(2);
    expect(body.toping[0]).toMatchObject({ parent_id: parent, cost: 250, candelete: 1, action: { ru: 'Аудиогид' } });
    expect(body.addToping.find((o: { price_id: number }) => o.price_id === 2).limit).toBe(1);

    const removed = await t.post('/api/order/remove-special-offer', { hash: order.hash, lang: 'ru', id: body.toping[0].id });
    expect(removed.json()).toEqual({ errorCode: '0', errorText: '' });
    expect((await view(t, order.hash)).body.demsumma).toBe(1060 + 300);
  });

  it.each([
    { name: 'more of one price id than its limit', items: [PROGRAMME, PROGRAMME, PROGRAMME], code: '-9998' },
    { name: 'more seat-tied services than places', items: [AUDIO, AUDIO, AUDIO], code: '-9998' },
    { name: 'a changed price', items: [{ ...PARKING, cost: 1 }], code: '-1002' },
    { name: 'an unknown offer', items: [{ package_id: 9, price_id: 99, cost: 1 }], code: '-1002' },
  ])('refuses $name and adds nothing', async ({ items, code }) => {
    const order = await makeOrder(t);
    const parent = (await view(t, order.hash)).body.main[0].id;
    const response = await add(
      order.hash,
      items.map((item) => ({ parent_id: parent, ...item })),
    );
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json().errorCode).toBe(code);
    const { body } = await view(t, order.hash);
    expect(body.toping).toEqual([]);
    expect(body.demsumma).toBe(1060);
  });

  it.each([
    { lang: 'ru', text: 'Достигнут лимит количества этой услуги в заказе.' },
    { lang: 'en', text: 'The limit on the number of this service in the order has been reached.' },
    { lang: 'kz', text: 'Тапсырыстағы осы қызмет санының шегіне жеттіңіз.' },
    { lang: 'ch', text: '已达到订单中此项服务的数量上限。' },
  ])('answers an offer over its limit with -9998 and the offer-limit text, not the ticket-limit one ($lang)', async ({ lang, text }) => {
    const order = await makeOrder(t);
    const parent = (await view(t, order.hash)).body.main[0].id;
    expect(
      (
        await add(order.hash, [
          { parent_id: parent, ...AUDIO },
          { parent_id: parent, ...AUDIO },
        ])
      ).statusCode,
    ).toBe(200);
    const third = await t.post('/api/order/add-special-offer', { hash: order.hash, lang, data: [{ parent_id: parent, ...AUDIO }] });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ errorCode: '-9998', errorText: text });
    const overOrderLimit = await t.post('/api/order/add-special-offer', {
      hash: order.hash,
      lang,
      data: [PROGRAMME, PROGRAMME, PROGRAMME].map((item) => ({ parent_id: parent, ...item })),
    });
    expect(overOrderLimit.json()).toEqual({ errorCode: '-9998', errorText: text });
  });

  it.each([
    { lang: 'ru', text: 'Заказ оплачивается Пушкинской картой: к нему нельзя добавить услуги. Пушкинская карта оплачивает только билет.' },
    {
      lang: 'en',
      text: 'This order is paid with the Pushkin card: services cannot be added to it. The Pushkin card pays for the ticket only.',
    },
    { lang: 'kz', text: 'Тапсырыс Пушкин картасымен төленеді: оған қызметтер қосуға болмайды. Пушкин картасы тек билетті төлейді.' },
    { lang: 'ch', text: '此订单使用普希金卡支付：无法添加服务。普希金卡仅可支付门票。' },
  ])('offers nothing to a Pushkin-card order and refuses adding one with -1002, 409 ($lang)', async ({ lang, text }) => {
    const order = await makeOrder(t, { pushkin: true, lines: [{ quantity: 1 }] });
    const before = await view(t, order.hash, lang);
    expect(before.body.addToping).toEqual([]);
    const parent = before.body.main[0].id;
    const stock = async () => (await t.db.query<{ stock: number }>('select stock from special_offers where id = 3')).rows[0]?.stock;
    const parking = await stock();
    const response = await t.post('/api/order/add-special-offer', { hash: order.hash, lang, data: [{ parent_id: parent, ...PARKING }] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errorCode: '-1002', errorText: text });
    const after = await view(t, order.hash, lang);
    expect(after.body.toping).toEqual([]);
    expect(after.body.demsumma).toBe(before.body.demsumma);
    expect(await stock()).toBe(parking);
  });

  it('counts the offers already attached: over the limit in a second call is refused with -9998 and changes nothing', async () => {
    const order = await makeOrder(t);
    const parent = (await view(t, order.hash)).body.main[0].id;
    expect((await add(order.hash, [{ parent_id: parent, ...PROGRAMME }])).statusCode).toBe(200);
    expect((await add(order.hash, [{ parent_id: parent, ...PROGRAMME }])).statusCode).toBe(200);
    const before = await view(t, order.hash);
    expect(before.body.addToping.find((o: { price_id: number }) => o.price_id === 2)).toMatchObject({ limit: 0, row_limit: 0 });
    const refused = await add(order.hash, [{ parent_id: parent, ...PROGRAMME }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('-9998');
    const after = await view(t, order.hash);
    expect(after.body.toping).toEqual(before.body.toping);
    expect(after.body.demsumma).toBe(before.body.demsumma);
  });

  it('tells each ticket row how many more of a seat-tied service it may take (row_limit), as the add call counts them', async () => {
    const order = await makeOrder(t, { lines: [{ quantity: 1 }, { quantity: 2 }] });
    const [one, two] = (await view(t, order.hash)).body.main.map((r: { id: number }) => r.id);
    expect((await add(order.hash, [{ parent_id: one, ...AUDIO }])).statusCode).toBe(200);
    const offers = (await view(t, order.hash)).body.addToping as Offer[];
    const audio = (parent: number) => offers.find((o) => o.price_id === AUDIO.price_id && o.parent_id === parent) as Offer;
    // Three places, one served: two more for the order, none for the one-place row, two for the other.
    expect(audio(one)).toMatchObject({ limit: 2, row_limit: 0 });
    expect(audio(two)).toMatchObject({ limit: 2, row_limit: 2 });
    // The page's rule disables what the server refuses, and only that.
    expect(isOfferDisabled(audio(one), new Set(), offers)).toBe(true);
    expect(isOfferDisabled(audio(two), new Set(), offers)).toBe(false);
    expect((await add(order.hash, [{ parent_id: one, ...AUDIO }])).json().errorCode).toBe('-9998');
    expect((await add(order.hash, [{ parent_id: two, ...AUDIO }])).statusCode).toBe(200);
  });

  it('keeps the limit across calls and refuses a removal when candelete = 0', async () => {
    const order = await makeOrder(t);
    const parent = (await view(t, order.hash)).body.main[0].id;
    expect((await add(order.hash, [{ parent_id: parent, ...PARKING }])).statusCode).toBe(200);
    expect((await add(order.hash, [{ parent_id: parent, ...PARKING }])).json().errorCode).toBe('-9998');
    const { body } = await view(t, order.hash);
    expect(body.addToping.find((o: { price_id: number }) => o.price_id === 3).limit).toBe(0);
    await t.db.query('update order_services set can_delete = false where order_id = $1', [order.id]);
    const refused = await t.post('/api/order/remove-special-offer', { hash: order.hash, lang: 'ru', id: body.toping[0].id });
    expect(refused.statusCode).toBe(409);
    expect((await view(t, order.hash)).body.toping[0].candelete).toBe(0);
  });

  it('gives offer stock back when the order expires', async () => {
    const stock = async () => (await t.db.query<{ stock: number }>('select stock from special_offers where id = 3')).rows[0]?.stock;
    t.clock.advance(16 * 60_000);
    await expireUnpaidOrders(t.db, t.clock.date());
    const before = await stock();
    const order = await makeOrder(t);
    const parent = (await view(t, order.hash)).body.main[0].id;
    await add(order.hash, [{ parent_id: parent, ...PARKING }]);
    expect(await stock()).toBe((before ?? 0) - 1);
    t.clock.advance(16 * 60_000);
    expect(await expireUnpaidOrders(t.db, t.clock.date())).toBe(1);
    expect(await stock()).toBe(before);
  });
});

describe('discounts', () => {
  const discount = (hash: string, body: object) => t.post('/api/order/discount', { hash, lang: 'ru', ...body });

  it.each([
    { code: 'DEMO10', demsumma: 1060 - 100 },
    { code: 'demo10', demsumma: 1060 - 100 },
    { code: 'MINUS300', demsumma: 1060 - 300 },
  ])('applies promo code $code: the total becomes $demsumma', async ({ code, demsumma }) => {
    const order = await makeOrder(t);
    const response = await discount(order.hash, { promoCode: code });
    expect(response.json()).toEqual({ errorCode: '0', errorText: '', promoCode: code.toUpperCase() });
    const { body } = await view(t, order.hash);
    expect(body.demsumma).toBe(demsumma);
    expect(body.discountData).toMatchObject({ promoCode: code.toUpperCase(), totalDiscount: 1060 - demsumma });

    const cancel = await t.post('/api/order/discount/cancel', { hash: order.hash, lang: 'ru' });
    expect(cancel.json()).toEqual({ errorCode: '0', errorText: '' });
    expect((await view(t, order.hash)).body).toMatchObject({ demsumma: 1060, discountData: { promoCode: '', totalDiscount: 0 } });
  });

  it.each([
    { name: 'shorter than 3 characters', code: 'DE' },
    { name: 'shorter than 3 characters once trimmed', code: ' DE  ' },
    { name: 'blank', code: '     ' },
    { name: 'empty', code: '' },
    { name: 'unknown', code: 'NOSUCHCODE' },
    { name: 'past its validity window', code: 'OLD' },
  ])('refuses a promo code that is $name with "Недействительный промокод"', async ({ code }) => {
    const order = await makeOrder(t);
    const response = await discount(order.hash, { promoCode: code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: '-1002', errorText: 'Недействительный промокод', promoCode: '' });
    expect((await discount(order.hash, { promoCode: code, lang: 'en' })).json().errorText).toBe('Invalid promo code');
    expect((await view(t, order.hash)).body.demsumma).toBe(1060);
  });

  it('refuses a promo code before its validity window opens and accepts it inside', async () => {
    await t.db.query(`insert into promo_codes (code, kind, value, valid_from) values ('SOON', 'percent', 1000, $1)`, [
      new Date(START.getTime() + 60_000),
    ]);
    const order = await makeOrder(t);
    expect((await discount(order.hash, { promoCode: 'SOON' })).statusCode).toBe(400);
    t.clock.advance(60_000);
    expect((await discount(order.hash, { promoCode: 'SOON' })).json()).toMatchObject({ errorCode: '0', promoCode: 'SOON' });
  });

  it('refuses a promo code of another event', async () => {
    await t.db.query(
      `insert into events (id, hash, kind_id, venue_id, name) values (9100, 'other-event-9100', 9000, 9000, '{"ru":"Другое"}')`,
    );
    await t.db.query(`insert into promo_codes (code, kind, value, event_id) values ('ELSEWHERE', 'percent', 1000, 9100)`);
    const order = await makeOrder(t);
    expect((await discount(order.hash, { promoCode: 'ELSEWHERE' })).json().errorText).toBe('Недействительный промокод');
  });

  it('honours the usage limit: a code for one order is free again once that order expires', async () => {
    const first = await makeOrder(t);
    const second = await makeOrder(t);
    expect((await discount(first.hash, { promoCode: 'ONCE' })).statusCode).toBe(200);
    expect((await discount(second.hash, { promoCode: 'ONCE' })).json().errorText).toBe('Недействительный промокод');
    t.clock.advance(16 * 60_000);
    await expireUnpaidOrders(t.db, t.clock.date());
    const third = await makeOrder(t);
    expect((await discount(third.hash, { promoCode: 'ONCE' })).statusCode).toBe(200);
  });

  it('spends bonuses of a loyalty card: whole, above 0, not above availableBonuses; spent and accrued on payment', async () => {
    const order = await makeOrder(t);
    await proveCard(t, order.hash, CARD_CODE);
    const before = (await view(t, order.hash)).body.discountData;
    expect(before).toMatchObject({ cardCode: CARD_CODE, isBlocked: 0, useBonuses: 0 });
    // Whole roubles of tickets and services: at most 1 000 of the 1 060 ₽ (the fee is not discounted).
    expect(before.availableBonuses).toBe(Math.min(before.totalBalance, 1000));

    for (const bonuses of [before.availableBonuses + 1, 1.5, -1, 0]) {
      const refused = await discount(order.hash, { bonuses });
      expect(refused.statusCode).toBe(400);
    }
    expect((await discount(order.hash, { bonuses: 200 })).statusCode).toBe(200);
    const applied = (await view(t, order.hash)).body;
    expect(applied.demsumma).toBe(860);
    expect(applied.discountData).toMatchObject({ useBonuses: 200, totalDiscount: 200 });

    const id = sandboxId(await pay(t, order.hash, 1));
    await completeAtBank(t, id, 'pay');
    const paid = (await view(t, order.hash)).body.discountData;
    // 200 spent; 5 % of the 860 ₽ paid accrued.
    expect(paid.chargedBonus).toBe(43);
    expect(paid.totalBalance).toBe(before.totalBalance - 200 + 43);
  });

  it('holds bonuses of unpaid orders, so two orders cannot spend the same bonuses', async () => {
    await t.db.query('update loyalty_cards set balance = 300 where code = $1', [CARD_CODE]);
    const a = await makeOrder(t);
    const b = await makeOrder(t);
    await proveCard(t, a.hash, CARD_CODE);
    await discount(a.hash, { bonuses: 250 });
    await proveCard(t, b.hash, CARD_CODE);
    expect((await view(t, b.hash)).body.discountData.availableBonuses).toBe(50);
    expect((await discount(b.hash, { bonuses: 51 })).statusCode).toBe(400);
  });

  it('shows a card blocked after it was attached as isBlocked = 1 and refuses its bonuses', async () => {
    const order = await makeOrder(t);
    await proveCard(t, order.hash, CARD_CODE);
    await t.db.query('update loyalty_cards set is_blocked = true where code = $1', [CARD_CODE]);
    try {
      expect((await view(t, order.hash)).body.discountData).toMatchObject({ isBlocked: 1, availableBonuses: 0 });
      const refused = await discount(order.hash, { bonuses: 10 });
      expect(refused.json()).toMatchObject({ errorCode: '-1002', errorText: 'Карта лояльности заблокирована' });
    } finally {
      await t.db.query('update loyalty_cards set is_blocked = false where code = $1', [CARD_CODE]);
    }
  });

  it('refuses changes to a paid order', async () => {
    const order = await makeOrder(t);
    await completeAtBank(t, sandboxId(await pay(t, order.hash, 1)), 'pay');
    expect((await discount(order.hash, { promoCode: 'DEMO10' })).json().errorCode).toBe('-9997');
  });
});

describe('reservation expiry', () => {
  it('releases the places of an unpaid order once, when its reserve time ends', async () => {
    t.clock.advance(16 * 60_000);
    await expireUnpaidOrders(t.db, t.clock.date());
    t.clock.set(START);
    const before = (await remaining(t.db)).session ?? 0;
    const order = await makeOrder(t);
    expect((await remaining(t.db)).session).toBe(before - 2);
    t.clock.advance(15 * 60_000 - 1);
    expect(await expireUnpaidOrders(t.db, t.clock.date())).toBe(0);
    t.clock.advance(1);
    expect(await expireUnpaidOrders(t.db, t.clock.date())).toBe(1);
    expect(await expireUnpaidOrders(t.db, t.clock.date())).toBe(0);
    expect((await remaining(t.db)).session).toBe(before);
    expect((await view(t, order.hash)).body).toMatchObject({ status: 90, reserveTime: 0, paymentAllowed: false });
  });
});

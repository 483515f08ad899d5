import { describe, expect, it } from 'vitest';
import type { CalendarEntry, PriceEntry, TicketInfo } from '../../../../contract/event.ts';
import {
  calendarDays,
  categoryStock,
  decrement,
  documentsToBring,
  groupModeAvailable,
  increment,
  initialRows,
  orderLines,
  sessionPrices,
  showOrderForm,
  ticketLimit,
  timeAfterDateChoice,
  totals,
  waitlistCategories,
} from './order-rules.ts';

const entry = (over: Partial<CalendarEntry> = {}): CalendarEntry => ({
  calendar_id: 1,
  event_day: '10.06.2030',
  event_time: '12:00',
  quant: 50,
  groupquant: 2,
  ...over,
});
const price = (over: Partial<PriceEntry> = {}): PriceEntry => ({
  price_id: 1,
  action_day: '10.06.2030',
  calendar_id: 0,
  action_id: 7,
  clientcategory_id: 11,
  zonelevel_id: 0,
  price: 500,
  quantity: 0,
  sum: 0,
  needprice: 0,
  passagequant: 0,
  useproculture: 0,
  zonecolor: '',
  priceservise: 0,
  currency_id: 1,
  category: { ru: 'Взрослый' },
  description: {},
  zonedescription: {},
  zonelevelname: {},
  ...over,
});

describe('dates and times', () => {
  const calendar = [
    entry({ calendar_id: 1, event_day: '10.06.2030', event_time: '12:00' }),
    entry({ calendar_id: 2, event_day: '10.06.2030', event_time: '15:00' }),
    entry({ calendar_id: 3, event_day: '11.06.2030', event_time: '00:00' }),
  ];
  it('lists each day once in order', () => {
    expect(calendarDays(calendar)).toEqual(['10.06.2030', '11.06.2030']);
  });
  it.each([
    { day: '10.06.2030', expected: undefined, description: 'asks for a time when the day has several' },
    { day: '11.06.2030', expected: 3, description: 'chooses the only time of the day' },
  ])('$description', ({ day, expected }) => {
    expect(timeAfterDateChoice(calendar, day)?.calendar_id).toBe(expected);
  });
});

describe('ticketLimit', () => {
  const cases = [
    {
      description: 'the per-order limit when more places are left',
      input: { quant: 50, demquantlimit: 10, sub: false, subQuant: 0, pushkin: false },
      expected: 10,
    },
    {
      description: 'the places left when fewer than the limit',
      input: { quant: 3, demquantlimit: 10, sub: false, subQuant: 0, pushkin: false },
      expected: 3,
    },
    {
      description: 'the subscription visits in subscription mode',
      input: { quant: 50, demquantlimit: 10, sub: true, subQuant: 4, pushkin: false },
      expected: 4,
    },
    {
      description: 'subscription visits above the places left',
      input: { quant: 2, demquantlimit: 10, sub: true, subQuant: 4, pushkin: false },
      expected: 2,
    },
    {
      description: '1 with the Pushkin card',
      input: { quant: 50, demquantlimit: 10, sub: false, subQuant: 0, pushkin: true },
      expected: 1,
    },
    {
      description: '0 when sold out, even with the Pushkin card',
      input: { quant: 0, demquantlimit: 10, sub: false, subQuant: 0, pushkin: true },
      expected: 0,
    },
  ];
  it.each(cases)('is $description', ({ input, expected }) => {
    expect(
      ticketLimit({
        entry: entry({ quant: input.quant }),
        demquantlimit: input.demquantlimit,
        subscriptionMode: input.sub,
        subscriptionQuant: input.subQuant,
        pushkin: input.pushkin,
      }),
    ).toBe(expected);
  });
  it('is 0 before a time is chosen', () => {
    expect(ticketLimit({ entry: undefined, demquantlimit: 10, subscriptionMode: false, subscriptionQuant: 0, pushkin: false })).toBe(0);
  });
});

describe('plus and minus', () => {
  const cases = [
    { description: 'plus adds one', current: 1, needprice: 0, room: 5, stock: undefined, expected: 2 },
    { description: 'plus from 0 jumps to needprice', current: 0, needprice: 3, room: 5, stock: undefined, expected: 3 },
    { description: 'plus is refused when the order has no room', current: 2, needprice: 0, room: 0, stock: undefined, expected: undefined },
    {
      description: 'plus to needprice is refused when the room is smaller',
      current: 0,
      needprice: 3,
      room: 2,
      stock: undefined,
      expected: undefined,
    },
    { description: 'plus is refused beyond the category stock', current: 2, needprice: 0, room: 5, stock: 2, expected: undefined },
  ];
  it.each(cases)('$description', ({ current, needprice, room, stock, expected }) => {
    expect(increment(current, price({ needprice }), room, stock)).toBe(expected);
  });

  const minus = [
    { description: 'minus takes one', current: 3, needprice: 0, expected: 2 },
    { description: 'minus below needprice drops to 0', current: 3, needprice: 3, expected: 0 },
    { description: 'minus above needprice takes one', current: 4, needprice: 3, expected: 3 },
    { description: 'minus at 0 stays 0', current: 0, needprice: 0, expected: 0 },
  ];
  it.each(minus)('$description', ({ current, needprice, expected }) => {
    expect(decrement(current, price({ needprice }))).toBe(expected);
  });
});

describe('sessionPrices', () => {
  const prices = [
    price({ price_id: 1, clientcategory_id: 11, price: 500 }),
    price({ price_id: 2, clientcategory_id: 11, calendar_id: 2, price: 700 }),
    price({ price_id: 3, clientcategory_id: 12, useproculture: 1 }),
    price({ price_id: 4, clientcategory_id: 13, useproculture: 2 }),
    price({ price_id: 5, action_day: '11.06.2030' }),
  ];
  const cases = [
    { description: 'the day-wide prices of an ordinary card', calendarId: 1, pushkin: false, expected: [1, 4] },
    { description: 'a session’s own price replacing the day-wide one', calendarId: 2, pushkin: false, expected: [2, 4] },
    { description: 'the Pushkin card prices', calendarId: 1, pushkin: true, expected: [1, 3] },
  ];
  it.each(cases)('gives $description', ({ calendarId, pushkin, expected }) => {
    expect(sessionPrices(prices, entry({ calendar_id: calendarId }), pushkin).map((p) => p.price_id)).toEqual(expected);
  });
});

describe('totals', () => {
  it('adds prices and fees in kopecks, a percent fee rounded half up per place', () => {
    const prices = [
      price({ price_id: 1, price: 500, priceservise: 30 }),
      price({ price_id: 2, price: 333.33, priceservise: 10, currency_id: 2 }),
    ];
    expect(totals({ 1: 2, 2: 3 }, prices)).toEqual({ sum: 100000 + 99999, fee: 6000 + 3 * 3333, total: 100000 + 99999 + 6000 + 9999 });
  });
});

describe('showOrderForm', () => {
  const base = { subscriptionMode: false, free: false, groupMode: false, quantity: 0, groupQuantity: 0, total: 0 };
  const cases = [
    { description: 'hidden with nothing chosen', input: base, expected: false },
    { description: 'shown with a total', input: { ...base, quantity: 1, total: 50000 }, expected: true },
    { description: 'hidden for zero-price tickets of a paid event', input: { ...base, quantity: 1, total: 0 }, expected: false },
    { description: 'shown for a free event with tickets', input: { ...base, free: true, quantity: 2 }, expected: true },
    {
      description: 'shown in subscription mode with tickets, total 0',
      input: { ...base, subscriptionMode: true, quantity: 1 },
      expected: true,
    },
    { description: 'hidden in subscription mode with no tickets', input: { ...base, subscriptionMode: true, total: 100 }, expected: false },
    {
      description: 'shown in group mode with group tickets and a total',
      input: { ...base, groupMode: true, groupQuantity: 1, total: 300000 },
      expected: true,
    },
    {
      description: 'shown in group mode of a free event',
      input: { ...base, groupMode: true, groupQuantity: 1, free: true },
      expected: true,
    },
  ];
  it.each(cases)('$description', ({ input, expected }) => {
    expect(showOrderForm(input)).toBe(expected);
  });
});

describe('group mode, categories, stock and lines', () => {
  it.each([
    { description: 'available with places and group slots', quant: 5, groupquant: 1, prices: 1, expected: true },
    { description: 'off when the ordinary quantity is 0', quant: 0, groupquant: 1, prices: 1, expected: false },
    { description: 'off without group slots', quant: 5, groupquant: 0, prices: 1, expected: false },
    { description: 'off without group prices', quant: 5, groupquant: 1, prices: 0, expected: false },
  ])('group mode is $description', ({ quant, groupquant, prices, expected }) => {
    const list = Array.from({ length: prices }, () => price({ passagequant: 25 }));
    expect(groupModeAvailable(entry({ quant, groupquant }), list)).toBe(expected);
  });

  it.each([
    { rowcount: 3, expected: 3 },
    { rowcount: 0, expected: 5 },
  ])('shows $expected categories first for rowcount $rowcount', ({ rowcount, expected }) => {
    expect(initialRows(rowcount)).toBe(expected);
  });

  it('finds the stock of a limited category for the session', () => {
    const info: TicketInfo = {
      totalticketcount: 1,
      showticketcount: 1,
      showquant: 1,
      pricelimits: [{ calendar_id: 1, price_id: 9, quant: 2 }],
      subscription: null,
      saledate: null,
    };
    expect(categoryStock(info, entry(), 9)).toBe(2);
    expect(categoryStock(info, entry(), 8)).toBeUndefined();
  });

  it('builds the order lines of the chosen categories, with subscrit_id in subscription mode', () => {
    const prices = [price({ price_id: 1, clientcategory_id: 11 }), price({ price_id: 2, clientcategory_id: 12, price: 0 })];
    expect(orderLines({ 1: 2, 2: 0 }, prices, entry(), 40)).toEqual([
      { day: '10.06.2030', time: '12:00', actionId: 7, categoryId: 11, zoneId: 0, quantity: 2, sum: 1000, seatId: 0, subscrit_id: 40 },
    ]);
  });
});

describe('documentsToBring', () => {
  const withDocument = (id: number, document: Record<string, string>) => price({ price_id: id, document });
  it('names each document of the chosen categories once, in the visitor’s language, and none of the unchosen', () => {
    const prices = [
      withDocument(1, { ru: 'Студенческий билет', en: 'Student card' }),
      withDocument(2, { ru: 'Студенческий билет', en: 'Student card' }),
      withDocument(3, { ru: 'Пенсионное удостоверение' }),
      withDocument(4, {}),
    ];
    expect(documentsToBring(prices, { 1: 1, 2: 2, 4: 1 }, 'en')).toEqual(['Student card']);
    expect(documentsToBring(prices, { 3: 1 }, 'ru')).toEqual(['Пенсионное удостоверение']);
    expect(documentsToBring(prices, {}, 'ru')).toEqual([]);
  });
});

describe('waitlistCategories', () => {
  it.each([
    {
      description: 'one per category, in order',
      prices: [price({ price_id: 1 }), price({ price_id: 2 }), price({ price_id: 3, clientcategory_id: 12, category: { ru: 'Льготный' } })],
      ids: [11, 12],
    },
    { description: 'not a group price', prices: [price(), price({ price_id: 2, clientcategory_id: 13, passagequant: 10 })], ids: [11] },
    {
      description: 'not a Pushkin-card-only price',
      prices: [price(), price({ price_id: 2, clientcategory_id: 14, useproculture: 1 })],
      ids: [11],
    },
    {
      description: 'not another day’s price',
      prices: [price(), price({ price_id: 2, clientcategory_id: 15, action_day: '11.06.2030' })],
      ids: [11],
    },
  ])('$description', ({ prices, ids }) => {
    expect(waitlistCategories(prices, entry(), 'ru').map((c) => c.id)).toEqual(ids);
  });

  it('names each category in the visitor language', () => {
    expect(waitlistCategories([price({ category: { ru: 'Взрослый', en: 'Adult' } })], entry(), 'en')).toEqual([{ id: 11, name: 'Adult' }]);
  });
});

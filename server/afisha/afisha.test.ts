import { describe, expect, it } from 'vitest';
import { NOT_ON_SALE } from '../../contract/afisha.ts';
import { etagMatches } from './afisha.routes.ts';
import type { ListedPriceRow } from './afisha.repository.ts';
import { discloseCount, priceRange, salesState, toLocalized } from './afisha.service.ts';

const now = new Date('2030-01-01T12:00:00Z');

describe('salesState', () => {
  const cases = [
    {
      description: 'sale date ahead: not yet on sale, with the date',
      saleStartsAt: new Date('2030-01-02T09:00:00Z'),
      remaining: [5],
      expected: { totalticketcount: NOT_ON_SALE, saledate: '2030-01-02T09:00:00.000Z' },
    },
    {
      description: 'sale date ahead and nothing scheduled: still the date',
      saleStartsAt: new Date('2030-01-02T09:00:00Z'),
      remaining: [],
      expected: { totalticketcount: NOT_ON_SALE, saledate: '2030-01-02T09:00:00.000Z' },
    },
    {
      description: 'sale date passed: on sale',
      saleStartsAt: new Date('2029-12-31T09:00:00Z'),
      remaining: [3, 4],
      expected: { totalticketcount: 7, saledate: '' },
    },
    { description: 'sale date exactly now: on sale', saleStartsAt: now, remaining: [1], expected: { totalticketcount: 1, saledate: '' } },
    {
      description: 'no session scheduled: soon on sale',
      saleStartsAt: null,
      remaining: [],
      expected: { totalticketcount: NOT_ON_SALE, saledate: '' },
    },
    {
      description: 'every session empty: sold out',
      saleStartsAt: null,
      remaining: [0, 0],
      expected: { totalticketcount: 0, saledate: '' },
    },
    {
      description: 'many left: capped at price_limit',
      saleStartsAt: null,
      remaining: [60, 60],
      expected: { totalticketcount: 100, saledate: '' },
    },
    { description: 'just under price_limit: exact', saleStartsAt: null, remaining: [99], expected: { totalticketcount: 99, saledate: '' } },
  ];
  it.each(cases)('$description', ({ saleStartsAt, remaining, expected }) => {
    expect(salesState({ saleStartsAt, remaining, now, priceLimit: 100, showTicketCount: true })).toEqual(expected);
  });

  it('discloses only "some" when the venue hides the count', () => {
    expect(salesState({ saleStartsAt: null, remaining: [3], now, priceLimit: 100, showTicketCount: false }).totalticketcount).toBe(100);
    expect(salesState({ saleStartsAt: null, remaining: [0], now, priceLimit: 100, showTicketCount: false }).totalticketcount).toBe(0);
  });
});

describe('discloseCount', () => {
  it.each([
    { remaining: 0, limit: 100, show: true, expected: 0 },
    { remaining: -2, limit: 100, show: true, expected: 0 },
    { remaining: 1, limit: 100, show: true, expected: 1 },
    { remaining: 100, limit: 100, show: true, expected: 100 },
    { remaining: 5000, limit: 100, show: true, expected: 100 },
    { remaining: 12, limit: 10, show: true, expected: 10 },
    { remaining: 12, limit: 100, show: false, expected: 100 },
  ])('$remaining left, limit $limit, shown $show -> $expected', ({ remaining, limit, show, expected }) => {
    expect(discloseCount(remaining, limit, show)).toBe(expected);
  });
});

describe('toLocalized', () => {
  it.each([
    { description: 'fills missing languages with empty text', value: { ru: 'А' }, expected: { ru: 'А', en: '', kz: '', ch: '' } },
    {
      description: 'drops unknown keys and non-strings',
      value: { ru: 'А', de: 'B', en: 5 },
      expected: { ru: 'А', en: '', kz: '', ch: '' },
    },
    { description: 'treats null as empty', value: null, expected: { ru: '', en: '', kz: '', ch: '' } },
  ])('$description', ({ value, expected }) => {
    expect(toLocalized(value)).toEqual(expected);
  });
});

describe('etagMatches', () => {
  const etag = 'W/"afisha-1-abc-ru"';
  it.each([
    { header: undefined, expected: false },
    { header: 'W/"afisha-1-abc-ru"', expected: true },
    { header: '"afisha-1-abc-ru"', expected: true },
    { header: '"x", W/"afisha-1-abc-ru"', expected: true },
    { header: '*', expected: true },
    { header: 'W/"afisha-1-abc-en"', expected: false },
  ])('If-None-Match $header -> $expected', ({ header, expected }) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});

describe('priceRange', () => {
  const price = (over: Partial<ListedPriceRow>): ListedPriceRow => ({
    event_id: 1,
    session_id: null,
    category_id: 1,
    zone_id: null,
    amount: 50_000,
    pushkin: 0,
    for_subscription: false,
    group_passes: 0,
    ...over,
  });
  const open = [{ id: 10, remaining: 5 }];
  const ticket = { is_subscription: false };
  const cases = [
    {
      description: 'the lowest and highest ordinary price',
      event: ticket,
      sessions: open,
      prices: [price({ amount: 50_000 }), price({ category_id: 2, amount: 20_000 })],
      expected: { min: 20_000, max: 50_000 },
    },
    {
      description: 'a session of its own price replaces the event-wide one',
      event: ticket,
      sessions: open,
      prices: [price({ amount: 50_000 }), price({ session_id: 10, amount: 30_000 })],
      expected: { min: 30_000, max: 30_000 },
    },
    {
      description: 'a price of another session does not count',
      event: ticket,
      sessions: open,
      prices: [price({ amount: 50_000 }), price({ category_id: 2, session_id: 11, amount: 1_000 })],
      expected: { min: 50_000, max: 50_000 },
    },
    {
      description: 'tickets taken by subscription are not the ordinary price',
      event: ticket,
      sessions: open,
      prices: [price({ amount: 50_000 }), price({ category_id: 2, amount: 0, for_subscription: true })],
      expected: { min: 50_000, max: 50_000 },
    },
    {
      description: "a subscription's own prices are its price",
      event: { is_subscription: true },
      sessions: open,
      prices: [price({ amount: 350_000, for_subscription: true }), price({ category_id: 2, amount: 500_000, for_subscription: true })],
      expected: { min: 350_000, max: 500_000 },
    },
    {
      description: 'a Pushkin-card-only price is left out beside ordinary ones',
      event: ticket,
      sessions: open,
      prices: [price({ amount: 60_000, pushkin: 2 }), price({ category_id: 2, amount: 10_000, pushkin: 1 })],
      expected: { min: 60_000, max: 60_000 },
    },
    {
      description: 'an event sold by Pushkin card only shows its card price',
      event: ticket,
      sessions: open,
      prices: [price({ amount: 90_000, pushkin: 1 })],
      expected: { min: 90_000, max: 90_000 },
    },
    {
      description: 'a group excursion ticket is left out beside individual ones',
      event: ticket,
      sessions: open,
      prices: [price({ amount: 600_000, group_passes: 15 }), price({ category_id: 2, amount: 90_000 })],
      expected: { min: 90_000, max: 90_000 },
    },
    {
      description: 'free categories beside paid ones: the lowest paid price',
      event: ticket,
      sessions: open,
      prices: [price({ amount: 0 }), price({ category_id: 2, amount: 40_000 })],
      expected: { min: 40_000, max: 40_000 },
    },
    {
      description: 'every price free: 0 and 0',
      event: ticket,
      sessions: open,
      prices: [price({ amount: 0 })],
      expected: { min: 0, max: 0 },
    },
    {
      description: 'every session sold out: no price',
      event: ticket,
      sessions: [{ id: 10, remaining: 0 }],
      prices: [price({})],
      expected: null,
    },
    { description: 'no session on sale: no price', event: ticket, sessions: [], prices: [price({})], expected: null },
    { description: 'no price at all: no price', event: ticket, sessions: open, prices: [], expected: null },
  ];
  it.each(cases)('$description', ({ event, sessions, prices, expected }) => {
    expect(priceRange(event, sessions, prices)).toEqual(expected);
  });
});

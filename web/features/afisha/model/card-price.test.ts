import { describe, expect, it } from 'vitest';
import { cardPrice } from './card-price.ts';

describe('cardPrice', () => {
  it.each([
    {
      description: 'several paid prices: from the lowest',
      event: { maybefree: 0, minprice: 200, maxprice: 900 },
      expected: { kind: 'from', kopecks: 20000 },
    },
    {
      description: 'one paid price (a subscription): the price alone',
      event: { maybefree: 0, minprice: 3500, maxprice: 3500 },
      expected: { kind: 'one', kopecks: 350000 },
    },
    {
      description: 'kopecks are kept exactly',
      event: { maybefree: 0, minprice: 199.9, maxprice: 500 },
      expected: { kind: 'from', kopecks: 19990 },
    },
    { description: 'every price free', event: { maybefree: 0, minprice: 0, maxprice: 0 }, expected: { kind: 'free' } },
    { description: 'a free event', event: { maybefree: 1, minprice: 0, maxprice: 0 }, expected: { kind: 'free' } },
    {
      description: 'a free event with nothing on sale still says free',
      event: { maybefree: 1, minprice: null, maxprice: null },
      expected: { kind: 'free' },
    },
    { description: 'nothing on sale: no line', event: { maybefree: 0, minprice: null, maxprice: null }, expected: undefined },
  ] as const)('$description', ({ event, expected }) => {
    expect(cardPrice(event)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { pricesAreSimple } from './model.ts';

describe('pricesAreSimple', () => {
  it.each([
    { description: 'no prices fit the one-row view', prices: [], simple: true },
    {
      description: 'one price per category for every session fits it',
      prices: [
        { categoryId: -1, amount: 70000 },
        { categoryId: -2, amount: 35000 },
      ],
      simple: true,
    },
    { description: 'a price with its amount still empty fits it', prices: [{ categoryId: -1 }], simple: true },
    {
      description: 'a price of one session needs the per-session view',
      prices: [{ categoryId: 1, sessionId: 4, amount: 100 }],
      simple: false,
    },
    { description: 'a price of one zone needs the per-session view', prices: [{ categoryId: 1, zoneId: 2, amount: 100 }], simple: false },
    {
      description: 'two prices of one category need the per-session view',
      prices: [
        { categoryId: 1, amount: 100 },
        { categoryId: 1, amount: 200 },
      ],
      simple: false,
    },
  ])('$description', ({ prices, simple }) => {
    expect(pricesAreSimple(prices)).toBe(simple);
  });
});

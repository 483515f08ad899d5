import { describe, expect, it } from 'vitest';
import { priceFitsPayment, pricesForPayment } from './event-prices.ts';

describe('priceFitsPayment (useproculture 0 any card, 1 the Pushkin card only, 2 an ordinary card only)', () => {
  it.each([
    { useproculture: 0, pushkin: false, fits: true },
    { useproculture: 0, pushkin: true, fits: true },
    { useproculture: 1, pushkin: false, fits: false },
    { useproculture: 1, pushkin: true, fits: true },
    { useproculture: 2, pushkin: false, fits: true },
    { useproculture: 2, pushkin: true, fits: false },
  ])('useproculture $useproculture, Pushkin card $pushkin: $fits', ({ useproculture, pushkin, fits }) =>
    expect(priceFitsPayment(useproculture, pushkin)).toBe(fits),
  );

  it('pricesForPayment keeps exactly the prices that fit, in their order', () => {
    const prices = [0, 1, 2, 0, 1].map((useproculture, id) => ({ id, useproculture }));
    expect(pricesForPayment(prices, true).map((p) => p.id)).toEqual([0, 1, 3, 4]);
    expect(pricesForPayment(prices, false).map((p) => p.id)).toEqual([0, 2, 3]);
  });
});

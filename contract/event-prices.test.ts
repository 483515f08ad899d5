import { describe, expect, it } from 'vitest';
import { FEE_AMOUNT, FEE_PERCENT, priceFitsPayment, pricesForPayment, unitServiceFee } from './event-prices.ts';

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

describe('unitServiceFee', () => {
  it.each([
    { description: 'an amount fee is taken as it is', price: 50000, fee: 3000, kind: FEE_AMOUNT, expected: 3000 },
    { description: 'a 10 % fee', price: 50000, fee: 1000, kind: FEE_PERCENT, expected: 5000 },
    { description: 'a 12.5 % fee rounds half up', price: 1001, fee: 1250, kind: FEE_PERCENT, expected: 125 },
    { description: 'a free place has no percent fee', price: 0, fee: 1000, kind: FEE_PERCENT, expected: 0 },
  ])('$description', ({ price, fee, kind, expected }) => {
    expect(unitServiceFee(price, fee, kind)).toBe(expected);
  });
});

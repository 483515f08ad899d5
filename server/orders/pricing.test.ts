import { describe, expect, it } from 'vitest';
import { FEE_AMOUNT, FEE_PERCENT, orderTotals, toKopecks, toRoubles, unitServiceFee } from './pricing.ts';

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

describe('orderTotals', () => {
  it('adds lines and fees and takes the discount off', () => {
    const lines = [
      { quantity: 2, unitPrice: 50000, unitFee: 3000 },
      { quantity: 1, unitPrice: 25000, unitFee: 0 },
    ];
    expect(orderTotals(lines, 10000)).toEqual({ subtotal: 125000, serviceFee: 6000, discount: 10000, total: 121000 });
  });

  it('never lets a discount take the total below zero', () => {
    expect(orderTotals([{ quantity: 1, unitPrice: 100, unitFee: 0 }], 500)).toEqual({ subtotal: 100, serviceFee: 0, discount: 100, total: 0 });
  });
});

describe('money on the wire', () => {
  it.each([
    { roubles: 0.1 + 0.2, kopecks: 30 },
    { roubles: 1500.5, kopecks: 150050 },
    { roubles: 0, kopecks: 0 },
  ])('$roubles roubles are $kopecks kopecks', ({ roubles, kopecks }) => {
    expect(toKopecks(roubles)).toBe(kopecks);
    expect(toRoubles(kopecks)).toBeCloseTo(roubles, 10);
  });
});

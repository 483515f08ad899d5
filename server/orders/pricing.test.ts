import { describe, expect, it } from 'vitest';
import { orderTotals } from './pricing.ts';

describe('orderTotals', () => {
  it('adds lines and fees and takes the discount off', () => {
    const lines = [
      { quantity: 2, unitPrice: 50000, unitFee: 3000 },
      { quantity: 1, unitPrice: 25000, unitFee: 0 },
    ];
    expect(orderTotals(lines, 10000)).toEqual({ subtotal: 125000, serviceFee: 6000, discount: 10000, total: 121000 });
  });

  it('never lets a discount take the total below zero', () => {
    expect(orderTotals([{ quantity: 1, unitPrice: 100, unitFee: 0 }], 500)).toEqual({
      subtotal: 100,
      serviceFee: 0,
      discount: 100,
      total: 0,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { RECEIPT_NAME_MAX, fitItems } from './receipt.ts';

describe('fitItems', () => {
  it('keeps list prices that already add up to the charge', () => {
    const items = [{ name: 'A', amount: 50000 }, { name: 'Сервисный сбор', amount: 3000 }];
    expect(fitItems(items, 53000)).toEqual(items);
  });

  it('spreads a discount over the items in proportion, the remainder on the last, never below zero, summing exactly', () => {
    const fitted = fitItems([{ name: 'A', amount: 50000 }, { name: 'B', amount: 50000 }, { name: 'fee', amount: 3333 }], 90001);
    expect(fitted.reduce((s, i) => s + i.amount, 0)).toBe(90001);
    expect(fitted.every((i) => i.amount >= 0)).toBe(true);
    expect(fitted[0]?.amount).toBe(fitted[1]?.amount);
  });

  it('leaves out free items and cuts names to the fiscal limit', () => {
    const fitted = fitItems([{ name: 'x'.repeat(300), amount: 100 }, { name: 'free', amount: 0 }], 50);
    expect(fitted).toEqual([{ name: 'x'.repeat(RECEIPT_NAME_MAX), amount: 50 }]);
  });
});

import { describe, expect, it } from 'vitest';
import { withFreeCompanions } from './group-lines.ts';

const CHILD = 1;
const ADULT = 2;
const RULE = { perChildren: 10, free: 1 };

describe('withFreeCompanions', () => {
  it.each([
    {
      description: '20 children and 3 adults at 1 per 10: two adults free, one pays',
      lines: [
        { priceId: CHILD, quantity: 20, unitPrice: 30000 },
        { priceId: ADULT, quantity: 3, unitPrice: 50000 },
      ],
      expected: {
        children: 20,
        free: 2,
        lines: [
          { priceId: CHILD, quantity: 20, unitPrice: 30000 },
          { priceId: ADULT, quantity: 2, unitPrice: 0 },
          { priceId: ADULT, quantity: 1, unitPrice: 50000 },
        ],
      },
    },
    {
      description: '30 children and 2 adults: both free (never more than the adults)',
      lines: [
        { priceId: CHILD, quantity: 30, unitPrice: 30000 },
        { priceId: ADULT, quantity: 2, unitPrice: 50000 },
      ],
      expected: {
        children: 30,
        free: 2,
        lines: [
          { priceId: CHILD, quantity: 30, unitPrice: 30000 },
          { priceId: ADULT, quantity: 2, unitPrice: 0 },
        ],
      },
    },
    {
      description: '9 children: no adult free',
      lines: [
        { priceId: CHILD, quantity: 9, unitPrice: 30000 },
        { priceId: ADULT, quantity: 1, unitPrice: 50000 },
      ],
      expected: {
        children: 9,
        free: 0,
        lines: [
          { priceId: CHILD, quantity: 9, unitPrice: 30000 },
          { priceId: ADULT, quantity: 1, unitPrice: 50000 },
        ],
      },
    },
    {
      description: 'seats, one line each: the first adult seats go free',
      lines: [
        ...Array.from({ length: 10 }, () => ({ priceId: CHILD, quantity: 1, unitPrice: 30000 })),
        { priceId: ADULT, quantity: 1, unitPrice: 50000 },
        { priceId: ADULT, quantity: 1, unitPrice: 50000 },
      ],
      expected: {
        children: 10,
        free: 1,
        lines: [
          ...Array.from({ length: 10 }, () => ({ priceId: CHILD, quantity: 1, unitPrice: 30000 })),
          { priceId: ADULT, quantity: 1, unitPrice: 0 },
          { priceId: ADULT, quantity: 1, unitPrice: 50000 },
        ],
      },
    },
  ])('$description', ({ lines, expected }) => {
    expect(withFreeCompanions(lines, ADULT, RULE)).toEqual(expected);
  });

  it('leaves every place paying when no companions’ price is named', () => {
    const lines = [{ priceId: CHILD, quantity: 25, unitPrice: 30000 }];
    expect(withFreeCompanions(lines, null, RULE)).toEqual({ lines, children: 25, free: 0 });
  });
});

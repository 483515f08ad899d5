import { describe, expect, it } from 'vitest';
import { changeDue, paymentParts } from './box-office-rules.ts';

describe('the box office payment rules', () => {
  it.each([
    { description: 'cash takes the whole total', total: 150000, kind: 'cash', cash: 0, parts: { cash: 150000, card: 0, pushkin: 0 } },
    { description: 'card takes the whole total', total: 150000, kind: 'card', cash: 0, parts: { cash: 0, card: 150000, pushkin: 0 } },
    {
      description: 'the Pushkin terminal takes the whole total',
      total: 150000,
      kind: 'pushkin',
      cash: 0,
      parts: { cash: 0, card: 0, pushkin: 150000 },
    },
    {
      description: 'a split takes its cash and the rest by card',
      total: 150000,
      kind: 'split',
      cash: 50000,
      parts: { cash: 50000, card: 100000, pushkin: 0 },
    },
    { description: 'a split of no cash is refused', total: 150000, kind: 'split', cash: 0, parts: undefined },
    { description: 'a split of the whole total is refused', total: 150000, kind: 'split', cash: 150000, parts: undefined },
    { description: 'a split of more than the total is refused', total: 150000, kind: 'split', cash: 200000, parts: undefined },
    { description: 'a split of a fraction of a kopeck is refused', total: 150000, kind: 'split', cash: 0.5, parts: undefined },
  ] as const)('$description', ({ total, kind, cash, parts }) => {
    expect(paymentParts(total, kind, cash)).toEqual(parts);
  });

  it.each([
    { due: 150000, tendered: 200000, change: 50000 },
    { due: 150000, tendered: 150000, change: 0 },
    { due: 150000, tendered: undefined, change: 0 },
    { due: 150000, tendered: 100000, change: 0 },
  ])('change of $tendered for $due is $change', ({ due, tendered, change }) => {
    expect(changeDue(due, tendered)).toBe(change);
  });
});

import { describe, expect, it } from 'vitest';
import { type StockNeed, mergeNeeds } from './stock.repository.ts';

describe('mergeNeeds', () => {
  it.each<{ name: string; needs: StockNeed[]; merged: StockNeed[] }>([
    {
      name: 'adds up needs on the same pool',
      needs: [
        { pool: 'session', sessionId: 1, quantity: 2 },
        { pool: 'session', sessionId: 1, quantity: 3 },
      ],
      merged: [{ pool: 'session', sessionId: 1, quantity: 5 }],
    },
    {
      name: 'orders pools session, group, price, standing, then ids as numbers (the lock order of place_order)',
      needs: [
        { pool: 'standing', sessionId: 9, standingAreaId: 3, quantity: 1 },
        { pool: 'price', sessionId: 9, priceId: 12, quantity: 1 },
        { pool: 'price', sessionId: 9, priceId: 9, quantity: 1 },
        { pool: 'group', sessionId: 9, quantity: 1 },
        { pool: 'session', sessionId: 12, quantity: 1 },
        { pool: 'session', sessionId: 9, quantity: 1 },
      ],
      merged: [
        { pool: 'session', sessionId: 9, quantity: 1 },
        { pool: 'session', sessionId: 12, quantity: 1 },
        { pool: 'group', sessionId: 9, quantity: 1 },
        { pool: 'price', sessionId: 9, priceId: 9, quantity: 1 },
        { pool: 'price', sessionId: 9, priceId: 12, quantity: 1 },
        { pool: 'standing', sessionId: 9, standingAreaId: 3, quantity: 1 },
      ],
    },
  ])('$name', ({ needs, merged }) => {
    expect(mergeNeeds(needs)).toEqual(merged);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetReleasedOrders, rememberUnpaidOrder, rememberedOrders } from './unpaid-orders.ts';

const hash = (n: number) => `order-hash-${String(n).padStart(16, '0')}`;
const NOW = 1_800_000_000_000;

afterEach(() => localStorage.clear());

describe('the orders this browser remembers', () => {
  it('keeps them per event, newest first, once each', () => {
    rememberUnpaidOrder('ev1', hash(1), NOW);
    rememberUnpaidOrder('ev2', hash(2), NOW + 1);
    rememberUnpaidOrder('ev1', hash(3), NOW + 2);
    rememberUnpaidOrder('ev1', hash(1), NOW + 3);
    expect(rememberedOrders('ev1', NOW + 4)).toEqual([hash(1), hash(3)]);
    expect(rememberedOrders('ev2', NOW + 4)).toEqual([hash(2)]);
  });

  it('keeps at most ten, dropping the oldest', () => {
    for (let n = 1; n <= 12; n += 1) rememberUnpaidOrder('ev1', hash(n), NOW + n);
    expect(rememberedOrders('ev1', NOW + 20)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map(hash));
  });

  it('forgets an order after a day', () => {
    rememberUnpaidOrder('ev1', hash(1), NOW);
    expect(rememberedOrders('ev1', NOW + 86_399_999)).toEqual([hash(1)]);
    expect(rememberedOrders('ev1', NOW + 86_400_000)).toEqual([]);
  });

  it('forgets the orders of the event the server no longer holds, and only those', () => {
    rememberUnpaidOrder('ev1', hash(1), NOW);
    rememberUnpaidOrder('ev1', hash(2), NOW);
    rememberUnpaidOrder('ev2', hash(3), NOW);
    forgetReleasedOrders('ev1', [hash(2)], NOW);
    expect(rememberedOrders('ev1', NOW)).toEqual([hash(2)]);
    expect(rememberedOrders('ev2', NOW)).toEqual([hash(3)]);
  });

  it.each([
    { description: 'unreadable JSON', stored: '{' },
    { description: 'not a list', stored: '{"event":"ev1"}' },
    { description: 'a wrong type', stored: JSON.stringify([{ event: 'ev1', order: hash(1), at: 'now' }]) },
  ])('reads $description as nothing remembered', ({ stored }) => {
    localStorage.setItem('storefront.unpaid-orders', stored);
    expect(rememberedOrders('ev1', NOW)).toEqual([]);
  });
});

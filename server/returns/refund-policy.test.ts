import { describe, expect, it } from 'vitest';
import { refundPercent, returnDeadline, secondsLeft, ticketRefund } from './refund-policy.ts';

const start = new Date('2026-06-20T19:00:00+03:00');
const before = (days: number, hours = 0) => new Date(start.getTime() - (days * 24 + hours) * 3600_000);

describe('refundPercent', () => {
  it.each([
    { description: 'full: a month before', policy: 'full', at: before(30), percent: 100 },
    { description: 'full: a minute before', policy: 'full', at: new Date(start.getTime() - 60_000), percent: 100 },
    { description: 'law: 10 days before', policy: 'culture-law', at: before(10), percent: 100 },
    { description: 'law: 30 days before', policy: 'culture-law', at: before(30), percent: 100 },
    { description: 'law: 9 days 23 hours before', policy: 'culture-law', at: before(9, 23), percent: 50 },
    { description: 'law: 5 days before', policy: 'culture-law', at: before(5), percent: 50 },
    { description: 'law: 4 days 23 hours before', policy: 'culture-law', at: before(4, 23), percent: 30 },
    { description: 'law: 3 days before', policy: 'culture-law', at: before(3), percent: 30 },
    { description: 'law: 2 days 23 hours before', policy: 'culture-law', at: before(2, 23), percent: 0 },
    { description: 'law: an hour before', policy: 'culture-law', at: before(0, 1), percent: 0 },
  ] as const)('$description → $percent %', ({ policy, at, percent }) => {
    expect(refundPercent(policy, start, at)).toBe(percent);
  });
});

describe('returnDeadline', () => {
  it.each([
    { description: 'full, no own deadline: the session start', policy: 'full', hours: 0, deadline: start },
    { description: 'full, 24 hours before', policy: 'full', hours: 24, deadline: before(1) },
    { description: 'law: 3 days before even without an own deadline', policy: 'culture-law', hours: 0, deadline: before(3) },
    { description: 'law: the longer own deadline wins', policy: 'culture-law', hours: 120, deadline: before(5) },
  ] as const)('$description', ({ policy, hours, deadline }) => {
    expect(returnDeadline(start, { policy, returnHoursBefore: hours })).toEqual(deadline);
  });

  it('counts whole seconds left and never below zero', () => {
    expect(secondsLeft(start, before(0, 1))).toBe(3600);
    expect(secondsLeft(start, new Date(start.getTime() + 5000))).toBe(0);
  });
});

describe('ticketRefund', () => {
  const ticket = { unitPrice: 50_000, unitFee: 3_000 };
  const noDiscount = { discountable: 100_000, discount: 0 };
  it.each([
    { description: 'full price, fee kept', percent: 100, fee: false, order: noDiscount, refund: 50_000 },
    { description: 'full price and fee', percent: 100, fee: true, order: noDiscount, refund: 53_000 },
    { description: 'half, fee at half', percent: 50, fee: true, order: noDiscount, refund: 26_500 },
    { description: '30 %, fee kept', percent: 30, fee: false, order: noDiscount, refund: 15_000 },
    { description: 'nothing under 3 days', percent: 0, fee: true, order: noDiscount, refund: 0 },
    {
      description: '10 % promo on the order: the ticket refunds what was paid for it',
      percent: 100,
      fee: false,
      order: { discountable: 100_000, discount: 10_000 },
      refund: 45_000,
    },
    {
      description: 'a discount with services: the ticket bears its share only',
      percent: 100,
      fee: false,
      order: { discountable: 125_000, discount: 30_000 },
      refund: 38_000,
    },
    {
      description: 'rounded down to whole kopecks',
      percent: 30,
      fee: false,
      order: { discountable: 100_001, discount: 1 },
      refund: 14_999,
    },
    {
      description: 'fully discounted: nothing was paid',
      percent: 100,
      fee: false,
      order: { discountable: 100_000, discount: 100_000 },
      refund: 0,
    },
  ])('$description', ({ percent, fee, order, refund }) => {
    expect(ticketRefund(ticket, percent, fee, order)).toBe(refund);
  });
});

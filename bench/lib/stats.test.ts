import { describe, expect, it } from 'vitest';
import { latencySummary, maxOf, percentile } from './stats.ts';

describe('bench stats', () => {
  it('summarises half a million latencies (an overload run at 40,000 buyers a second for 8 s) without overflowing the stack', () => {
    const values = Array.from({ length: 500_000 }, (_, i) => i / 1000).reverse();
    values[0] = 5000;
    expect(latencySummary(values)).toEqual({ count: 500_000, p50: 250, p99: 495, max: 5000 });
  });

  it('takes the largest value above a start, and the start for none', () => {
    expect(maxOf([3, 9, 2])).toBe(9);
    expect(maxOf([3, 9, 2], 10)).toBe(10);
    expect(maxOf([])).toBe(0);
    expect(percentile([], 0.5)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { slope, verdict } from './soak.ts';

const minutes = (rss: number[], p99: number[]) =>
  rss.map((rssMb, i) => ({ minute: i + 1, actions: 100, calls: 300, rssMb, p50: 2, p99: p99[i] ?? 0, serverErrors: 0, noAnswer: 0 }));

describe('the soak verdict', () => {
  it('fits a least-squares slope', () => {
    expect(
      slope([
        { x: 1, y: 10 },
        { x: 2, y: 12 },
        { x: 3, y: 14 },
      ]),
    ).toBe(2);
    expect(slope([{ x: 1, y: 5 }])).toBe(0);
  });

  it('calls noise around a level flat, leaving the warm-up minute out', () => {
    // The first minute grows the heap (JIT, caches, pools); the rest only wobbles.
    const v = verdict(minutes([90, 140, 143, 139, 142, 141, 140, 143, 139, 141], [40, 12, 14, 11, 13, 12, 15, 12, 13, 12]));
    expect(v.rssFlat).toBe(true);
    expect(v.p99Flat).toBe(true);
    expect(v.minutes).toBe(8);
  });

  it('calls a steady climb a leak, and a p99 that doubles a slowdown', () => {
    const v = verdict(minutes([100, 110, 120, 130, 140, 150, 160, 170, 180, 190], [10, 10, 12, 14, 16, 18, 20, 22, 24, 26]));
    expect(v.rssSlopeMbPerMin).toBe(10);
    expect(v.rssFlat).toBe(false);
    expect(v.p99Flat).toBe(false);
  });
});

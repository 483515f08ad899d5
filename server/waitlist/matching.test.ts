import { describe, expect, it } from 'vitest';
import { plannedOffers, pricesInTurn, seatsTogether } from './matching.ts';

const line = (...places: number[]) => places.map((p, i) => ({ id: i + 1, places: p }));
const ids = (entries: { id: number }[]) => entries.map((e) => e.id);

describe('plannedOffers: who in line gets the places free now', () => {
  it.each([
    { places: [1, 1, 1], free: 0, offered: [] },
    { places: [1, 1, 1], free: 1, offered: [1] },
    { places: [1, 1, 1], free: 2, offered: [1, 2] },
    { places: [2, 1], free: 2, offered: [1] },
    { places: [2, 1], free: 1, offered: [2] },
    { places: [3, 2, 1], free: 3, offered: [1] },
    { places: [3, 2, 1], free: 4, offered: [1, 3] },
    { places: [4, 4], free: 3, offered: [] },
    { places: [], free: 5, offered: [] },
  ])('line $places, $free free: offers to $offered', ({ places, free, offered }) => {
    expect(ids(plannedOffers(line(...places), free))).toEqual(offered);
  });

  it('keeps the line order of those it serves', () => {
    expect(ids(plannedOffers(line(1, 5, 1, 1), 3))).toEqual([1, 3, 4]);
  });
});

describe('pricesInTurn: the prices an offer of a quantity session tries', () => {
  // Category order: adult (1, two prices), concession (2), child (3).
  const prices = [
    { id: 11, category_id: 1 },
    { id: 12, category_id: 1 },
    { id: 21, category_id: 2 },
    { id: 31, category_id: 3 },
  ];
  it.each([
    { description: 'none asked: category order', category: null, tried: [11, 12, 21, 31] },
    { description: 'the first category asked: category order', category: 1, tried: [11, 12, 21, 31] },
    { description: 'a later category asked: it first, then the rest in order', category: 3, tried: [31, 11, 12, 21] },
    { description: 'a category no longer sold: category order', category: 9, tried: [11, 12, 21, 31] },
  ])('$description', ({ category, tried }) => {
    expect(pricesInTurn(prices, category).map((p) => p.id)).toEqual(tried);
  });
});

describe('seatsTogether: seats side by side in one row', () => {
  // Sector 1: row A seats 1..4 (zone 10, 10, 20, 20); row B seats 5..6 (zone 10). Sector 2: row A seats 7..8 (zone 20).
  const seats = [
    { id: 1, sector_id: 1, zone_id: 10, row_label: 'A' },
    { id: 2, sector_id: 1, zone_id: 10, row_label: 'A' },
    { id: 3, sector_id: 1, zone_id: 20, row_label: 'A' },
    { id: 4, sector_id: 1, zone_id: 20, row_label: 'A' },
    { id: 5, sector_id: 1, zone_id: 10, row_label: 'B' },
    { id: 6, sector_id: 1, zone_id: 10, row_label: 'B' },
    { id: 7, sector_id: 2, zone_id: 20, row_label: 'A' },
    { id: 8, sector_id: 2, zone_id: 20, row_label: 'A' },
  ];
  type Want = { zoneId: number | null; sectorId: number | null };
  const any: Want = { zoneId: null, sectorId: null };
  const all = () => true;
  const pick = (taken: number[], count: number, want: Want = any, priced: (z: number) => boolean = all) =>
    seatsTogether(seats, new Set(taken), count, want, priced)?.map((s) => s.id);

  it.each([
    { taken: [], count: 1, want: any, found: [1] },
    { taken: [1], count: 2, want: any, found: [2, 3] },
    { taken: [2], count: 2, want: any, found: [3, 4] },
    { taken: [2, 4], count: 2, want: any, found: [5, 6] },
    // A run never crosses rows or sectors.
    { taken: [1, 2, 3, 5], count: 2, want: any, found: [7, 8] },
    { taken: [1, 2, 3, 5, 7], count: 2, want: any, found: undefined },
    { taken: [], count: 5, want: any, found: undefined },
    { taken: [], count: 2, want: { zoneId: 20, sectorId: null }, found: [3, 4] },
    { taken: [3], count: 2, want: { zoneId: 20, sectorId: null }, found: [7, 8] },
    { taken: [], count: 2, want: { zoneId: null, sectorId: 2 }, found: [7, 8] },
    { taken: [], count: 1, want: { zoneId: 10, sectorId: 2 }, found: undefined },
  ])('taken $taken, $count wanted in $want: $found', ({ taken, count, want, found }) => {
    expect(pick(taken, count, want)).toEqual(found);
  });

  it('skips seats of a zone with no price', () => {
    expect(pick([], 2, any, (zone) => zone === 20)).toEqual([3, 4]);
  });
});

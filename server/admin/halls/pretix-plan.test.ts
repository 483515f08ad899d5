import { describe, expect, it } from 'vitest';
import { catalogHall } from '../../../contract/catalog-file.ts';
import { PretixPlanError, convertPretixPlan } from './pretix-plan.ts';

const IDS = { hall: 7, zone: 40, sector: 50, seat: 6001 };

/** A plan as pretix's seating plan editor saves it: uuids, zone ids, row labels, a stage area. */
function plan() {
  const seat = (zone: string, row: string, n: number, x: number, category: string) => ({
    seat_guid: `${zone}-${row}-${n}`,
    uuid: `uuid-${zone}-${row}-${n}`,
    seat_number: String(n),
    position: { x, y: 0 },
    category,
    radius: 10,
    start_direction: null,
  });
  return {
    name: 'Kammersaal',
    categories: [
      { name: 'Parkett', color: '#E4572E' },
      { name: 'Rang', color: 'navy' },
    ],
    size: { width: 400, height: 300 },
    zones: [
      {
        name: 'Parkett',
        zone_id: 'P',
        uuid: 'zone-p',
        position: { x: 50, y: 100 },
        rows: [
          { row_number: '1', row_label: 'Reihe %s', uuid: 'row-p1', position: { x: 0, y: 0 }, row_number_position: 'both', seats: [1, 2, 3].map((n) => seat('P', '1', n, (n - 1) * 25, 'Parkett')) },
          { row_number: '2', row_label: null, position: { x: 0, y: 30 }, seats: [1, 2].map((n) => seat('P', '2', n, (n - 1) * 25, 'Parkett')) },
        ],
        areas: [{ shape: 'rectangle', position: { x: 0, y: -80 }, rectangle: { width: 300, height: 40 }, color: '#cccccc', text: { text: 'Bühne', position: { x: 150, y: 20 } } }],
      },
      {
        zone_id: 'R',
        position: { x: 60, y: 220 },
        rows: [{ row_number: 'A', position: { x: 0, y: 0 }, seats: [1, 2].map((n) => seat('R', 'A', n, (n - 1) * 25, 'Rang')) }],
      },
    ],
  };
}

describe('convertPretixPlan', () => {
  it('turns categories into coloured zones, zones into sectors and seats into seats at their absolute position', () => {
    const hall = convertPretixPlan(plan(), 3, IDS);
    expect(catalogHall.safeParse(hall).success).toBe(true);
    expect(hall).toMatchObject({ id: 7, venueId: 3, name: { ru: 'Kammersaal' }, width: 400, height: 300 });
    expect(hall.zones).toEqual([
      { id: 40, name: { ru: 'Parkett' }, color: '#e4572e' },
      // A colour our catalog cannot store (a CSS name) falls back to the default.
      { id: 41, name: { ru: 'Rang' }, color: '#7a5af8' },
    ]);
    expect(hall.sectors?.map((s) => [s.id, s.name.ru, s.sortnum])).toEqual([
      [50, 'Parkett', 0],
      [51, 'R', 1],
    ]);
    expect(hall.sectors?.[0]?.seats?.map((s) => [s.id, s.row, s.seat, s.x, s.y, s.zoneId])).toEqual([
      [6001, '1', '1', 50, 100, 40],
      [6002, '1', '2', 75, 100, 40],
      [6003, '1', '3', 100, 100, 40],
      [6004, '2', '1', 50, 130, 40],
      [6005, '2', '2', 75, 130, 40],
    ]);
    expect(hall.sectors?.[1]?.seats?.map((s) => [s.id, s.row, s.seat, s.x, s.y, s.zoneId])).toEqual([
      [6006, 'A', '1', 60, 220, 41],
      [6007, 'A', '2', 85, 220, 41],
    ]);
  });

  it('grows the hall and moves the seats when seats lie at or beyond the plan edge', () => {
    const raw = plan();
    const zone = raw.zones[0];
    if (zone) zone.position = { x: -20, y: 0 };
    delete (raw as { size?: unknown }).size;
    const hall = convertPretixPlan(raw, 3, IDS);
    const seats = hall.sectors?.flatMap((s) => s.seats ?? []) ?? [];
    expect(Math.min(...seats.map((s) => s.x))).toBe(10);
    expect(Math.min(...seats.map((s) => s.y))).toBe(10);
    for (const s of seats) {
      expect(s.x + 10).toBeLessThanOrEqual(hall.width);
      expect(s.y + 10).toBeLessThanOrEqual(hall.height);
    }
  });

  it.each([
    { description: 'not a plan at all', raw: [1, 2], problem: /plan|expected object/i },
    { description: 'a plan without categories', raw: { name: 'x', zones: [] }, problem: /categories/ },
    { description: 'a seat of an unknown category', raw: { ...plan(), categories: [{ name: 'Parkett' }] }, problem: /category "Rang" is not among the plan's categories/ },
    { description: 'a plan without seats', raw: { name: 'x', categories: [], zones: [] }, problem: /no seats/ },
    { description: 'a row without a number', raw: { name: 'x', categories: [{ name: 'c' }], zones: [{ position: { x: 0, y: 0 }, rows: [{ row_number: ' ', seats: [] }] }] }, problem: /the row has no number/ },
  ])('refuses $description with a message', ({ raw, problem }) => {
    let error: unknown;
    try {
      convertPretixPlan(raw, 3, IDS);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PretixPlanError);
    expect((error as PretixPlanError).problems.join('\n')).toMatch(problem);
  });
});

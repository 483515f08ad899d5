import { describe, expect, it } from 'vitest';
import { catalogHall } from '../../../contract/catalog-file.ts';
import { PretixPlanError, convertPretixPlan, isStageText } from './pretix-plan.ts';

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
          {
            row_number: '1',
            row_label: 'Reihe %s',
            uuid: 'row-p1',
            position: { x: 0, y: 0 },
            row_number_position: 'both',
            seats: [1, 2, 3].map((n) => seat('P', '1', n, (n - 1) * 25, 'Parkett')),
          },
          {
            row_number: '2',
            row_label: null,
            position: { x: 0, y: 30 },
            seats: [1, 2].map((n) => seat('P', '2', n, (n - 1) * 25, 'Parkett')),
          },
        ],
        areas: [
          {
            shape: 'rectangle',
            position: { x: 0, y: -80 },
            rectangle: { width: 300, height: 40 },
            color: '#cccccc',
            text: { text: 'Bühne', position: { x: 150, y: 20 } },
          },
        ],
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
    const { hall } = convertPretixPlan(plan(), 3, IDS);
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

  it('makes the area named "Bühne" the stage, at its zone + area position, and lists what the hall does not keep', () => {
    const { hall, leftOut } = convertPretixPlan(plan(), 3, IDS);
    expect(hall.stage).toEqual({ x: 50, y: 20, width: 300, height: 40, label: { ru: 'Bühne' } });
    expect(leftOut).toEqual([
      { kind: 'seat-radius', name: null, shape: null, value: '10', count: 7 },
      { kind: 'row-label', name: null, shape: null, value: 'Reihe %s', count: 1 },
      { kind: 'row-number-position', name: null, shape: null, value: 'both', count: 1 },
      { kind: 'category-color', name: 'Rang', shape: null, value: 'navy', count: 1 },
    ]);
  });

  it('grows the hall and moves the seats when seats lie at or beyond the plan edge', () => {
    const raw = plan();
    const zone = raw.zones[0];
    if (zone) {
      zone.position = { x: -20, y: 0 };
      zone.areas = [];
    }
    delete (raw as { size?: unknown }).size;
    const { hall } = convertPretixPlan(raw, 3, IDS);
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
    {
      description: 'a seat of an unknown category',
      raw: { ...plan(), categories: [{ name: 'Parkett' }] },
      problem: /category "Rang" is not among the plan's categories/,
    },
    { description: 'a plan without seats', raw: { name: 'x', categories: [], zones: [] }, problem: /no seats/ },
    {
      description: 'a row without a number',
      raw: { name: 'x', categories: [{ name: 'c' }], zones: [{ position: { x: 0, y: 0 }, rows: [{ row_number: ' ', seats: [] }] }] },
      problem: /the row has no number/,
    },
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

/** A plan of one row of three seats (no radius, no phrases: nothing else to leave out) and the given areas in its zone at (0, 100). */
function planWith(areas: unknown[]) {
  return {
    name: 'Areas',
    categories: [{ name: 'A', color: '#112233' }],
    size: { width: 500, height: 300 },
    zones: [
      {
        name: 'Main',
        position: { x: 0, y: 100 },
        rows: [
          {
            row_number: '1',
            position: { x: 100, y: 100 },
            seats: [1, 2, 3].map((n) => ({ seat_guid: `s${n}`, seat_number: String(n), position: { x: n * 30, y: 0 }, category: 'A' })),
          },
        ],
        areas,
      },
    ],
  };
}
const rect = (text: string, x: number, y: number, width: number, height: number, extra: Record<string, unknown> = {}) => ({
  uuid: `uuid-${text}`,
  shape: 'rectangle',
  position: { x, y },
  rectangle: { width, height },
  color: '#cccccc',
  border_color: '#000000',
  rotation: 0,
  text: { text, color: '#333333', position: { x: width / 2, y: height / 2 }, size: 16 },
  ...extra,
});

describe('convertPretixPlan: the stage and the areas left out', () => {
  it.each([
    {
      description: 'an ellipse, centred on its position',
      area: {
        uuid: 'e',
        shape: 'ellipse',
        position: { x: 250, y: -60 },
        ellipse: { radius: { x: 120, y: 30 } },
        text: { text: 'Сцена', position: { x: 0, y: 0 } },
      },
      stage: { x: 130, y: 10, width: 240, height: 60, label: { ru: 'Сцена' } },
      shape: 'ellipse',
      value: null,
    },
    {
      description: 'an ellipse turned 90°: its radii swap axes',
      area: {
        uuid: 'e',
        shape: 'ellipse',
        position: { x: 250, y: -60 },
        rotation: 90,
        ellipse: { radius: { x: 40, y: 10 } },
        text: { text: 'STAGE', position: { x: 0, y: 0 } },
      },
      stage: { x: 240, y: 0, width: 20, height: 80, label: { ru: 'STAGE' } },
      shape: 'ellipse',
      value: '90',
    },
    {
      description: 'a polygon, its points relative to its position',
      area: {
        uuid: 'p',
        shape: 'polygon',
        position: { x: 100, y: -90 },
        polygon: {
          points: [
            { x: 0, y: 0 },
            { x: 300, y: 0 },
            { x: 260, y: 50 },
            { x: 40, y: 50 },
          ],
        },
        text: { text: 'Scène', position: { x: 150, y: 25 } },
      },
      stage: { x: 100, y: 10, width: 300, height: 50, label: { ru: 'Scène' } },
      shape: 'polygon',
      value: null,
    },
    {
      description: 'a circle',
      area: {
        uuid: 'c',
        shape: 'circle',
        position: { x: 250, y: -50 },
        circle: { radius: 40 },
        text: { text: 'Сахна', position: { x: 0, y: 0 } },
      },
      stage: { x: 210, y: 10, width: 80, height: 80, label: { ru: 'Сахна' } },
      shape: 'circle',
      value: null,
    },
    {
      description: 'a rectangle turned 30° clockwise around its corner',
      area: rect('舞台', 200, -90, 100, 20, { rotation: 30 }),
      // Corners (0,0) (86.6,50) (76.6,67.3) (-10,17.3) around (200, 10).
      stage: { x: 190, y: 10, width: 96.7, height: 67.4, label: { ru: '舞台' } },
      shape: 'rectangle',
      value: '30',
    },
  ])('takes $description as the stage, as its bounding box, and says the shape changed', ({ area, stage, shape, value }) => {
    const { hall, leftOut } = convertPretixPlan(planWith([area]), 3, IDS);
    expect(hall.stage).toEqual(stage);
    expect(leftOut).toEqual([{ kind: 'stage-shape', name: (area.text as { text: string }).text, shape, value, count: 1 }]);
    expect(catalogHall.safeParse(hall).success).toBe(true);
  });

  it('keeps an upright rectangle stage as it is, a quarter turn included, with nothing to report', () => {
    const upright = convertPretixPlan(planWith([rect('Palco', 100, -90, 300, 40)]), 3, IDS);
    expect(upright.hall.stage).toEqual({ x: 100, y: 10, width: 300, height: 40, label: { ru: 'Palco' } });
    expect(upright.leftOut).toEqual([]);
    const quarter = convertPretixPlan(planWith([rect('Escenario', 300, -90, 100, 20, { rotation: 90 })]), 3, IDS);
    expect(quarter.hall.stage).toEqual({ x: 280, y: 10, width: 20, height: 100, label: { ru: 'Escenario' } });
    expect(quarter.leftOut).toEqual([]);
  });

  it('reads an older plan whose area is a width and a height with a text string', () => {
    const { hall, leftOut } = convertPretixPlan(
      planWith([{ width: 200, height: 30, position: { x: 150, y: -80 }, text: 'Main Stage' }]),
      3,
      IDS,
    );
    expect(hall.stage).toEqual({ x: 150, y: 20, width: 200, height: 30, label: { ru: 'Main Stage' } });
    expect(leftOut).toEqual([]);
  });

  it('takes the largest of two stage candidates and lists the other with the areas left out', () => {
    const { hall, leftOut } = convertPretixPlan(
      planWith([
        rect('Stage', 10, -90, 60, 20),
        rect('Bar', 400, 150, 80, 30),
        rect('Большая сцена', 100, -90, 300, 40),
        { uuid: 'table-uuid', shape: 'circle', position: { x: 50, y: 150 }, circle: { radius: 15 } },
        { uuid: 't', shape: 'text', text: { text: 'Exit', position: { x: 0, y: 0 } } },
      ]),
      3,
      IDS,
    );
    expect(hall.stage).toEqual({ x: 100, y: 10, width: 300, height: 40, label: { ru: 'Большая сцена' } });
    expect(leftOut).toEqual([
      { kind: 'area', name: 'Stage', shape: 'rectangle', value: null, count: 1 },
      { kind: 'area', name: 'Bar', shape: 'rectangle', value: null, count: 1 },
      { kind: 'area', name: 'table-uuid', shape: 'circle', value: null, count: 1 },
      { kind: 'area', name: 'Exit', shape: 'text', value: null, count: 1 },
    ]);
  });

  it('has no stage when no area names it, and lists every area', () => {
    const { hall, leftOut } = convertPretixPlan(
      planWith([rect('Backstage', 10, -90, 60, 20), rect('Bar', 400, 150, 80, 30), { shape: 'hexagon' }]),
      3,
      IDS,
    );
    expect(hall.stage).toBeUndefined();
    expect(leftOut).toEqual([
      { kind: 'area', name: 'Backstage', shape: 'rectangle', value: null, count: 1 },
      { kind: 'area', name: 'Bar', shape: 'rectangle', value: null, count: 1 },
      { kind: 'area', name: null, shape: null, value: null, count: 1 },
    ]);
  });

  it('grows the hall and moves everything when the stage lies beyond the plan edge', () => {
    const { hall } = convertPretixPlan(planWith([rect('Stage', -50, -130, 700, 40)]), 3, IDS);
    expect(hall.stage).toEqual({ x: 0, y: 0, width: 700, height: 40, label: { ru: 'Stage' } });
    expect(hall.width).toBe(700);
    expect(hall.height).toBe(330);
    expect(hall.sectors?.[0]?.seats?.map((s) => [s.x, s.y])).toEqual([
      [180, 230],
      [210, 230],
      [240, 230],
    ]);
  });

  it('lists seat labels, booking start directions, seat radii and a repeated category', () => {
    const raw = planWith([]);
    raw.categories.push({ name: 'A', color: '#445566' });
    const row = raw.zones[0]?.rows[0] as Record<string, unknown> & { seats: Record<string, unknown>[] };
    row.seat_label = 'Platz %s';
    row.row_label = null;
    row.row_number_position = null;
    row.seats.forEach((seat, i) => Object.assign(seat, { radius: i === 0 ? 12 : 8, start_direction: i === 0 ? '>' : null }));
    const { leftOut } = convertPretixPlan(raw, 3, IDS);
    expect(leftOut).toEqual([
      { kind: 'seat-radius', name: null, shape: null, value: '8', count: 2 },
      { kind: 'seat-radius', name: null, shape: null, value: '12', count: 1 },
      { kind: 'seat-label', name: null, shape: null, value: 'Platz %s', count: 1 },
      { kind: 'start-direction', name: null, shape: null, value: '>', count: 1 },
      { kind: 'category-duplicate', name: 'A', shape: null, value: null, count: 1 },
    ]);
  });
});

describe('isStageText', () => {
  it.each([
    'stage',
    'STAGE',
    'Main stage',
    'Сцена',
    'БОЛЬШАЯ СЦЕНА',
    'сахна',
    'Bühne',
    'BUHNE',
    'scène',
    'Scena',
    'escenario',
    'Palco',
    '舞台',
    '主舞台',
  ])('%s is the stage', (text) => {
    expect(isStageText(text)).toBe(true);
  });
  it.each(['', 'Bar', 'Backstage', 'Stagecoach', 'Table 1', 'Сценарий'])('%s is not', (text) => {
    expect(isStageText(text)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { type SchemeMapResponse, deltaEncode } from '../../../contract/scheme.ts';
import { buildSeatModel, forEachSeatIn, rowLabelPoints, seatAt } from './seat-model.ts';

/** Two rows of three seats, 10 units apart, in one zone; the middle seat of row 2 is taken. */
function answer(): SchemeMapResponse {
  const row = (label: string, ids: number[], y: number, free: (0 | 1)[]) => ({
    sector_id: 1,
    row: label,
    seat_id: deltaEncode(ids),
    x: deltaEncode([100, 200, 300]),
    y: deltaEncode([y * 10, y * 10, y * 10]),
    seat: ['1', '2', '3'],
    zone_id: [5, 5, 5],
    free,
  });
  return {
    errorCode: '0',
    errorText: '',
    calendar_id: 1,
    svg: '<svg/>',
    width: 50,
    height: 40,
    seat_size: 10,
    sectors: [{ sector_id: 1, name: { ru: 'Партер' } }],
    seat_numbers: [row('1', [11, 12, 13], 10, [1, 1, 1]), row('2', [21, 22, 23], 20, [1, 0, 1])],
    seat_stand: [],
    zones: [{ zone_id: 5, name: { ru: 'А' }, level_name: {}, color: '#ff0000', prices: [] }],
  };
}

describe('buildSeatModel', () => {
  it('decodes the rows into flat arrays with their row, zone and availability', () => {
    const model = buildSeatModel(answer());
    expect(model.count).toBe(6);
    expect([...model.ids]).toEqual([11, 12, 13, 21, 22, 23]);
    expect([...model.xs]).toEqual([10, 20, 30, 10, 20, 30]);
    expect([...model.ys]).toEqual([10, 10, 10, 20, 20, 20]);
    expect([...model.free]).toEqual([1, 1, 1, 1, 0, 1]);
    expect(model.rows).toEqual([
      { sectorId: 1, row: '1', first: 0, count: 3 },
      { sectorId: 1, row: '2', first: 3, count: 3 },
    ]);
    expect(model.zoneColors[model.zone[0] ?? 99]).toBe('#ff0000');
    expect(model.indexById.get(22)).toBe(4);
  });
});

describe('seatAt', () => {
  const model = buildSeatModel(answer());
  it.each([
    { description: 'the centre of a seat', x: 20, y: 10, expected: 1 },
    { description: 'a point nearer one seat than its neighbour', x: 26, y: 21, expected: 5 },
    { description: 'a point between rows, to the nearer row', x: 10, y: 14, expected: 0 },
    { description: 'a point far from every seat', x: 45, y: 38, expected: -1 },
  ])('finds $description', ({ x, y, expected }) => {
    expect(seatAt(model, x, y)).toBe(expected);
  });

  it('reaches further for a finger', () => {
    expect(seatAt(model, 20, 26)).toBe(-1);
    expect(seatAt(model, 20, 26, 0.9)).toBe(4);
  });
});

describe('forEachSeatIn', () => {
  it('visits every seat of the cells that meet the rectangle', () => {
    const model = buildSeatModel(answer());
    const seen: number[] = [];
    forEachSeatIn(model, 0, 0, 50, 40, (i) => seen.push(i));
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('rowLabelPoints', () => {
  const points = (coords: [number, number][]) => ({
    xs: Float32Array.from(coords.map((c) => c[0])),
    ys: Float32Array.from(coords.map((c) => c[1])),
  });
  it.each([
    {
      description: 'a row across the hall: a spacing left of its leftmost seat and right of its rightmost',
      seats: [
        [10, 5],
        [20, 5],
        [30, 5],
      ],
      expected: [0, 5, 40, 5],
    },
    {
      description: 'seats numbered right to left: the same two ends',
      seats: [
        [30, 5],
        [20, 5],
        [10, 5],
      ],
      expected: [0, 5, 40, 5],
    },
    {
      description: "a row along the hall's side: above its top seat and below its bottom one",
      seats: [
        [5, 40],
        [5, 20],
        [5, 30],
      ],
      expected: [5, 10, 5, 50],
    },
    {
      description: 'a slanted row: along its own direction',
      seats: [
        [0, 0],
        [30, 40],
      ],
      expected: [-6, -8, 36, 48],
    },
    { description: 'a single seat: left and right of it', seats: [[50, 50]], expected: [40, 50, 60, 50] },
  ] as { description: string; seats: [number, number][]; expected: number[] }[])('$description', ({ seats, expected }) => {
    const { xs, ys } = points(seats);
    const ends = rowLabelPoints([{ first: 0, count: seats.length }], xs, ys, 10);
    expected.forEach((value, i) => expect(ends[i]).toBeCloseTo(value, 4));
  });

  it('is built with the model, four numbers per row', () => {
    const model = buildSeatModel(answer());
    expect([...model.rowEnds]).toEqual([0, 10, 40, 10, 0, 20, 40, 20]);
  });
});

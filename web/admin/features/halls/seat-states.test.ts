import { describe, expect, it } from 'vitest';
import { deltaEncode } from '../../../../contract/scheme.ts';
import { buildSeatModel } from '../../../lib/seat-map/seat-model.ts';
import { clickSelection, countStates, idsIn, statesOf } from './seat-states.ts';

/** Two rows: three seats (ids 11–13), then two (21–22). */
const model = buildSeatModel({
  width: 50,
  height: 40,
  seat_size: 10,
  zones: [{ zone_id: 5, name: {}, level_name: {}, color: '#ff0000', prices: [] }],
  seat_numbers: [
    {
      sector_id: 1,
      row: '1',
      seat_id: deltaEncode([11, 12, 13]),
      x: deltaEncode([100, 200, 300]),
      y: deltaEncode([100, 100, 100]),
      seat: ['1', '2', '3'],
      zone_id: [5, 5, 5],
      free: [1, 0, 0],
    },
    {
      sector_id: 1,
      row: '2',
      seat_id: deltaEncode([21, 22]),
      x: deltaEncode([100, 200]),
      y: deltaEncode([200, 200]),
      seat: ['1', '2'],
      zone_id: [5, 5],
      free: [0, 1],
    },
  ],
});

describe('statesOf', () => {
  it("reads one letter per seat per row into the model's seat order; a missing letter is a free seat", () => {
    const states = statesOf(model, ['fhs', 'b']);
    expect(states).toEqual(['free', 'held', 'sold', 'blocked', 'free']);
    expect(countStates(states)).toEqual({ free: 2, held: 1, sold: 1, blocked: 1 });
  });
});

describe('clickSelection', () => {
  it.each([
    { description: 'a click selects only that seat', selected: [0, 1], index: 2, add: false, expected: [2] },
    { description: 'a click on the only selected seat clears it', selected: [2], index: 2, add: false, expected: [] },
    { description: 'Shift+click adds a seat', selected: [0], index: 3, add: true, expected: [0, 3] },
    { description: 'Shift+click on a selected seat removes it', selected: [0, 3], index: 0, add: true, expected: [3] },
  ])('$description', ({ selected, index, add, expected }) => {
    expect([...clickSelection(new Set(selected), index, add)].sort()).toEqual(expected);
  });
});

describe('idsIn', () => {
  it('answers the seat ids of the selected seats in the given states', () => {
    const states = statesOf(model, ['fhs', 'b']);
    expect(idsIn(model, [0, 1, 3, 4], ['blocked'], states)).toEqual([21]);
    expect(idsIn(model, [0, 1, 3, 4], ['free', 'held', 'sold'], states)).toEqual([11, 12, 22]);
  });
});

import { describe, expect, it } from 'vitest';
import { applyChanges, diffValues, overlapping } from './value-diff.ts';

describe('diffValues', () => {
  it.each([
    { description: 'equal values differ in nothing', before: { a: 1, b: { c: 'x' } }, after: { a: 1, b: { c: 'x' } }, changes: [] },
    {
      description: 'a changed leaf is named by its dotted path',
      before: { event: { note: { ru: 'a' } } },
      after: { event: { note: { ru: 'b' } } },
      changes: [{ path: 'event.note.ru', before: 'a', after: 'b' }],
    },
    { description: 'empty, null and a missing key are the same', before: { a: '', b: null }, after: { c: undefined }, changes: [] },
    {
      description: 'a key only one side has is a change',
      before: { a: 1 },
      after: { a: 1, b: 2 },
      changes: [{ path: 'b', before: undefined, after: 2 }],
    },
    {
      description: 'rows of lists of equal length compare row by row',
      before: { p: [{ x: 1 }, { x: 2 }] },
      after: { p: [{ x: 1 }, { x: 3 }] },
      changes: [{ path: 'p.1.x', before: 2, after: 3 }],
    },
    {
      description: 'a list whose length changed is one change',
      before: { p: [1] },
      after: { p: [1, 2] },
      changes: [{ path: 'p', before: [1], after: [1, 2] }],
    },
  ])('$description', ({ before, after, changes }) => {
    expect(diffValues(before, after)).toEqual(changes);
  });
});

describe('applyChanges', () => {
  it('sets my changes on the other version and leaves its own changes and the original untouched', () => {
    const loaded = { event: { name: { ru: 'A' }, note: { ru: '' }, prices: [{ amount: 100 }] } };
    const mine = { event: { name: { ru: 'A' }, note: { ru: 'моё' }, prices: [{ amount: 100 }] } };
    const current = { event: { name: { ru: 'Б' }, note: { ru: '' }, prices: [{ amount: 100 }, { amount: 50 }] } };
    const merged = applyChanges(current, diffValues(loaded, mine));
    expect(merged).toEqual({ event: { name: { ru: 'Б' }, note: { ru: 'моё' }, prices: [{ amount: 100 }, { amount: 50 }] } });
    expect(current.event.note.ru).toBe('');
  });

  it('replaces a whole list my edit resized', () => {
    const merged = applyChanges({ p: [1, 2, 3] }, diffValues({ p: [1] }, { p: [1, 9] }));
    expect(merged).toEqual({ p: [1, 9] });
  });
});

describe('overlapping', () => {
  it('names my paths the other change touched too, a list and a field inside it included', () => {
    const mine = diffValues({ a: 1, p: [{ x: 1 }], n: 'x' }, { a: 2, p: [{ x: 2 }], n: 'y' });
    const theirs = diffValues({ a: 1, p: [{ x: 1 }] }, { a: 3, p: [{ x: 1 }, { x: 5 }] });
    expect(overlapping(mine, theirs)).toEqual(['a', 'p.0.x']);
  });
});

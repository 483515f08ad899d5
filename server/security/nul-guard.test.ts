import { describe, expect, it } from 'vitest';
import { holdsNul } from './nul-guard.ts';

describe('holdsNul', () => {
  it.each([
    { description: 'a plain text', value: 'Иван', expected: false },
    { description: 'a NUL in a text', value: 'Ив\u0000ан', expected: true },
    { description: 'a NUL deep in a body', value: { data: [{ day: '01.01.2027' }, { fio: ['x', 'a\u0000'] }] }, expected: true },
    { description: 'a NUL in a key', value: { 'a\u0000': 1 }, expected: true },
    { description: 'numbers, nulls and booleans', value: { a: 1, b: null, c: [true, 2.5] }, expected: false },
    { description: 'nothing', value: undefined, expected: false },
    { description: 'the escaped text \\u0000 (not a NUL)', value: '\\u0000', expected: false },
  ])('$description: $expected', ({ value, expected }) => {
    expect(holdsNul(value)).toBe(expected);
  });
});

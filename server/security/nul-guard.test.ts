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
    {
      description: 'bytes holding NUL bytes (an uploaded picture)',
      value: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]),
      expected: false,
    },
    { description: 'a text holding a NUL beside bytes', value: { file: new Uint8Array([0, 0]), name: 'a\u0000' }, expected: true },
  ])('$description: $expected', ({ value, expected }) => {
    expect(holdsNul(value)).toBe(expected);
  });

  it('never walks bytes index by index (each index would be a string key made on the heap)', () => {
    const bytes = new Uint8Array(4);
    // A key only a walk over the bytes' own keys could meet: found, it would answer true.
    Object.defineProperty(bytes, 'x\u0000', { value: 1, enumerable: true });
    expect(holdsNul(bytes)).toBe(false);
    expect(holdsNul({ file: bytes })).toBe(false);
  });
});

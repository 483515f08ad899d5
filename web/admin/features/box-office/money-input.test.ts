import { describe, expect, it } from 'vitest';
import { parseRoubles } from './money-input.ts';

describe('parseRoubles', () => {
  it.each([
    { text: '', kopecks: undefined },
    { text: '  ', kopecks: undefined },
    { text: '1500', kopecks: 150000 },
    { text: '1 500,50', kopecks: 150050 },
    { text: '1500.5', kopecks: 150050 },
    { text: '0,01', kopecks: 1 },
    { text: '12,345', kopecks: Number.NaN },
    { text: '-5', kopecks: Number.NaN },
    { text: 'abc', kopecks: Number.NaN },
    { text: '1e3', kopecks: Number.NaN },
  ])('reads "$text" as $kopecks', ({ text, kopecks }) => {
    expect(parseRoubles(text)).toBe(kopecks);
  });
});

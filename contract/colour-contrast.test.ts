import { describe, expect, it } from 'vitest';
import { contrastRatio, headerBackgroundReadable } from './colour-contrast.ts';

describe('contrastRatio', () => {
  it.each([
    { a: '#ffffff', b: '#000000', ratio: 21 },
    { a: '#000000', b: '#ffffff', ratio: 21 },
    { a: '#ffffff', b: '#ffffff', ratio: 1 },
    // WCAG's own examples: #767676 is the lightest grey that passes AA on white.
    { a: '#767676', b: '#ffffff', ratio: 4.54 },
    { a: '#777777', b: '#ffffff', ratio: 4.48 },
    { a: '#1f2a44', b: '#ffffff', ratio: 14.26 },
  ])('$a on $b is $ratio', ({ a, b, ratio }) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });

  it.each(['red', '#fff', '#12345g', ''])('is undefined for %j', (colour) => {
    expect(contrastRatio(colour, '#ffffff')).toBeUndefined();
  });
});

describe('headerBackgroundReadable', () => {
  it.each([
    { colour: '#1f2a44', readable: true },
    { colour: '#767676', readable: true },
    { colour: '#777777', readable: false },
    { colour: '#ffcc00', readable: false },
    { colour: 'navy', readable: false },
  ])('$colour under white text: $readable', ({ colour, readable }) => {
    expect(headerBackgroundReadable(colour)).toBe(readable);
  });
});

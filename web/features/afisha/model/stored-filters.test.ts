import { describe, expect, it } from 'vitest';
import { EMPTY_LISTING, parseStored } from './stored-filters.ts';

const DAY = 86_400_000;
const now = 1_900_000_000_000;
const saved = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ kindId: 2, menuId: 20, filters: { search: 'орган', from: '2030-03-01', to: '', tags: [1], inStock: true }, pages: 3, savedAt: now - 1000, ...over });

describe('parseStored', () => {
  it('restores what was saved within the lifetime', () => {
    expect(parseStored(saved(), now, DAY)).toEqual({
      kindId: 2, menuId: 20, filters: { search: 'орган', from: '2030-03-01', to: '', tags: [1], inStock: true }, pages: 3,
    });
  });
  it.each([
    { description: 'nothing saved', raw: null },
    { description: 'not JSON', raw: '{oops' },
    { description: 'not an object', raw: '42' },
    { description: 'no timestamp', raw: saved({ savedAt: undefined }) },
    { description: 'older than the lifetime', raw: saved({ savedAt: now - DAY - 1 }) },
    { description: 'from the future (a clock moved back)', raw: saved({ savedAt: now + DAY }) },
  ])('starts empty with $description', ({ raw }) => {
    expect(parseStored(raw, now, DAY)).toBe(EMPTY_LISTING);
  });
  it('keeps a state exactly as old as the lifetime', () => {
    expect(parseStored(saved({ savedAt: now - DAY }), now, DAY).kindId).toBe(2);
  });
  it('drops malformed fields one by one', () => {
    const raw = saved({ kindId: 'x', filters: { search: 5, from: '1.2.2030', to: '2030-03-05', tags: [1, 'a', 2.5], inStock: 'yes' }, pages: 99 });
    expect(parseStored(raw, now, DAY)).toEqual({
      kindId: undefined, menuId: 20, filters: { search: '', from: '', to: '2030-03-05', tags: [1], inStock: false }, pages: 6,
    });
  });
});

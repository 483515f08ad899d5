// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_LISTING, STORAGE_KEY, loadListing, parseStored, readStoredListingEarly, saveListing } from './stored-filters.ts';

const DAY = 86_400_000;
const now = 1_900_000_000_000;
const saved = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    kindId: 2,
    menuId: 20,
    filters: { search: 'орган', from: '2030-03-01', to: '', tags: [1], inStock: true },
    pages: 3,
    savedAt: now - 1000,
    ...over,
  });

describe('parseStored', () => {
  it('restores what was saved within the lifetime', () => {
    expect(parseStored(saved(), now, DAY)).toEqual({
      kindId: 2,
      menuId: 20,
      filters: { search: 'орган', from: '2030-03-01', to: '', tags: [1], inStock: true },
      pages: 3,
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
    const raw = saved({
      kindId: 'x',
      filters: { search: 5, from: '1.2.2030', to: '2030-03-05', tags: [1, 'a', 2.5], inStock: 'yes' },
      pages: 99,
    });
    expect(parseStored(raw, now, DAY)).toEqual({
      kindId: undefined,
      menuId: 20,
      filters: { search: '', from: '', to: '2030-03-05', tags: [1], inStock: false },
      pages: 6,
    });
  });
});

describe('readStoredListingEarly', () => {
  afterEach(() => localStorage.clear());

  it('is used once by the next loadListing, and a save in between wins', () => {
    localStorage.setItem(STORAGE_KEY, saved());
    readStoredListingEarly();
    localStorage.setItem(STORAGE_KEY, saved({ pages: 5 }));
    expect(loadListing(now, DAY).pages).toBe(3); // the text read ahead
    expect(loadListing(now, DAY).pages).toBe(5); // later loads read storage again

    readStoredListingEarly();
    saveListing({ ...EMPTY_LISTING, pages: 2 }, now);
    expect(loadListing(now, DAY).pages).toBe(2);
  });
});

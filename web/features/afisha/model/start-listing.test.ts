import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, type Filters } from './listing.ts';
import { startListing } from './start-listing.ts';
import { EMPTY_LISTING, type StoredListing } from './stored-filters.ts';

// Kind 1 holds menus 11 and 12, kind 2 menus 21 and 22 (as in the demo catalog).
const menus = [
  { mainmenu_id: 11, menukind_id: 1 },
  { mainmenu_id: 12, menukind_id: 1 },
  { mainmenu_id: 21, menukind_id: 2 },
  { mainmenu_id: 22, menukind_id: 2 },
];
const filters: Filters = { ...EMPTY_FILTERS, search: 'ночь', inStock: true };
const inKind1: StoredListing = { kindId: 1, menuId: 11, filters, pages: 3 };
const fresh = (kindId: number, menuId: number | undefined): StoredListing => ({ kindId, menuId, filters: EMPTY_FILTERS, pages: 1 });

describe('startListing', () => {
  it.each([
    { description: 'nothing in the URL: a fresh visitor', stored: EMPTY_LISTING, id: undefined, sid: undefined, expected: EMPTY_LISTING },
    { description: 'nothing in the URL: the listing as it was left', stored: inKind1, id: undefined, sid: undefined, expected: inKind1 },
    { description: 'a sid alone, fresh: its own kind and menu', stored: EMPTY_LISTING, id: undefined, sid: 21, expected: fresh(2, 21) },
    { description: 'a sid alone of the first kind, fresh', stored: EMPTY_LISTING, id: undefined, sid: 12, expected: fresh(1, 12) },
    {
      description: 'a sid alone of another kind than stored: filters start empty',
      stored: inKind1,
      id: undefined,
      sid: 22,
      expected: fresh(2, 22),
    },
    {
      description: 'a sid alone of the stored kind: filters kept, pages from the start',
      stored: inKind1,
      id: undefined,
      sid: 12,
      expected: { ...inKind1, menuId: 12, pages: 1 },
    },
    { description: 'a sid alone, the stored menu itself: pages kept', stored: inKind1, id: undefined, sid: 11, expected: inKind1 },
    { description: 'an unknown sid alone is ignored', stored: inKind1, id: undefined, sid: 99, expected: inKind1 },
    {
      description: 'an id alone: the kind with all its menus',
      stored: EMPTY_LISTING,
      id: 2,
      sid: undefined,
      expected: fresh(2, undefined),
    },
    {
      description: 'an id alone, the stored kind: filters kept, all menus',
      stored: inKind1,
      id: 1,
      sid: undefined,
      expected: { ...inKind1, menuId: undefined, pages: 1 },
    },
    { description: 'an id and a sid of that kind', stored: EMPTY_LISTING, id: 2, sid: 22, expected: fresh(2, 22) },
    { description: 'an id and a sid of that kind, the stored place: pages kept', stored: inKind1, id: 1, sid: 11, expected: inKind1 },
    { description: 'an id with a sid of another kind: the sid decides', stored: EMPTY_LISTING, id: 1, sid: 21, expected: fresh(2, 21) },
    {
      description: 'an id of another kind with a sid of the stored kind: filters kept',
      stored: inKind1,
      id: 2,
      sid: 12,
      expected: { ...inKind1, menuId: 12, pages: 1 },
    },
    {
      description: 'an id with an unknown sid: the kind with all its menus',
      stored: EMPTY_LISTING,
      id: 2,
      sid: 99,
      expected: fresh(2, undefined),
    },
  ])('$description', ({ stored, id, sid, expected }) => {
    expect(startListing(stored, { id, sid }, menus)).toEqual(expected);
  });
});

import { AFISHA } from '../../../../contract/afisha-constants.ts';
import { EMPTY_FILTERS, type Filters } from './listing.ts';

/**
 * The listing's state kept in local storage: the chosen kind and menu, the
 * filters and the pages loaded. It is dropped once it is older than setup lifetime_storage.
 */
export type StoredListing = {
  kindId: number | undefined;
  menuId: number | undefined;
  filters: Filters;
  pages: number;
};

type Saved = StoredListing & { savedAt: number };

export const STORAGE_KEY = 'storefront.afisha';

export const EMPTY_LISTING: StoredListing = { kindId: undefined, menuId: undefined, filters: EMPTY_FILTERS, pages: 1 };

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const optionalId = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);

/** Reads what a visitor left, trusting nothing: anything malformed falls back to the default. */
export function parseStored(raw: string | null, now: number, lifetime: number): StoredListing {
  if (!raw) return EMPTY_LISTING;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_LISTING;
  }
  if (typeof value !== 'object' || value === null) return EMPTY_LISTING;
  const v = value as Partial<Record<keyof Saved, unknown>>;
  if (typeof v.savedAt !== 'number' || now - v.savedAt > lifetime || v.savedAt > now + 60_000) return EMPTY_LISTING;
  const f = (typeof v.filters === 'object' && v.filters !== null ? v.filters : {}) as Partial<Record<keyof Filters, unknown>>;
  const pages = typeof v.pages === 'number' && Number.isInteger(v.pages) ? Math.min(Math.max(v.pages, 1), AFISHA.maxPages) : 1;
  return {
    kindId: optionalId(v.kindId),
    menuId: optionalId(v.menuId),
    filters: {
      search: typeof f.search === 'string' ? f.search.slice(0, 200) : '',
      from: isDay(f.from) ? f.from : '',
      to: isDay(f.to) ? f.to : '',
      tags: Array.isArray(f.tags) ? f.tags.filter((t): t is number => typeof t === 'number' && Number.isInteger(t)) : [],
      inStock: f.inStock === true,
    },
    pages,
  };
}

/** The stored text read ahead by readStoredListingEarly, used once by the next loadListing. */
let early: { raw: string | null } | undefined;

/**
 * Reads the stored listing ahead of the first render that needs it (while the afisha answer
 * loads), so the slow first local-storage access is not part of that render.
 */
export function readStoredListingEarly() {
  try {
    early = { raw: localStorage.getItem(STORAGE_KEY) };
  } catch {
    early = undefined; // storage disabled: loadListing finds out itself
  }
}

export function loadListing(now: number, lifetime: number): StoredListing {
  const ahead = early;
  early = undefined;
  try {
    const listing = parseStored(ahead ? ahead.raw : localStorage.getItem(STORAGE_KEY), now, lifetime);
    if (listing === EMPTY_LISTING) localStorage.removeItem(STORAGE_KEY);
    return listing;
  } catch {
    return EMPTY_LISTING; // storage disabled (private mode, embedded frame)
  }
}

export function saveListing(listing: StoredListing, now: number) {
  early = undefined;
  try {
    const saved: Saved = { ...listing, pages: Math.min(listing.pages, AFISHA.maxPages), savedAt: now };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or disabled: the listing works, it just is not remembered.
  }
}

export function clearListing() {
  early = undefined;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}

/** The afisha's plain constants, without zod, for the listing screen's first load (contract/afisha.ts re-exports them). */

/** totalticketcount of an event whose sales have not begun (design: -99999). */
export const NOT_ON_SALE = -99999;

/** Listing constants. */
export const AFISHA = {
  perPage: 100,
  maxPages: 6,
  imageWidth: 215,
  filterTags: 20,
  filterTagsMobile: 6,
  cardTags: 3,
  lifetimeStorage: 86_400_000,
  loadMoreDelayMs: 100,
  debounceMs: 200,
  resetFlag: '1',
  noTime: '00:00',
} as const;

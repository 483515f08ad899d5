/** The afisha's plain constants, without zod, for the listing screen's first load (contract/afisha.ts re-exports them). */

export { NOT_ON_SALE } from './sale-state.ts';

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

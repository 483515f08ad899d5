/**
 * Rules of a subscription's composition shared by the catalog import (file and back office) and
 * the back office's pages. Zod-free, so pages and tests read them without the schemas.
 */

/**
 * A subscription item's visit time (`subscriptionItems[].startsAt`) is what the storefront shows
 * as the date and time of that event in the subscription's composition ('Состав абонемента'), so
 * it is either left out (no date shown) or the start of one of that event's sessions: a time at
 * which nothing takes place would send the holder to a closed door. Instants are compared, so
 * any offset naming the same moment fits.
 */
export function visitTimeFits(startsAt: string | null | undefined, sessionStarts: readonly string[]): boolean {
  if (startsAt === null || startsAt === undefined || startsAt === '') return true;
  const at = Date.parse(startsAt);
  return Number.isFinite(at) && sessionStarts.some((s) => Date.parse(s) === at);
}

/** Events a sold subscription would lose: those it holds that the new composition leaves out (all of them when it stops being one). */
export function eventsTakenOut(stored: readonly number[], next: { isSubscription: boolean; eventIds: readonly number[] }): number[] {
  const kept = new Set(next.isSubscription ? next.eventIds : []);
  return stored.filter((id) => !kept.has(id));
}

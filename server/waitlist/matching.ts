/**
 * The waiting list's matching rules, pure so a table of cases proves them
 * (server/waitlist/matching.test.ts).
 *
 * Who gets places: people are served in the order they joined. The first in line whose request
 * fits the places free now gets them; someone asking for more than is free keeps their place at the
 * head of the line (joined_at never changes) and is served as soon as enough comes back, while a
 * smaller request behind them may be served from what is free meanwhile. So one returned place
 * never waits for a second one that may not come, and nobody loses their turn to a smaller request:
 * each round starts from the head again.
 */
export function plannedOffers<E extends { places: number }>(line: readonly E[], free: number): E[] {
  const chosen: E[] = [];
  let left = free;
  for (const entry of line) {
    if (left <= 0) break;
    if (entry.places <= left) {
      chosen.push(entry);
      left -= entry.places;
    }
  }
  return chosen;
}

/**
 * The prices an offer of a quantity session tries, in turn: the category the visitor asked for
 * first, then (that category no longer sold, its limited price run out) the others in category
 * order, as for someone who asked for none.
 */
export function pricesInTurn<P extends { category_id: number }>(prices: readonly P[], categoryId: number | null): P[] {
  if (categoryId === null) return [...prices];
  return [...prices.filter((p) => p.category_id === categoryId), ...prices.filter((p) => p.category_id !== categoryId)];
}

export type SeatInRow = { id: number; sector_id: number; zone_id: number; row_label: string };

/**
 * The first `count` seats side by side that are all free: one sector, one row, neighbours in the
 * row's order (seats between them taken break the run), every one in the zone and the sector asked
 * for when they were, and each of a zone that has a price (`priced`). Seats come in hall order
 * (sector, row, left to right); undefined when no such run exists.
 */
export function seatsTogether<S extends SeatInRow>(
  seats: readonly S[],
  taken: ReadonlySet<number>,
  count: number,
  want: { zoneId: number | null; sectorId: number | null },
  priced: (zoneId: number) => boolean,
): S[] | undefined {
  let run: S[] = [];
  let rowKey = '';
  for (const seat of seats) {
    const key = `${seat.sector_id}\u0000${seat.row_label}`;
    if (key !== rowKey) {
      run = [];
      rowKey = key;
    }
    const usable =
      !taken.has(seat.id) &&
      (want.zoneId === null || seat.zone_id === want.zoneId) &&
      (want.sectorId === null || seat.sector_id === want.sectorId) &&
      priced(seat.zone_id);
    if (!usable) {
      run = [];
      continue;
    }
    run.push(seat);
    if (run.length === count) return run;
  }
  return undefined;
}

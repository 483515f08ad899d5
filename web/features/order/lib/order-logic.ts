import type { Offer, TicketRow } from '../../../../contract/order-view.ts';
import { offerKey } from '../../../../contract/order-rules.ts';

/** Rows grouped by action_group (one event session), in the order they came. */
export function groupRows(rows: readonly TicketRow[]): { key: string; rows: TicketRow[] }[] {
  const groups = new Map<string, TicketRow[]>();
  for (const row of rows) {
    const list = groups.get(row.action_group);
    if (list) list.push(row);
    else groups.set(row.action_group, [row]);
  }
  return [...groups].map(([key, list]) => ({ key, rows: list }));
}

import { toKopecks } from '../../../../contract/format-price.ts';

// The offer rule lives in contract/, where the server's add call decides with it too.
export { isOfferDisabled, offerKey } from '../../../../contract/order-rules.ts';

/** The sum of the selected offers in kopecks. */
export function selectedSum(selected: ReadonlySet<string>, offers: readonly Offer[]): number {
  return offers.filter((o) => selected.has(offerKey(o))).reduce((sum, o) => sum + toKopecks(o.cost), 0);
}

/** Promo codes need at least 3 characters. */
export { canApplyPromo } from '../../../../contract/order-rules.ts';

/** Bonuses are accepted only when a whole number above 0 and not above what is available. */
export function isValidBonusAmount(value: string, available: number): boolean {
  if (!/^\d+$/.test(value.trim())) return false;
  const n = Number(value);
  return n > 0 && n <= available;
}

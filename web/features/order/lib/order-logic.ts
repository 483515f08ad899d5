import type { TicketRow } from '../../../../contract/order-view.ts';

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

// The offer rule lives in contract/, where the server's add call decides with it too.
export { isOfferDisabled, offerKey } from '../../../../contract/order-rules.ts';

/** Promo codes need at least 3 characters. */
export { canApplyPromo } from '../../../../contract/order-rules.ts';

/** Bonuses are accepted only when a whole number above 0 and not above what is available. */
export function isValidBonusAmount(value: string, available: number): boolean {
  if (!/^\d+$/.test(value.trim())) return false;
  const n = Number(value);
  return n > 0 && n <= available;
}

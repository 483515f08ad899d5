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

// The offer and promo-code rules (isOfferDisabled, offerKey, canApplyPromo) live in contract/order-rules.ts,
// where the server's calls decide with them too.

/** Bonuses are accepted only when a whole number above 0 and not above what is available. */
export function isValidBonusAmount(value: string, available: number): boolean {
  if (!/^\d+$/.test(value.trim())) return false;
  const n = Number(value);
  return n > 0 && n <= available;
}

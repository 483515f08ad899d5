import type { ReturnRow, ReturnService } from '../../../../contract/returns.ts';
import { ReturnStatus } from '../../../../contract/returns.ts';
import { toKopecks, toRoubles } from '../../../../contract/format-price.ts';
import { serviceGoesBack } from '../../../../contract/return-rules.ts';

/** Rows grouped by sortnum, in the order the server sent them. */
export function groupRows(rows: readonly ReturnRow[]): { sortnum: number; rows: ReturnRow[] }[] {
  const groups = new Map<number, ReturnRow[]>();
  for (const row of rows) groups.set(row.sortnum, [...(groups.get(row.sortnum) ?? []), row]);
  return [...groups].map(([sortnum, grouped]) => ({ sortnum, rows: grouped }));
}

/** A row can be chosen: status 0, not used at the door, and its return time not over. */
export function isSelectable(row: ReturnRow, expired: boolean): boolean {
  return row.status_id === ReturnStatus.returnable && row.used === 0 && row.returndatime > 0 && !expired;
}

/** The footer is hidden when every row is returned and refunded (70). */
export function footerHidden(rows: readonly ReturnRow[]): boolean {
  return rows.length > 0 && rows.every((row) => row.status_id === ReturnStatus.refunded);
}

/** Sum of wire amounts (roubles with at most 2 decimals) without binary fractions. */
export function sumRoubles(amounts: readonly number[]): number {
  return toRoubles(amounts.reduce((sum, value) => sum + toKopecks(value), 0));
}

/**
 * The venue's external return form (setup app.return_form_url), with {hash} and {ord_num}
 * replaced, so the form can know the order.
 */
export function externalFormUrl(template: string, hash: string, orderNumber: number | undefined): string {
  return template
    .replaceAll('{hash}', encodeURIComponent(hash))
    .replaceAll('{ord_num}', orderNumber === undefined ? '' : String(orderNumber));
}

/**
 * The services a return of the chosen tickets gives back, by the rule the server applies
 * (contract/return-rules.ts, serviceGoesBack); each service carries the tickets it depends on.
 */
export function servicesGoing(
  services: readonly ReturnService[],
  rows: readonly ReturnRow[],
  chosen: ReadonlySet<number>,
): ReturnService[] {
  const status = new Map(rows.map((row) => [row.id, row.status_id]));
  return services.filter((s) => serviceGoesBack({ status: s.status_id, ticketIds: s.ids }, chosen, status));
}

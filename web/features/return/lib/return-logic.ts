import type { ReturnRow, ReturnService } from '../../../../contract/returns.ts';
import { ReturnStatus } from '../../../../contract/returns.ts';

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
  return amounts.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;
}

/** 'd д. hh:mm:ss' style parts of a countdown: days (0 = none) and hh:mm:ss. */
export function countdownParts(seconds: number): { days: number; clock: string } {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86400);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { days, clock: `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}` };
}

/**
 * The venue's external return form (setup app.return_form_url), with {hash} and {ord_num}
 * replaced, so the form can know the order.
 */
export function externalFormUrl(template: string, hash: string, orderNumber: number | undefined): string {
  return template.replaceAll('{hash}', encodeURIComponent(hash)).replaceAll('{ord_num}', orderNumber === undefined ? '' : String(orderNumber));
}

/**
 * The services a return of the chosen tickets gives back, by the server's rule
 * (server/returns/return-services.ts): a service not returned yet whose tickets all leave now or
 * have left already, at least one of them now. A seat-tied service has one ticket; a line's
 * service has every ticket of its line, so it goes with the last of them.
 */
export function servicesGoing(services: readonly ReturnService[], rows: readonly ReturnRow[], chosen: ReadonlySet<number>): ReturnService[] {
  const status = new Map(rows.map((row) => [row.id, row.status_id]));
  return services.filter(
    (s) =>
      s.status_id === ReturnStatus.returnable &&
      s.ids.some((id) => chosen.has(id)) &&
      s.ids.every((id) => chosen.has(id) || status.get(id) !== ReturnStatus.returnable),
  );
}

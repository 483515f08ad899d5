import type { SchemeSeatRow } from './scheme.ts';

/**
 * The scheme page's plain helpers, without zod: the seat map and the cart use them
 * on the page's first render; contract/scheme.ts re-exports them beside its schemas.
 */

/** Builds a standing cart id: area, category and a random part that keeps places apart. */
export function makeStandingCartId(areaId: number, categoryId: number, random: string): string {
  return `${areaId}_${categoryId}_${random}`;
}

/** Undoes the delta encoding of a seat row: absolute ids and coordinates in hall units. */
export function decodeSeatRow(row: SchemeSeatRow): { ids: number[]; xs: number[]; ys: number[] } {
  const ids: number[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  let id = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < row.seat_id.length; i++) {
    id += row.seat_id[i] ?? 0;
    x += row.x[i] ?? 0;
    y += row.y[i] ?? 0;
    ids.push(id);
    xs.push(x / 10);
    ys.push(y / 10);
  }
  return { ids, xs, ys };
}

/** Delta-encodes integers: the first value, then each difference from the one before. */
export function deltaEncode(values: readonly number[]): number[] {
  const out: number[] = [];
  let previous = 0;
  for (const value of values) {
    out.push(value - previous);
    previous = value;
  }
  return out;
}

import type { SchemeMapResponse } from '../../../contract/scheme.ts';
import { decodeSeatRow } from '../../../contract/scheme-codec.ts';

/**
 * The seats of a map answer in flat typed arrays (index = seat), plus a grid of cells for
 * finding the seat under the pointer without scanning 20 000 seats.
 */
export type SeatModel = {
  count: number;
  ids: Int32Array;
  xs: Float32Array;
  ys: Float32Array;
  /** Index into zoneIds / zoneColors. */
  zone: Uint16Array;
  free: Uint8Array;
  /** Index into rows. */
  row: Int32Array;
  labels: string[];
  rows: { sectorId: number; row: string; first: number; count: number }[];
  /** Where each row's number is written at its two ends: x, y of one end, then of the other (4 per row). */
  rowEnds: Float32Array;
  zoneIds: number[];
  zoneColors: string[];
  indexById: Map<number, number>;
  size: number;
  width: number;
  height: number;
  grid: { cell: number; cols: number; rows: number; cells: Int32Array[] };
};

const FALLBACK_COLOR = '#7a5af8';

/** What the model is built from: the storefront's map answer, or the back office's drawing of a hall. */
export type SeatMapSource = Pick<SchemeMapResponse, 'seat_numbers' | 'zones' | 'seat_size' | 'width' | 'height'>;

export function buildSeatModel(answer: SeatMapSource): SeatModel {
  const count = answer.seat_numbers.reduce((sum, row) => sum + row.seat_id.length, 0);
  const ids = new Int32Array(count);
  const xs = new Float32Array(count);
  const ys = new Float32Array(count);
  const zone = new Uint16Array(count);
  const free = new Uint8Array(count);
  const row = new Int32Array(count);
  const labels: string[] = new Array<string>(count);
  const zoneIds = answer.zones.map((z) => z.zone_id);
  const zoneColors = answer.zones.map((z) => z.color || FALLBACK_COLOR);
  const zoneIndex = new Map(zoneIds.map((id, i) => [id, i]));
  const rows: SeatModel['rows'] = [];
  const indexById = new Map<number, number>();
  let at = 0;
  answer.seat_numbers.forEach((wireRow, rowIndex) => {
    const decoded = decodeSeatRow(wireRow);
    rows.push({ sectorId: wireRow.sector_id, row: wireRow.row, first: at, count: decoded.ids.length });
    for (let i = 0; i < decoded.ids.length; i++, at++) {
      ids[at] = decoded.ids[i] ?? 0;
      xs[at] = decoded.xs[i] ?? 0;
      ys[at] = decoded.ys[i] ?? 0;
      let z = zoneIndex.get(wireRow.zone_id[i] ?? 0);
      if (z === undefined) {
        z = zoneIds.length;
        zoneIds.push(wireRow.zone_id[i] ?? 0);
        zoneColors.push(FALLBACK_COLOR);
        zoneIndex.set(wireRow.zone_id[i] ?? 0, z);
      }
      zone[at] = z;
      free[at] = wireRow.free[i] ?? 0;
      row[at] = rowIndex;
      labels[at] = wireRow.seat[i] ?? '';
      indexById.set(ids[at] ?? 0, at);
    }
  });
  const size = answer.seat_size;
  const rowEnds = rowLabelPoints(rows, xs, ys, size);
  const cell = Math.max(size * 4, 1);
  const cols = Math.max(1, Math.ceil(answer.width / cell) + 1);
  const gridRows = Math.max(1, Math.ceil(answer.height / cell) + 1);
  const buckets: number[][] = Array.from({ length: cols * gridRows }, () => []);
  for (let i = 0; i < count; i++) {
    const cx = Math.min(cols - 1, Math.max(0, Math.floor((xs[i] ?? 0) / cell)));
    const cy = Math.min(gridRows - 1, Math.max(0, Math.floor((ys[i] ?? 0) / cell)));
    buckets[cy * cols + cx]?.push(i);
  }
  return {
    count,
    ids,
    xs,
    ys,
    zone,
    free,
    row,
    labels,
    rows,
    rowEnds,
    zoneIds,
    zoneColors,
    indexById,
    size,
    width: answer.width,
    height: answer.height,
    grid: { cell, cols, rows: gridRows, cells: buckets.map((b) => Int32Array.from(b)) },
  };
}

/**
 * A row's number goes a seat's spacing beyond each of its end seats, along the row: the ends are
 * the seats furthest apart along the row's longer extent (x for a row across the hall, y for one
 * along its side), whatever order the seats come in. A single seat's row has its numbers left and right.
 */
export function rowLabelPoints(
  rows: readonly { first: number; count: number }[],
  xs: Float32Array,
  ys: Float32Array,
  size: number,
): Float32Array {
  const ends = new Float32Array(rows.length * 4);
  rows.forEach(({ first, count }, r) => {
    let minX = first;
    let maxX = first;
    let minY = first;
    let maxY = first;
    for (let i = first; i < first + count; i++) {
      if ((xs[i] ?? 0) < (xs[minX] ?? 0)) minX = i;
      if ((xs[i] ?? 0) > (xs[maxX] ?? 0)) maxX = i;
      if ((ys[i] ?? 0) < (ys[minY] ?? 0)) minY = i;
      if ((ys[i] ?? 0) > (ys[maxY] ?? 0)) maxY = i;
    }
    const across = (xs[maxX] ?? 0) - (xs[minX] ?? 0) >= (ys[maxY] ?? 0) - (ys[minY] ?? 0);
    const a = across ? minX : minY;
    const b = across ? maxX : maxY;
    const ax = xs[a] ?? 0;
    const ay = ys[a] ?? 0;
    const bx = xs[b] ?? 0;
    const by = ys[b] ?? 0;
    const length = Math.hypot(bx - ax, by - ay);
    // From one end towards the other, one seat spacing long.
    const dx = length > 0 ? ((bx - ax) / length) * size : size;
    const dy = length > 0 ? ((by - ay) / length) * size : 0;
    ends.set([ax - dx, ay - dy, bx + dx, by + dy], r * 4);
  });
  return ends;
}

/**
 * The seat nearest the hall point (x, y) within `reach` seat spacings, or -1. Half a spacing
 * (the default) lets a click between two seats find the nearer; a finger gets more.
 */
export function seatAt(model: SeatModel, x: number, y: number, reach = 0.5): number {
  const { cell, cols, rows, cells } = model.grid;
  const radius = model.size * reach;
  const cx = Math.floor(x / cell);
  const cy = Math.floor(y / cell);
  let best = -1;
  let bestDistance = radius * radius;
  for (let gy = cy - 1; gy <= cy + 1; gy++) {
    if (gy < 0 || gy >= rows) continue;
    for (let gx = cx - 1; gx <= cx + 1; gx++) {
      if (gx < 0 || gx >= cols) continue;
      const bucket = cells[gy * cols + gx];
      if (!bucket) continue;
      for (const i of bucket) {
        const dx = (model.xs[i] ?? 0) - x;
        const dy = (model.ys[i] ?? 0) - y;
        const d = dx * dx + dy * dy;
        if (d <= bestDistance) {
          bestDistance = d;
          best = i;
        }
      }
    }
  }
  return best;
}

/** Calls fn for every seat whose cell meets the hall rectangle (a little more than visible). */
export function forEachSeatIn(model: SeatModel, x0: number, y0: number, x1: number, y1: number, fn: (i: number) => void) {
  const { cell, cols, rows, cells } = model.grid;
  const gx0 = Math.max(0, Math.floor(x0 / cell) - 1);
  const gy0 = Math.max(0, Math.floor(y0 / cell) - 1);
  const gx1 = Math.min(cols - 1, Math.floor(x1 / cell) + 1);
  const gy1 = Math.min(rows - 1, Math.floor(y1 / cell) + 1);
  for (let gy = gy0; gy <= gy1; gy++) {
    for (let gx = gx0; gx <= gx1; gx++) {
      const bucket = cells[gy * cols + gx];
      if (bucket) for (const i of bucket) fn(i);
    }
  }
}

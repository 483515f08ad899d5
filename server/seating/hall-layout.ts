import { type Lang, pickLocalized } from '../../contract/common.ts';
import type { SchemeSector } from '../../contract/scheme.ts';
import { deltaEncode } from '../../contract/scheme.ts';
import type { HallModel, StandingAreaRow, ZoneRow } from './seating.repository.ts';

/** One row of the hall, already in wire order; availability is added per session. */
export type LayoutRow = {
  sector_id: number;
  row: string;
  seatIds: number[];
  seat_id: number[];
  x: number[];
  y: number[];
  seat: string[];
  zone_id: number[];
};

/** The parts of the map answer that depend only on the hall and the language. */
export type HallLayout = {
  svg: string;
  width: number;
  height: number;
  seatSize: number;
  sectors: SchemeSector[];
  rows: LayoutRow[];
  zones: ZoneRow[];
  standingAreas: StandingAreaRow[];
};

/**
 * The map answer's rows for one session: the layout's rows as the wire carries them, each seat
 * flagged free (1) or not (0) by `free`, which gets the seat's id and its zone.
 */
export function seatRowsOf(layout: Pick<HallLayout, 'rows'>, free: (seatId: number, zoneId: number) => boolean) {
  return layout.rows.map(({ seatIds, ...row }) => ({
    ...row,
    free: seatIds.map((seatId, i) => (free(seatId, row.zone_id[i] ?? 0) ? (1 as const) : (0 as const))),
  }));
}

/**
 * The back office's map of a hall: drawn as the storefront draws it, without prices or standing
 * places on sale; `free` flags each seat.
 */
export function unpricedMapOf(layout: HallLayout, free: (seatId: number) => boolean) {
  return {
    svg: layout.svg,
    width: layout.width,
    height: layout.height,
    seat_size: layout.seatSize,
    sectors: layout.sectors,
    seat_numbers: seatRowsOf(layout, free),
    seat_stand: [],
    zones: layout.zones.map((z) => ({ zone_id: z.id, name: z.name, level_name: z.level_name, color: z.color, prices: [] })),
  };
}

const tenths = (value: number) => Math.round(value * 10);

/** Groups seats into rows (sector, row label), keeping the repository's order of seats. */
function groupRows(model: HallModel) {
  const rows = new Map<string, { sectorId: number; row: string; seats: HallModel['seats'] }>();
  for (const seat of model.seats) {
    const key = `${seat.sector_id}\u0000${seat.row_label}`;
    let group = rows.get(key);
    if (!group) {
      group = { sectorId: seat.sector_id, row: seat.row_label, seats: [] };
      rows.set(key, group);
    }
    group.seats.push(seat);
  }
  return [...rows.values()];
}

/**
 * The distance seats are apart: the smallest gap between neighbours in a row, taken as a low
 * percentile so that one odd pair does not shrink every seat.
 */
export function seatSpacing(model: HallModel): number {
  const gaps: number[] = [];
  for (const group of groupRows(model)) {
    for (let i = 1; i < group.seats.length; i++) {
      const a = group.seats[i - 1];
      const b = group.seats[i];
      if (!a || !b) continue;
      const gap = Math.hypot(b.x - a.x, b.y - a.y);
      if (gap > 0) gaps.push(gap);
    }
  }
  if (gaps.length === 0) return Math.max(1, Math.min(model.hall.width, model.hall.height) / 40);
  gaps.sort((p, q) => p - q);
  return gaps[Math.floor(gaps.length * 0.05)] ?? gaps[0] ?? 1;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const num = (value: number) => String(Math.round(value * 10) / 10);

/**
 * The hall's static drawing as SVG: stage, a shaded box and a name per sector, and the standing
 * areas. Seats are not elements of it; the page draws them from seat_numbers, which keeps the
 * answer small and the drawing fast for very large halls.
 */
export function hallSvg(model: HallModel, lang: Lang, seatSize: number): string {
  const { hall } = model;
  const parts: string[] = [];
  const fontSize = Math.max(seatSize * 1.2, Math.min(hall.width, hall.height) / 60);
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${hall.width} ${hall.height}" width="${hall.width}" height="${hall.height}" font-family="sans-serif">`,
  );
  parts.push(`<rect width="${hall.width}" height="${hall.height}" fill="#f7f7f9"/>`);
  if (hall.stage) {
    const s = hall.stage;
    const label = escapeXml(pickLocalized(s.label, lang));
    parts.push(
      `<rect x="${num(s.x)}" y="${num(s.y)}" width="${num(s.width)}" height="${num(s.height)}" rx="${num(seatSize / 2)}" fill="#d9dbe3"/>`,
    );
    if (label) {
      parts.push(
        `<text x="${num(s.x + s.width / 2)}" y="${num(s.y + s.height / 2)}" font-size="${num(Math.min(fontSize * 1.5, s.height * 0.6))}" text-anchor="middle" dominant-baseline="central" fill="#4a4f5c">${label}</text>`,
      );
    }
  }
  const boxes = new Map<number, { minX: number; minY: number; maxX: number; maxY: number }>();
  for (const seat of model.seats) {
    const box = boxes.get(seat.sector_id);
    if (!box) boxes.set(seat.sector_id, { minX: seat.x, minY: seat.y, maxX: seat.x, maxY: seat.y });
    else {
      box.minX = Math.min(box.minX, seat.x);
      box.minY = Math.min(box.minY, seat.y);
      box.maxX = Math.max(box.maxX, seat.x);
      box.maxY = Math.max(box.maxY, seat.y);
    }
  }
  const pad = seatSize * 0.5;
  const labelSize = Math.max(seatSize * 0.7, Math.min(hall.width, hall.height) / 90);
  // Shapes a sector name must not cover: the stage, the standing areas and every sector box.
  type Box = { x0: number; y0: number; x1: number; y1: number };
  const obstacles: Box[] = [];
  if (hall.stage)
    obstacles.push({ x0: hall.stage.x, y0: hall.stage.y, x1: hall.stage.x + hall.stage.width, y1: hall.stage.y + hall.stage.height });
  for (const area of model.standingAreas) obstacles.push({ x0: area.x, y0: area.y, x1: area.x + area.width, y1: area.y + area.height });
  for (const box of boxes.values()) obstacles.push({ x0: box.minX - pad, y0: box.minY - pad, x1: box.maxX + pad, y1: box.maxY + pad });
  const overlaps = (a: Box) => obstacles.some((b) => a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 && a.y1 > b.y0);
  for (const sector of model.sectors) {
    const box = boxes.get(sector.id);
    if (!box) continue;
    parts.push(
      `<rect x="${num(box.minX - pad)}" y="${num(box.minY - pad)}" width="${num(box.maxX - box.minX + 2 * pad)}" height="${num(box.maxY - box.minY + 2 * pad)}" rx="${num(pad)}" fill="#eceef3"/>`,
    );
    const name = pickLocalized(sector.name, lang);
    if (!name) continue;
    // The name goes above the sector, else below it, else (no room) it is left to the tooltips.
    const cx = (box.minX + box.maxX) / 2;
    const half = Math.min((name.length * labelSize) / 3.2, (box.maxX - box.minX) / 2 + pad);
    const above: Box = { x0: cx - half, y0: box.minY - pad - labelSize * 1.1, x1: cx + half, y1: box.minY - pad - 1 };
    const below: Box = { x0: cx - half, y0: box.maxY + pad + 1, x1: cx + half, y1: box.maxY + pad + labelSize * 1.1 };
    const spot = [above, below].find((candidate) => candidate.y0 >= 0 && candidate.y1 <= hall.height && !overlaps(candidate));
    if (!spot) continue;
    obstacles.push(spot);
    parts.push(
      `<text x="${num(cx)}" y="${num((spot.y0 + spot.y1) / 2)}" font-size="${num(labelSize)}" text-anchor="middle" dominant-baseline="central" fill="#4a4f5c">${escapeXml(name)}</text>`,
    );
  }
  const colors = new Map(model.zones.map((zone) => [zone.id, zone.color]));
  for (const area of model.standingAreas) {
    if (area.width <= 0 || area.height <= 0) continue;
    const color = escapeXml(colors.get(area.zone_id) ?? '#7a5af8');
    const name = escapeXml(pickLocalized(area.name, lang));
    parts.push(
      `<rect x="${num(area.x)}" y="${num(area.y)}" width="${num(area.width)}" height="${num(area.height)}" rx="${num(seatSize / 2)}" fill="${color}" fill-opacity="0.25" stroke="${color}" stroke-width="${num(seatSize / 8)}"/>`,
    );
    if (name) {
      parts.push(
        `<text x="${num(area.x + area.width / 2)}" y="${num(area.y + area.height / 2)}" font-size="${num(Math.min(fontSize, area.height * 0.4))}" text-anchor="middle" dominant-baseline="central" fill="#2b2f3a">${name}</text>`,
      );
    }
  }
  parts.push('</svg>');
  return parts.join('');
}

/** Builds the hall's part of the map answer once; it is reused for every session. */
export function buildHallLayout(model: HallModel, lang: Lang): HallLayout {
  const seatSize = seatSpacing(model);
  const rows: LayoutRow[] = groupRows(model).map((group) => {
    const seatIds = group.seats.map((s) => s.id);
    return {
      sector_id: group.sectorId,
      row: group.row,
      seatIds,
      seat_id: deltaEncode(seatIds),
      x: deltaEncode(group.seats.map((s) => tenths(s.x))),
      y: deltaEncode(group.seats.map((s) => tenths(s.y))),
      seat: group.seats.map((s) => s.seat_label),
      zone_id: group.seats.map((s) => s.zone_id),
    };
  });
  return {
    svg: hallSvg(model, lang, seatSize),
    width: model.hall.width,
    height: model.hall.height,
    seatSize,
    sectors: model.sectors.map((sector) => ({ sector_id: sector.id, name: sector.name })),
    rows,
    zones: model.zones,
    standingAreas: model.standingAreas,
  };
}

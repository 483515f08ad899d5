import { z } from 'zod';
import type { CatalogHallInput } from '../../../contract/catalog-file.ts';

/**
 * pretix's seating plan: the open JSON format its seating plan editor saves
 * (seating-plan.schema.json in pretix). Zones group rows of seats; every seat names a category
 * (the plan's price level); positions are relative: a seat sits at zone + row + seat position.
 * Only what a hall of ours can hold is read; areas (free shapes: a stage, a bar, a table) have
 * no capacity or meaning we could sell, so they are left out.
 */
const position = z.object({ x: z.number(), y: z.number() });
const pretixSeat = z.object({
  seat_guid: z.string().min(1),
  seat_number: z.string(),
  position,
  category: z.string(),
  radius: z.number().optional(),
});
const pretixRow = z.object({
  row_number: z.string(),
  row_label: z.string().nullable().optional(),
  position: position.optional(),
  seats: z.array(pretixSeat),
});
const pretixZone = z.object({
  name: z.string().optional(),
  zone_id: z.string().optional(),
  position,
  rows: z.array(pretixRow),
});
export const pretixPlan = z.object({
  name: z.string(),
  size: z.object({ width: z.number().positive(), height: z.number().positive() }).optional(),
  categories: z.array(z.object({ name: z.string(), color: z.string().optional() })),
  zones: z.array(pretixZone),
});
export type PretixPlan = z.infer<typeof pretixPlan>;

/** The first id each table may use for the new hall's entries. */
export type FirstIds = { hall: number; zone: number; sector: number; seat: number };

const DEFAULT_COLOR = '#7a5af8';
const toColor = (value: string | undefined) => (value && /^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : DEFAULT_COLOR);

/** What a plan cannot become: the messages name the plan's own zone, row and seat. */
export class PretixPlanError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('; '));
    this.problems = problems;
  }
}

/**
 * Converts a pretix seating plan into a hall of the catalog format: categories become price
 * zones (with their colours), pretix zones become sectors, rows keep their number and seats
 * theirs, at their absolute position. The hall is the plan's size,
 * grown (and the seats moved) where seats lie outside it, so every seat is inside the map.
 */
export function convertPretixPlan(raw: unknown, venueId: number, ids: FirstIds): CatalogHallInput {
  const parsed = pretixPlan.safeParse(raw);
  if (!parsed.success) {
    throw new PretixPlanError(parsed.error.issues.slice(0, 10).map((i) => `${i.path.join('.') || 'plan'}: ${i.message}`));
  }
  const plan = parsed.data;
  const problems: string[] = [];
  const zoneIdOfCategory = new Map<string, number>();
  plan.categories.forEach((category, i) => {
    if (!zoneIdOfCategory.has(category.name)) zoneIdOfCategory.set(category.name, ids.zone + i);
  });

  type Placed = { sector: number; row: string; seat: string; x: number; y: number; zoneId: number };
  const placed: Placed[] = [];
  let seatRadius = 0;
  plan.zones.forEach((zone, z) => {
    zone.rows.forEach((row, r) => {
      // Our rows are named by their number ("ряд 5"); pretix's row_label is a phrase around it
      // ("Reihe %s"), used only where the plan gives no number.
      const rowLabel = row.row_number.trim() || (row.row_label ?? '').replaceAll('%s', '').trim();
      if (!rowLabel) problems.push(`zones[${z}].rows[${r}]: the row has no number`);
      for (const seat of row.seats) {
        const zoneId = zoneIdOfCategory.get(seat.category);
        if (zoneId === undefined) {
          problems.push(`zones[${z}].rows[${r}] seat ${seat.seat_number}: category "${seat.category}" is not among the plan's categories`);
          continue;
        }
        seatRadius = Math.max(seatRadius, seat.radius ?? 10);
        placed.push({
          sector: z,
          row: rowLabel,
          seat: seat.seat_number.trim(),
          x: zone.position.x + (row.position?.x ?? 0) + seat.position.x,
          y: zone.position.y + (row.position?.y ?? 0) + seat.position.y,
          zoneId,
        });
      }
    });
  });
  if (placed.length === 0 && problems.length === 0) problems.push('the plan has no seats');
  if (problems.length > 0) throw new PretixPlanError(problems.slice(0, 20));

  // A seat drawn at the plan's edge still needs its radius inside the hall.
  const margin = Math.max(seatRadius, 1);
  const minX = Math.min(...placed.map((p) => p.x));
  const minY = Math.min(...placed.map((p) => p.y));
  const shiftX = minX < margin ? margin - minX : 0;
  const shiftY = minY < margin ? margin - minY : 0;
  const maxX = Math.max(...placed.map((p) => p.x + shiftX));
  const maxY = Math.max(...placed.map((p) => p.y + shiftY));
  const width = Math.ceil(Math.max((plan.size?.width ?? 0) + shiftX, maxX + margin));
  const height = Math.ceil(Math.max((plan.size?.height ?? 0) + shiftY, maxY + margin));

  let nextSeat = ids.seat;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    id: ids.hall,
    venueId,
    name: { ru: plan.name.trim() || 'pretix' },
    width,
    height,
    zones: plan.categories
      .filter((category, i) => zoneIdOfCategory.get(category.name) === ids.zone + i)
      .map((category, i) => ({ id: ids.zone + plan.categories.indexOf(category), name: { ru: category.name.trim() || `${i + 1}` }, color: toColor(category.color) })),
    sectors: plan.zones.map((zone, z) => ({
      id: ids.sector + z,
      name: { ru: (zone.name ?? zone.zone_id ?? '').trim() || `${z + 1}` },
      sortnum: z,
      seats: placed
        .filter((p) => p.sector === z)
        .map((p) => ({ id: nextSeat++, row: p.row, seat: p.seat, x: round(p.x + shiftX), y: round(p.y + shiftY), zoneId: p.zoneId })),
    })),
  };
}

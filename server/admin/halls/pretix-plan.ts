import { z } from 'zod';
import { type HallLeftOutEntry, PRETIX_AREA_SHAPES, type PretixAreaShape } from '../../../contract/admin/halls.ts';
import type { CatalogHallInput } from '../../../contract/catalog-file.ts';

/**
 * pretix's seating plan: the open JSON format its seating plan editor saves
 * (seating-plan.schema.json in pretix). Zones group rows of seats; every seat names a category
 * (the plan's price level); positions are relative: a seat sits at zone + row + seat position.
 * Areas are free shapes (a stage, a bar, a table): the one that is the stage becomes the hall's
 * stage; the others have no capacity or meaning we could sell and no place in our hall format,
 * so they are left out and listed.
 */
const position = z.object({ x: z.number(), y: z.number() });
const pretixSeat = z.object({
  seat_guid: z.string().min(1),
  seat_number: z.string(),
  position,
  category: z.string(),
  radius: z.number().optional(),
  start_direction: z.string().nullable().optional(),
});
const pretixRow = z.object({
  row_number: z.string(),
  row_label: z.string().nullable().optional(),
  seat_label: z.string().nullable().optional(),
  row_number_position: z.string().nullable().optional(),
  position: position.optional(),
  seats: z.array(pretixSeat),
});
/**
 * An area is drawn at its position, turned by `rotation` degrees clockwise around it: a
 * rectangle from that corner, a circle or an ellipse centred on it, a polygon's points relative
 * to it. Older plans gave a rectangle as `width` and `height` of the area itself, and the text as
 * a string; both are read.
 */
const pretixArea = z.object({
  uuid: z.string().optional(),
  shape: z.string().optional(),
  position: position.optional(),
  rotation: z.number().optional(),
  rectangle: z.object({ width: z.number(), height: z.number() }).optional(),
  ellipse: z.object({ radius: position }).optional(),
  circle: z.object({ radius: z.number() }).optional(),
  polygon: z.object({ points: z.array(position) }).optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  text: z
    .union([z.string(), z.object({ text: z.string() })])
    .nullable()
    .optional(),
});
const pretixZone = z.object({
  name: z.string().optional(),
  zone_id: z.string().optional(),
  position,
  rows: z.array(pretixRow),
  areas: z.array(pretixArea).optional(),
});
export const pretixPlan = z.object({
  name: z.string(),
  size: z.object({ width: z.number().positive(), height: z.number().positive() }).optional(),
  categories: z.array(z.object({ name: z.string(), color: z.string().optional() })),
  zones: z.array(pretixZone),
});
export type PretixPlan = z.infer<typeof pretixPlan>;
type PretixArea = z.infer<typeof pretixArea>;

/** The first id each table may use for the new hall's entries. */
export type FirstIds = { hall: number; zone: number; sector: number; seat: number };

const DEFAULT_COLOR = '#7a5af8';
const isColor = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);
const toColor = (value: string | undefined) => (value && isColor(value) ? value.toLowerCase() : DEFAULT_COLOR);
/** pretix draws a seat with this radius when the plan gives none. */
const PRETIX_SEAT_RADIUS = 10;

/** What a plan cannot become: the messages name the plan's own zone, row and seat. */
export class PretixPlanError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('; '));
    this.problems = problems;
  }
}

/**
 * Words an area's text is the stage by, in the languages plans are drawn in, compared without
 * case and accents (so "Bühne" and "SCÈNE" match). The format has no mark of its own for the stage.
 */
const STAGE_WORDS = new Set(['stage', 'сцена', 'сахна', 'buhne', 'scene', 'scena', 'escenario', 'palco', '舞台']);
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('und');

/** Whether an area's text names the stage: one of its words is a stage word ("Main stage", "Большая сцена"). */
export function isStageText(text: string): boolean {
  const folded = fold(text);
  if (folded.includes('舞台')) return true;
  return folded.split(/[^\p{L}]+/u).some((word) => STAGE_WORDS.has(word));
}

type Box = { x: number; y: number; width: number; height: number };
type Point = { x: number; y: number };

const textOf = (area: PretixArea) => (typeof area.text === 'string' ? area.text : (area.text?.text ?? '')).trim();

/** The area's shape as the plan names it; an older plan's area with a width and a height is a rectangle. */
function shapeOf(area: PretixArea): PretixAreaShape | null {
  if (area.shape === undefined) return area.width !== undefined && area.height !== undefined ? 'rectangle' : null;
  return (PRETIX_AREA_SHAPES as readonly string[]).includes(area.shape) ? (area.shape as PretixAreaShape) : null;
}

/**
 * The box around an area's shape on the plan, `origin` being its zone's position: the shape's
 * outline turned by its rotation, then the smallest upright box around it. A text has no
 * outline, and a shape without its measures has none either.
 */
export function areaBox(area: PretixArea, origin: Point): Box | null {
  const at = { x: origin.x + (area.position?.x ?? 0), y: origin.y + (area.position?.y ?? 0) };
  const angle = ((area.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const boxOf = (points: Point[]): Box | null => {
    if (points.length === 0) return null;
    const xs = points.map((p) => at.x + p.x * cos - p.y * sin);
    const ys = points.map((p) => at.y + p.x * sin + p.y * cos);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
  };
  switch (shapeOf(area)) {
    case 'rectangle': {
      const size =
        area.rectangle ?? (area.width !== undefined && area.height !== undefined ? { width: area.width, height: area.height } : undefined);
      if (!size) return null;
      return boxOf([
        { x: 0, y: 0 },
        { x: size.width, y: 0 },
        { x: size.width, y: size.height },
        { x: 0, y: size.height },
      ]);
    }
    case 'polygon':
      return boxOf(area.polygon?.points ?? []);
    case 'circle': {
      if (!area.circle) return null;
      const r = Math.abs(area.circle.radius);
      return { x: at.x - r, y: at.y - r, width: 2 * r, height: 2 * r };
    }
    case 'ellipse': {
      if (!area.ellipse) return null;
      // A turned ellipse's half-extents along the axes, exactly (not the turned box of its box).
      const { x: rx, y: ry } = area.ellipse.radius;
      const halfX = Math.sqrt((rx * cos) ** 2 + (ry * sin) ** 2);
      const halfY = Math.sqrt((rx * sin) ** 2 + (ry * cos) ** 2);
      return { x: at.x - halfX, y: at.y - halfY, width: 2 * halfX, height: 2 * halfY };
    }
    default:
      return null;
  }
}

/** The box moved by the shift and rounded outwards to 0.1, so it still holds the whole shape. */
function outwards(box: Box, shiftX: number, shiftY: number): Box {
  const x = Math.max(0, Math.floor((box.x + shiftX) * 10) / 10);
  const y = Math.max(0, Math.floor((box.y + shiftY) * 10) / 10);
  const right = Math.ceil((box.x + shiftX + box.width) * 10) / 10;
  const bottom = Math.ceil((box.y + shiftY + box.height) * 10) / 10;
  return { x, y, width: Math.round((right - x) * 10) / 10, height: Math.round((bottom - y) * 10) / 10 };
}

/** How many times each distinct value occurs, the most frequent first. */
function counted(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return new Map([...counts].sort((a, b) => b[1] - a[1]));
}

type LeftOutOf = Partial<HallLeftOutEntry> & Pick<HallLeftOutEntry, 'kind'>;
const leftOutEntry = (e: LeftOutOf): HallLeftOutEntry => ({ name: null, shape: null, value: null, count: 1, ...e });

/**
 * The stage among the plan's areas (of those whose text names it and whose shape has a box, the
 * largest), and the areas left out: every other one, and the stage itself when its box is not
 * its exact shape.
 */
function stageOfAreas(plan: PretixPlan): { stage: { box: Box; text: string } | undefined; leftOut: HallLeftOutEntry[] } {
  const areas = plan.zones.flatMap((zone) =>
    (zone.areas ?? []).map((area) => ({ area, text: textOf(area), shape: shapeOf(area), box: areaBox(area, zone.position) })),
  );
  let stage: { box: Box; text: string } | undefined;
  let stageIndex = -1;
  areas.forEach(({ box, text }, i) => {
    if (box && isStageText(text) && (!stage || box.width * box.height > stage.box.width * stage.box.height)) {
      stage = { box, text };
      stageIndex = i;
    }
  });
  const leftOut: HallLeftOutEntry[] = [];
  areas.forEach(({ area, text, shape }, i) => {
    const name = text || area.uuid || null;
    if (i !== stageIndex) {
      leftOut.push(leftOutEntry({ kind: 'area', name, shape }));
      return;
    }
    // A rectangle turned by quarter turns is its own box; anything else is drawn as the box around it.
    const rotation = area.rotation ?? 0;
    if (shape !== 'rectangle' || rotation % 90 !== 0)
      leftOut.push(leftOutEntry({ kind: 'stage-shape', name, shape, value: rotation % 360 !== 0 ? String(rotation) : null }));
  });
  return { stage, leftOut };
}

/** The plan's details a hall has no place for: seat sizes, label phrases, booking directions, row number places, categories' colours and repeats. */
function detailsLeftOut(plan: PretixPlan): HallLeftOutEntry[] {
  const rows = plan.zones.flatMap((zone) => zone.rows);
  const seats = rows.flatMap((row) => row.seats);
  const phrase = (value: string | null | undefined) => value?.trim() ?? '';
  const lists: [HallLeftOutEntry['kind'], string[]][] = [
    ['seat-radius', seats.flatMap((seat) => (seat.radius === undefined ? [] : [String(seat.radius)]))],
    // A row_label still names a row that has no number: only beside a number is it dropped.
    ['row-label', rows.filter((row) => row.row_number.trim() && phrase(row.row_label)).map((row) => phrase(row.row_label))],
    ['seat-label', rows.map((row) => phrase(row.seat_label)).filter(Boolean)],
    ['start-direction', seats.map((seat) => phrase(seat.start_direction)).filter(Boolean)],
    ['row-number-position', rows.map((row) => phrase(row.row_number_position)).filter(Boolean)],
  ];
  const leftOut = lists.flatMap(([kind, values]) => [...counted(values)].map(([value, count]) => leftOutEntry({ kind, value, count })));
  const seen = new Set<string>();
  for (const category of plan.categories) {
    if (seen.has(category.name)) leftOut.push(leftOutEntry({ kind: 'category-duplicate', name: category.name }));
    else if (category.color !== undefined && !isColor(category.color))
      leftOut.push(leftOutEntry({ kind: 'category-color', name: category.name, value: category.color }));
    seen.add(category.name);
  }
  return leftOut;
}

/** The hall a plan becomes, and what of the plan it does not keep. */
export type PretixConversion = { hall: CatalogHallInput; leftOut: HallLeftOutEntry[] };

/**
 * Converts a pretix seating plan into a hall of the catalog format: categories become price
 * zones (with their colours), pretix zones become sectors, rows keep their number and seats
 * theirs, at their absolute position; the area that is the stage becomes the hall's stage (its
 * bounding box, its text the label). The hall is the plan's size, grown (and everything moved)
 * where seats or the stage lie outside it, so all of it is inside the map. Everything else of
 * the plan that the hall cannot hold is listed in `leftOut`.
 */
export function convertPretixPlan(raw: unknown, venueId: number, ids: FirstIds): PretixConversion {
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
        seatRadius = Math.max(seatRadius, seat.radius ?? PRETIX_SEAT_RADIUS);
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
  const { stage, leftOut: areasLeftOut } = stageOfAreas(plan);

  // A seat drawn at the plan's edge still needs its radius inside the hall; the stage its box.
  const margin = Math.max(seatRadius, 1);
  const box = stage?.box;
  const minX = Math.min(...placed.map((p) => p.x - margin), box?.x ?? Infinity);
  const minY = Math.min(...placed.map((p) => p.y - margin), box?.y ?? Infinity);
  const shiftX = minX < 0 ? -minX : 0;
  const shiftY = minY < 0 ? -minY : 0;
  const maxX = Math.max(...placed.map((p) => p.x + margin), box ? box.x + box.width : -Infinity) + shiftX;
  const maxY = Math.max(...placed.map((p) => p.y + margin), box ? box.y + box.height : -Infinity) + shiftY;

  let nextSeat = ids.seat;
  const round = (value: number) => Math.round(value * 10) / 10;
  const hall: CatalogHallInput = {
    id: ids.hall,
    venueId,
    name: { ru: plan.name.trim() || 'pretix' },
    width: Math.ceil(Math.max((plan.size?.width ?? 0) + shiftX, maxX)),
    height: Math.ceil(Math.max((plan.size?.height ?? 0) + shiftY, maxY)),
    ...(stage ? { stage: { ...outwards(stage.box, shiftX, shiftY), label: stage.text ? { ru: stage.text } : {} } } : {}),
    zones: plan.categories
      .filter((category, i) => zoneIdOfCategory.get(category.name) === ids.zone + i)
      .map((category, i) => ({
        id: ids.zone + plan.categories.indexOf(category),
        name: { ru: category.name.trim() || `${i + 1}` },
        color: toColor(category.color),
      })),
    sectors: plan.zones.map((zone, z) => ({
      id: ids.sector + z,
      name: { ru: (zone.name ?? zone.zone_id ?? '').trim() || `${z + 1}` },
      sortnum: z,
      seats: placed
        .filter((p) => p.sector === z)
        .map((p) => ({ id: nextSeat++, row: p.row, seat: p.seat, x: round(p.x + shiftX), y: round(p.y + shiftY), zoneId: p.zoneId })),
    })),
  };
  return { hall, leftOut: [...areasLeftOut, ...detailsLeftOut(plan)] };
}

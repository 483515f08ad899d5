import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import type { HallLeftOutEntry, HallPreviewResponse, HallSourceRequest } from '../../../contract/admin/halls.ts';
import { type CatalogHall, type CatalogHallInput, catalogHall } from '../../../contract/catalog-file.ts';
import type { Lang } from '../../../contract/common.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import { CatalogImportError, formatIssue, issuesFromZod, IssueList } from '../../catalog/catalog-issues.ts';
import { expandHallSeats } from '../../catalog/expand-seats.ts';
import { importCatalogIn, lockCatalog } from '../../catalog/import.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { BusinessError, adminErrorText } from '../../http.ts';
import { buildHallLayout, unpricedMapOf } from '../../seating/hall-layout.ts';
import type { HallModel } from '../../seating/seating.repository.ts';
import type { AuditWriter } from '../audit/audit.service.ts';
import type { StaffActor } from '../orders/orders-desk.service.ts';
import {
  type NextIds,
  findHallFileRows,
  findHallList,
  findNextHallIds,
  findOrderedSeatsLeftOut,
  findVenues,
  venueExists,
} from './halls.repository.ts';
import { PretixPlanError, convertPretixPlan } from './pretix-plan.ts';
import { namesOf } from './seat-blocks.service.ts';
import { claimRevision, recordEditor } from '../catalog/revision.ts';

/** Problems a refusal lists before it says how many more there are. */
const PROBLEMS_LISTED = 10;

const notFound = () => new BusinessError(ErrorCode.notFound, { status: 404 });

const listed = (problems: readonly string[]) =>
  problems.slice(0, PROBLEMS_LISTED).join('; ') + (problems.length > PROBLEMS_LISTED ? ` (+${problems.length - PROBLEMS_LISTED})` : '');

/** The source cannot be read as the chosen format: 400 on the source field, nothing changed. */
const sourceInvalid = (problems: readonly string[]) =>
  new BusinessError(AdminErrorCode.hallSourceInvalid, {
    status: 400,
    text: (lang) => adminErrorText(AdminErrorCode.hallSourceInvalid, lang, listed(problems)),
    details: { fields: [{ path: 'source', code: 'source-invalid' }] },
  });

/** The catalog's rules refuse the hall (a sold seat removed, a seat outside the map…): 422, nothing changed. */
const hallRefused = (problems: readonly string[]) =>
  new BusinessError(AdminErrorCode.hallRefused, {
    status: 422,
    text: (lang) => adminErrorText(AdminErrorCode.hallRefused, lang, listed(problems)),
    details: { fields: [{ path: 'source', code: 'hall-refused' }] },
  });

function parseJson(source: string): unknown {
  try {
    return JSON.parse(source);
  } catch (error) {
    throw sourceInvalid([(error as Error).message]);
  }
}

/** A catalog-format source holds one hall, alone or as the only hall of a catalog file. */
function hallOfCatalogSource(raw: unknown): unknown {
  if (typeof raw === 'object' && raw !== null && 'halls' in raw) {
    const halls = (raw as { halls: unknown }).halls;
    if (!Array.isArray(halls) || halls.length !== 1) throw sourceInvalid(['the file must hold exactly one hall']);
    return halls[0];
  }
  return raw;
}

function parseHall(raw: unknown): CatalogHall {
  const parsed = catalogHall.safeParse(raw);
  if (!parsed.success) throw hallRefused(issuesFromZod(parsed.error, raw).map(formatIssue));
  return parsed.data;
}

/** The hall's seats one by one, each row's ids expanded; refused with the problems of its rows and seats. */
function seatsOf(hall: CatalogHall) {
  const issues = new IssueList();
  const seats = expandHallSeats(hall, issues.entry('hall'));
  if (issues.items.length > 0) throw hallRefused(issues.items.map(formatIssue));
  return seats;
}

/**
 * A new hall from a catalog-format one: every id comes from the server (the file's own ids may
 * belong to other halls here), zones and sectors in the file's order, seats one by one.
 */
function renumber(hall: CatalogHall, venueId: number, ids: NextIds): CatalogHallInput {
  const seats = seatsOf(hall);
  const zoneId = new Map(hall.zones.map((z, i) => [z.id, ids.zone + i]));
  let nextSeat = ids.seat;
  return {
    ...hall,
    id: ids.hall,
    venueId,
    zones: hall.zones.map((z, i) => ({ ...z, id: ids.zone + i })),
    sectors: hall.sectors.map((sector, i) => ({
      id: ids.sector + i,
      name: sector.name,
      sortnum: sector.sortnum,
      seats: seats
        .filter((seat) => seat.sector_id === sector.id)
        .map((seat) => ({
          id: nextSeat++,
          row: seat.row_label,
          seat: seat.seat_label,
          x: seat.x,
          y: seat.y,
          zoneId: zoneId.get(seat.zone_id) ?? seat.zone_id,
        })),
    })),
    standingAreas: hall.standingAreas.map((a, i) => ({ ...a, id: ids.standingArea + i, zoneId: zoneId.get(a.zoneId) ?? a.zoneId })),
  };
}

/**
 * The hall a request describes, with its final ids (a new hall renumbered, an existing one as
 * given), and what of the source it does not keep (only a pretix plan has anything it cannot hold).
 */
function hallOfSource(input: HallSourceRequest, ids: NextIds): { hall: CatalogHall; leftOut: HallLeftOutEntry[] } {
  const raw = parseJson(input.source);
  if (input.hallId !== undefined) {
    const hall = parseHall(hallOfCatalogSource(raw));
    if (hall.id !== input.hallId) throw hallRefused([`id: the file describes hall ${hall.id}, not hall ${input.hallId}`]);
    return { hall, leftOut: [] };
  }
  const venueId = input.venueId ?? 0;
  if (input.format === 'pretix') {
    let converted;
    try {
      converted = convertPretixPlan(raw, venueId, ids);
    } catch (error) {
      if (error instanceof PretixPlanError) throw sourceInvalid(error.problems);
      throw error;
    }
    return { hall: parseHall(converted.hall), leftOut: converted.leftOut };
  }
  return { hall: parseHall(renumber(parseHall(hallOfCatalogSource(raw)), venueId, ids)), leftOut: [] };
}

/** The hall in the shape the storefront's map is built from, for the preview. */
function modelOf(hall: CatalogHall): HallModel {
  const sortnum = new Map(hall.sectors.map((s, i) => [s.id, [s.sortnum, i] as const]));
  const seats = seatsOf(hall)
    .map((s) => ({
      id: s.id,
      sector_id: s.sector_id,
      zone_id: s.zone_id,
      row_label: s.row_label,
      seat_label: s.seat_label,
      x: s.x,
      y: s.y,
    }))
    .sort((a, b) => {
      const [sa, ia] = sortnum.get(a.sector_id) ?? [0, 0];
      const [sb, ib] = sortnum.get(b.sector_id) ?? [0, 0];
      return sa - sb || ia - ib || a.y - b.y || a.row_label.localeCompare(b.row_label) || a.x - b.x || a.id - b.id;
    });
  return {
    hall: { id: hall.id, name: hall.name, width: hall.width, height: hall.height, stage: hall.stage ?? null },
    zones: hall.zones.map((z) => ({ id: z.id, name: z.name, level_name: z.levelName, color: z.color })),
    sectors: hall.sectors.map((s) => ({ id: s.id, name: s.name, sortnum: s.sortnum })),
    seats,
    standingAreas: hall.standingAreas.map((a) => ({
      id: a.id,
      zone_id: a.zoneId,
      name: a.name,
      capacity: a.capacity,
      x: a.x,
      y: a.y,
      width: a.width,
      height: a.height,
    })),
  };
}

/** What the audit log keeps of a hall: everything but the seats, which it counts. */
function auditHall(hall: CatalogHall, seats: number) {
  return {
    id: hall.id,
    venueId: hall.venueId,
    name: hall.name,
    width: hall.width,
    height: hall.height,
    zones: hall.zones,
    sectors: hall.sectors.map((s) => ({ id: s.id, name: s.name })),
    standingAreas: hall.standingAreas,
    seats,
  };
}

/** The back office's halls: the list, one hall as a catalog entry, and creating or replacing one through the catalog import. */
export function createHallsDesk(deps: { db: Db; now: () => number; timeZone: string; audit: AuditWriter }) {
  const { db } = deps;

  return {
    async list() {
      const [halls, venues] = await Promise.all([findHallList(db), findVenues(db)]);
      return {
        halls: halls.map((h) => ({
          id: h.id,
          name: h.name,
          venueId: h.venue_id,
          venueName: h.venue_name,
          seats: h.seats,
          standingAreas: h.standing_areas,
          revision: h.revision,
          updatedAt: h.updated_at ? h.updated_at.toISOString() : null,
          updatedBy: h.updated_by_name,
        })),
        venues,
      };
    },

    /** The hall as a catalog entry (seats one by one), with the revision a replacement must name. */
    async file(hallId: number) {
      const rows = await findHallFileRows(db, hallId);
      if (!rows) throw notFound();
      const { hall } = rows;
      const entry: CatalogHallInput = {
        id: hall.id,
        venueId: hall.venue_id,
        name: { ru: hall.name.ru ?? '', ...hall.name },
        width: hall.width,
        height: hall.height,
        ...(hall.stage ? { stage: { ...hall.stage, label: hall.stage.label ?? {} } } : {}),
        zones: rows.zones.map((z) => ({
          id: z.id,
          name: { ru: z.name.ru ?? '', ...z.name },
          levelName: z.level_name,
          description: z.description,
          color: z.color,
        })),
        sectors: rows.sectors.map((s) => ({
          id: s.id,
          name: { ru: s.name.ru ?? '', ...s.name },
          sortnum: s.sortnum,
          seats: rows.seats
            .filter((seat) => seat.sector_id === s.id)
            .map((seat) => ({ id: seat.id, row: seat.row_label, seat: seat.seat_label, x: seat.x, y: seat.y, zoneId: seat.zone_id })),
        })),
        standingAreas: rows.standingAreas.map((a) => ({
          id: a.id,
          zoneId: a.zone_id,
          name: { ru: a.name.ru ?? '', ...a.name },
          capacity: a.capacity,
          x: a.x,
          y: a.y,
          width: a.width,
          height: a.height,
        })),
      };
      return { hall: catalogHall.parse(entry), revision: hall.revision };
    },

    /** The hall a source describes, drawn as the storefront will draw it; nothing is written. */
    async preview(input: HallSourceRequest, lang: Lang): Promise<Omit<HallPreviewResponse, 'errorCode' | 'errorText'>> {
      const { hall, leftOut } = hallOfSource(input, await findNextHallIds(db));
      const model = modelOf(hall);
      const layout = buildHallLayout(model, lang);
      return {
        hall,
        leftOut,
        counts: {
          zones: hall.zones.length,
          sectors: hall.sectors.length,
          seats: model.seats.length,
          standingAreas: hall.standingAreas.length,
        },
        map: unpricedMapOf(layout, () => true),
      };
    },

    /**
     * Creates a hall, or replaces one at the revision loaded, through the catalog import: its
     * rules refuse what would harm sales (a sold seat removed), and its version bump makes the
     * storefront redraw the hall. The revision check, the import and the audit entry are one
     * transaction.
     */
    async save(input: HallSourceRequest, actor: StaffActor): Promise<{ hallId: number; revision: number }> {
      return db.transaction(async (tx) => {
        await lockCatalog(tx);
        let before: unknown = null;
        if (input.hallId !== undefined) {
          await claimRevision(tx, 'halls', input.hallId, input.revision ?? 0, deps.timeZone);
          before = await auditHallBefore(tx, input.hallId);
        } else if (input.venueId === undefined || !(await venueExists(tx, input.venueId))) {
          throw new BusinessError(ErrorCode.validation, { status: 400, details: { fields: [{ path: 'venueId', code: 'venue' }] } });
        }
        const { hall } = hallOfSource(input, await findNextHallIds(tx));
        if (input.hallId !== undefined) {
          // The import refuses this too; said here first in the member's language, the seats named.
          const leftOut = await findOrderedSeatsLeftOut(
            tx,
            hall.id,
            seatsOf(hall).map((s) => s.id),
          );
          if (leftOut.length > 0) {
            throw new BusinessError(AdminErrorCode.hallSoldSeatsRemoved, {
              status: 422,
              text: (lang) => adminErrorText(AdminErrorCode.hallSoldSeatsRemoved, lang, namesOf(leftOut, lang)),
              details: { fields: [{ path: 'source', code: 'hall-refused' }] },
            });
          }
        }
        try {
          await importCatalogIn(tx, { halls: [hall] });
        } catch (error) {
          if (error instanceof CatalogImportError) throw hallRefused(error.errors);
          throw error;
        }
        const revision = await recordEditor(tx, 'halls', hall.id, actor.id, new Date(deps.now()));
        await deps.audit(tx, {
          staffId: actor.id,
          action: input.hallId !== undefined ? 'hall.update' : 'hall.create',
          subjectType: 'hall',
          subjectId: String(hall.id),
          before,
          after: { ...auditHall(hall, seatsOf(hall).length), revision },
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
        return { hallId: hall.id, revision };
      });
    },
  };
}
export type HallsDesk = ReturnType<typeof createHallsDesk>;

async function auditHallBefore(tx: Queryable, hallId: number) {
  const rows = await findHallFileRows(tx, hallId);
  if (!rows) return null;
  return {
    id: rows.hall.id,
    venueId: rows.hall.venue_id,
    name: rows.hall.name,
    width: rows.hall.width,
    height: rows.hall.height,
    zones: rows.zones,
    sectors: rows.sectors,
    standingAreas: rows.standingAreas,
    seats: rows.seats.length,
    revision: rows.hall.revision,
  };
}

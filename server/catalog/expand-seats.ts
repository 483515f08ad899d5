import type { CatalogHall, CatalogSector } from '../../contract/catalog-file.ts';
import type { PathSegment } from './catalog-issues.ts';

/** A seat as stored in hall_seats. */
export type SeatRecord = {
  id: number;
  hall_id: number;
  sector_id: number;
  zone_id: number;
  row_label: string;
  seat_label: string;
  x: number;
  y: number;
};

type Report = (message: string, ...field: PathSegment[]) => void;

/**
 * Expands the compact rows of a sector into seats and adds its explicit seats. Ids of a row run
 * on from the previous row, so a venue only writes firstSeatId where its numbering jumps.
 */
function expandSector(hall: CatalogHall, sector: CatalogSector, path: PathSegment[], report: Report): SeatRecord[] {
  const seats: SeatRecord[] = [];
  let nextId = sector.firstSeatId;
  sector.rows.forEach((row, r) => {
    const rowPath = [...path, 'rows', r];
    if ((row.seatCount === undefined) === (row.seatLabels === undefined)) {
      report('give exactly one of seatCount and seatLabels', ...rowPath);
      return;
    }
    nextId = row.firstSeatId ?? nextId;
    if (nextId === undefined) {
      report('the first row of a sector needs firstSeatId (here or on the sector)', ...rowPath, 'firstSeatId');
      return;
    }
    const labels = row.seatLabels ?? Array.from({ length: row.seatCount ?? 0 }, (_, i) => String(row.firstSeatNumber + i));
    labels.forEach((label, i) => {
      seats.push({
        id: (nextId ?? 0) + i,
        hall_id: hall.id,
        sector_id: sector.id,
        zone_id: row.zoneId,
        row_label: row.label,
        seat_label: label,
        x: row.x + row.dx * i,
        y: row.y + row.dy * i,
      });
    });
    nextId += labels.length;
  });
  for (const seat of sector.seats) {
    seats.push({
      id: seat.id,
      hall_id: hall.id,
      sector_id: sector.id,
      zone_id: seat.zoneId,
      row_label: seat.row,
      seat_label: seat.seat,
      x: seat.x,
      y: seat.y,
    });
  }
  return seats;
}

/** Where a seat came from in the file, for error messages. */
function seatPath(sector: CatalogSector, sectorPath: PathSegment[], seat: SeatRecord): PathSegment[] {
  const explicit = sector.seats.findIndex((s) => s.id === seat.id);
  if (explicit >= 0) return [...sectorPath, 'seats', explicit];
  const row = sector.rows.findIndex((r) => r.label === seat.row_label);
  return [...sectorPath, 'rows', Math.max(row, 0)];
}

/**
 * Every seat of a hall with its coordinates, checking what only the hall itself can tell: a seat
 * inside the map, in a zone of this hall, and no row and seat given twice in a sector.
 */
export function expandHallSeats(hall: CatalogHall, report: Report): SeatRecord[] {
  const zoneIds = new Set(hall.zones.map((z) => z.id));
  const all: SeatRecord[] = [];
  hall.sectors.forEach((sector, s) => {
    const sectorPath: PathSegment[] = ['sectors', s];
    const seats = expandSector(hall, sector, sectorPath, report);
    const places = new Set<string>();
    const reported = new Set<string>();
    for (const seat of seats) {
      // The path is looked up only for a seat in error: a stadium has tens of thousands of seats.
      const where = () => seatPath(sector, sectorPath, seat);
      const place = `${seat.row_label}\u0000${seat.seat_label}`;
      if (places.has(place) && !reported.has(place)) {
        report(`row ${seat.row_label} seat ${seat.seat_label} is given twice`, ...where());
        reported.add(place);
      }
      places.add(place);
      if (!zoneIds.has(seat.zone_id) && !reported.has(`zone ${seat.zone_id}`)) {
        report(`unknown zone ${seat.zone_id} (not a zone of hall ${hall.id})`, ...where(), 'zoneId');
        reported.add(`zone ${seat.zone_id}`);
      }
      const outside = seat.x < 0 || seat.x > hall.width || seat.y < 0 || seat.y > hall.height;
      if (outside && !reported.has(`outside ${seat.row_label}`)) {
        report(
          `seat ${seat.seat_label} of row ${seat.row_label} at (${seat.x}, ${seat.y}) lies outside the hall (${hall.width} x ${hall.height})`,
          ...where(),
        );
        reported.add(`outside ${seat.row_label}`);
      }
    }
    all.push(...seats);
  });
  return all;
}

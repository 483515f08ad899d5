import type { Localized } from '../../../contract/common.ts';
import type { SeatBlockReason } from '../../../contract/admin/halls-rules.ts';
import type { Queryable } from '../../db/client.ts';

type Text = Partial<Localized>;

export type HallSessionRow = {
  id: number;
  event_id: number;
  event_name: Text;
  hall_id: number;
  starts_at: Date;
  has_time: boolean;
  is_cancelled: boolean;
};

/** A session of an event sold with a seat map, with its event's hall. */
export async function findHallSession(q: Queryable, sessionId: number): Promise<HallSessionRow | undefined> {
  const { rows } = await q.query<HallSessionRow>(
    `select s.id, s.event_id, e.name as event_name, e.hall_id, s.starts_at, s.has_time, s.is_cancelled
       from sessions s join events e on e.id = s.event_id
      where s.id = $1 and e.hall_id is not null and e.use_seat_map`,
    [sessionId],
  );
  return rows[0];
}

export type SeatedEventRow = {
  id: number;
  name: Text;
  hall_id: number;
  sessions: { id: number; startsAt: string; hasTime: boolean; isCancelled: boolean }[];
};

/** Events sold with a seat map and their sessions from `since` on, the nearest first. */
export async function findSeatedEvents(q: Queryable, since: Date): Promise<SeatedEventRow[]> {
  const { rows } = await q.query<SeatedEventRow>(
    `select e.id, e.name, e.hall_id,
            json_agg(json_build_object('id', s.id, 'startsAt', s.starts_at, 'hasTime', s.has_time, 'isCancelled', s.is_cancelled)
                     order by s.starts_at, s.id) as sessions
       from events e join sessions s on s.event_id = e.id
      where e.hall_id is not null and e.use_seat_map and s.starts_at >= $1
      group by e.id
      order by min(s.starts_at), e.id`,
    [since],
  );
  return rows;
}

/**
 * Takes the claim locks of seats of a session, in seat order: the same transaction-scoped locks
 * the order path's trigger takes per seat line (migration 0950), so a block and a hold of one
 * seat take turns and the later one sees the earlier one's rows.
 */
export async function lockSeatClaims(tx: Queryable, sessionId: number, seatIds: readonly number[]): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1::int, s) from (select distinct unnest($2::int[]) as s order by 1) seats', [
    sessionId,
    seatIds,
  ]);
}

export type HallSeatRow = { id: number; row_label: string; seat_label: string; sector_name: Text };

/** The seats asked for that belong to the hall, with what names them to a person. */
export async function findHallSeatsNamed(q: Queryable, hallId: number, seatIds: readonly number[]): Promise<HallSeatRow[]> {
  const { rows } = await q.query<HallSeatRow>(
    `select s.id, s.row_label, s.seat_label, hs.name as sector_name
       from hall_seats s join hall_sectors hs on hs.id = s.sector_id
      where s.hall_id = $1 and s.id = any($2::int[])
      order by hs.sortnum, hs.id, s.y, s.row_label, s.x, s.id`,
    [hallId, seatIds],
  );
  return rows;
}

/** Seats of a session held or sold by a live order, with the order's status; all of them when seatIds is null. */
export async function findSeatOrders(
  q: Queryable,
  sessionId: number,
  seatIds: readonly number[] | null,
): Promise<{ seat_id: number; status: number }[]> {
  const { rows } = await q.query<{ seat_id: number; status: number }>(
    `select l.seat_id, o.status
       from order_lines l join orders o on o.id = l.order_id
      where l.session_id = $1 and l.seat_id is not null and not l.released
        and ($2::int[] is null or l.seat_id = any($2::int[]))`,
    [sessionId, seatIds],
  );
  return rows;
}

export type SeatBlockRow = { seat_id: number; reason: SeatBlockReason; note: string; blocked_by_name: string | null; blocked_at: Date };

/** The blocked seats of a session (all, or those asked for). */
export async function findSeatBlocks(q: Queryable, sessionId: number, seatIds: readonly number[] | null): Promise<SeatBlockRow[]> {
  const { rows } = await q.query<SeatBlockRow>(
    `select b.seat_id, b.reason, b.note, st.name as blocked_by_name, b.blocked_at
       from seat_blocks b left join staff st on st.id = b.blocked_by
      where b.session_id = $1 and ($2::int[] is null or b.seat_id = any($2::int[]))
      order by b.seat_id`,
    [sessionId, seatIds],
  );
  return rows;
}

/**
 * Blocks the seats, which takes their places from the session's places left (a trigger of
 * migration 1010). Answers the places left instead when the session has fewer than seats asked
 * for; the transaction is then aborted and must be rolled back.
 */
export async function insertSeatBlocks(
  tx: Queryable,
  block: { sessionId: number; seatIds: readonly number[]; reason: SeatBlockReason; note: string; staffId: number; at: Date },
): Promise<{ placesLeft: number } | undefined> {
  try {
    await tx.query(
      `insert into seat_blocks (session_id, seat_id, reason, note, blocked_by, blocked_at)
       select $1, s, $3, $4, $5, $6 from unnest($2::int[]) as s`,
      [block.sessionId, block.seatIds, block.reason, block.note, block.staffId, block.at],
    );
    return undefined;
  } catch (error) {
    const { code, message, detail } = (error ?? {}) as { code?: unknown; message?: unknown; detail?: unknown };
    if (code === 'SF001' && message === 'blocked') return { placesLeft: Number(detail) || 0 };
    throw error;
  }
}

export async function deleteSeatBlocks(tx: Queryable, sessionId: number, seatIds: readonly number[]): Promise<void> {
  await tx.query('delete from seat_blocks where session_id = $1 and seat_id = any($2::int[])', [sessionId, seatIds]);
}

/** Seats of the hall that orders name (any order, as the catalog import counts them) and that `keep` leaves out. */
export async function findOrderedSeatsLeftOut(tx: Queryable, hallId: number, keep: readonly number[]): Promise<HallSeatRow[]> {
  const { rows } = await tx.query<HallSeatRow>(
    `select s.id, s.row_label, s.seat_label, hs.name as sector_name
       from hall_seats s join hall_sectors hs on hs.id = s.sector_id
      where s.hall_id = $1 and not (s.id = any($2::int[])) and exists (select 1 from order_lines l where l.seat_id = s.id)
      order by hs.sortnum, hs.id, s.y, s.row_label, s.x, s.id`,
    [hallId, keep],
  );
  return rows;
}

export type HallListRow = {
  id: number;
  name: Text;
  venue_id: number;
  venue_name: Text;
  seats: number;
  standing_areas: number;
  revision: number;
  updated_at: Date | null;
  updated_by_name: string | null;
};

export async function findHallList(q: Queryable): Promise<HallListRow[]> {
  const { rows } = await q.query<HallListRow>(
    `select h.id, h.name, h.venue_id, v.name as venue_name,
            (select count(*)::int from hall_seats s where s.hall_id = h.id) as seats,
            (select count(*)::int from standing_areas a where a.hall_id = h.id) as standing_areas,
            h.revision, h.updated_at, st.name as updated_by_name
       from halls h join venues v on v.id = h.venue_id left join staff st on st.id = h.updated_by
      order by h.id`,
  );
  return rows;
}

export async function findVenues(q: Queryable): Promise<{ id: number; name: Text }[]> {
  const { rows } = await q.query<{ id: number; name: Text }>('select id, name from venues order by id');
  return rows;
}

export async function venueExists(q: Queryable, venueId: number): Promise<boolean> {
  const { rows } = await q.query('select 1 from venues where id = $1', [venueId]);
  return rows.length > 0;
}

export type NextIds = { hall: number; zone: number; sector: number; seat: number; standingArea: number };

/** The first free id of each hall table (max + 1); called after the import lock is held, so no one else takes them. */
export async function findNextHallIds(tx: Queryable): Promise<NextIds> {
  const { rows } = await tx.query<NextIds>(
    `select (select coalesce(max(id), 0) + 1 from halls) as hall,
            (select coalesce(max(id), 0) + 1 from zones) as zone,
            (select coalesce(max(id), 0) + 1 from hall_sectors) as sector,
            (select coalesce(max(id), 0) + 1 from hall_seats) as seat,
            (select coalesce(max(id), 0) + 1 from standing_areas) as "standingArea"`,
  );
  const row = rows[0];
  if (!row) throw new Error('no row of next ids');
  return row;
}

export type HallFileRows = {
  hall: {
    id: number;
    venue_id: number;
    name: Text;
    width: number;
    height: number;
    stage: { x: number; y: number; width: number; height: number; label?: Text } | null;
    revision: number;
  };
  zones: { id: number; name: Text; level_name: Text; description: Text; color: string }[];
  sectors: { id: number; name: Text; sortnum: number }[];
  seats: { id: number; sector_id: number; zone_id: number; row_label: string; seat_label: string; x: number; y: number }[];
  standingAreas: { id: number; zone_id: number; name: Text; capacity: number; x: number; y: number; width: number; height: number }[];
};

/** Everything a hall's catalog entry holds, as stored. */
export async function findHallFileRows(q: Queryable, hallId: number): Promise<HallFileRows | undefined> {
  const { rows } = await q.query<HallFileRows['hall']>(
    'select id, venue_id, name, width, height, stage, revision from halls where id = $1',
    [hallId],
  );
  const hall = rows[0];
  if (!hall) return undefined;
  // One after another: inside a transaction q is one connection, which runs one query at a time
  // anyway, and node-postgres refuses queries queued on a busy client from its next major version.
  const zones = await q.query<HallFileRows['zones'][number]>(
    'select id, name, level_name, description, color from zones where hall_id = $1 order by id',
    [hallId],
  );
  const sectors = await q.query<HallFileRows['sectors'][number]>(
    'select id, name, sortnum from hall_sectors where hall_id = $1 order by sortnum, id',
    [hallId],
  );
  const seats = await q.query<HallFileRows['seats'][number]>(
    'select id, sector_id, zone_id, row_label, seat_label, x, y from hall_seats where hall_id = $1 order by id',
    [hallId],
  );
  const standingAreas = await q.query<HallFileRows['standingAreas'][number]>(
    'select id, zone_id, name, capacity, x, y, width, height from standing_areas where hall_id = $1 order by id',
    [hallId],
  );
  return { hall, zones: zones.rows, sectors: sectors.rows, seats: seats.rows, standingAreas: standingAreas.rows };
}

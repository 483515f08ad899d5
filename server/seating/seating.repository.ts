import type { CatalogConcession } from '../../contract/catalog-file.ts';
import type { Localized } from '../../contract/common.ts';
import type { Queryable } from '../db/client.ts';

type Text = Partial<Localized>;

export type SchemeEventRow = {
  id: number;
  hash: string;
  hall_id: number | null;
  name: Text;
  description: Text;
  description_url: Text;
  location: Text;
  address: Text;
  age_from: number;
  order_limit: number;
  named_tickets: boolean;
  use_seat_map: boolean;
  is_subscription: boolean;
  sale_starts_at: Date | null;
  is_published: boolean;
};

export async function findSchemeEventByHash(db: Queryable, hash: string): Promise<SchemeEventRow | undefined> {
  const { rows } = await db.query<SchemeEventRow>(
    `select e.id, e.hash, e.hall_id, e.name, e.description, e.description_url, e.location, v.address,
            e.age_from, e.order_limit, e.named_tickets, e.use_seat_map, e.is_subscription, e.sale_starts_at,
            e.is_published
       from events e join venues v on v.id = e.venue_id
      where e.hash = $1`,
    [hash],
  );
  return rows[0];
}

export type SessionRow = { id: number; starts_at: Date; has_time: boolean; remaining: number };

/** The sessions still to come, on sale, in time order. */
export async function findOpenSessions(db: Queryable, eventId: number, now: Date): Promise<SessionRow[]> {
  const { rows } = await db.query<SessionRow>(
    `select id, starts_at, has_time, remaining from sessions
      where event_id = $1 and not is_cancelled and starts_at > $2
      order by starts_at, id`,
    [eventId, now],
  );
  return rows;
}

export type CompositionRow = { name: Text; location: Text; address: Text; starts_at: Date | null };

export async function findComposition(db: Queryable, subscriptionEventId: number): Promise<CompositionRow[]> {
  const { rows } = await db.query<CompositionRow>(
    `select e.name, e.location, v.address, si.starts_at
       from subscription_items si
       join events e on e.id = si.event_id
       join venues v on v.id = e.venue_id
      where si.subscription_event_id = $1
      order by si.sortnum, si.event_id`,
    [subscriptionEventId],
  );
  return rows;
}

export type HallRow = {
  id: number;
  name: Text;
  width: number;
  height: number;
  stage: { x: number; y: number; width: number; height: number; label?: Text } | null;
};
export type ZoneRow = { id: number; name: Text; level_name: Text; color: string };
export type SectorRow = { id: number; name: Text; sortnum: number };
export type SeatRow = { id: number; sector_id: number; zone_id: number; row_label: string; seat_label: string; x: number; y: number };
export type StandingAreaRow = {
  id: number;
  zone_id: number;
  name: Text;
  capacity: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

export type HallModel = {
  hall: HallRow;
  zones: ZoneRow[];
  sectors: SectorRow[];
  seats: SeatRow[];
  standingAreas: StandingAreaRow[];
};

/** The whole hall: geometry and zones; it changes only with a catalog import. */
export async function findHallModel(db: Queryable, hallId: number): Promise<HallModel | undefined> {
  const { rows: halls } = await db.query<HallRow>('select id, name, width, height, stage from halls where id = $1', [hallId]);
  const hall = halls[0];
  if (!hall) return undefined;
  const [zones, sectors, seats, standingAreas] = await Promise.all([
    db.query<ZoneRow>(
      `select id, name, level_name, color from zones
        where hall_id = $1 or id in (select zone_id from hall_seats where hall_id = $1)
           or id in (select zone_id from standing_areas where hall_id = $1)
        order by id`,
      [hallId],
    ),
    db.query<SectorRow>('select id, name, sortnum from hall_sectors where hall_id = $1 order by sortnum, id', [hallId]),
    db.query<SeatRow>(
      `select s.id, s.sector_id, s.zone_id, s.row_label, s.seat_label, s.x, s.y
         from hall_seats s join hall_sectors hs on hs.id = s.sector_id
        where s.hall_id = $1
        order by hs.sortnum, hs.id, s.y, s.row_label, s.x, s.id`,
      [hallId],
    ),
    db.query<StandingAreaRow>(
      'select id, zone_id, name, capacity, x, y, width, height from standing_areas where hall_id = $1 order by id',
      [hallId],
    ),
  ]);
  return { hall, zones: zones.rows, sectors: sectors.rows, seats: seats.rows, standingAreas: standingAreas.rows };
}

export type SchemeSessionRow = {
  id: number;
  event_id: number;
  starts_at: Date;
  has_time: boolean;
  is_cancelled: boolean;
  remaining: number;
};

export async function findSession(db: Queryable, sessionId: number): Promise<SchemeSessionRow | undefined> {
  const { rows } = await db.query<SchemeSessionRow>(
    'select id, event_id, starts_at, has_time, is_cancelled, remaining from sessions where id = $1',
    [sessionId],
  );
  return rows[0];
}

/** Seats of a session held or sold by a live order, or blocked by staff: none of them is offered. */
export async function findTakenSeatIds(db: Queryable, sessionId: number): Promise<number[]> {
  const { rows } = await db.query<{ seat_id: number }>(
    `select seat_id from order_lines where session_id = $1 and seat_id is not null and not released
     union all
     select seat_id from seat_blocks where session_id = $1`,
    [sessionId],
  );
  return rows.map((row) => row.seat_id);
}

export type PriceRow = {
  id: number;
  session_id: number | null;
  category_id: number;
  category_name: Text;
  category_sortnum: number;
  /** The category's concession: it is offered and sold only on the days it applies. */
  category_concession: CatalogConcession | null;
  zone_id: number | null;
  amount: number;
  service_fee: number;
  service_fee_kind: number;
  sortnum: number;
};

/** The prices of an event that apply to a session (its own and the event-wide ones). */
export async function findSessionPrices(db: Queryable, eventId: number, sessionId: number): Promise<PriceRow[]> {
  const { rows } = await db.query<PriceRow>(
    `select p.id, p.session_id, p.category_id, c.name as category_name, c.sortnum as category_sortnum,
            c.concession as category_concession, p.zone_id,
            p.amount, p.service_fee, p.service_fee_kind, p.sortnum
       from prices p join categories c on c.id = p.category_id
      where p.event_id = $1 and (p.session_id is null or p.session_id = $2) and not p.for_subscription
      order by c.sortnum, p.category_id, p.sortnum, p.id`,
    [eventId, sessionId],
  );
  return rows;
}

/** Free places per standing area of a session; an area with no stock row has none on sale. */
export async function findStandingRemaining(db: Queryable, hallId: number, sessionId: number): Promise<Map<number, number>> {
  const { rows } = await db.query<{ id: number; remaining: number }>(
    `select sa.id, coalesce(ss.remaining, 0) as remaining
       from standing_areas sa
       left join standing_stock ss on ss.standing_area_id = sa.id and ss.session_id = $2
      where sa.hall_id = $1`,
    [hallId, sessionId],
  );
  return new Map(rows.map((row) => [row.id, Number(row.remaining)]));
}

/** catalog_version: the catalog's version read in the same statement, so the row is of that version. */
export type OrderEventRow = SchemeEventRow & { reserve_minutes: number; catalog_version: number };

export async function findSchemeEventById(db: Queryable, eventId: number): Promise<OrderEventRow | undefined> {
  const { rows } = await db.query<OrderEventRow>(
    `select e.id, e.hash, e.hall_id, e.name, e.description, e.description_url, e.location, v.address,
            e.age_from, e.order_limit, e.named_tickets, e.use_seat_map, e.is_subscription, e.sale_starts_at,
            e.is_published, e.reserve_minutes, (select version from catalog_version where id = 1) as catalog_version
       from events e join venues v on v.id = e.venue_id
      where e.id = $1`,
    [eventId],
  );
  return rows[0];
}

/** The seats asked for, if they belong to the hall. */
export async function findHallSeats(db: Queryable, hallId: number, seatIds: readonly number[]): Promise<{ id: number; zone_id: number }[]> {
  if (seatIds.length === 0) return [];
  const { rows } = await db.query<{ id: number; zone_id: number }>(
    'select id, zone_id from hall_seats where hall_id = $1 and id = any($2::int[])',
    [hallId, seatIds],
  );
  return rows;
}

export async function findStandingAreas(db: Queryable, hallId: number): Promise<{ id: number; zone_id: number }[]> {
  const { rows } = await db.query<{ id: number; zone_id: number }>('select id, zone_id from standing_areas where hall_id = $1', [hallId]);
  return rows;
}

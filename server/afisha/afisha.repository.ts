import type { Queryable } from '../db/client.ts';
import type { EventRow as EventPageRow } from '../event/event.repository.ts';

type Json = Record<string, unknown>;

export type KindRow = {
  id: number;
  type_id: number;
  sortnum: number;
  name: Json;
  column_count: number;
  row_count: number;
  show_filter_calendar: boolean;
  show_attribute: boolean;
};
export type MainMenuRow = { id: number; kind_id: number; sortnum: number; name: Json; show_image: boolean; image_url: string | null };
export type SubMenuRow = { id: number; main_menu_id: number; sortnum: number; name: Json };
export type VenueRow = { id: number; name: Json; address: Json; map_url: string };
export type TagRow = { id: number; name: Json };
export type EventTagRow = { event_id: number; tag_id: number };

/** An event of the listing: the columns the event page reads too, and where the listing files it. */
export type EventRow = Pick<
  EventPageRow,
  | 'id'
  | 'hash'
  | 'name'
  | 'description'
  | 'description_url'
  | 'image_url'
  | 'age_from'
  | 'sale_starts_at'
  | 'is_free'
  | 'is_subscription'
  | 'show_ticket_count'
  | 'show_quant'
  | 'use_pushkin_card'
  | 'use_seat_map'
> & {
  kind_id: number;
  main_menu_id: number | null;
  sub_menu_id: number | null;
  venue_id: number;
  sortnum: number;
};

/** An upcoming session, its date and time already in the venue's time zone. */
export type SessionRow = {
  id: number;
  event_id: number;
  starts_at: Date;
  has_time: boolean;
  local_day: string; // yyyy-mm-dd
  local_time: string; // HH:MM
  capacity: number;
  remaining: number;
};

export type CompositionRow = {
  subscription_event_id: number;
  event_id: number;
  name: Json;
  venue_id: number;
  sortnum: number;
  starts_at: Date | null;
  local_day: string | null;
  local_time: string | null;
};

/**
 * A session is upcoming while it has not started; a whole-day session (no time) stays on sale
 * until its day ends in the venue's time zone.
 */
const UPCOMING = `not s.is_cancelled and (
  (s.has_time and s.starts_at > $1::timestamptz)
  or (not s.has_time and (s.starts_at at time zone $2)::date >= ($1::timestamptz at time zone $2)::date)
)`;

/**
 * Published events worth listing: those with an upcoming session, and those with no session yet
 * ('soon on sale'). An event whose sessions are all over is not listed.
 */
const LISTED = `e.is_published and (
  exists (select 1 from sessions s where s.event_id = e.id and ${UPCOMING})
  or not exists (select 1 from sessions s where s.event_id = e.id and not s.is_cancelled)
)`;

export async function findListedEvents(db: Queryable, now: Date, tz: string): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `select e.id, e.hash, e.kind_id, e.main_menu_id, e.sub_menu_id, e.venue_id, e.sortnum, e.name,
            e.description, e.description_url, e.image_url, e.age_from, e.sale_starts_at, e.is_free,
            e.is_subscription, e.show_ticket_count, e.show_quant, e.use_pushkin_card, e.use_seat_map
       from events e
      where ${LISTED}
      order by e.sortnum, e.id`,
    [now.toISOString(), tz],
  );
  return rows;
}

export async function findUpcomingSessions(db: Queryable, now: Date, tz: string): Promise<SessionRow[]> {
  const { rows } = await db.query<SessionRow>(
    `select s.id, s.event_id, s.starts_at, s.has_time,
            to_char(s.starts_at at time zone $2, 'YYYY-MM-DD') as local_day,
            to_char(s.starts_at at time zone $2, 'HH24:MI') as local_time,
            s.capacity, s.remaining
       from sessions s
       join events e on e.id = s.event_id and e.is_published
      where ${UPCOMING}
      order by s.event_id, s.starts_at, s.id`,
    [now.toISOString(), tz],
  );
  return rows;
}

export async function findKinds(db: Queryable): Promise<KindRow[]> {
  const { rows } = await db.query<KindRow>(
    `select id, type_id, sortnum, name, column_count, row_count, show_filter_calendar, show_attribute
       from kinds order by sortnum, id`,
  );
  return rows;
}

export async function findMainMenus(db: Queryable): Promise<MainMenuRow[]> {
  const { rows } = await db.query<MainMenuRow>(
    'select id, kind_id, sortnum, name, show_image, image_url from main_menus order by sortnum, id',
  );
  return rows;
}

export async function findSubMenus(db: Queryable): Promise<SubMenuRow[]> {
  const { rows } = await db.query<SubMenuRow>('select id, main_menu_id, sortnum, name from sub_menus order by sortnum, id');
  return rows;
}

export async function findVenues(db: Queryable): Promise<VenueRow[]> {
  const { rows } = await db.query<VenueRow>('select id, name, address, map_url from venues order by id');
  return rows;
}

export async function findTags(db: Queryable): Promise<TagRow[]> {
  const { rows } = await db.query<TagRow>('select id, name from tags order by id');
  return rows;
}

export async function findEventTags(db: Queryable): Promise<EventTagRow[]> {
  const { rows } = await db.query<EventTagRow>('select event_id, tag_id from event_tags order by event_id, tag_id');
  return rows;
}

export async function findCompositions(db: Queryable, tz: string): Promise<CompositionRow[]> {
  const { rows } = await db.query<CompositionRow>(
    `select i.subscription_event_id, i.event_id, e.name, e.venue_id, i.sortnum, i.starts_at,
            to_char(i.starts_at at time zone $1, 'YYYY-MM-DD') as local_day,
            to_char(i.starts_at at time zone $1, 'HH24:MI') as local_time
       from subscription_items i
       join events e on e.id = i.event_id
      order by i.subscription_event_id, i.sortnum, i.event_id`,
    [tz],
  );
  return rows;
}

/** A catalog price as the listing's lowest price needs it (amount in kopecks). */
export type ListedPriceRow = {
  event_id: number;
  session_id: number | null;
  category_id: number;
  zone_id: number | null;
  amount: number;
  pushkin: 0 | 1 | 2;
  for_subscription: boolean;
  group_passes: number;
};

/** Every price of the catalog: read once per catalog version, not per listing build. */
export async function findListedPrices(db: Queryable): Promise<ListedPriceRow[]> {
  const { rows } = await db.query<ListedPriceRow>(
    `select p.event_id, p.session_id, p.category_id, p.zone_id, p.amount, p.pushkin, p.for_subscription, p.group_passes
       from prices p join events e on e.id = p.event_id and e.is_published
      order by p.event_id, p.id`,
  );
  return rows;
}

import type { Queryable } from '../db/client.ts';
import type { CatalogConcession } from '../../contract/catalog-file.ts';

/** Reads of the whole catalog for the export, each table in id order so an export is deterministic. */

type Localized = { ru?: string; en?: string; kz?: string; ch?: string };
/** A name: Russian is always there (the import requires it). */
type Name = Localized & { ru: string };

export type KindRow = {
  id: number;
  type_id: number;
  sortnum: number;
  name: Name;
  column_count: number;
  row_count: number;
  show_filter_calendar: boolean;
  show_attribute: boolean;
};
export type MainMenuRow = { id: number; kind_id: number; sortnum: number; name: Name; show_image: boolean; image_url: string | null };
export type SubMenuRow = { id: number; main_menu_id: number; sortnum: number; name: Name; image_url: string | null };
export type VenueRow = { id: number; name: Name; address: Name; map_url: string };
export type TagRow = { id: number; name: Name };
export type ZoneRow = { id: number; hall_id: number | null; name: Name; level_name: Name; description: Localized; color: string };
export type HallRow = {
  id: number;
  venue_id: number;
  name: Name;
  width: number;
  height: number;
  stage: { x: number; y: number; width: number; height: number; label?: Localized } | null;
};
export type SectorRow = { id: number; hall_id: number; name: Name; sortnum: number };
export type SeatRow = { id: number; sector_id: number; zone_id: number; row_label: string; seat_label: string; x: number; y: number };
export type StandingAreaRow = {
  id: number;
  hall_id: number;
  zone_id: number;
  name: Name;
  capacity: number;
  x: number;
  y: number;
  width: number;
  height: number;
};
export type EventRow = {
  id: number;
  hash: string;
  kind_id: number;
  main_menu_id: number | null;
  sub_menu_id: number | null;
  venue_id: number;
  hall_id: number | null;
  sortnum: number;
  name: Name;
  description: Localized;
  description_url: Localized;
  note: Localized;
  notice: Localized;
  location: Localized;
  image_url: Localized;
  age_from: number;
  sale_starts_at: Date | null;
  is_free: boolean;
  is_subscription: boolean;
  show_ticket_count: boolean;
  show_quant: boolean;
  price_rows: number;
  order_limit: number;
  group_limit: number;
  named_tickets: boolean;
  need_age: number;
  need_middle_name: boolean;
  need_document: boolean;
  need_country: boolean;
  need_region: boolean;
  use_pushkin_card: boolean;
  registry_event_id: string | null;
  use_ordinary_card: boolean;
  use_seat_map: boolean;
  ticket_type: number;
  allow_return: boolean;
  refund_policy: string;
  refund_service_fee: boolean;
  return_hours_before: number;
  reserve_minutes: number;
  entry_before_minutes: number | null;
  entry_after_minutes: number | null;
  self_exchange_hours_before: number | null;
  is_published: boolean;
};
export type CategoryRow = {
  id: number;
  event_id: number;
  sortnum: number;
  name: Name;
  description: Localized;
  concession: CatalogConcession | null;
};
export type SessionRow = {
  id: number;
  event_id: number;
  starts_at: Date;
  has_time: boolean;
  capacity: number;
  group_capacity: number;
  sold_outside: number;
  is_cancelled: boolean;
};
export type PriceRow = {
  id: number;
  event_id: number;
  session_id: number | null;
  category_id: number;
  zone_id: number | null;
  amount: number;
  service_fee: number;
  service_fee_kind: number;
  min_quantity: number;
  group_passes: number;
  pushkin: number;
  for_subscription: boolean;
  quantity_limit: number | null;
  sortnum: number;
};
export type SubscriptionItemRow = { subscription_event_id: number; event_id: number; sortnum: number; starts_at: Date | null };
export type CheckboxRow = {
  id: number;
  scope: string;
  event_id: number | null;
  sortnum: number;
  name: Name;
  url: Localized;
  required: boolean;
  consent: string | null;
};
export type RulesRow = { id: number; slug: string; sortnum: number; name: Name; url: Localized; body: Localized };

export type CatalogRows = {
  setup: unknown;
  kinds: KindRow[];
  mainMenus: MainMenuRow[];
  subMenus: SubMenuRow[];
  venues: VenueRow[];
  tags: TagRow[];
  zones: ZoneRow[];
  halls: HallRow[];
  sectors: SectorRow[];
  seats: SeatRow[];
  standingAreas: StandingAreaRow[];
  events: EventRow[];
  eventTags: Array<{ event_id: number; tag_id: number }>;
  categories: CategoryRow[];
  sessions: SessionRow[];
  prices: PriceRow[];
  subscriptionItems: SubscriptionItemRow[];
  checkboxes: CheckboxRow[];
  rules: RulesRow[];
};

const all = async <T>(tx: Queryable, sql: string, params: unknown[] = []): Promise<T[]> => (await tx.query<T>(sql, params)).rows;

export type EventRows = Pick<CatalogRows, 'events' | 'eventTags' | 'categories' | 'sessions' | 'prices' | 'subscriptionItems'>;

/** Events with everything of theirs: all of them (null), or the listed ones. */
export async function readEventRows(tx: Queryable, eventIds: number[] | null): Promise<EventRows> {
  const only = eventIds === null ? '' : 'where event_id = any($1::int[])';
  const params = eventIds === null ? [] : [eventIds];
  return {
    events: await all(
      tx,
      `select id, hash, kind_id, main_menu_id, sub_menu_id, venue_id, hall_id, sortnum, name, description, description_url, note, notice,
      location, image_url, age_from, sale_starts_at, is_free, is_subscription, show_ticket_count, show_quant, price_rows, order_limit, group_limit,
      named_tickets, need_age, need_middle_name, need_document, need_country, need_region, use_pushkin_card, registry_event_id, use_ordinary_card,
      use_seat_map, ticket_type, allow_return, refund_policy, refund_service_fee, return_hours_before, reserve_minutes, entry_before_minutes,
      entry_after_minutes, self_exchange_hours_before, is_published
      from events ${eventIds === null ? '' : 'where id = any($1::int[])'} order by id`,
      params,
    ),
    eventTags: await all(tx, `select event_id, tag_id from event_tags ${only} order by event_id, tag_id`, params),
    categories: await all(tx, `select id, event_id, sortnum, name, description, concession from categories ${only} order by id`, params),
    sessions: await all(
      tx,
      `select id, event_id, starts_at, has_time, capacity, group_capacity, sold_outside, is_cancelled from sessions ${only} order by id`,
      params,
    ),
    prices: await all(
      tx,
      `select id, event_id, session_id, category_id, zone_id, amount, service_fee, service_fee_kind, min_quantity, group_passes, pushkin,
      for_subscription, quantity_limit, sortnum from prices ${only} order by id`,
      params,
    ),
    subscriptionItems: await all(
      tx,
      `select subscription_event_id, event_id, sortnum, starts_at from subscription_items
      ${eventIds === null ? '' : 'where subscription_event_id = any($1::int[])'} order by subscription_event_id, event_id`,
      params,
    ),
  };
}

const SIMPLE_READS = {
  kinds: 'select id, type_id, sortnum, name, column_count, row_count, show_filter_calendar, show_attribute from kinds order by id',
  mainMenus: 'select id, kind_id, sortnum, name, show_image, image_url from main_menus order by id',
  subMenus: 'select id, main_menu_id, sortnum, name, image_url from sub_menus order by id',
  venues: 'select id, name, address, map_url from venues order by id',
  tags: 'select id, name from tags order by id',
  checkboxes: 'select id, scope, event_id, sortnum, name, url, required, consent from checkboxes order by id',
  rules: 'select id, slug, sortnum, name, url, body from rules_documents order by id',
  zones: 'select id, hall_id, name, level_name, description, color from zones where hall_id is null order by id',
} as const;

/** The rows of one table of entries without children of their own. */
export async function readSimpleRows<K extends keyof typeof SIMPLE_READS>(tx: Queryable, kind: K): Promise<CatalogRows[K]> {
  return (await tx.query(SIMPLE_READS[kind])).rows as CatalogRows[K];
}

/** Every catalog table, read inside one transaction so the export is one consistent state. */
export async function readCatalogRows(tx: Queryable): Promise<CatalogRows> {
  const setup = await tx.query<{ data: unknown }>('select data from setup where id = 1');
  return {
    setup: setup.rows[0]?.data,
    kinds: await readSimpleRows(tx, 'kinds'),
    mainMenus: await readSimpleRows(tx, 'mainMenus'),
    subMenus: await readSimpleRows(tx, 'subMenus'),
    venues: await readSimpleRows(tx, 'venues'),
    tags: await readSimpleRows(tx, 'tags'),
    zones: await all(tx, 'select id, hall_id, name, level_name, description, color from zones order by id'),
    halls: await all(tx, 'select id, venue_id, name, width, height, stage from halls order by id'),
    sectors: await all(tx, 'select id, hall_id, name, sortnum from hall_sectors order by id'),
    seats: await all(tx, 'select id, sector_id, zone_id, row_label, seat_label, x, y from hall_seats order by sector_id, id'),
    standingAreas: await all(tx, 'select id, hall_id, zone_id, name, capacity, x, y, width, height from standing_areas order by id'),
    ...(await readEventRows(tx, null)),
    checkboxes: await readSimpleRows(tx, 'checkboxes'),
    rules: await readSimpleRows(tx, 'rules'),
  };
}

import type { CatalogConcession } from '../../contract/catalog-file.ts';
import type { Queryable } from '../db/client.ts';

type Json = Record<string, string>;

export type EventRow = {
  id: number;
  hash: string;
  name: Json;
  note: Json;
  notice: Json;
  location: Json;
  description_url: Json;
  /** The venue's HTML description. */
  description: Json;
  image_url: Json;
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
  use_pushkin_card: boolean;
  use_ordinary_card: boolean;
  use_seat_map: boolean;
  reserve_minutes: number;
  venue_name: Json;
};

/** The columns of an EventRow, from `events e join venues v` (also read by server/quantity-order). */
export const EVENT_COLUMNS = `e.id, e.hash, e.name, e.note, e.notice, e.location, e.description_url, e.description, e.image_url,
  e.age_from, e.sale_starts_at,
  e.is_free, e.is_subscription, e.show_ticket_count, e.show_quant, e.price_rows, e.order_limit,
  e.group_limit, e.named_tickets, e.use_pushkin_card, e.use_ordinary_card, e.use_seat_map,
  e.reserve_minutes, v.name as venue_name`;

export async function findEventByHash(db: Queryable, hash: string): Promise<EventRow | undefined> {
  const { rows } = await db.query<EventRow>(
    `select ${EVENT_COLUMNS}
       from events e join venues v on v.id = e.venue_id
      where e.hash = $1 and e.is_published`,
    [hash],
  );
  return rows[0];
}

/**
 * A session is on sale while it has not started; a whole-day session (no time) stays on sale
 * until its day ends in the venue's time zone. ($1 now, $2 time zone.)
 */
export const ON_SALE = `not s.is_cancelled and (
  (s.has_time and s.starts_at > $1::timestamptz)
  or (not s.has_time and (s.starts_at at time zone $2)::date >= ($1::timestamptz at time zone $2)::date)
)`;

export type SessionRow = {
  id: number;
  day: string;
  time: string;
  remaining: number;
  group_remaining: number;
};

export const SESSION_COLUMNS = `s.id, to_char(s.starts_at at time zone $2, 'DD.MM.YYYY') as day,
  case when s.has_time then to_char(s.starts_at at time zone $2, 'HH24:MI') else '00:00' end as time,
  s.remaining, s.group_remaining`;

/**
 * Every session of an event that is not cancelled, with its date and time in the venue's zone and
 * the instant it stops being on sale: its start, or for a whole-day session (no time) the end of
 * its day in that zone (the rule of ON_SALE above, applied per call to a cached list).
 */
export type EventSessionRow = { id: number; day: string; time: string; on_sale_until: Date };

export async function findEventSessions(db: Queryable, eventId: number, tz: string): Promise<EventSessionRow[]> {
  const { rows } = await db.query<EventSessionRow>(
    `select s.id, to_char(s.starts_at at time zone $1, 'DD.MM.YYYY') as day,
            case when s.has_time then to_char(s.starts_at at time zone $1, 'HH24:MI') else '00:00' end as time,
            case when s.has_time then s.starts_at
                 else (date_trunc('day', s.starts_at at time zone $1) + interval '1 day') at time zone $1 end as on_sale_until
       from sessions s
      where s.event_id = $2 and not s.is_cancelled
      order by s.starts_at, s.id`,
    [tz, eventId],
  );
  return rows;
}

/** What moves with every order: the places left of a session and of its prices (price_stock). */
export type SessionStockRow = { id: number; remaining: number; group_remaining: number; prices: [number, number][] };

/**
 * The places left of some sessions as JSON text, `[[id, remaining, group_remaining,
 * [[price_id, remaining], …]], …]` in session id order: text, so that the caller can tell an
 * unchanged stock by comparing strings and reuse the answer it built from it.
 */
const SESSION_STOCK_TEXT = `coalesce((select json_agg(json_build_array(s.id, s.remaining, s.group_remaining,
      coalesce((select json_agg(json_build_array(ps.price_id, ps.remaining) order by ps.price_id)
                  from price_stock ps where ps.session_id = s.id), '[]'::json)) order by s.id)
    from sessions s where s.id = any($1::int[])), '[]'::json)::text`;

export async function findSessionStockText(db: Queryable, sessionIds: readonly number[]): Promise<string> {
  if (sessionIds.length === 0) return '[]';
  const { rows } = await db.query<{ stock: string }>(`select ${SESSION_STOCK_TEXT} as stock`, [sessionIds]);
  return rows[0]?.stock ?? '[]';
}

/**
 * findSessionStockText and the catalog version (server/catalog/catalog-version.ts) in one
 * statement, so both come from one snapshot in one round trip.
 */
export async function findSessionStockTextAndVersion(
  db: Queryable,
  sessionIds: readonly number[],
): Promise<{ version: number; stock: string }> {
  const { rows } = await db.query<{ version: number | null; stock: string }>(
    `select (select version from catalog_version where id = 1) as version, ${SESSION_STOCK_TEXT} as stock`,
    [sessionIds],
  );
  return { version: Number(rows[0]?.version ?? 0), stock: rows[0]?.stock ?? '[]' };
}

/** The rows of findSessionStockText's text. */
export function parseSessionStock(text: string): SessionStockRow[] {
  const rows = JSON.parse(text) as [number, number, number, [number, number][]][];
  return rows.map(([id, remaining, group_remaining, prices]) => ({ id, remaining, group_remaining, prices }));
}

export type PriceRow = {
  id: number;
  session_id: number | null;
  category_id: number;
  zone_id: number | null;
  amount: number;
  service_fee: number;
  service_fee_kind: 1 | 2;
  min_quantity: number;
  group_passes: number;
  pushkin: 0 | 1 | 2;
  for_subscription: boolean;
  quantity_limit: number | null;
  category_name: Json;
  category_description: Json;
  /** The category's concession (contract/concession-rules.ts); null: an ordinary category. */
  category_concession: CatalogConcession | null;
  zone_color: string | null;
  zone_name: Json | null;
  zone_level_name: Json | null;
  zone_description: Json | null;
};

export async function findPrices(db: Queryable, eventId: number): Promise<PriceRow[]> {
  const { rows } = await db.query<PriceRow>(
    `select p.id, p.session_id, p.category_id, p.zone_id, p.amount, p.service_fee, p.service_fee_kind,
            p.min_quantity, p.group_passes, p.pushkin, p.for_subscription, p.quantity_limit,
            c.name as category_name, c.description as category_description, c.concession as category_concession,
            z.color as zone_color, z.name as zone_name, z.level_name as zone_level_name, z.description as zone_description
       from prices p
       join categories c on c.id = p.category_id
       left join zones z on z.id = p.zone_id
      where p.event_id = $1
      order by c.sortnum, p.sortnum, p.id`,
    [eventId],
  );
  return rows;
}

export type CompositionRow = { name: Json; location: Json; address: Json; day: string | null; time: string | null };

/** The events a subscription gives entry to, with their venue and date when one is fixed. */
export async function findComposition(db: Queryable, subscriptionEventId: number, tz: string): Promise<CompositionRow[]> {
  const { rows } = await db.query<CompositionRow>(
    `select e.name, coalesce(nullif(e.location, '{}'::jsonb), v.name) as location, v.address,
            to_char(i.starts_at at time zone $2, 'DD.MM.YYYY') as day,
            to_char(i.starts_at at time zone $2, 'HH24:MI') as time
       from subscription_items i
       join events e on e.id = i.event_id
       join venues v on v.id = e.venue_id
      where i.subscription_event_id = $1
      order by i.sortnum, i.starts_at nulls last, e.id`,
    [subscriptionEventId, tz],
  );
  return rows;
}

export type CheckboxRow = { id: number; name: Json; url: Json; required: boolean; consent: string | null };

/**
 * The checkboxes of one form, the event's own and those of every event: 'order' the extra
 * checkboxes of the order forms, 'nominal' the consents of the named-ticket page.
 */
export async function findCheckboxes(db: Queryable, scope: 'order' | 'nominal', eventId: number): Promise<CheckboxRow[]> {
  const { rows } = await db.query<CheckboxRow>(
    `select id, name, url, required, consent from checkboxes
      where scope = $1 and (event_id = $2 or event_id is null)
      order by sortnum, id`,
    [scope, eventId],
  );
  return rows;
}

/** The stock triggers announce changes only in a session that set storefront.stock_notify: this one does. */
export async function enableStockNotify(db: Queryable): Promise<void> {
  await db.query("select set_config('storefront.stock_notify', 'on', false)");
}

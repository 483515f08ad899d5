import type { Queryable } from '../db/client.ts';

type Texts = Record<string, string | undefined>;

export type SeoEventRow = {
  id: number;
  hash: string;
  name: Texts;
  description: Texts;
  imageUrl: Texts;
  isFree: boolean;
  isSubscription: boolean;
  useSeatMap: boolean;
  saleStartsAt: Date | null;
  venueName: Texts;
  venueAddress: Texts;
};

export type SeoSessionRow = {
  id: number;
  eventId: number;
  startsAt: Date;
  hasTime: boolean;
  remaining: number;
};

export type SeoPriceRow = {
  eventId: number;
  sessionId: number | null;
  amount: number;
  categoryName: Texts;
};

const EVENT_COLUMNS = `e.id, e.hash, e.name, e.description, e.image_url, e.is_free, e.is_subscription, e.use_seat_map,
  e.sale_starts_at, v.name as venue_name, v.address as venue_address`;

type EventDbRow = {
  id: number;
  hash: string;
  name: Texts;
  description: Texts;
  image_url: Texts;
  is_free: boolean;
  is_subscription: boolean;
  use_seat_map: boolean;
  sale_starts_at: Date | null;
  venue_name: Texts;
  venue_address: Texts;
};

const toEvent = (row: EventDbRow): SeoEventRow => ({
  id: row.id,
  hash: row.hash,
  name: row.name,
  description: row.description,
  imageUrl: row.image_url,
  isFree: row.is_free,
  isSubscription: row.is_subscription,
  useSeatMap: row.use_seat_map,
  saleStartsAt: row.sale_starts_at,
  venueName: row.venue_name,
  venueAddress: row.venue_address,
});

export async function findPublishedEventByHash(db: Queryable, hash: string): Promise<SeoEventRow | undefined> {
  const { rows } = await db.query<EventDbRow>(
    `select ${EVENT_COLUMNS} from events e join venues v on v.id = e.venue_id where e.hash = $1 and e.is_published`,
    [hash],
  );
  return rows[0] && toEvent(rows[0]);
}

/** Published events with a session still to come, in the listing's order. */
export async function findUpcomingEvents(db: Queryable, now: Date, limit: number): Promise<SeoEventRow[]> {
  const { rows } = await db.query<EventDbRow>(
    `select ${EVENT_COLUMNS}
       from events e join venues v on v.id = e.venue_id
      where e.is_published
        and exists (select 1 from sessions s where s.event_id = e.id and not s.is_cancelled and s.starts_at >= $1)
      order by e.sortnum, e.id
      limit $2`,
    [now, limit],
  );
  return rows.map(toEvent);
}

/**
 * Events on sale: published, sales begun, and a session still to come with places left. These
 * are what the sitemap lists.
 */
export async function findEventsOnSale(db: Queryable, now: Date): Promise<{ hash: string; useSeatMap: boolean }[]> {
  const { rows } = await db.query<{ hash: string; use_seat_map: boolean }>(
    `select e.hash, e.use_seat_map
       from events e
      where e.is_published
        and (e.sale_starts_at is null or e.sale_starts_at <= $1)
        and exists (select 1 from sessions s
                     where s.event_id = e.id and not s.is_cancelled and s.starts_at >= $1 and s.remaining > 0)
      order by e.sortnum, e.id`,
    [now],
  );
  return rows.map((r) => ({ hash: r.hash, useSeatMap: r.use_seat_map }));
}

/** Sessions still to come of the given events, earliest first, at most perEvent for each. */
export async function findUpcomingSessions(
  db: Queryable,
  eventIds: readonly number[],
  now: Date,
  perEvent: number,
): Promise<SeoSessionRow[]> {
  if (eventIds.length === 0) return [];
  const { rows } = await db.query<{ id: number; event_id: number; starts_at: Date; has_time: boolean; remaining: number }>(
    `select id, event_id, starts_at, has_time, remaining
       from (select s.*, row_number() over (partition by s.event_id order by s.starts_at, s.id) as n
               from sessions s
              where s.event_id = any($1::int[]) and not s.is_cancelled and s.starts_at >= $2) ranked
      where n <= $3
      order by event_id, starts_at, id`,
    [eventIds, now, perEvent],
  );
  return rows.map((r) => ({ id: r.id, eventId: r.event_id, startsAt: r.starts_at, hasTime: r.has_time, remaining: r.remaining }));
}

/** Ticket prices (not subscription-holder prices) of the given events. */
export async function findTicketPrices(db: Queryable, eventIds: readonly number[]): Promise<SeoPriceRow[]> {
  if (eventIds.length === 0) return [];
  const { rows } = await db.query<{ event_id: number; session_id: number | null; amount: number; category_name: Texts }>(
    `select p.event_id, p.session_id, p.amount, c.name as category_name
       from prices p join categories c on c.id = p.category_id
      where p.event_id = any($1::int[]) and not p.for_subscription
      order by p.event_id, p.sortnum, p.id`,
    [eventIds],
  );
  return rows.map((r) => ({ eventId: r.event_id, sessionId: r.session_id, amount: r.amount, categoryName: r.category_name }));
}

export async function findRulesSlugs(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ slug: string }>('select slug from rules_documents order by sortnum, id');
  return rows.map((r) => r.slug);
}

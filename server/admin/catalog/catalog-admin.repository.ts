import type { EntryUser } from './entry-uses.ts';
import type { Queryable } from '../../db/client.ts';

/** The tables a back office editor saves as one entry, each with a revision (migrations 0940, 0980, 0990). */
export type RevisedTable =
  | 'events'
  | 'kinds'
  | 'main_menus'
  | 'sub_menus'
  | 'venues'
  | 'tags'
  | 'checkboxes'
  | 'rules_documents'
  | 'halls'
  | 'zones'
  | 'special_offers'
  | 'promo_codes'
  | 'loyalty_cards';

export type RevisionRow = { revision: number; updated_at: Date | null; updated_by_name: string | null };

/**
 * The entry's revision and who saved it last, its row locked until the transaction ends: a
 * second save of the same entry waits here, then finds the revision the first one moved.
 */
export async function lockRevision(tx: Queryable, table: RevisedTable, id: number): Promise<RevisionRow | undefined> {
  const { rows } = await tx.query<RevisionRow>(
    `select t.revision, t.updated_at, s.name as updated_by_name
     from ${table} t left join staff s on s.id = t.updated_by where t.id = $1 for update of t`,
    [id],
  );
  return rows[0];
}

/** The same, read without a lock: for a form being loaded. */
export async function findRevision(q: Queryable, table: RevisedTable, id: number): Promise<RevisionRow | undefined> {
  const { rows } = await q.query<RevisionRow>(
    `select t.revision, t.updated_at, s.name as updated_by_name from ${table} t left join staff s on s.id = t.updated_by where t.id = $1`,
    [id],
  );
  return rows[0];
}

/** Names the member who saved the entry (the import, which moved the revision, left it null). */
export async function stampEditor(tx: Queryable, table: RevisedTable, id: number, staffId: number, at: Date): Promise<number> {
  const { rows } = await tx.query<{ revision: number }>(
    `update ${table} set updated_by = $2, updated_at = $3 where id = $1 returning revision`,
    [id, staffId, at],
  );
  return rows[0]?.revision ?? 0;
}

/** The next free id of each table a new event, session, category or price goes into. */
export async function nextIds(tx: Queryable): Promise<Record<'events' | 'sessions' | 'categories' | 'prices', number>> {
  const { rows } = await tx.query<{ events: number; sessions: number; categories: number; prices: number }>(
    `select (select coalesce(max(id), 0) + 1 from events) as events, (select coalesce(max(id), 0) + 1 from sessions) as sessions,
            (select coalesce(max(id), 0) + 1 from categories) as categories, (select coalesce(max(id), 0) + 1 from prices) as prices`,
  );
  const row = rows[0];
  return {
    events: Number(row?.events ?? 1),
    sessions: Number(row?.sessions ?? 1),
    categories: Number(row?.categories ?? 1),
    prices: Number(row?.prices ?? 1),
  };
}

/** Event hashes that start with the base, to make a new one unique. */
export async function hashesStartingWith(tx: Queryable, base: string): Promise<Set<string>> {
  const { rows } = await tx.query<{ hash: string }>(`select hash from events where hash = $1 or hash like $2`, [
    base,
    `${base.replace(/[\\%_]/g, '\\$&')}-%`,
  ]);
  return new Set(rows.map((r) => r.hash));
}

export type EventListRow = {
  id: number;
  hash: string;
  name: { ru: string };
  kind_id: number;
  is_published: boolean;
  session_count: number;
  next_session: Date | null;
  revision: number;
};

/** Events for the back office's list: by name (any language) or hash, kind, published or not. */
export async function findEvents(
  q: Queryable,
  filter: { q?: string | undefined; kindId?: number | undefined; published: 'all' | 'published' | 'unpublished'; now: Date },
): Promise<EventListRow[]> {
  const where: string[] = [];
  const params: unknown[] = [filter.now];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replaceAll('$?', `$${params.length}`));
  };
  if (filter.q)
    add(
      `(e.hash ilike $? or exists (select 1 from jsonb_each_text(e.name) n where n.value ilike $?))`,
      `%${filter.q.replace(/[\\%_]/g, '\\$&')}%`,
    );
  if (filter.kindId !== undefined) add('e.kind_id = $?', filter.kindId);
  if (filter.published !== 'all') add('e.is_published = $?', filter.published === 'published');
  const { rows } = await q.query<EventListRow>(
    `select e.id, e.hash, e.name, e.kind_id, e.is_published, e.revision,
       (select count(*)::int from sessions s where s.event_id = e.id) as session_count,
       (select min(s.starts_at) from sessions s where s.event_id = e.id and s.starts_at >= $1 and not s.is_cancelled) as next_session
     from events e ${where.length ? `where ${where.join(' and ')}` : ''}
     order by e.sortnum, e.id limit 500`,
    params,
  );
  return rows;
}

export type EventUsage = { sessions: number[]; prices: number[]; categories: number[]; taken: Record<string, number>; hasOrders: boolean };

/** What orders pin down of an event: the sessions, prices and categories they use, places taken. */
export async function findEventUsage(q: Queryable, eventId: number): Promise<EventUsage> {
  const used = await q.query<{ session_ids: number[] | null; price_ids: number[] | null; category_ids: number[] | null }>(
    `select array_agg(distinct l.session_id) as session_ids, array_agg(distinct l.price_id) as price_ids, array_agg(distinct l.category_id) as category_ids
     from order_lines l join sessions s on s.id = l.session_id where s.event_id = $1`,
    [eventId],
  );
  // Blocked seats took places from remaining (migration 1010) but are neither sold nor held.
  const taken = await q.query<{ id: number; places: number }>(
    'select s.id, s.capacity - s.remaining - s.sold_outside - (select count(*) from seat_blocks b where b.session_id = s.id)::int as places from sessions s where s.event_id = $1',
    [eventId],
  );
  const orders = await q.query<{ any: boolean }>(
    'select exists (select 1 from orders where event_id = $1) or exists (select 1 from order_lines where subscription_event_id = $1) as any',
    [eventId],
  );
  const row = used.rows[0];
  const list = (ids: Array<number | null> | null | undefined) => (ids ?? []).filter((id): id is number => id !== null);
  return {
    sessions: list(row?.session_ids),
    prices: list(row?.price_ids),
    categories: list(row?.category_ids),
    taken: Object.fromEntries(taken.rows.map((r) => [String(r.id), Number(r.places)])),
    hasOrders: orders.rows[0]?.any === true || list(row?.session_ids).length > 0,
  };
}

/** Subscriptions whose composition lists the event. */
export async function findSubscriptionsOf(q: Queryable, eventId: number): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>('select subscription_event_id as id from subscription_items where event_id = $1', [
    eventId,
  ]);
  return rows.map((r) => r.id);
}

/** Deletes an event with its own children (sessions, prices, categories, tags, stock cascade). */
export async function deleteEventRow(tx: Queryable, eventId: number): Promise<void> {
  await tx.query('delete from events where id = $1', [eventId]);
}

export async function bumpCatalogVersion(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ version: number }>('update catalog_version set version = version + 1 where id = 1 returning version');
  return Number(rows[0]?.version ?? 0);
}

export async function readCatalogVersionIn(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ version: number }>('select version from catalog_version where id = 1');
  return Number(rows[0]?.version ?? 0);
}

type Named = { id: number; name: { ru: string } };

/** What an event's form chooses from. */
export async function findEventOptions(q: Queryable) {
  const all = async <T>(sql: string) => (await q.query<T>(sql)).rows;
  return {
    kinds: await all<Named>('select id, name from kinds order by sortnum, id'),
    mainMenus: await all<Named & { kindId: number }>('select id, name, kind_id as "kindId" from main_menus order by sortnum, id'),
    subMenus: await all<Named & { mainMenuId: number }>(
      'select id, name, main_menu_id as "mainMenuId" from sub_menus order by sortnum, id',
    ),
    venues: await all<Named>('select id, name from venues order by id'),
    halls: await all<Named & { venueId: number }>('select id, name, venue_id as "venueId" from halls order by id'),
    tags: await all<Named>('select id, name from tags order by id'),
    zones: await all<Named & { hallId: number | null }>('select id, name, hall_id as "hallId" from zones order by id'),
  };
}

/** The next free id of a table of entries without children of their own. */
export async function nextEntryId(tx: Queryable, table: RevisedTable): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(`select coalesce(max(id), 0) + 1 as id from ${table}`);
  return Number(rows[0]?.id ?? 1);
}

/** A zone edited on its own: one without a hall (a hall's zones are edited with their hall). */
export async function isLooseZone(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query<{ loose: boolean }>('select hall_id is null as loose from zones where id = $1', [id]);
  return rows[0]?.loose === true;
}

export type EntryUserRow = { what: EntryUser; count: number; names: Array<{ ru: string }> };

/** How many rows match, and the names of the first few by id: `rows` selects id and name. */
const namedUsers = (rows: string) => `select count(*)::int as count,
  coalesce(jsonb_agg(x.name order by x.id) filter (where x.n <= 5), '[]'::jsonb) as names
  from (select r.id, r.name, row_number() over (order by r.id) as n from (${rows}) r) x`;

const eventsWhere = (condition: string) => namedUsers(`select e.id, e.name from events e where ${condition}`);

/**
 * What still refers to an entry that a manager wants to delete, per table: events (and halls, menus
 * or checkboxes) by name, orders by number. Orders keep only the ids of the checkboxes they ticked,
 * so a checkbox they answered stays; a rules document stays while a checkbox or the setup links to its page.
 */
const USERS: Record<
  Exclude<RevisedTable, 'events' | 'halls' | 'special_offers' | 'promo_codes' | 'loyalty_cards'>,
  Array<[EntryUser, string]>
> = {
  kinds: [
    ['events', eventsWhere('e.kind_id = $1')],
    ['mainMenus', namedUsers('select m.id, m.name from main_menus m where m.kind_id = $1')],
  ],
  main_menus: [
    ['events', eventsWhere('e.main_menu_id = $1')],
    ['subMenus', namedUsers('select m.id, m.name from sub_menus m where m.main_menu_id = $1')],
  ],
  sub_menus: [['events', eventsWhere('e.sub_menu_id = $1')]],
  venues: [
    ['events', eventsWhere('e.venue_id = $1')],
    ['halls', namedUsers('select h.id, h.name from halls h where h.venue_id = $1')],
  ],
  tags: [['events', eventsWhere('exists (select 1 from event_tags t where t.event_id = e.id and t.tag_id = $1)')]],
  checkboxes: [
    [
      'orders',
      `select count(*)::int as count, '[]'::jsonb as names from orders o where o.checkboxes @> jsonb_build_array(jsonb_build_object('id', $1::int))`,
    ],
  ],
  rules_documents: [
    [
      'checkboxes',
      namedUsers(`select c.id, c.name from checkboxes c, rules_documents d
      where d.id = $1 and exists (select 1 from jsonb_each_text(c.url) u where u.value = '/rules/' || d.slug or u.value like '%/rules/' || d.slug)`),
    ],
    // The setup's links (the footer's documents, the order form's terms) name the page by its address.
    [
      'setup',
      `select count(*)::int as count, '[]'::jsonb as names from setup s, rules_documents d where d.id = $1 and s.data::text like '%/rules/' || d.slug || '"%'`,
    ],
  ],
  zones: [
    ['events', eventsWhere('exists (select 1 from prices p where p.event_id = e.id and p.zone_id = $1)')],
    ['orders', `select count(distinct l.order_id)::int as count, '[]'::jsonb as names from order_lines l where l.zone_id = $1`],
  ],
};

export async function findEntryUsers(q: Queryable, table: keyof typeof USERS, id: number): Promise<EntryUserRow[]> {
  const out: EntryUserRow[] = [];
  for (const [what, sql] of USERS[table]) {
    const { rows } = await q.query<{ count: number; names: Array<{ ru: string }> }>(sql, [id]);
    const row = rows[0];
    if (row && row.count > 0) out.push({ what, count: Number(row.count), names: row.names });
  }
  return out;
}

/** Deletes an entry without children of its own (findEntryUsers found nothing that refers to it). */
export async function deleteEntryRow(tx: Queryable, table: keyof typeof USERS, id: number): Promise<void> {
  await tx.query(`delete from ${table} where id = $1`, [id]);
}

import type { Queryable } from '../db/client.ts';
import type { ExistingCatalog, PreparedCatalog } from './check-catalog.ts';

type IdRow = { id: number };
type OwnedRow = { id: number; owner: number };

async function ids(tx: Queryable, sql: string, params: unknown[] = []): Promise<Set<number>> {
  const { rows } = await tx.query<IdRow>(sql, params);
  return new Set(rows.map((r) => r.id));
}

async function owned(tx: Queryable, sql: string, params: unknown[] = []): Promise<Map<number, number>> {
  const { rows } = await tx.query<OwnedRow>(sql, params);
  return new Map(rows.map((r) => [r.id, r.owner]));
}

/** The ids the file gives to each kind of child, to look up who owns them in the database. */
function childIds({ file, seats }: PreparedCatalog) {
  return {
    sectors: file.halls.flatMap((h) => h.sectors.map((s) => s.id)),
    seats: [...seats.values()].flatMap((list) => list.map((s) => s.id)),
    standingAreas: file.halls.flatMap((h) => h.standingAreas.map((a) => a.id)),
    categories: file.events.flatMap((e) => e.categories.map((c) => c.id)),
    sessions: file.events.flatMap((e) => e.sessions.map((s) => s.id)),
    prices: file.events.flatMap((e) => e.prices.map((p) => p.id)),
  };
}

async function loadOwners(tx: Queryable, prepared: PreparedCatalog): Promise<ExistingCatalog['owners']> {
  const wanted = childIds(prepared);
  return {
    sectors: await owned(tx, 'select id, hall_id as owner from hall_sectors where id = any($1::int[])', [wanted.sectors]),
    seats: await owned(tx, 'select id, hall_id as owner from hall_seats where id = any($1::int[])', [wanted.seats]),
    standingAreas: await owned(tx, 'select id, hall_id as owner from standing_areas where id = any($1::int[])', [wanted.standingAreas]),
    categories: await owned(tx, 'select id, event_id as owner from categories where id = any($1::int[])', [wanted.categories]),
    sessions: await owned(tx, 'select id, event_id as owner from sessions where id = any($1::int[])', [wanted.sessions]),
    prices: await owned(tx, 'select id, event_id as owner from prices where id = any($1::int[])', [wanted.prices]),
  };
}

/**
 * Seats blocked for each of the file's sessions that stay blocked after the import: the seat is
 * still in the hall the file gives the session's event (a hall the file replaces keeps only the
 * seats it lists; the import gives the others' places back, releaseBlocksLeftOut).
 */
async function loadBlockedKept(tx: Queryable, { file, seats }: PreparedCatalog, sessionIds: number[]): Promise<Map<number, number>> {
  const { rows } = await tx.query<{ session_id: number; seat_id: number; hall_id: number }>(
    `select b.session_id, b.seat_id, hs.hall_id from seat_blocks b join hall_seats hs on hs.id = b.seat_id where b.session_id = any($1::int[])`,
    [sessionIds],
  );
  const hallOfSession = new Map(file.events.flatMap((e) => e.sessions.map((s) => [s.id, e.hallId] as const)));
  const kept = new Map([...seats].map(([hallId, list]) => [hallId, new Set(list.map((s) => s.id))]));
  const blocked = new Map<number, number>();
  for (const row of rows) {
    if (hallOfSession.get(row.session_id) !== row.hall_id) continue;
    const hallSeats = kept.get(row.hall_id);
    if (hallSeats && !hallSeats.has(row.seat_id)) continue;
    blocked.set(row.session_id, (blocked.get(row.session_id) ?? 0) + 1);
  }
  return blocked;
}

/** What the storefront already took from the stock the file is about to change. */
async function loadTaken(tx: Queryable, prepared: PreparedCatalog) {
  const wanted = childIds(prepared);
  // A blocked seat took a place from remaining (migration 1010) but is neither sold nor held.
  const sessions = await tx.query<{ id: number; places: number; groups: number }>(
    `select s.id, s.capacity - s.remaining - s.sold_outside - (select count(*) from seat_blocks b where b.session_id = s.id)::int as places,
       s.group_capacity - s.group_remaining as groups
     from sessions s where s.id = any($1::int[])`,
    [wanted.sessions],
  );
  const blocked = await loadBlockedKept(tx, prepared, wanted.sessions);
  // A limit applies per session, so the busiest session is the one a lower limit must still fit.
  const prices = await owned(
    tx,
    `select p.id, max(p.quantity_limit - s.remaining) as owner
     from price_stock s join prices p on p.id = s.price_id
     where p.id = any($1::int[]) and p.quantity_limit is not null group by p.id`,
    [wanted.prices],
  );
  const standing = await owned(
    tx,
    `select a.id, max(a.capacity - s.remaining) as owner
     from standing_stock s join standing_areas a on a.id = s.standing_area_id
     where a.id = any($1::int[]) group by a.id`,
    [wanted.standingAreas],
  );
  return {
    sessionTaken: new Map(sessions.rows.map((r) => [r.id, { places: r.places, groups: r.groups, blocked: blocked.get(r.id) ?? 0 }])),
    priceTaken: prices,
    standingTaken: standing,
  };
}

/**
 * Children of a hall or event that the file leaves out are removed on import, unless an order
 * (or, for a zone, another event's price) still uses them: those are reported instead.
 */
async function loadRemovalsInUse(tx: Queryable, { file, seats }: PreparedCatalog): Promise<ExistingCatalog['removalsInUse']> {
  const out: ExistingCatalog['removalsInUse'] = [];
  const eventIds = file.events.map((e) => e.id);
  for (const event of file.events) {
    const checks: Array<[string, string, number[]]> = [
      [
        'session',
        'select distinct l.session_id as id from order_lines l join sessions s on s.id = l.session_id where s.event_id = $1 and not (s.id = any($2::int[]))',
        event.sessions.map((s) => s.id),
      ],
      [
        'price',
        'select distinct l.price_id as id from order_lines l join prices p on p.id = l.price_id where p.event_id = $1 and not (p.id = any($2::int[]))',
        event.prices.map((p) => p.id),
      ],
      [
        'category',
        'select distinct l.category_id as id from order_lines l join categories c on c.id = l.category_id where c.event_id = $1 and not (c.id = any($2::int[]))',
        event.categories.map((c) => c.id),
      ],
    ];
    for (const [what, sql, keep] of checks) {
      for (const id of await ids(tx, sql, [event.id, keep])) {
        out.push({
          collection: 'events',
          ownerId: event.id,
          what: `${what} ${id} is missing from the file but has orders; keep it in the file${what === 'session' ? ' (isCancelled: true stops its sales)' : ''}`,
          params: { what, id },
        });
      }
    }
  }
  for (const hall of file.halls) {
    const keepSeats = (seats.get(hall.id) ?? []).map((s) => s.id);
    const seatsInUse = await ids(
      tx,
      'select distinct l.seat_id as id from order_lines l join hall_seats s on s.id = l.seat_id where s.hall_id = $1 and not (s.id = any($2::int[]))',
      [hall.id, keepSeats],
    );
    for (const id of seatsInUse)
      out.push({
        collection: 'halls',
        ownerId: hall.id,
        what: `seat ${id} is missing from the file but has orders`,
        params: { what: 'seat', id },
      });
    const areasInUse = await ids(
      tx,
      'select distinct l.standing_area_id as id from order_lines l join standing_areas a on a.id = l.standing_area_id where a.hall_id = $1 and not (a.id = any($2::int[]))',
      [hall.id, hall.standingAreas.map((a) => a.id)],
    );
    for (const id of areasInUse)
      out.push({
        collection: 'halls',
        ownerId: hall.id,
        what: `standing area ${id} is missing from the file but has orders`,
        params: { what: 'standing-area', id },
      });
    const zonesInUse = await ids(
      tx,
      `select z.id from zones z where z.hall_id = $1 and not (z.id = any($2::int[]))
         and (exists (select 1 from order_lines l where l.zone_id = z.id)
              or exists (select 1 from prices p where p.zone_id = z.id and not (p.event_id = any($3::int[]))))`,
      [hall.id, hall.zones.map((z) => z.id), eventIds],
    );
    for (const id of zonesInUse)
      out.push({
        collection: 'halls',
        ownerId: hall.id,
        what: `zone ${id} is missing from the file but orders or other events' prices use it`,
      });
  }
  return out;
}

/**
 * The stored composition of each of the file's subscriptions that orders hold: bought outright
 * (an order of the subscription event) or spent on a visit (a line taken by it).
 */
async function loadSoldCompositions(tx: Queryable, { file }: PreparedCatalog): Promise<ExistingCatalog['soldCompositions']> {
  const { rows } = await tx.query<{ subscription_id: number; event_id: number; name: Record<string, string> }>(
    `select i.subscription_event_id as subscription_id, i.event_id, e.name
       from subscription_items i join events e on e.id = i.event_id
      where i.subscription_event_id = any($1::int[])
        and (exists (select 1 from orders o where o.event_id = i.subscription_event_id)
             or exists (select 1 from order_lines l where l.subscription_event_id = i.subscription_event_id)
             or exists (select 1 from order_lines l join sessions s on s.id = l.session_id where s.event_id = i.subscription_event_id))
      order by i.subscription_event_id, i.sortnum, i.event_id`,
    [file.events.map((e) => e.id)],
  );
  const out: ExistingCatalog['soldCompositions'] = new Map();
  for (const row of rows)
    out.set(row.subscription_id, [...(out.get(row.subscription_id) ?? []), { eventId: row.event_id, name: row.name }]);
  return out;
}

/** Stored subscriptions that list one of the file's subscriptions in their composition. */
async function loadIncludedIn(tx: Queryable, { file }: PreparedCatalog): Promise<ExistingCatalog['includedIn']> {
  const wanted = file.events.filter((e) => e.isSubscription).map((e) => e.id);
  if (wanted.length === 0) return new Map();
  const { rows } = await tx.query<{ event_id: number; id: number; name: Record<string, string> }>(
    `select i.event_id, s.id, s.name from subscription_items i join events s on s.id = i.subscription_event_id
      where i.event_id = any($1::int[]) order by s.id`,
    [wanted],
  );
  const out: ExistingCatalog['includedIn'] = new Map();
  for (const row of rows) out.set(row.event_id, [...(out.get(row.event_id) ?? []), { id: row.id, name: row.name }]);
  return out;
}

/** Session starts of the stored events the file's subscription items name with a visit time. */
async function loadSessionStarts(tx: Queryable, { file }: PreparedCatalog): Promise<Map<number, string[]>> {
  const wanted = file.events.flatMap((e) => e.subscriptionItems.filter((i) => i.startsAt !== undefined).map((i) => i.eventId));
  if (wanted.length === 0) return new Map();
  const { rows } = await tx.query<{ event_id: number; starts_at: Date | string }>(
    'select event_id, starts_at from sessions where event_id = any($1::int[])',
    [wanted],
  );
  const out = new Map<number, string[]>();
  for (const row of rows) out.set(row.event_id, [...(out.get(row.event_id) ?? []), new Date(row.starts_at).toISOString()]);
  return out;
}

/** Reads what a catalog file may refer to or collide with, inside the import's transaction. */
export async function loadExistingCatalog(tx: Queryable, prepared: PreparedCatalog): Promise<ExistingCatalog> {
  const halls = await tx.query<{ id: number; venue_id: number; places: number }>(
    `select h.id, h.venue_id,
       (select count(*) from hall_seats s where s.hall_id = h.id)
       + (select coalesce(sum(a.capacity), 0) from standing_areas a where a.hall_id = h.id) as places
     from halls h`,
  );
  const zones = await tx.query<{ id: number; hall_id: number | null }>('select id, hall_id from zones');
  const events = await tx.query<{ id: number; hash: string; is_subscription: boolean }>('select id, hash, is_subscription from events');
  const rules = await tx.query<{ id: number; slug: string }>('select id, slug from rules_documents');
  return {
    kinds: await ids(tx, 'select id from kinds'),
    mainMenus: await owned(tx, 'select id, kind_id as owner from main_menus'),
    subMenus: await owned(tx, 'select id, main_menu_id as owner from sub_menus'),
    venues: await ids(tx, 'select id from venues'),
    tags: await ids(tx, 'select id from tags'),
    halls: new Map(halls.rows.map((r) => [r.id, { venueId: r.venue_id, places: r.places }])),
    zones: new Map(zones.rows.map((r) => [r.id, r.hall_id])),
    events: new Map(events.rows.map((r) => [r.id, { hash: r.hash, isSubscription: r.is_subscription }])),
    rulesSlugs: new Map(rules.rows.map((r) => [r.slug, r.id])),
    owners: await loadOwners(tx, prepared),
    ...(await loadTaken(tx, prepared)),
    removalsInUse: await loadRemovalsInUse(tx, prepared),
    soldCompositions: await loadSoldCompositions(tx, prepared),
    includedIn: await loadIncludedIn(tx, prepared),
    sessionStarts: await loadSessionStarts(tx, prepared),
  };
}

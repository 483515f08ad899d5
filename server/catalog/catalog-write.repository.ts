import { isOrdinary } from '../../contract/concession-rules.ts';
import type { CatalogEvent, CatalogFile } from '../../contract/catalog-file.ts';
import type { Queryable } from '../db/client.ts';
import type { SeatRecord } from './expand-seats.ts';

type Row = Record<string, unknown>;
/** [column, SQL type] in the order of the table; the first column is the conflict key. */
type Columns = ReadonlyArray<readonly [string, string]>;

// Big enough that a stadium goes in a few statements, small enough for any server's parameter size.
const BATCH = 10_000;

/**
 * Inserts or updates rows by id in a few statements: the rows travel as one jsonb parameter and
 * jsonb_to_recordset turns them into a table. Table and column names are constants of this file.
 */
async function upsert(tx: Queryable, table: string, columns: Columns, rows: Row[], updates: Record<string, string> = {}) {
  const names = columns.map(([name]) => name);
  const set = names.slice(1).map((name) => `${name} = ${updates[name] ?? `excluded.${name}`}`);
  // A back office editor holding the older revision must not overwrite what the import wrote:
  // its save is then refused as stale (server/admin/catalog/revision.ts).
  if (REVISED.has(table)) set.push(`revision = ${table}.revision + 1`, 'updated_at = now()', 'updated_by = null');
  const sql = `insert into ${table} (${names.join(', ')})
    select ${names.join(', ')} from jsonb_to_recordset($1::jsonb) as r(${columns.map(([n, t]) => `${n} ${t}`).join(', ')})
    on conflict (id) do update set ${set.join(', ')}`;
  for (let i = 0; i < rows.length; i += BATCH) await tx.query(sql, [JSON.stringify(rows.slice(i, i + BATCH))]);
}

/** The top-level tables the back office edits, each with a revision (migrations 0940, 0980). */
const REVISED = new Set(['events', 'kinds', 'main_menus', 'sub_menus', 'venues', 'tags', 'checkboxes', 'rules_documents', 'zones']);

const opt = <T>(value: T | undefined): T | null => value ?? null;

async function writeMenus(tx: Queryable, file: CatalogFile) {
  await upsert(
    tx,
    'kinds',
    [
      ['id', 'int'],
      ['type_id', 'int'],
      ['sortnum', 'int'],
      ['name', 'jsonb'],
      ['column_count', 'int'],
      ['row_count', 'int'],
      ['show_filter_calendar', 'boolean'],
      ['show_attribute', 'boolean'],
    ],
    file.kinds.map((k) => ({
      id: k.id,
      type_id: k.typeId,
      sortnum: k.sortnum,
      name: k.name,
      column_count: k.columnCount,
      row_count: k.rowCount,
      show_filter_calendar: k.showFilterCalendar,
      show_attribute: k.showAttribute,
    })),
  );
  await upsert(
    tx,
    'main_menus',
    [
      ['id', 'int'],
      ['kind_id', 'int'],
      ['sortnum', 'int'],
      ['name', 'jsonb'],
      ['show_image', 'boolean'],
      ['image_url', 'text'],
    ],
    file.mainMenus.map((m) => ({
      id: m.id,
      kind_id: m.kindId,
      sortnum: m.sortnum,
      name: m.name,
      show_image: m.showImage,
      image_url: opt(m.imageUrl),
    })),
  );
  await upsert(
    tx,
    'sub_menus',
    [
      ['id', 'int'],
      ['main_menu_id', 'int'],
      ['sortnum', 'int'],
      ['name', 'jsonb'],
      ['image_url', 'text'],
    ],
    file.subMenus.map((m) => ({ id: m.id, main_menu_id: m.mainMenuId, sortnum: m.sortnum, name: m.name, image_url: opt(m.imageUrl) })),
  );
  await upsert(
    tx,
    'venues',
    [
      ['id', 'int'],
      ['name', 'jsonb'],
      ['address', 'jsonb'],
      ['map_url', 'text'],
    ],
    file.venues.map((v) => ({ id: v.id, name: v.name, address: v.address, map_url: v.mapUrl })),
  );
  await upsert(
    tx,
    'tags',
    [
      ['id', 'int'],
      ['name', 'jsonb'],
    ],
    file.tags.map((t) => ({ id: t.id, name: t.name })),
  );
}

/** Halls, zones, sectors, standing areas and seats; a standing area's stock follows its capacity. */
async function writeHalls(tx: Queryable, file: CatalogFile, seats: Map<number, SeatRecord[]>) {
  await upsert(
    tx,
    'halls',
    [
      ['id', 'int'],
      ['venue_id', 'int'],
      ['name', 'jsonb'],
      ['width', 'int'],
      ['height', 'int'],
      ['stage', 'jsonb'],
    ],
    file.halls.map((h) => ({ id: h.id, venue_id: h.venueId, name: h.name, width: h.width, height: h.height, stage: opt(h.stage) })),
  );
  const zones = [
    ...file.zones.map((z) => ({ zone: z, hallId: null })),
    ...file.halls.flatMap((h) => h.zones.map((z) => ({ zone: z, hallId: h.id }))),
  ];
  await upsert(
    tx,
    'zones',
    [
      ['id', 'int'],
      ['hall_id', 'int'],
      ['name', 'jsonb'],
      ['level_name', 'jsonb'],
      ['description', 'jsonb'],
      ['color', 'text'],
    ],
    zones.map(({ zone: z, hallId }) => ({
      id: z.id,
      hall_id: hallId,
      name: z.name,
      level_name: z.levelName,
      description: z.description,
      color: z.color,
    })),
  );
  await upsert(
    tx,
    'hall_sectors',
    [
      ['id', 'int'],
      ['hall_id', 'int'],
      ['name', 'jsonb'],
      ['sortnum', 'int'],
    ],
    file.halls.flatMap((h) => h.sectors.map((s) => ({ id: s.id, hall_id: h.id, name: s.name, sortnum: s.sortnum }))),
  );
  const areas = file.halls.flatMap((h) =>
    h.standingAreas.map((a) => ({
      id: a.id,
      hall_id: h.id,
      zone_id: a.zoneId,
      name: a.name,
      capacity: a.capacity,
      x: a.x,
      y: a.y,
      width: a.width,
      height: a.height,
    })),
  );
  // Before the capacity changes: what is free moves by the same delta, so sales are kept.
  await tx.query(
    `update standing_stock ss set remaining = ss.remaining + (n.capacity - a.capacity)
     from standing_areas a, jsonb_to_recordset($1::jsonb) as n(id int, capacity int)
     where ss.standing_area_id = a.id and a.id = n.id and n.capacity <> a.capacity`,
    [JSON.stringify(areas.map((a) => ({ id: a.id, capacity: a.capacity })))],
  );
  await upsert(
    tx,
    'standing_areas',
    [
      ['id', 'int'],
      ['hall_id', 'int'],
      ['zone_id', 'int'],
      ['name', 'jsonb'],
      ['capacity', 'int'],
      ['x', 'real'],
      ['y', 'real'],
      ['width', 'real'],
      ['height', 'real'],
    ],
    areas,
  );
  await upsert(
    tx,
    'hall_seats',
    [
      ['id', 'int'],
      ['hall_id', 'int'],
      ['sector_id', 'int'],
      ['zone_id', 'int'],
      ['row_label', 'text'],
      ['seat_label', 'text'],
      ['x', 'real'],
      ['y', 'real'],
    ],
    [...seats.values()].flat(),
  );
}

function eventRow(e: CatalogEvent): Row {
  return {
    id: e.id,
    hash: e.hash,
    kind_id: e.kindId,
    main_menu_id: opt(e.mainMenuId),
    sub_menu_id: opt(e.subMenuId),
    venue_id: e.venueId,
    hall_id: opt(e.hallId),
    sortnum: e.sortnum,
    name: e.name,
    description: e.description,
    description_url: e.descriptionUrl,
    note: e.note,
    notice: e.notice,
    location: e.location,
    image_url: e.imageUrl,
    age_from: e.ageFrom,
    sale_starts_at: opt(e.saleStartsAt),
    is_free: e.isFree,
    is_subscription: e.isSubscription,
    show_ticket_count: e.showTicketCount,
    show_quant: e.showQuant,
    price_rows: e.priceRows,
    order_limit: e.orderLimit,
    group_limit: e.groupLimit,
    named_tickets: e.namedTickets,
    need_age: e.needAge,
    need_middle_name: e.needMiddleName,
    need_document: e.needDocument,
    need_country: e.needCountry,
    need_region: e.needRegion,
    use_pushkin_card: e.usePushkinCard,
    registry_event_id: opt(e.registryEventId),
    use_ordinary_card: e.useOrdinaryCard,
    use_seat_map: e.useSeatMap,
    ticket_type: e.ticketType,
    allow_return: e.allowReturn,
    refund_policy: e.refundPolicy,
    refund_service_fee: e.refundServiceFee,
    return_hours_before: e.returnHoursBefore,
    reserve_minutes: e.reserveMinutes,
    entry_before_minutes: opt(e.entryBeforeMinutes),
    entry_after_minutes: opt(e.entryAfterMinutes),
    self_exchange_hours_before: opt(e.selfExchangeHoursBefore),
    is_published: e.isPublished,
  };
}

const EVENT_COLUMNS: Columns = [
  ['id', 'int'],
  ['hash', 'text'],
  ['kind_id', 'int'],
  ['main_menu_id', 'int'],
  ['sub_menu_id', 'int'],
  ['venue_id', 'int'],
  ['hall_id', 'int'],
  ['sortnum', 'int'],
  ['name', 'jsonb'],
  ['description', 'jsonb'],
  ['description_url', 'jsonb'],
  ['note', 'jsonb'],
  ['notice', 'jsonb'],
  ['location', 'jsonb'],
  ['image_url', 'jsonb'],
  ['age_from', 'int'],
  ['sale_starts_at', 'timestamptz'],
  ['is_free', 'boolean'],
  ['is_subscription', 'boolean'],
  ['show_ticket_count', 'boolean'],
  ['show_quant', 'boolean'],
  ['price_rows', 'int'],
  ['order_limit', 'int'],
  ['group_limit', 'int'],
  ['named_tickets', 'boolean'],
  ['need_age', 'int'],
  ['need_middle_name', 'boolean'],
  ['need_document', 'boolean'],
  ['need_country', 'boolean'],
  ['need_region', 'boolean'],
  ['use_pushkin_card', 'boolean'],
  ['registry_event_id', 'text'],
  ['use_ordinary_card', 'boolean'],
  ['use_seat_map', 'boolean'],
  ['ticket_type', 'int'],
  ['allow_return', 'boolean'],
  ['refund_policy', 'text'],
  ['refund_service_fee', 'boolean'],
  ['return_hours_before', 'int'],
  ['reserve_minutes', 'int'],
  ['entry_before_minutes', 'int'],
  ['entry_after_minutes', 'int'],
  ['self_exchange_hours_before', 'int'],
  ['is_published', 'boolean'],
];

/** A session as the file means it, capacity and hasTime resolved. */
export type SessionRecord = {
  id: number;
  event_id: number;
  starts_at: string;
  has_time: boolean;
  capacity: number;
  sold_outside: number;
  group_capacity: number;
  is_cancelled: boolean;
};

/** Sessions keep what was sold: remaining moves by the change of capacity (and of soldOutside). */
async function writeSessions(tx: Queryable, sessions: SessionRecord[]) {
  const rows = sessions.map((s) => ({ ...s, remaining: s.capacity - s.sold_outside, group_remaining: s.group_capacity }));
  await upsert(
    tx,
    'sessions',
    [
      ['id', 'int'],
      ['event_id', 'int'],
      ['starts_at', 'timestamptz'],
      ['has_time', 'boolean'],
      ['capacity', 'int'],
      ['remaining', 'int'],
      ['group_capacity', 'int'],
      ['group_remaining', 'int'],
      ['is_cancelled', 'boolean'],
      ['sold_outside', 'int'],
    ],
    rows,
    {
      remaining: 'sessions.remaining + (excluded.capacity - sessions.capacity) - (excluded.sold_outside - sessions.sold_outside)',
      group_remaining: 'sessions.group_remaining + (excluded.group_capacity - sessions.group_capacity)',
    },
  );
  // Ids came from the file; the identity must not hand out one of them to a later insert.
  await tx.query(`select setval(pg_get_serial_sequence('sessions', 'id'), (select coalesce(max(id), 0) + 1 from sessions), false)`);
}

async function writePrices(tx: Queryable, events: CatalogEvent[]) {
  const rows = events.flatMap((e) =>
    e.prices.map((p) => ({
      id: p.id,
      event_id: e.id,
      session_id: opt(p.sessionId),
      category_id: p.categoryId,
      zone_id: opt(p.zoneId),
      amount: p.amount,
      service_fee: p.serviceFee,
      service_fee_kind: p.serviceFeeKind === 'amount' ? 1 : 2,
      min_quantity: p.minQuantity,
      group_passes: p.groupPasses,
      pushkin: p.pushkin,
      for_subscription: p.forSubscription,
      quantity_limit: opt(p.quantityLimit),
      sortnum: p.sortnum,
    })),
  );
  // Before the limits change: a price's stock in each session moves by the change of its limit.
  await tx.query(
    `update price_stock ps set remaining = ps.remaining + (n.quantity_limit - p.quantity_limit)
     from prices p, jsonb_to_recordset($1::jsonb) as n(id int, quantity_limit int)
     where ps.price_id = p.id and p.id = n.id and n.quantity_limit is not null and p.quantity_limit is not null`,
    [JSON.stringify(rows.map((r) => ({ id: r.id, quantity_limit: r.quantity_limit })))],
  );
  await upsert(
    tx,
    'prices',
    [
      ['id', 'int'],
      ['event_id', 'int'],
      ['session_id', 'int'],
      ['category_id', 'int'],
      ['zone_id', 'int'],
      ['amount', 'int'],
      ['service_fee', 'int'],
      ['service_fee_kind', 'int'],
      ['min_quantity', 'int'],
      ['group_passes', 'int'],
      ['pushkin', 'int'],
      ['for_subscription', 'boolean'],
      ['quantity_limit', 'int'],
      ['sortnum', 'int'],
    ],
    rows,
  );
}

/** Removes children of the file's events that the file leaves out (checked unused beforehand). */
async function removeEventChildren(tx: Queryable, events: CatalogEvent[]) {
  const removed = { prices: 0, categories: 0, sessions: 0 };
  for (const e of events) {
    removed.prices += (
      await tx.query('delete from prices where event_id = $1 and not (id = any($2::int[]))', [e.id, e.prices.map((p) => p.id)])
    ).rowCount;
    removed.categories += (
      await tx.query('delete from categories where event_id = $1 and not (id = any($2::int[]))', [e.id, e.categories.map((c) => c.id)])
    ).rowCount;
    removed.sessions += (
      await tx.query('delete from sessions where event_id = $1 and not (id = any($2::int[]))', [e.id, e.sessions.map((s) => s.id)])
    ).rowCount;
  }
  return removed;
}

/** Events with their tags, categories, sessions, prices and subscription composition. */
async function writeEvents(tx: Queryable, events: CatalogEvent[], sessions: SessionRecord[]) {
  await upsert(tx, 'events', EVENT_COLUMNS, events.map(eventRow));
  const eventIds = events.map((e) => e.id);
  await tx.query('delete from event_tags where event_id = any($1::int[])', [eventIds]);
  await tx.query(
    `insert into event_tags (event_id, tag_id) select event_id, tag_id from jsonb_to_recordset($1::jsonb) as r(event_id int, tag_id int)`,
    [JSON.stringify(events.flatMap((e) => e.tagIds.map((tag) => ({ event_id: e.id, tag_id: tag }))))],
  );
  await upsert(
    tx,
    'categories',
    [
      ['id', 'int'],
      ['event_id', 'int'],
      ['sortnum', 'int'],
      ['name', 'jsonb'],
      ['description', 'jsonb'],
      ['concession', 'jsonb'],
    ],
    events.flatMap((e) =>
      e.categories.map((c) => ({
        id: c.id,
        event_id: e.id,
        sortnum: c.sortnum,
        name: c.name,
        description: c.description,
        // The back office's form sends an empty concession for every category: stored as none.
        concession: isOrdinary(c.concession) ? null : c.concession,
      })),
    ),
  );
  await writeSessions(tx, sessions);
  await writePrices(tx, events);
  await tx.query('delete from subscription_items where subscription_event_id = any($1::int[])', [eventIds]);
  await tx.query(
    `insert into subscription_items (subscription_event_id, event_id, sortnum, starts_at)
     select subscription_event_id, event_id, sortnum, starts_at
     from jsonb_to_recordset($1::jsonb) as r(subscription_event_id int, event_id int, sortnum int, starts_at timestamptz)`,
    [
      JSON.stringify(
        events.flatMap((e) =>
          e.subscriptionItems.map((i) => ({
            subscription_event_id: e.id,
            event_id: i.eventId,
            sortnum: i.sortnum,
            starts_at: opt(i.startsAt),
          })),
        ),
      ),
    ],
  );
  return removeEventChildren(tx, events);
}

/**
 * Creates the per-session stock rows that are missing (new sessions, new limits, new standing
 * areas) and drops the ones that no longer apply. A new row starts from the limit minus what
 * orders already hold, which is 0 unless a price or area got a limit after sales began.
 */
async function syncStock(tx: Queryable, eventIds: number[], hallIds: number[]) {
  await tx.query(
    `delete from price_stock ps using prices p, sessions s
     where ps.price_id = p.id and ps.session_id = s.id and p.event_id = any($1::int[])
       and (p.quantity_limit is null or s.event_id <> p.event_id or (p.session_id is not null and p.session_id <> s.id))`,
    [eventIds],
  );
  await tx.query(
    `insert into price_stock (session_id, price_id, remaining)
     select s.id, p.id, greatest(p.quantity_limit - coalesce((select sum(l.quantity) from order_lines l
              where l.session_id = s.id and l.price_id = p.id and not l.released), 0), 0)
     from prices p join sessions s on s.event_id = p.event_id and (p.session_id is null or p.session_id = s.id)
     where p.event_id = any($1::int[]) and p.quantity_limit is not null
     on conflict (session_id, price_id) do nothing`,
    [eventIds],
  );
  await tx.query(
    `delete from standing_stock ss using sessions s, events e
     where ss.session_id = s.id and s.event_id = e.id and e.id = any($1::int[])
       and not exists (select 1 from standing_areas a where a.id = ss.standing_area_id and a.hall_id = e.hall_id)`,
    [eventIds],
  );
  await tx.query(
    `insert into standing_stock (session_id, standing_area_id, remaining)
     select s.id, a.id, greatest(a.capacity - coalesce((select sum(l.quantity) from order_lines l
              where l.session_id = s.id and l.standing_area_id = a.id and not l.released), 0), 0)
     from sessions s join events e on e.id = s.event_id join standing_areas a on a.hall_id = e.hall_id
     where e.id = any($1::int[]) or e.hall_id = any($2::int[])
     on conflict (session_id, standing_area_id) do nothing`,
    [eventIds, hallIds],
  );
}

/**
 * Unblocks the seats that will not stay blocked: seats a hall of the file leaves out, and seats of
 * another hall than the one the file gives a session's event. Deleting a block gives its place
 * back to the session (migration 1010), so this runs before the sessions' capacities move: a
 * capacity lowered by a removed blocked seat then never takes the places left below zero on the way.
 */
async function releaseBlocksLeftOut(tx: Queryable, file: CatalogFile, seats: Map<number, SeatRecord[]>) {
  for (const hall of file.halls) {
    await tx.query(
      'delete from seat_blocks where seat_id in (select id from hall_seats where hall_id = $1 and not (id = any($2::int[])))',
      [hall.id, (seats.get(hall.id) ?? []).map((s) => s.id)],
    );
  }
  await tx.query(
    `delete from seat_blocks b using sessions s, hall_seats hs, jsonb_to_recordset($1::jsonb) as e(id int, hall_id int)
     where b.session_id = s.id and s.event_id = e.id and hs.id = b.seat_id and hs.hall_id is distinct from e.hall_id`,
    [JSON.stringify(file.events.map((e) => ({ id: e.id, hall_id: opt(e.hallId) })))],
  );
}

/** Removes seats, standing areas, sectors and zones of the file's halls that the file leaves out. */
async function removeHallChildren(tx: Queryable, file: CatalogFile, seats: Map<number, SeatRecord[]>) {
  const removed = { seats: 0, standingAreas: 0, sectors: 0, zones: 0 };
  for (const hall of file.halls) {
    const keepAreas = hall.standingAreas.map((a) => a.id);
    removed.seats += (
      await tx.query('delete from hall_seats where hall_id = $1 and not (id = any($2::int[]))', [
        hall.id,
        (seats.get(hall.id) ?? []).map((s) => s.id),
      ])
    ).rowCount;
    await tx.query(
      'delete from standing_stock where standing_area_id in (select id from standing_areas where hall_id = $1 and not (id = any($2::int[])))',
      [hall.id, keepAreas],
    );
    removed.standingAreas += (
      await tx.query('delete from standing_areas where hall_id = $1 and not (id = any($2::int[]))', [hall.id, keepAreas])
    ).rowCount;
    removed.sectors += (
      await tx.query('delete from hall_sectors where hall_id = $1 and not (id = any($2::int[]))', [hall.id, hall.sectors.map((s) => s.id)])
    ).rowCount;
    removed.zones += (
      await tx.query('delete from zones where hall_id = $1 and not (id = any($2::int[]))', [hall.id, hall.zones.map((z) => z.id)])
    ).rowCount;
  }
  return removed;
}

async function writeCheckboxesAndRules(tx: Queryable, file: CatalogFile) {
  await upsert(
    tx,
    'checkboxes',
    [
      ['id', 'int'],
      ['scope', 'text'],
      ['event_id', 'int'],
      ['sortnum', 'int'],
      ['name', 'jsonb'],
      ['url', 'jsonb'],
      ['required', 'boolean'],
      ['consent', 'text'],
    ],
    file.checkboxes.map((c) => ({
      id: c.id,
      scope: c.scope,
      event_id: opt(c.eventId),
      sortnum: c.sortnum,
      name: c.name,
      url: c.url,
      required: c.required,
      consent: opt(c.consent),
    })),
  );
  await upsert(
    tx,
    'rules_documents',
    [
      ['id', 'int'],
      ['slug', 'text'],
      ['sortnum', 'int'],
      ['name', 'jsonb'],
      ['url', 'jsonb'],
      ['body', 'jsonb'],
    ],
    file.rules.map((r) => ({ id: r.id, slug: r.slug, sortnum: r.sortnum, name: r.name, url: r.url, body: r.body })),
  );
}

/**
 * Every import that writes a hall already stored moves its revision and marks it changed by no
 * member of staff, so a back-office editor holding an older copy is refused rather than undoing
 * the import (the back office then names its own member on the same row).
 */
async function bumpHallRevisions(tx: Queryable, hallIds: readonly number[]) {
  if (hallIds.length === 0) return;
  await tx.query('update halls set revision = revision + 1, updated_at = now(), updated_by = null where id = any($1::int[])', [hallIds]);
}

export {
  bumpHallRevisions,
  releaseBlocksLeftOut,
  removeHallChildren,
  syncStock,
  writeCheckboxesAndRules,
  writeEvents,
  writeHalls,
  writeMenus,
};

// Two imports at once (two instances loading the demo, a CLI run during a start) take turns.
const IMPORT_LOCK = 7_240_002;

/** Waits for any other import to finish; held until the caller's transaction ends. */
export async function lockCatalogImport(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
}

/**
 * Waits for a running import, and makes an import wait, until the caller's transaction ends;
 * several holders of this shared lock do not wait for each other. Seat blocks take it: an import
 * moves the session rows and deletes the seats whose blocks then give their places back, so a
 * block must not hold a seat's row while the import holds the session's.
 */
export async function lockCatalogImportShared(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock_shared($1)', [IMPORT_LOCK]);
}

/** Moves the catalog version on (every cached answer keyed on it is then stale); answers the new one. */
export async function bumpCatalogVersion(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ version: number }>('update catalog_version set version = version + 1 where id = 1 returning version');
  return rows[0]?.version ?? 0;
}

/** The catalog's version as stored: every import moves it. */
export async function readCatalogVersion(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ version: number }>('select version from catalog_version where id = 1');
  return Number(rows[0]?.version ?? 0);
}

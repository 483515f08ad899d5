import type { CatalogFileInput } from '../../contract/catalog-file.ts';
import type { ConsentScope } from '../../contract/consent.ts';
import type { Db, Queryable } from '../db/client.ts';
import { type CatalogRows, type EventRows, type SeatRow, readCatalogRows, readEventRows, readSimpleRows } from './export.repository.ts';

type FileEvent = NonNullable<CatalogFileInput['events']>[number];
type FileHall = NonNullable<CatalogFileInput['halls']>[number];
type FileSector = NonNullable<FileHall['sectors']>[number];

/**
 * An instant as the file writes it: seconds and the offset of the venue's zone at that instant
 * ('2031-05-12T10:00:00+03:00'), so a venue reads its own local times and a session at local
 * midnight still reads as a whole-day ticket.
 */
export function fileDateTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const zone = part('timeZoneName').replace('GMT', '');
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${zone === '' || zone === '+00:00' ? 'Z' : zone}`;
}

const some = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

/**
 * The seats of a sector in the file's compact form: a run of seats with consecutive ids in one
 * row and zone, numbered on by one and evenly spaced, is one row line; anything else is written
 * seat by seat. Positions are compared as the database stores them (4-byte reals), so importing
 * the line gives back exactly the stored seats.
 */
export function compactSeats(seats: readonly SeatRow[]): Pick<FileSector, 'rows' | 'seats'> {
  const rows: NonNullable<FileSector['rows']> = [];
  const explicit: NonNullable<FileSector['seats']> = [];
  const sorted = [...seats].sort((a, b) => a.id - b.id);
  let i = 0;
  while (i < sorted.length) {
    const first = sorted[i] as SeatRow;
    const second = sorted[i + 1];
    const fits = (seat: SeatRow | undefined, k: number, dx: number, dy: number): seat is SeatRow =>
      seat !== undefined &&
      seat.id === first.id + k &&
      seat.row_label === first.row_label &&
      seat.zone_id === first.zone_id &&
      Math.fround(first.x + dx * k) === Math.fround(seat.x) &&
      Math.fround(first.y + dy * k) === Math.fround(seat.y);
    const dx = second ? second.x - first.x : 0;
    const dy = second ? second.y - first.y : 0;
    let n = 1;
    while (fits(sorted[i + n], n, dx, dy)) n += 1;
    const run = sorted.slice(i, i + n);
    const start = Number(first.seat_label);
    const numbered = /^(0|[1-9]\d*)$/.test(first.seat_label) && run.every((s, k) => s.seat_label === String(start + k));
    if (n === 1 && !numbered) {
      explicit.push({ id: first.id, row: first.row_label, seat: first.seat_label, x: first.x, y: first.y, zoneId: first.zone_id });
    } else {
      rows.push({
        label: first.row_label,
        ...(numbered ? { seatCount: n, firstSeatNumber: start } : { seatLabels: run.map((s) => s.seat_label) }),
        x: first.x,
        y: first.y,
        dx: n > 1 ? dx : 0,
        dy: n > 1 ? dy : 0,
        zoneId: first.zone_id,
        firstSeatId: first.id,
      });
    }
    i += n;
  }
  return { rows, seats: explicit };
}

function hallsOf(rows: CatalogRows): FileHall[] {
  const seatsBySector = new Map<number, SeatRow[]>();
  for (const seat of rows.seats) seatsBySector.set(seat.sector_id, [...(seatsBySector.get(seat.sector_id) ?? []), seat]);
  return rows.halls.map((h) => ({
    id: h.id,
    venueId: h.venue_id,
    name: h.name,
    width: h.width,
    height: h.height,
    ...(h.stage ? { stage: h.stage } : {}),
    zones: rows.zones.filter((z) => z.hall_id === h.id).map(zoneOf),
    sectors: rows.sectors
      .filter((s) => s.hall_id === h.id)
      .map((s) => ({
        id: s.id,
        name: s.name,
        sortnum: s.sortnum,
        ...compactSeats(seatsBySector.get(s.id) ?? []),
      })),
    standingAreas: rows.standingAreas
      .filter((a) => a.hall_id === h.id)
      .map((a) => ({
        id: a.id,
        zoneId: a.zone_id,
        name: a.name,
        capacity: a.capacity,
        x: a.x,
        y: a.y,
        width: a.width,
        height: a.height,
      })),
  }));
}

function zoneOf(z: CatalogRows['zones'][number]) {
  return { id: z.id, name: z.name, levelName: z.level_name, description: z.description, color: z.color };
}

/** Events in the file's shape, with everything of theirs. */
export function eventsOf(rows: EventRows, timeZone: string): FileEvent[] {
  const time = (at: Date) => fileDateTime(new Date(at), timeZone);
  return rows.events.map((e) => ({
    id: e.id,
    hash: e.hash,
    kindId: e.kind_id,
    mainMenuId: some(e.main_menu_id),
    subMenuId: some(e.sub_menu_id),
    venueId: e.venue_id,
    hallId: some(e.hall_id),
    sortnum: e.sortnum,
    name: e.name,
    description: e.description,
    descriptionUrl: e.description_url,
    note: e.note,
    notice: e.notice,
    location: e.location,
    imageUrl: e.image_url,
    ageFrom: e.age_from,
    saleStartsAt: e.sale_starts_at === null ? undefined : time(e.sale_starts_at),
    isFree: e.is_free,
    isSubscription: e.is_subscription,
    showTicketCount: e.show_ticket_count,
    showQuant: e.show_quant,
    priceRows: e.price_rows,
    orderLimit: e.order_limit,
    groupLimit: e.group_limit,
    namedTickets: e.named_tickets,
    needAge: e.need_age as 0 | 1 | 2,
    needMiddleName: e.need_middle_name,
    needDocument: e.need_document,
    needCountry: e.need_country,
    needRegion: e.need_region,
    usePushkinCard: e.use_pushkin_card,
    registryEventId: some(e.registry_event_id),
    useOrdinaryCard: e.use_ordinary_card,
    useSeatMap: e.use_seat_map,
    ticketType: e.ticket_type as 0 | 1 | 2,
    allowReturn: e.allow_return,
    refundPolicy: e.refund_policy as 'full' | 'culture-law',
    refundServiceFee: e.refund_service_fee,
    returnHoursBefore: e.return_hours_before,
    reserveMinutes: e.reserve_minutes,
    entryBeforeMinutes: some(e.entry_before_minutes),
    entryAfterMinutes: some(e.entry_after_minutes),
    selfExchangeHoursBefore: some(e.self_exchange_hours_before),
    isPublished: e.is_published,
    tagIds: rows.eventTags.filter((t) => t.event_id === e.id).map((t) => t.tag_id),
    categories: rows.categories
      .filter((c) => c.event_id === e.id)
      .map((c) => ({ id: c.id, sortnum: c.sortnum, name: c.name, description: c.description, concession: some(c.concession) })),
    sessions: rows.sessions
      .filter((s) => s.event_id === e.id)
      .map((s) => ({
        id: s.id,
        startsAt: time(s.starts_at),
        hasTime: s.has_time,
        capacity: s.capacity,
        groupCapacity: s.group_capacity,
        soldOutside: s.sold_outside,
        isCancelled: s.is_cancelled,
      })),
    prices: rows.prices
      .filter((p) => p.event_id === e.id)
      .map((p) => ({
        id: p.id,
        categoryId: p.category_id,
        sessionId: some(p.session_id),
        zoneId: some(p.zone_id),
        amount: p.amount,
        serviceFee: p.service_fee,
        serviceFeeKind: p.service_fee_kind === 2 ? ('percent' as const) : ('amount' as const),
        minQuantity: p.min_quantity,
        groupPasses: p.group_passes,
        pushkin: p.pushkin as 0 | 1 | 2,
        forSubscription: p.for_subscription,
        quantityLimit: some(p.quantity_limit),
        sortnum: p.sortnum,
      })),
    subscriptionItems: rows.subscriptionItems
      .filter((i) => i.subscription_event_id === e.id)
      .map((i) => ({
        eventId: i.event_id,
        sortnum: i.sortnum,
        ...(i.starts_at === null ? {} : { startsAt: time(i.starts_at) }),
      })),
  }));
}

type SimpleRows = Pick<CatalogRows, 'kinds' | 'mainMenus' | 'subMenus' | 'venues' | 'tags' | 'checkboxes' | 'rules'>;

/** The top-level entries without children of their own, in the file's shape. */
export function simpleEntriesOf(rows: SimpleRows) {
  return {
    kinds: rows.kinds.map((k) => ({
      id: k.id,
      typeId: k.type_id as 1 | 2 | 3,
      sortnum: k.sortnum,
      name: k.name,
      columnCount: k.column_count,
      rowCount: k.row_count,
      showFilterCalendar: k.show_filter_calendar,
      showAttribute: k.show_attribute,
    })),
    mainMenus: rows.mainMenus.map((m) => ({
      id: m.id,
      kindId: m.kind_id,
      sortnum: m.sortnum,
      name: m.name,
      showImage: m.show_image,
      imageUrl: some(m.image_url),
    })),
    subMenus: rows.subMenus.map((m) => ({
      id: m.id,
      mainMenuId: m.main_menu_id,
      sortnum: m.sortnum,
      name: m.name,
      imageUrl: some(m.image_url),
    })),
    venues: rows.venues.map((v) => ({ id: v.id, name: v.name, address: v.address, mapUrl: v.map_url })),
    tags: rows.tags.map((t) => ({ id: t.id, name: t.name })),
    checkboxes: rows.checkboxes.map((c) => ({
      id: c.id,
      scope: c.scope as 'order' | 'nominal' | 'return',
      eventId: some(c.event_id),
      sortnum: c.sortnum,
      name: c.name,
      url: c.url,
      required: c.required,
      consent: some(c.consent) as ConsentScope | undefined,
    })),
    rules: rows.rules.map((r) => ({ id: r.id, slug: r.slug, sortnum: r.sortnum, name: r.name, url: r.url, body: r.body })),
  };
}

/** Drops the keys whose value is undefined, so the file has no "key": null noise and compares deeply. */
function withoutUndefined<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The whole catalog as a catalog file (docs/catalog-format.md): every field the import reads,
 * seats in compact rows where they line up. Importing it into an empty database gives the same
 * catalog, so exporting that one gives this file again. Orders and stock are not part of it.
 */
export async function exportCatalog(db: Db, timeZone: string): Promise<CatalogFileInput> {
  const rows = await db.transaction((tx) => readCatalogRows(tx));
  const file: CatalogFileInput = {
    version: 1,
    ...(rows.setup === undefined ? {} : { setup: rows.setup as Record<string, unknown> }),
    ...simpleEntriesOf(rows),
    zones: rows.zones.filter((z) => z.hall_id === null).map(zoneOf),
    halls: hallsOf(rows),
    events: eventsOf(rows, timeZone),
  };
  return withoutUndefined(file);
}

export type SimpleKind = keyof SimpleRows | 'zones';

/** The entries of one simple kind in the file's shape, in id order (the back office's lists). */
export async function exportSimpleEntries(q: Queryable, kind: SimpleKind): Promise<Array<Record<string, unknown> & { id: number }>> {
  if (kind === 'zones') return (await readSimpleRows(q, 'zones')).map(zoneOf);
  const rows = await readSimpleRows(q, kind);
  const empty: SimpleRows = { kinds: [], mainMenus: [], subMenus: [], venues: [], tags: [], checkboxes: [], rules: [] };
  return withoutUndefined(simpleEntriesOf({ ...empty, [kind]: rows })[kind]);
}

/** One event in the file's shape, or undefined when there is none with this id. */
export async function exportEvent(tx: Queryable, eventId: number, timeZone: string): Promise<FileEvent | undefined> {
  const [event] = eventsOf(await readEventRows(tx, [eventId]), timeZone);
  return event === undefined ? undefined : withoutUndefined(event);
}

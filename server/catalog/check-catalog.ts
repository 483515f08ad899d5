import type { CatalogEvent, CatalogFile } from '../../contract/catalog-file.ts';
import { pickLocalized } from '../../contract/lang.ts';
import { eventsTakenOut, visitTimeFits } from '../../contract/subscription-rules.ts';
import { serverText } from '../locales/texts.ts';
import { type CatalogIssue, type IssueMessage, type IssueParams, IssueList, describeEntry } from './catalog-issues.ts';
import type { SeatRecord } from './expand-seats.ts';

/** What the database already holds that the file may refer to or collide with. */
export type ExistingCatalog = {
  kinds: Set<number>;
  mainMenus: Map<number, number>; // id -> kind id
  subMenus: Map<number, number>; // id -> main menu id
  venues: Set<number>;
  tags: Set<number>;
  halls: Map<number, { venueId: number; places: number }>; // places: seats + standing capacity
  zones: Map<number, number | null>; // id -> hall id (null: a zone without a hall)
  events: Map<number, { hash: string; isSubscription: boolean }>;
  rulesSlugs: Map<string, number>; // slug -> id
  /** Owners in the database of the child ids the file names: id -> hall or event id. */
  owners: Record<'sectors' | 'seats' | 'standingAreas' | 'categories' | 'sessions' | 'prices', Map<number, number>>;
  /**
   * Places the storefront already sold or holds: per session, per limited price, per standing area.
   * A session's `blocked` counts its seats staff blocked that stay after the import: not sold, but
   * not free either, so a capacity must still hold them.
   */
  sessionTaken: Map<number, { places: number; groups: number; blocked: number }>;
  priceTaken: Map<number, number>;
  standingTaken: Map<number, number>;
  /**
   * Subscriptions of the file that orders hold: the events their stored composition names, with
   * those events' names. Buyers paid for entry to each, so none may be taken out.
   */
  soldCompositions: Map<number, Array<{ eventId: number; name: Record<string, string> }>>;
  /** Stored subscriptions whose composition names one of the file's events: event id -> those subscriptions. */
  includedIn: Map<number, Array<{ id: number; name: Record<string, string> }>>;
  /** Session starts (ISO) of the stored events a subscription item of the file names. */
  sessionStarts: Map<number, string[]>;
  /** Children the file leaves out that cannot be removed because orders or prices use them. */
  removalsInUse: Array<{ collection: 'halls' | 'events'; ownerId: number; what: string; params?: IssueParams }>;
};

/** The file after parsing, with the seats of each hall expanded. */
export type PreparedCatalog = { file: CatalogFile; seats: Map<number, SeatRecord[]> };

function checkUnique<T>(issues: IssueList, collection: string, entries: readonly T[], key: (e: T) => unknown, label: string) {
  const seen = new Map<unknown, number>();
  entries.forEach((entry, i) => {
    const value = key(entry);
    const first = seen.get(value);
    if (first !== undefined)
      issues.entry(describeEntry(collection, i, entry))(
        `duplicate ${label} ${JSON.stringify(value)} (also ${collection}[${first}])`,
        label,
      );
    else seen.set(value, i);
  });
}

/** Child ids are primary keys of their whole table, so they must be unique across parents. */
function checkChildIdsUnique(
  issues: IssueList,
  collection: 'halls' | 'events',
  owners: ReadonlyArray<{ id: number }>,
  children: (o: number) => Array<[string, number, number]>,
) {
  const seen = new Map<string, string>();
  owners.forEach((owner, o) => {
    const report = issues.entry(describeEntry(collection, o, owner));
    for (const [kind, index, id] of children(o)) {
      const where = `${collection}[${o}].${kind}[${index}]`;
      const first = seen.get(`${kind}:${id}`);
      if (first !== undefined) report(`duplicate id ${id} (also ${first})`, kind, index, 'id');
      else seen.set(`${kind}:${id}`, where);
    }
  });
}

function checkUniqueness(issues: IssueList, { file, seats }: PreparedCatalog) {
  const byId = (e: { id: number }) => e.id;
  checkUnique(issues, 'kinds', file.kinds, byId, 'id');
  checkUnique(issues, 'mainMenus', file.mainMenus, byId, 'id');
  checkUnique(issues, 'subMenus', file.subMenus, byId, 'id');
  checkUnique(issues, 'venues', file.venues, byId, 'id');
  checkUnique(issues, 'tags', file.tags, byId, 'id');
  checkUnique(issues, 'halls', file.halls, byId, 'id');
  checkUnique(issues, 'events', file.events, byId, 'id');
  checkUnique(issues, 'events', file.events, (e) => e.hash, 'hash');
  checkUnique(issues, 'checkboxes', file.checkboxes, byId, 'id');
  checkUnique(issues, 'rules', file.rules, byId, 'id');
  checkUnique(issues, 'rules', file.rules, (r) => r.slug, 'slug');
  const hallZones = new Set(file.halls.flatMap((h) => h.zones.map((z) => z.id)));
  file.zones.forEach((zone, i) => {
    if (hallZones.has(zone.id)) issues.entry(describeEntry('zones', i, zone))(`duplicate id ${zone.id} (also a zone of a hall)`, 'id');
  });
  checkUnique(issues, 'zones', file.zones, byId, 'id');
  checkChildIdsUnique(issues, 'halls', file.halls, (o) => {
    const hall = file.halls[o];
    if (!hall) return [];
    return [
      ...hall.zones.map((z, i): [string, number, number] => ['zones', i, z.id]),
      ...hall.sectors.map((s, i): [string, number, number] => ['sectors', i, s.id]),
      ...hall.standingAreas.map((a, i): [string, number, number] => ['standingAreas', i, a.id]),
    ];
  });
  checkSeatIdsUnique(issues, file, seats);
  checkChildIdsUnique(issues, 'events', file.events, (o) => {
    const event = file.events[o];
    if (!event) return [];
    return [
      ...event.categories.map((c, i): [string, number, number] => ['categories', i, c.id]),
      ...event.sessions.map((s, i): [string, number, number] => ['sessions', i, s.id]),
      ...event.prices.map((p, i): [string, number, number] => ['prices', i, p.id]),
    ];
  });
}

/** Seat ids come from firstSeatId arithmetic, so overlaps are easy to make and worth naming. */
function checkSeatIdsUnique(issues: IssueList, file: CatalogFile, seats: Map<number, SeatRecord[]>) {
  const seen = new Map<number, SeatRecord>();
  file.halls.forEach((hall, h) => {
    const report = issues.entry(describeEntry('halls', h, hall));
    let reported = 0;
    for (const seat of seats.get(hall.id) ?? []) {
      const first = seen.get(seat.id);
      if (first && reported < 5) {
        report(
          `seat id ${seat.id} (row ${seat.row_label} seat ${seat.seat_label}, sector ${seat.sector_id}) is also row ${first.row_label} seat ${first.seat_label} of sector ${first.sector_id} in hall ${first.hall_id}`,
          'sectors',
        );
        reported += 1;
      } else if (!first) seen.set(seat.id, seat);
    }
  });
}

/** A child id must not already belong to another hall or event in the database. */
function checkOwners(issues: IssueList, { file, seats }: PreparedCatalog, existing: ExistingCatalog) {
  const conflict = (map: Map<number, number>, id: number, owner: number) => {
    const current = map.get(id);
    return current !== undefined && current !== owner ? current : undefined;
  };
  file.halls.forEach((hall, h) => {
    const report = issues.entry(describeEntry('halls', h, hall));
    hall.sectors.forEach((s, i) => {
      const other = conflict(existing.owners.sectors, s.id, hall.id);
      if (other !== undefined) report(`sector ${s.id} already belongs to hall ${other}`, 'sectors', i, 'id');
    });
    hall.standingAreas.forEach((a, i) => {
      const other = conflict(existing.owners.standingAreas, a.id, hall.id);
      if (other !== undefined) report(`standing area ${a.id} already belongs to hall ${other}`, 'standingAreas', i, 'id');
    });
    hall.zones.forEach((z, i) => {
      const other = existing.zones.get(z.id);
      if (other !== undefined && other !== hall.id)
        report(`zone ${z.id} already belongs to ${other === null ? 'no hall' : `hall ${other}`}`, 'zones', i, 'id');
    });
    const moved = (seats.get(hall.id) ?? []).find((seat) => conflict(existing.owners.seats, seat.id, hall.id) !== undefined);
    if (moved) report(`seat id ${moved.id} already belongs to hall ${existing.owners.seats.get(moved.id)}`, 'sectors');
  });
  file.zones.forEach((zone, i) => {
    const other = existing.zones.get(zone.id);
    if (other !== undefined && other !== null)
      issues.entry(describeEntry('zones', i, zone))(`zone ${zone.id} already belongs to hall ${other}`, 'id');
  });
  const hashes = new Map([...existing.events].map(([id, e]): [string, number] => [e.hash, id]));
  file.events.forEach((event, e) => {
    const report = issues.entry(describeEntry('events', e, event));
    const check = (kind: 'categories' | 'sessions' | 'prices', list: ReadonlyArray<{ id: number }>) =>
      list.forEach((child, i) => {
        const other = conflict(existing.owners[kind], child.id, event.id);
        if (other !== undefined) report(`id ${child.id} already belongs to event ${other}`, kind, i, 'id');
      });
    check('categories', event.categories);
    check('sessions', event.sessions);
    check('prices', event.prices);
    const holder = hashes.get(event.hash);
    if (holder !== undefined && holder !== event.id)
      report(
        { text: `hash ${JSON.stringify(event.hash)} already belongs to event ${holder}`, code: 'hash-taken', params: { id: holder } },
        'hash',
      );
  });
  file.rules.forEach((doc, i) => {
    const holder = existing.rulesSlugs.get(doc.slug);
    if (holder !== undefined && holder !== doc.id)
      issues.entry(describeEntry('rules', i, doc))(`slug ${JSON.stringify(doc.slug)} already belongs to rules document ${holder}`, 'slug');
  });
}

/** The ids a reference may name: those of the file and those already stored. */
export type Known = {
  kinds: Set<number>;
  mainMenus: Map<number, number>;
  subMenus: Map<number, number>;
  venues: Set<number>;
  tags: Set<number>;
  halls: Map<number, { venueId: number; places: number }>;
  zones: Map<number, number | null>;
  events: Map<number, { isSubscription: boolean }>;
};

export function knownIds({ file, seats }: PreparedCatalog, existing: ExistingCatalog): Known {
  const halls = new Map(existing.halls);
  for (const hall of file.halls) {
    const standing = hall.standingAreas.reduce((sum, a) => sum + a.capacity, 0);
    halls.set(hall.id, { venueId: hall.venueId, places: (seats.get(hall.id)?.length ?? 0) + standing });
  }
  const zones = new Map(existing.zones);
  for (const zone of file.zones) zones.set(zone.id, null);
  for (const hall of file.halls) for (const zone of hall.zones) zones.set(zone.id, hall.id);
  return {
    kinds: new Set([...existing.kinds, ...file.kinds.map((k) => k.id)]),
    mainMenus: new Map([...existing.mainMenus, ...file.mainMenus.map((m): [number, number] => [m.id, m.kindId])]),
    subMenus: new Map([...existing.subMenus, ...file.subMenus.map((m): [number, number] => [m.id, m.mainMenuId])]),
    venues: new Set([...existing.venues, ...file.venues.map((v) => v.id)]),
    tags: new Set([...existing.tags, ...file.tags.map((t) => t.id)]),
    halls,
    zones,
    events: new Map([...existing.events, ...file.events.map((e): [number, { isSubscription: boolean }] => [e.id, e])]),
  };
}

function checkMenusAndHalls(issues: IssueList, file: CatalogFile, known: Known) {
  file.mainMenus.forEach((menu, i) => {
    if (!known.kinds.has(menu.kindId)) issues.entry(describeEntry('mainMenus', i, menu))(`unknown kind ${menu.kindId}`, 'kindId');
  });
  file.subMenus.forEach((menu, i) => {
    if (!known.mainMenus.has(menu.mainMenuId))
      issues.entry(describeEntry('subMenus', i, menu))(`unknown main menu ${menu.mainMenuId}`, 'mainMenuId');
  });
  file.halls.forEach((hall, h) => {
    const report = issues.entry(describeEntry('halls', h, hall));
    if (!known.venues.has(hall.venueId)) report(`unknown venue ${hall.venueId}`, 'venueId');
    const zoneIds = new Set(hall.zones.map((z) => z.id));
    hall.standingAreas.forEach((area, i) => {
      if (!zoneIds.has(area.zoneId)) report(`unknown zone ${area.zoneId} (not a zone of hall ${hall.id})`, 'standingAreas', i, 'zoneId');
    });
  });
  file.checkboxes.forEach((box, i) => {
    if (box.eventId !== undefined && !known.events.has(box.eventId))
      issues.entry(describeEntry('checkboxes', i, box))(`unknown event ${box.eventId}`, 'eventId');
  });
}

type Report = (message: IssueMessage, ...field: Array<string | number>) => void;

const belowSold = (text: string, taken: number): IssueMessage => ({ text, code: 'below-sold', params: { taken } });

function checkEventRefs(event: CatalogEvent, known: Known, report: Report) {
  if (!known.kinds.has(event.kindId)) report(`unknown kind ${event.kindId}`, 'kindId');
  if (!known.venues.has(event.venueId)) report(`unknown venue ${event.venueId}`, 'venueId');
  if (event.mainMenuId !== undefined) {
    const kind = known.mainMenus.get(event.mainMenuId);
    if (kind === undefined) report(`unknown main menu ${event.mainMenuId}`, 'mainMenuId');
    else if (kind !== event.kindId)
      report(`main menu ${event.mainMenuId} belongs to kind ${kind}, not to kind ${event.kindId}`, 'mainMenuId');
  }
  if (event.subMenuId !== undefined) {
    const parent = known.subMenus.get(event.subMenuId);
    if (parent === undefined) report(`unknown sub-menu ${event.subMenuId}`, 'subMenuId');
    else if (parent !== event.mainMenuId)
      report(`sub-menu ${event.subMenuId} belongs to main menu ${parent}, not to ${event.mainMenuId ?? 'none'}`, 'subMenuId');
  }
  if (event.hallId !== undefined) {
    const hall = known.halls.get(event.hallId);
    if (!hall) report(`unknown hall ${event.hallId}`, 'hallId');
    else if (hall.venueId !== event.venueId)
      report(`hall ${event.hallId} belongs to venue ${hall.venueId}, not to venue ${event.venueId}`, 'hallId');
  } else if (event.useSeatMap) report('an event sold on a seat map needs a hall', 'hallId');
  const tags = new Set<number>();
  event.tagIds.forEach((tag, i) => {
    if (!known.tags.has(tag)) report(`unknown tag ${tag}`, 'tagIds', i);
    if (tags.has(tag)) report(`tag ${tag} is given twice`, 'tagIds', i);
    tags.add(tag);
  });
}

function checkSubscription(
  event: CatalogEvent,
  known: Known,
  existing: ExistingCatalog,
  starts: Map<number, string[]>,
  fileEventIds: Set<number>,
  report: Report,
) {
  if (event.isSubscription && event.subscriptionItems.length === 0)
    report(
      { text: 'a subscription needs at least one event in its composition', code: 'empty-composition', params: {} },
      'subscriptionItems',
    );
  if (!event.isSubscription && event.subscriptionItems.length > 0)
    report(
      { text: 'only a subscription (isSubscription) has a composition', code: 'composition-not-subscription', params: {} },
      'subscriptionItems',
    );
  const seen = new Set<number>();
  event.subscriptionItems.forEach((item, i) => {
    const target = known.events.get(item.eventId);
    if (!target)
      report(
        { text: `unknown event ${item.eventId}`, code: 'unknown-subscription-item', params: { id: item.eventId } },
        'subscriptionItems',
        i,
        'eventId',
      );
    else if (item.eventId === event.id || target.isSubscription)
      report(
        { text: `event ${item.eventId} is a subscription itself`, code: 'subscription-in-subscription', params: { id: item.eventId } },
        'subscriptionItems',
        i,
        'eventId',
      );
    else if (!visitTimeFits(item.startsAt, starts.get(item.eventId) ?? [])) {
      report(
        {
          text: `${item.startsAt ?? ''} is not the start of a session of event ${item.eventId} (leave startsAt out, or give one of its session times)`,
          code: 'visit-time',
          params: { eventId: item.eventId },
        },
        'subscriptionItems',
        i,
        'startsAt',
      );
    }
    if (seen.has(item.eventId))
      report(
        { text: `event ${item.eventId} is given twice`, code: 'subscription-item-twice', params: { id: item.eventId } },
        'subscriptionItems',
        i,
        'eventId',
      );
    seen.add(item.eventId);
  });
  if (event.isSubscription) {
    // A subscription of the file that lists the event is checked at its own item; a stored one is checked here.
    const holder = (existing.includedIn.get(event.id) ?? []).find((h) => !fileEventIds.has(h.id));
    if (holder) {
      report(
        {
          text: `event ${event.id} is in the composition of subscription ${holder.id} "${pickLocalized(holder.name, 'en')}", so it cannot be a subscription itself`,
          code: 'in-subscription',
          params: { id: holder.id, name: JSON.stringify(holder.name) },
        },
        'isSubscription',
      );
    }
  }
  const sold = existing.soldCompositions.get(event.id);
  if (sold) {
    const out = new Set(
      eventsTakenOut(
        sold.map((i) => i.eventId),
        { isSubscription: event.isSubscription, eventIds: event.subscriptionItems.map((i) => i.eventId) },
      ),
    );
    if (out.size > 0) {
      const names = sold
        .filter((i) => out.has(i.eventId))
        .map((i) => `event ${i.eventId} "${pickLocalized(i.name, 'en')}"`)
        .join(', ');
      report(
        {
          text: serverText('adminErrors', '-2405', 'en', { detail: names }),
          code: 'sold-subscription-item',
          params: { ids: [...out].join(',') },
        },
        event.isSubscription ? 'subscriptionItems' : 'isSubscription',
      );
    }
  }
}

/** Session starts of every event a subscription item may name: the file's own events as the file gives them, the others as stored. */
function sessionStartsOf(file: CatalogFile, existing: ExistingCatalog): Map<number, string[]> {
  const starts = new Map(existing.sessionStarts);
  for (const event of file.events)
    starts.set(
      event.id,
      event.sessions.map((s) => s.startsAt),
    );
  return starts;
}

function checkPrices(event: CatalogEvent, known: Known, report: Report) {
  const categories = new Set(event.categories.map((c) => c.id));
  const sessions = new Set(event.sessions.map((s) => s.id));
  event.prices.forEach((price, i) => {
    if (!categories.has(price.categoryId))
      report(`unknown category ${price.categoryId} (not a category of this event)`, 'prices', i, 'categoryId');
    if (price.sessionId !== undefined && !sessions.has(price.sessionId))
      report(`unknown session ${price.sessionId} (not a session of this event)`, 'prices', i, 'sessionId');
    if (price.zoneId !== undefined) {
      const hall = known.zones.get(price.zoneId);
      if (hall === undefined) report(`unknown zone ${price.zoneId}`, 'prices', i, 'zoneId');
      else if (hall !== null && hall !== event.hallId)
        report(`zone ${price.zoneId} belongs to hall ${hall}, not to the event's hall`, 'prices', i, 'zoneId');
    }
    if (price.serviceFeeKind === 'percent' && price.serviceFee > 10_000)
      report('a percent fee is in basis points, at most 10000 (100%)', 'prices', i, 'serviceFee');
    if (price.minQuantity > event.orderLimit)
      report(`minQuantity ${price.minQuantity} is above the event's orderLimit ${event.orderLimit}`, 'prices', i, 'minQuantity');
    if (price.pushkin === 1 && !event.usePushkinCard)
      report('a Pushkin-card-only price needs usePushkinCard on the event', 'prices', i, 'pushkin');
    if (price.pushkin === 2 && !event.useOrdinaryCard)
      report('an ordinary-payment-only price needs useOrdinaryCard on the event', 'prices', i, 'pushkin');
    if (price.forSubscription && !event.isSubscription)
      report(
        { text: 'forSubscription prices belong to a subscription event', code: 'subscription-price', params: {} },
        'prices',
        i,
        'forSubscription',
      );
  });
}

/** Places a session offers when the file leaves capacity out: the seats and standing places of its hall. */
export function sessionCapacity(
  event: CatalogEvent,
  capacity: number | undefined,
  known: { halls: Map<number, { places: number }> },
): number | undefined {
  if (capacity !== undefined) return capacity;
  return event.hallId === undefined ? undefined : known.halls.get(event.hallId)?.places;
}

function checkSessions(event: CatalogEvent, known: Known, existing: ExistingCatalog, report: Report) {
  const times = new Map<number, number>();
  event.sessions.forEach((session, i) => {
    const capacity = sessionCapacity(event, session.capacity, known);
    if (capacity === undefined) report('capacity is required for an event without a hall', 'sessions', i, 'capacity');
    else if (session.soldOutside > capacity)
      report(`soldOutside ${session.soldOutside} is above the capacity ${capacity}`, 'sessions', i, 'soldOutside');
    const taken = existing.sessionTaken.get(session.id);
    if (taken && capacity !== undefined && capacity - session.soldOutside < taken.places + taken.blocked) {
      const least = taken.places + session.soldOutside + taken.blocked;
      if (taken.blocked === 0) {
        report(
          belowSold(
            `capacity ${capacity} is below the ${least} places already sold or held (${taken.places} in the storefront, ${session.soldOutside} outside)`,
            least,
          ),
          'sessions',
          i,
          'capacity',
        );
      } else {
        report(
          {
            text: `capacity ${capacity} is below the ${least} places already sold, held or blocked (${taken.places} in the storefront, ${session.soldOutside} outside, ${taken.blocked} seats blocked)`,
            code: 'below-sold',
            params: { taken: least, blocked: taken.blocked },
          },
          'sessions',
          i,
          'capacity',
        );
      }
    }
    if (taken && session.groupCapacity < taken.groups)
      report(
        belowSold(`groupCapacity ${session.groupCapacity} is below the ${taken.groups} groups already sold or held`, taken.groups),
        'sessions',
        i,
        'groupCapacity',
      );
    const at = Date.parse(session.startsAt);
    const same = times.get(at);
    if (same !== undefined) report(`starts at the same time as sessions[${same}]`, 'sessions', i, 'startsAt');
    else times.set(at, i);
  });
  event.prices.forEach((price, i) => {
    const taken = existing.priceTaken.get(price.id) ?? 0;
    if (price.quantityLimit !== undefined && price.quantityLimit < taken)
      report(
        belowSold(
          `quantityLimit ${price.quantityLimit} is below the ${taken} tickets of this price already sold or held in one session`,
          taken,
        ),
        'prices',
        i,
        'quantityLimit',
      );
  });
}

function checkStandingTaken(issues: IssueList, file: CatalogFile, existing: ExistingCatalog) {
  file.halls.forEach((hall, h) => {
    hall.standingAreas.forEach((area, i) => {
      const taken = existing.standingTaken.get(area.id) ?? 0;
      if (area.capacity < taken)
        issues.entry(describeEntry('halls', h, hall))(
          belowSold(`capacity ${area.capacity} is below the ${taken} places already sold or held in one session`, taken),
          'standingAreas',
          i,
          'capacity',
        );
    });
  });
}

/**
 * Every cross-entry rule of a catalog file, checked against the file and what is stored: unique
 * ids, references that resolve, and no change that would undo a sale. Answers all problems found.
 */
export function checkCatalog(prepared: PreparedCatalog, existing: ExistingCatalog): CatalogIssue[] {
  const issues = new IssueList();
  const { file } = prepared;
  checkUniqueness(issues, prepared);
  checkOwners(issues, prepared, existing);
  const known = knownIds(prepared, existing);
  checkMenusAndHalls(issues, file, known);
  const starts = sessionStartsOf(file, existing);
  const fileEventIds = new Set(file.events.map((e) => e.id));
  file.events.forEach((event, e) => {
    const report = issues.entry(describeEntry('events', e, event));
    checkEventRefs(event, known, report);
    checkSubscription(event, known, existing, starts, fileEventIds, report);
    checkPrices(event, known, report);
    checkSessions(event, known, existing, report);
  });
  checkStandingTaken(issues, file, existing);
  for (const blocked of existing.removalsInUse) {
    const index = file[blocked.collection].findIndex((owner) => owner.id === blocked.ownerId);
    const entry = describeEntry(blocked.collection, index, file[blocked.collection][index]);
    issues.add(
      blocked.params
        ? { entry, field: '', message: blocked.what, code: 'in-use', params: blocked.params }
        : { entry, field: '', message: blocked.what },
    );
  }
  return issues.items;
}

import type { CatalogConcession } from '../../contract/catalog-file.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import type { WaitlistState } from '../../contract/waitlist-rules.ts';
import type { Queryable } from '../db/client.ts';
import { UNPAID } from '../orders/order-status-sql.ts';

/** A session as the waiting list reads it: whether it is on sale, sold out, and its event's hall. */
export type WaitlistSessionRow = {
  id: number;
  event_id: number;
  venue_id: number;
  event_name: Record<string, string>;
  starts_at: Date;
  has_time: boolean;
  is_cancelled: boolean;
  remaining: number;
  is_published: boolean;
  use_seat_map: boolean;
  hall_id: number | null;
  sale_starts_at: Date | null;
  named_tickets: boolean;
  use_ordinary_card: boolean;
  order_limit: number;
};

const SESSION_COLUMNS = `s.id, s.event_id, e.venue_id, e.name as event_name, s.starts_at, s.has_time, s.is_cancelled, s.remaining,
       e.is_published, e.use_seat_map, e.hall_id, e.sale_starts_at, e.named_tickets, e.use_ordinary_card, e.order_limit`;

export async function findWaitlistSession(db: Queryable, sessionId: number): Promise<WaitlistSessionRow | undefined> {
  const { rows } = await db.query<WaitlistSessionRow>(
    `select ${SESSION_COLUMNS} from sessions s join events e on e.id = s.event_id where s.id = $1`,
    [sessionId],
  );
  return rows[0];
}

/** Whether the zone and the sector (either may be absent) are of the hall. */
export async function placeFilterFits(db: Queryable, hallId: number, zoneId: number | null, sectorId: number | null): Promise<boolean> {
  const { rows } = await db.query<{ fits: boolean }>(
    `select ($2::int is null or exists (select 1 from hall_seats where hall_id = $1 and zone_id = $2))
        and ($3::int is null or exists (select 1 from hall_sectors where hall_id = $1 and id = $3)) as fits`,
    [hallId, zoneId, sectorId],
  );
  return rows[0]?.fits === true;
}

export type NewEntry = {
  sessionId: number;
  email: string;
  places: number;
  zoneId: number | null;
  sectorId: number | null;
  /** A quantity session's visitor category asked for; null: the event's first ordinary price. */
  categoryId: number | null;
  lang: string;
  at: Date;
};

/** Adds an entry at the end of the line; undefined when the address is in line for the session already. */
export async function insertEntry(tx: Queryable, entry: NewEntry): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into waitlist_entries (session_id, email, places, zone_id, sector_id, category_id, lang, joined_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (session_id, email) where state in ('waiting', 'offered') do nothing
     returning id`,
    [entry.sessionId, entry.email, entry.places, entry.zoneId, entry.sectorId, entry.categoryId, entry.lang, entry.at],
  );
  return rows[0]?.id;
}

/** An entry's place in its session's line (1 = first), counting those still waiting or holding an offer. */
export async function linePosition(db: Queryable, entryId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from waitlist_entries o join waitlist_entries e on e.id = $1
      where o.session_id = e.session_id and o.state in ('waiting', 'offered')
        and (o.joined_at, o.id) <= (e.joined_at, e.id)`,
    [entryId],
  );
  return rows[0]?.n ?? 0;
}

export type EntryRow = {
  id: number;
  session_id: number;
  email: string;
  places: number;
  zone_id: number | null;
  sector_id: number | null;
  category_id: number | null;
  lang: string;
  state: WaitlistState;
  joined_at: Date;
  offered_order_id: number | null;
  offered_at: Date | null;
  offered_until: Date | null;
  finished_at: Date | null;
};

export async function findEntry(db: Queryable, id: number): Promise<EntryRow | undefined> {
  const { rows } = await db.query<EntryRow>('select * from waitlist_entries where id = $1', [id]);
  return rows[0];
}

/** Takes an entry out of the line (unsubscribed or removed) if it is still in it; answers the entry as it was. */
export async function leaveLine(
  tx: Queryable,
  id: number,
  state: 'unsubscribed' | 'removed',
  at: Date,
  staffId: number | null,
): Promise<EntryRow | undefined> {
  const { rows } = await tx.query<EntryRow>(
    `update waitlist_entries n set state = $2, finished_at = $3, removed_by = $4
       from waitlist_entries o
      where n.id = $1 and o.id = n.id and n.state in ('waiting', 'offered')
      returning o.*`,
    [id, state, at, staffId],
  );
  return rows[0];
}

// --- the matching job -----------------------------------------------------------------------

/**
 * Offers whose order was settled elsewhere: paid (bought) or cancelled (by the reservation-expiry
 * job, the buyer or staff: expired). An order gone altogether counts as expired.
 */
export async function settleOffers(tx: Queryable, at: Date): Promise<number> {
  const { rowCount } = await tx.query(
    `update waitlist_entries w
        set state = case when o.status = ${OrderStatus.paid} then 'bought' else 'expired' end, finished_at = $1
       from waitlist_entries x left join orders o on o.id = x.offered_order_id
      where w.id = x.id and w.state = 'offered' and (o.id is null or o.status not in (${UNPAID}))`,
    [at],
  );
  return rowCount ?? 0;
}

/** Offers whose hold has run out while their order is still unpaid, claimed (SKIP LOCKED) for release. */
export async function lockLapsedOffers(tx: Queryable, at: Date, limit: number): Promise<{ id: number; order_id: number }[]> {
  const { rows } = await tx.query<{ id: number; order_id: number }>(
    `select w.id, w.offered_order_id as order_id from waitlist_entries w
      where w.state = 'offered' and w.offered_until <= $1 and w.offered_order_id is not null
      order by w.offered_until, w.id limit $2
      for update of w skip locked`,
    [at, limit],
  );
  return rows;
}

export async function markExpired(tx: Queryable, id: number, at: Date): Promise<void> {
  await tx.query(`update waitlist_entries set state = 'expired', finished_at = $2 where id = $1 and state = 'offered'`, [id, at]);
}

/** Sessions with people waiting that may have places to give: on sale, not cancelled, some place left. */
export async function sessionsToMatch(db: Queryable, at: Date, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select s.id from sessions s join events e on e.id = s.event_id
      where s.id in (select session_id from waitlist_entries where state = 'waiting')
        and not s.is_cancelled and s.starts_at > $1 and s.remaining > 0 and e.is_published
        and (e.sale_starts_at is null or e.sale_starts_at <= $1)
      order by s.id limit $2`,
    [at, limit],
  );
  return rows.map((r) => r.id);
}

/**
 * The line of one session is matched by one worker at a time: a transaction-scoped advisory lock
 * in the one-key space, above the 32-bit range the hashtext keys of other locks fall in. Answers
 * false when another instance is matching the session now (it will give the places).
 */
export async function tryLockLine(tx: Queryable, sessionId: number): Promise<boolean> {
  const key = (BigInt(0x57414954) << 32n) + BigInt(sessionId);
  const { rows } = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1::bigint) as locked', [key.toString()]);
  return rows[0]?.locked === true;
}

/** The people waiting for a session, first in line first. */
export async function waitingLine(tx: Queryable, sessionId: number, limit: number): Promise<EntryRow[]> {
  const { rows } = await tx.query<EntryRow>(
    `select * from waitlist_entries where session_id = $1 and state = 'waiting' order by joined_at, id limit $2`,
    [sessionId, limit],
  );
  return rows;
}

export async function markOffered(tx: Queryable, id: number, orderId: number, at: Date, until: Date): Promise<void> {
  await tx.query(
    `update waitlist_entries set state = 'offered', offered_order_id = $2, offered_at = $3, offered_until = $4 where id = $1 and state = 'waiting'`,
    [id, orderId, at, until],
  );
}

/** A place that a failed offer may undo without undoing the job's transaction. */
export async function savepoint(tx: Queryable): Promise<void> {
  await tx.query('savepoint waitlist_offer');
}
export async function releaseSavepoint(tx: Queryable): Promise<void> {
  await tx.query('release savepoint waitlist_offer');
}
export async function rollbackToSavepoint(tx: Queryable): Promise<void> {
  await tx.query('rollback to savepoint waitlist_offer');
}

/** The prices an offer may use for a quantity session (ordinary card, not a group or subscription price), cheapest category order first. */
export type OfferPriceRow = {
  id: number;
  session_id: number | null;
  category_id: number;
  zone_id: number | null;
  for_subscription: boolean;
  /** useproculture: 0 any card, 1 Pushkin card only, 2 ordinary only. */
  pushkin: 0 | 1 | 2;
  amount: number;
  service_fee: number;
  service_fee_kind: number;
  min_quantity: number;
  group_passes: number;
  /** The category's concession terms (its days among them), or null for an ordinary category. */
  category_concession: CatalogConcession | null;
};

export async function findOfferPrices(db: Queryable, eventId: number): Promise<OfferPriceRow[]> {
  const { rows } = await db.query<OfferPriceRow>(
    `select p.id, p.session_id, p.category_id, p.zone_id, p.for_subscription, p.pushkin, p.amount, p.service_fee,
            p.service_fee_kind, p.min_quantity, p.group_passes, c.concession as category_concession
       from prices p join categories c on c.id = p.category_id
      where p.event_id = $1
      order by c.sortnum, p.category_id, p.sortnum, p.id`,
    [eventId],
  );
  return rows;
}

/** A hall's seats with their row and sector, in the order they sit (sector, row, left to right). */
export type HallSeatRow = { id: number; sector_id: number; zone_id: number; row_label: string; seat_label: string; x: number };

export async function findHallSeatsInOrder(db: Queryable, hallId: number): Promise<HallSeatRow[]> {
  const { rows } = await db.query<HallSeatRow>(
    `select s.id, s.sector_id, s.zone_id, s.row_label, s.seat_label, s.x
       from hall_seats s join hall_sectors hs on hs.id = s.sector_id
      where s.hall_id = $1
      order by hs.sortnum, s.sector_id, s.row_label, s.x, s.id`,
    [hallId],
  );
  return rows;
}

/** The offer's hold time: the event's own, else the venue's, else undefined (the default applies). */
export async function findHoldMinutes(
  db: Queryable,
  eventId: number,
  venueId: number,
): Promise<{ event: number | null; venue: number | null }> {
  const { rows } = await db.query<{ event: number | null; venue: number | null }>(
    `select (select hold_minutes from waitlist_hold_settings where event_id = $1) as event,
            (select hold_minutes from waitlist_hold_settings where venue_id = $2) as venue`,
    [eventId, venueId],
  );
  return rows[0] ?? { event: null, venue: null };
}

export async function saveEventHold(
  tx: Queryable,
  eventId: number,
  minutes: number | null,
  at: Date,
  staffId: number | null,
): Promise<void> {
  if (minutes === null) {
    await tx.query('delete from waitlist_hold_settings where event_id = $1', [eventId]);
    return;
  }
  await tx.query(
    `insert into waitlist_hold_settings (event_id, hold_minutes, updated_at, updated_by) values ($1, $2, $3, $4)
     on conflict (event_id) where event_id is not null do update set hold_minutes = $2, updated_at = $3, updated_by = $4`,
    [eventId, minutes, at, staffId],
  );
}

export async function saveVenueHold(
  tx: Queryable,
  venueId: number,
  minutes: number | null,
  at: Date,
  staffId: number | null,
): Promise<void> {
  if (minutes === null) {
    await tx.query('delete from waitlist_hold_settings where venue_id = $1', [venueId]);
    return;
  }
  await tx.query(
    `insert into waitlist_hold_settings (venue_id, hold_minutes, updated_at, updated_by) values ($1, $2, $3, $4)
     on conflict (venue_id) where venue_id is not null do update set hold_minutes = $2, updated_at = $3, updated_by = $4`,
    [venueId, minutes, at, staffId],
  );
}

/** Every entry of a session for the back office, in line order (those out of the line after). */
export type StaffEntryRow = EntryRow & {
  order_hash: string | null;
  order_number: number | null;
  /** The names of the category, zone and sector asked for; null when none was (or it was deleted since). */
  category_name: Record<string, string> | null;
  zone_name: Record<string, string> | null;
  sector_name: Record<string, string> | null;
};

export async function findSessionEntries(db: Queryable, sessionId: number): Promise<StaffEntryRow[]> {
  const { rows } = await db.query<StaffEntryRow>(
    `select w.*, o.hash as order_hash, o.number as order_number,
            c.name as category_name, z.name as zone_name, sec.name as sector_name
       from waitlist_entries w
       left join orders o on o.id = w.offered_order_id
       left join categories c on c.id = w.category_id
       left join zones z on z.id = w.zone_id
       left join hall_sectors sec on sec.id = w.sector_id
      where w.session_id = $1
      order by (w.state in ('waiting', 'offered')) desc, w.joined_at, w.id`,
    [sessionId],
  );
  return rows;
}

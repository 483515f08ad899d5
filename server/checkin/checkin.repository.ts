import type { CatalogConcession } from '../../contract/catalog-file.ts';
import type { Queryable } from '../db/client.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { TICKET_VALID } from '../orders/order-status-sql.ts';

/** A ticket as the door sees it: its place, its state and its admission, if any. */
export type DoorTicketRow = {
  ticket_id: number;
  code: string;
  ticket_status: number;
  holder: { surname?: string; name?: string; middleName?: string | null; birthDate?: string | null; age?: number | null } | null;
  order_status: number;
  /** When the order was paid: no one was admitted on it before. */
  paid_at: Date | null;
  pushkin_card: boolean;
  buyer_name: string;
  named_tickets: boolean;
  session_id: number;
  starts_at: Date;
  has_time: boolean;
  session_cancelled: boolean;
  event_name: Record<string, string>;
  category_name: Record<string, string>;
  category_id: number;
  /** What the door checks for the category (contract/concession-rules.ts); null for an ordinary one. */
  category_concession: CatalogConcession | null;
  /** The event's timed-entry window in minutes around the session's time; null: no bound on that side. */
  entry_before_minutes: number | null;
  entry_after_minutes: number | null;
  sector_name: Record<string, string> | null;
  row_label: string | null;
  seat_label: string | null;
  checked_in_at: Date | null;
  checked_in_by: string | null;
  checked_in_device_key: string | null;
};

const DOOR_TICKET = `
  select t.id as ticket_id, t.code, t.status as ticket_status, t.holder,
         o.status as order_status, o.paid_at, o.pushkin_card, o.buyer_name,
         e.named_tickets, s.id as session_id, s.starts_at, s.has_time, s.is_cancelled as session_cancelled,
         e.name as event_name, c.name as category_name, c.id as category_id, c.concession as category_concession,
         e.entry_before_minutes, e.entry_after_minutes,
         hs.name as sector_name, st.row_label, st.seat_label,
         ci.checked_in_at, ci.device_label as checked_in_by, ci.device_key as checked_in_device_key
  from tickets t
  join orders o on o.id = t.order_id
  join order_lines l on l.id = t.order_line_id
  join sessions s on s.id = l.session_id
  join events e on e.id = s.event_id
  join categories c on c.id = l.category_id
  left join hall_seats st on st.id = l.seat_id
  left join hall_sectors hs on hs.id = st.sector_id
  left join checkins ci on ci.ticket_id = t.id`;

/**
 * The ticket a scanned code names, with its admission if it has one. The share lock on the
 * ticket serialises the admission with a return of it (which locks the ticket for update):
 * scans of one ticket never wait for each other, but a return confirmed first is seen as
 * returned, and a return confirmed second sees the admission and is refused.
 */
export async function findDoorTicket(q: Queryable, code: string): Promise<DoorTicketRow | undefined> {
  const { rows } = await q.query<DoorTicketRow>(`${DOOR_TICKET} where t.code = $1 for share of t`, [code]);
  return rows[0];
}

/** Whether a desk duplicate replaced this code (the venue's 'reissue' choice): the door says so rather than 'unknown'. */
export async function isReplacedCode(q: Queryable, code: string): Promise<boolean> {
  const { rows } = await q.query('select 1 from ticket_replaced_codes where code = $1', [code]);
  return rows.length > 0;
}

export type NewCheckin = {
  ticketId: number;
  sessionId: number;
  checkedInAt: Date;
  recordedAt: Date;
  deviceLabel: string;
  deviceKey: string;
  checkinDeviceId: number | null;
  staffId: number | null;
  offlineScanId: string | null;
  /** Admitted by a controller outside the entry window: which side. */
  windowOverride: 'too-early' | 'too-late' | null;
};

/**
 * Admits a ticket unless it already was: of any number of concurrent calls for one ticket exactly
 * one gets true (the primary key decides; the others wait for its commit and find its row).
 */
export async function insertCheckin(q: Queryable, c: NewCheckin): Promise<boolean> {
  const { rowCount } = await q.query(
    `insert into checkins (ticket_id, session_id, checked_in_at, recorded_at, device_label, device_key, checkin_device_id, staff_id, offline_scan_id,
       window_override)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (ticket_id) do nothing`,
    [
      c.ticketId,
      c.sessionId,
      c.checkedInAt,
      c.recordedAt,
      c.deviceLabel,
      c.deviceKey,
      c.checkinDeviceId,
      c.staffId,
      c.offlineScanId,
      c.windowOverride,
    ],
  );
  return rowCount === 1;
}

/** The admission that got there first, for the verdict of the scans that did not. */
export async function findCheckin(
  q: Queryable,
  ticketId: number,
): Promise<{ checked_in_at: Date; device_label: string; device_key: string } | undefined> {
  const { rows } = await q.query<{ checked_in_at: Date; device_label: string; device_key: string }>(
    'select checked_in_at, device_label, device_key from checkins where ticket_id = $1',
    [ticketId],
  );
  return rows[0];
}

/** An offline scan applied before, by its device and its own id. */
export async function findOfflineScan(q: Queryable, deviceKey: string, scanId: string): Promise<unknown> {
  const { rows } = await q.query<{ answer: unknown }>('select answer from checkin_offline_scans where device_key = $1 and scan_id = $2', [
    deviceKey,
    scanId,
  ]);
  return rows[0]?.answer;
}

/**
 * Records an offline scan's verdict; false when a concurrent sync of the same batch recorded it
 * first (that sync's verdict stands and this one's transaction must roll back).
 */
export async function insertOfflineScan(q: Queryable, deviceKey: string, scanId: string, answer: unknown, at: Date): Promise<boolean> {
  const { rowCount } = await q.query(
    'insert into checkin_offline_scans (device_key, scan_id, answer, applied_at) values ($1, $2, $3, $4) on conflict do nothing',
    [deviceKey, scanId, JSON.stringify(answer), at],
  );
  return rowCount === 1;
}

export type SessionRow = { id: number; starts_at: Date; has_time: boolean; event_name: Record<string, string> };

/** Sessions (not cancelled) starting in [from, to). */
export async function findSessionsBetween(q: Queryable, from: Date, to: Date): Promise<SessionRow[]> {
  const { rows } = await q.query<SessionRow>(
    `select s.id, s.starts_at, s.has_time, e.name as event_name
     from sessions s join events e on e.id = s.event_id
     where s.starts_at >= $1 and s.starts_at < $2 and not s.is_cancelled
     order by s.starts_at, e.sortnum, s.id`,
    [from, to],
  );
  return rows;
}

/**
 * Per session: valid tickets (paid order, not returned; a requested return still admits) and
 * how many of them were admitted.
 */
export async function countSessions(
  q: Queryable,
  sessionIds: readonly number[],
): Promise<{ session_id: number; sold: number; admitted: number }[]> {
  const { rows } = await q.query<{ session_id: number; sold: number; admitted: number }>(
    `select s.id as session_id,
            count(t.id) filter (where t.id is not null)::int as sold,
            count(ci.ticket_id)::int as admitted
     from unnest($1::int[]) as s(id)
     left join order_lines l on l.session_id = s.id
     left join orders o on o.id = l.order_id and o.status = ${OrderStatus.paid}
     left join tickets t on t.order_line_id = l.id and o.id is not null and t.code is not null and t.status in (${TICKET_VALID})
     left join checkins ci on ci.ticket_id = t.id
     group by s.id order by s.id`,
    [sessionIds],
  );
  return rows;
}

export type RecentRow = { checked_in_at: Date; session_id: number; event_name: Record<string, string>; code: string; device_label: string };

/** The last admissions to the given sessions, newest first. */
export async function findRecentCheckins(q: Queryable, sessionIds: readonly number[], limit: number): Promise<RecentRow[]> {
  const { rows } = await q.query<RecentRow>(
    `select ci.checked_in_at, ci.session_id, e.name as event_name, t.code, ci.device_label
     from checkins ci
     join tickets t on t.id = ci.ticket_id
     join sessions s on s.id = ci.session_id
     join events e on e.id = s.event_id
     where ci.session_id = any($1::int[])
     order by ci.checked_in_at desc, ci.ticket_id desc limit $2`,
    [sessionIds, limit],
  );
  return rows;
}

// --- devices ---

export type DeviceRow = {
  id: number;
  name: string;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  valid_from: string;
  valid_to: string;
  expires_at: Date;
  session_ids: number[] | null;
  created_by_name: string | null;
};

// Dates as text: a `date` read by the driver would become a midnight in the server's zone.
const DEVICE_COLUMNS = `d.id, d.name, d.created_at, d.revoked_at, d.last_used_at, d.valid_from::text as valid_from, d.valid_to::text as valid_to,
  d.expires_at, d.session_ids, (select m.name from staff m where m.id = d.created_by) as created_by_name`;

export async function insertDevice(
  q: Queryable,
  d: {
    name: string;
    keySha256: string;
    createdBy: number | null;
    at: Date;
    validFrom: string;
    validTo: string;
    expiresAt: Date;
    sessionIds: readonly number[] | null;
  },
): Promise<DeviceRow> {
  const { rows } = await q.query<DeviceRow>(
    `insert into checkin_devices as d (name, key_sha256, created_by, created_at, valid_from, valid_to, expires_at, session_ids)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     returning ${DEVICE_COLUMNS}`,
    [d.name, d.keySha256, d.createdBy, d.at, d.validFrom, d.validTo, d.expiresAt, d.sessionIds],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into checkin_devices returned no row');
  return row;
}

export async function findDevices(q: Queryable): Promise<DeviceRow[]> {
  const { rows } = await q.query<DeviceRow>(`select ${DEVICE_COLUMNS} from checkin_devices d order by d.revoked_at nulls first, d.id desc`);
  return rows;
}

/** Revokes a device key; answers the device as it was before, or undefined when there is none. */
export async function revokeDevice(q: Queryable, id: number, at: Date): Promise<DeviceRow | undefined> {
  const { rows } = await q.query<DeviceRow>(
    `with before as (select id, revoked_at from checkin_devices where id = $1 for update),
     changed as (update checkin_devices c set revoked_at = coalesce(c.revoked_at, $2) from before where c.id = before.id returning c.id)
     select ${DEVICE_COLUMNS.replace('d.revoked_at', 'before.revoked_at')} from checkin_devices d join before on before.id = d.id join changed on changed.id = d.id`,
    [id, at],
  );
  return rows[0];
}

/** Revokes every live key a member made (their account is being disabled); answers how many. */
export async function revokeDevicesMadeBy(q: Queryable, staffId: number, at: Date): Promise<number> {
  return (await q.query('update checkin_devices set revoked_at = $2 where created_by = $1 and revoked_at is null', [staffId, at])).rowCount;
}

/** A live device key: what it may admit and list. */
export type LiveDevice = { id: number; name: string; validFrom: string; validTo: string; sessionIds: number[] | null };

/**
 * The live device a key belongs to: not revoked, not expired, its maker's account not disabled.
 * Marks it used (at most once a minute, so a busy door does not write per scan).
 */
export async function findLiveDeviceByKey(q: Queryable, keySha256: string, at: Date): Promise<LiveDevice | undefined> {
  const { rows } = await q.query<{
    id: number;
    name: string;
    last_used_at: Date | null;
    valid_from: string;
    valid_to: string;
    session_ids: number[] | null;
  }>(
    `select d.id, d.name, d.last_used_at, d.valid_from::text as valid_from, d.valid_to::text as valid_to, d.session_ids
     from checkin_devices d left join staff m on m.id = d.created_by
     where d.key_sha256 = $1 and d.revoked_at is null and d.expires_at > $2 and (d.created_by is null or m.disabled is false)`,
    [keySha256, at],
  );
  const device = rows[0];
  if (!device) return undefined;
  if (!device.last_used_at || at.getTime() - device.last_used_at.getTime() > 60_000) {
    await q.query('update checkin_devices set last_used_at = $2 where id = $1', [device.id, at]);
  }
  return { id: device.id, name: device.name, validFrom: device.valid_from, validTo: device.valid_to, sessionIds: device.session_ids };
}

/** The start of each of these sessions (those that exist). */
export async function findSessionStarts(q: Queryable, sessionIds: readonly number[]): Promise<{ id: number; starts_at: Date }[]> {
  const { rows } = await q.query<{ id: number; starts_at: Date }>('select id, starts_at from sessions where id = any($1::int[])', [
    sessionIds,
  ]);
  return rows;
}

import { createHash, randomBytes } from 'node:crypto';
import { ageOn, entryTiming } from '../../contract/concession-rules.ts';
import { concessionDocument } from '../concessions/concession-texts.ts';
import { DEVICE_KEY_PREFIX, DeviceFieldError, RECENT_SCANS, isTicketCode, normalizeScannedCode } from '../../contract/checkin-rules.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { BusinessError } from '../http.ts';
import type {
  CheckinActivityResponse,
  CheckinDevice,
  CheckinSession,
  OfflineScan,
  ScanVerdict,
  SyncResult,
  TicketFacts,
} from '../../contract/checkin.ts';
import { type Lang, pickLocalized } from '../../contract/lang.ts';
import { OrderStatus, ReturnStatus, isReturned } from '../../contract/order-status.ts';
import { findGroupTicketsAdmittedWith } from '../groups/groups.repository.ts';
import type { Db, Queryable } from '../db/client.ts';
import { venueDateParts } from '../order-view/dates.ts';
import { enqueueVisitReport } from '../registry/registry.repository.ts';
import { enqueueAdmissionClosing } from '../receipts/closing-receipts.repository.ts';
import {
  type DeviceRow,
  type DoorTicketRow,
  type LiveDevice,
  countSessions,
  findCheckin,
  findDevices,
  findDoorTicket,
  findLiveDeviceByKey,
  findOfflineScan,
  findRecentCheckins,
  findSessionStarts,
  findSessionsBetween,
  insertCheckin,
  insertDevice,
  insertOfflineScan,
  isReplacedCode,
  revokeDevice,
} from './checkin.repository.ts';

/**
 * Who scans: a signed-in member of staff on a device of theirs, or a scanning device with a key of
 * its own. `key` names the device for idempotency and conflicts; `label` is what a controller sees.
 */
export type Scanner =
  | { kind: 'staff'; staffId: number; staffName: string; deviceId: string }
  | { kind: 'device'; checkinDeviceId: number; deviceName: string; deviceId: string; scope: DeviceScope };

/** What a device key may admit and list: its days (venue-local, both included) and, when given, only its sessions. */
export type DeviceScope = { validFrom: string; validTo: string; sessionIds: readonly number[] | null };

/** Who asks for the door's lists: staff see every session, a device key those of its scope. */
export type DoorReader = { scope: DeviceScope | null };

const scannerKey = (s: Scanner) => (s.kind === 'device' ? `device:${s.checkinDeviceId}` : `staff:${s.staffId}:${s.deviceId}`);
const scannerLabel = (s: Scanner) => (s.kind === 'device' ? s.deviceName : `${s.staffName} · ${s.deviceId.slice(0, 6)}`);

/**
 * A controller's override of a too-early or too-late verdict: the ticket is admitted all the same
 * and `audit` records who did it, in the admission's transaction.
 */
export type WindowOverride = {
  audit: (tx: Queryable, ticket: TicketFacts & { ticketId: number }, side: 'too-early' | 'too-late') => Promise<void>;
};

type Options = { sessionIds?: readonly number[] | undefined; lang: Lang; override?: WindowOverride | undefined };

export type { LiveDevice };

/** The SHA-256 a device key is kept and looked up by. */
export const hashDeviceKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** An offline scan counts at its own time only from this long before its session starts… */
export const OFFLINE_BEFORE_START_MS = 12 * 3600_000;
/** …to this long after (a museum's day ticket admits all day). */
export const OFFLINE_AFTER_START_MS = 24 * 3600_000;

/**
 * The time an offline scan is applied at. A device's clock is the device's word: a time after the
 * order's payment, within a window around the session and not ahead of the server is taken; any
 * other (a clock set to 2001, a scan dated before the ticket was paid) is replaced by the time the
 * server accepted the scan, which is also the visit time the registry is told.
 */
export function offlineTime(scannedAt: Date, ticket: { paid_at: Date | null; starts_at: Date }, now: Date): Date {
  const t = scannedAt.getTime();
  if (!Number.isFinite(t) || t >= now.getTime()) return now;
  if (ticket.paid_at && t < ticket.paid_at.getTime()) return now;
  const start = ticket.starts_at.getTime();
  if (t < start - OFFLINE_BEFORE_START_MS || t > start + OFFLINE_AFTER_START_MS) return now;
  return scannedAt;
}

/** Thrown inside an offline scan's transaction when a concurrent sync recorded the same scan first. */
class ScanRecordedMeanwhile extends Error {}

/** Door check-in: verdicts for scanned codes, exactly one admission per ticket, offline batches, counts, device keys. */
export function createCheckinService(deps: { db: Db; now: () => number; timeZone: string }) {
  const facts = (t: DoorTicketRow, lang: Lang): TicketFacts => {
    const parts = venueDateParts(t.starts_at, deps.timeZone);
    const holderName = t.holder ? [t.holder.surname, t.holder.name, t.holder.middleName].filter(Boolean).join(' ') : '';
    const start = t.starts_at.getTime();
    const edge = (minutes: number | null, sign: number) =>
      t.has_time && minutes !== null ? new Date(start + sign * minutes * 60_000).toISOString() : null;
    return {
      code: t.code,
      sessionId: t.session_id,
      event: pickLocalized(t.event_name, lang),
      date: parts.iso,
      time: t.has_time ? parts.time : null,
      category: pickLocalized(t.category_name, lang),
      seat: t.seat_label !== null ? { sector: pickLocalized(t.sector_name, lang), row: t.row_label ?? '', seat: t.seat_label } : null,
      // Named tickets carry their holder; a Pushkin-card ticket is for its buyer only.
      holder: holderName || (t.pushkin_card || t.named_tickets ? t.buyer_name || null : null),
      document: concessionDocument(t.category_concession)[lang] || null,
      age: t.holder?.birthDate ? ageOn(t.holder.birthDate, parts.iso) : (t.holder?.age ?? null),
      entryFrom: edge(t.entry_before_minutes, -1),
      entryUntil: edge(t.entry_after_minutes, 1),
    };
  };

  /** Whether a session lies within a device key's scope (staff have none: every session). */
  const inScope = (scope: DeviceScope | null, sessionId: number, startsAt: Date) => {
    if (!scope) return true;
    const day = venueDateParts(startsAt, deps.timeZone).iso;
    return day >= scope.validFrom && day <= scope.validTo && (scope.sessionIds === null || scope.sessionIds.includes(sessionId));
  };

  /** Which sessions this device admits: its choice, else every session of the venue's today; never one outside a key's scope. */
  const admits = (t: DoorTicketRow, scanner: Scanner, sessionIds: readonly number[] | undefined, at: Date) =>
    inScope(scanner.kind === 'device' ? scanner.scope : null, t.session_id, t.starts_at) &&
    (sessionIds
      ? sessionIds.includes(t.session_id)
      : venueDateParts(t.starts_at, deps.timeZone).iso === venueDateParts(at, deps.timeZone).iso);

  const verdict = (v: ScanVerdict['verdict'], ticket: TicketFacts | null, used?: { at: Date; by: string }): ScanVerdict => ({
    verdict: v,
    ticket,
    usedAt: used ? used.at.toISOString() : null,
    usedBy: used ? used.by : null,
  });

  /**
   * The verdict for one code, admitting the ticket when it may pass; inside the caller's
   * transaction. `offline` is the time an offline scan was made.
   */
  async function judge(
    tx: Queryable,
    scanner: Scanner,
    rawCode: string,
    options: Options,
    offline?: { scanId: string; at: Date },
  ): Promise<ScanVerdict> {
    const code = normalizeScannedCode(rawCode);
    if (!isTicketCode(code)) return verdict('malformed', null);
    const row = await findDoorTicket(tx, code);
    // Codes are issued on payment only, so a code of an unpaid order names no ticket one may sell.
    if (!row) return verdict((await isReplacedCode(tx, code)) ? 'replaced' : 'unknown', null);
    if (row.order_status !== OrderStatus.paid && row.order_status !== OrderStatus.canceled) return verdict('unknown', null);
    const ticket = facts(row, options.lang);
    // An exchange replaced it: the new ticket admits, this one never again.
    if (row.ticket_status === ReturnStatus.exchanged) return verdict('replaced', ticket);
    if (isReturned(row.ticket_status)) return verdict('refunded', ticket);
    if (row.order_status === OrderStatus.canceled || row.session_cancelled) return verdict('cancelled', ticket);
    const now = new Date(deps.now());
    const at = offline ? offlineTime(offline.at, row, now) : now;
    if (!admits(row, scanner, options.sessionIds, at)) return verdict('wrong-session', ticket);
    // Timed entry, online only: an offline scan already let the visitor in on the device's word.
    // A ticket admitted before is already-used, whatever the time.
    const timing = offline
      ? 'in-time'
      : entryTiming(
          { beforeMinutes: row.entry_before_minutes, afterMinutes: row.entry_after_minutes },
          row.starts_at.getTime(),
          at.getTime(),
          row.has_time,
        );
    const outside = timing === 'in-time' || row.checked_in_at !== null ? null : timing;
    if (outside && !options.override) return verdict(outside, ticket);
    const key = scannerKey(scanner);
    const admitted = await insertCheckin(tx, {
      ticketId: row.ticket_id,
      sessionId: row.session_id,
      checkedInAt: at,
      recordedAt: now,
      deviceLabel: scannerLabel(scanner),
      deviceKey: key,
      checkinDeviceId: scanner.kind === 'device' ? scanner.checkinDeviceId : null,
      staffId: scanner.kind === 'staff' ? scanner.staffId : null,
      offlineScanId: offline?.scanId ?? null,
      windowOverride: outside,
    });
    if (admitted) {
      if (outside) await options.override?.audit(tx, { ...ticket, ticketId: row.ticket_id }, outside);
      await enqueueVisitReport(tx, row.ticket_id, at, now);
      // The service is delivered: a prepaid ticket's closing receipt is due (54-FZ).
      await enqueueAdmissionClosing(tx, row.ticket_id, now);
      // A group admitted on one code: its other places pass with it, and the verdict says how many in all.
      const others = await findGroupTicketsAdmittedWith(tx, row.ticket_id);
      for (const other of others) {
        const also = await insertCheckin(tx, {
          ticketId: other.id,
          sessionId: other.session_id,
          checkedInAt: at,
          recordedAt: now,
          deviceLabel: scannerLabel(scanner),
          deviceKey: key,
          checkinDeviceId: scanner.kind === 'device' ? scanner.checkinDeviceId : null,
          staffId: scanner.kind === 'staff' ? scanner.staffId : null,
          offlineScanId: null,
          // The group's other places pass with the code the controller let in, outside the window too.
          windowOverride: outside,
        });
        if (!also) continue;
        await enqueueVisitReport(tx, other.id, at, now);
        await enqueueAdmissionClosing(tx, other.id, now);
      }
      return others.length > 0 ? { ...verdict('admitted', ticket), groupPlaces: others.length + 1 } : verdict('admitted', ticket);
    }
    const first = await findCheckin(tx, row.ticket_id);
    const used = first ? { at: first.checked_in_at, by: first.device_label } : undefined;
    // Offline, the visitor was let in on the device's word: another device's earlier admission is a conflict to look into.
    return verdict(offline && first && first.device_key !== key ? 'conflict' : 'already-used', ticket, used);
  }

  return {
    /** One online scan: the verdict, and the admission when it is green. */
    scan(scanner: Scanner, code: string, options: Options): Promise<ScanVerdict> {
      return deps.db.transaction((tx) => judge(tx, scanner, code, options));
    },

    /**
     * Scans made offline, applied in the order made, each in a transaction of its own so one
     * refusal does not hold up the rest. A scan applied before (by its device and scan id)
     * answers its first verdict again and changes nothing.
     */
    async sync(scanner: Scanner, scans: readonly OfflineScan[], options: Options): Promise<SyncResult[]> {
      const key = scannerKey(scanner);
      const results: SyncResult[] = [];
      for (const scan of scans) {
        const earlier = await findOfflineScan(deps.db, key, scan.scanId);
        if (earlier) {
          results.push({ ...(earlier as ScanVerdict), scanId: scan.scanId, replayed: true });
          continue;
        }
        try {
          const result = await deps.db.transaction(async (tx) => {
            const v = await judge(tx, scanner, scan.code, options, { scanId: scan.scanId, at: new Date(scan.scannedAt) });
            if (!(await insertOfflineScan(tx, key, scan.scanId, v, new Date(deps.now())))) throw new ScanRecordedMeanwhile();
            return v;
          });
          results.push({ ...result, scanId: scan.scanId, replayed: false });
        } catch (error) {
          if (!(error instanceof ScanRecordedMeanwhile)) throw error;
          const recorded = (await findOfflineScan(deps.db, key, scan.scanId)) as ScanVerdict;
          results.push({ ...recorded, scanId: scan.scanId, replayed: true });
        }
      }
      return results;
    },

    /** The sessions of a venue-local day (today by default) with their counts; a device key's only those of its scope. */
    async sessionsOfDay(reader: DoorReader, date: string | undefined, lang: Lang): Promise<{ date: string; sessions: CheckinSession[] }> {
      const day = date ?? venueDateParts(new Date(deps.now()), deps.timeZone).iso;
      // A day's bounds in any zone lie within a day and a half of UTC midnight; the exact day is picked below.
      const midnight = Date.parse(`${day}T00:00:00Z`);
      const rows = (await findSessionsBetween(deps.db, new Date(midnight - 15 * 3600_000), new Date(midnight + 39 * 3600_000))).filter(
        (s) => venueDateParts(s.starts_at, deps.timeZone).iso === day && inScope(reader.scope, s.id, s.starts_at),
      );
      const counts = new Map(
        (
          await countSessions(
            deps.db,
            rows.map((s) => s.id),
          )
        ).map((c) => [c.session_id, c]),
      );
      return {
        date: day,
        sessions: rows.map((s) => {
          const c = counts.get(s.id);
          const sold = c?.sold ?? 0;
          const admitted = c?.admitted ?? 0;
          return {
            sessionId: s.id,
            event: pickLocalized(s.event_name, lang),
            date: day,
            time: s.has_time ? venueDateParts(s.starts_at, deps.timeZone).time : null,
            sold,
            admitted,
            remaining: Math.max(0, sold - admitted),
          };
        }),
      };
    },

    /**
     * Counts of the chosen sessions and their last admissions (the code's end and the device,
     * never a holder's name: names are shown only for the ticket being scanned). A device key
     * asking for a session outside its scope is refused.
     */
    async activity(
      reader: DoorReader,
      sessionIds: readonly number[],
      lang: Lang,
    ): Promise<Omit<CheckinActivityResponse, 'errorCode' | 'errorText'>> {
      if (reader.scope) {
        const starts = await findSessionStarts(deps.db, sessionIds);
        const allowed = starts.filter((s) => inScope(reader.scope, s.id, s.starts_at)).length;
        if (allowed !== sessionIds.length) throw new BusinessError(ErrorCode.checkinForbidden, { status: 403 });
      }
      const counts = await countSessions(deps.db, sessionIds);
      const recent = await findRecentCheckins(deps.db, sessionIds, RECENT_SCANS);
      return {
        sessions: counts.map((c) => ({
          sessionId: c.session_id,
          sold: c.sold,
          admitted: c.admitted,
          remaining: Math.max(0, c.sold - c.admitted),
        })),
        recent: recent.map((r) => ({
          at: r.checked_in_at.toISOString(),
          sessionId: r.session_id,
          event: pickLocalized(r.event_name, lang),
          codeEnd: r.code.slice(-4),
          device: r.device_label,
        })),
      };
    },

    /** The live device a bearer key belongs to (not revoked or expired, its maker not disabled), if any. */
    async deviceOfKey(key: string): Promise<LiveDevice | undefined> {
      if (!key.startsWith(DEVICE_KEY_PREFIX) || key.length > 200) return undefined;
      return findLiveDeviceByKey(deps.db, hashDeviceKey(key), new Date(deps.now()));
    },

    /**
     * A new device key for the days from validFrom to validTo (and only the given sessions of
     * them, when given), expiring at the end of its last day in the venue's time zone: the key is
     * answered this once, only its hash is kept. `audit` runs in the same transaction.
     */
    async createDevice(
      input: { name: string; validFrom: string; validTo: string; sessionIds?: readonly number[] | undefined },
      createdBy: number | null,
      audit?: (tx: Queryable, device: CheckinDevice) => Promise<void>,
    ) {
      const now = new Date(deps.now());
      if (input.validTo < venueDateParts(now, deps.timeZone).iso) throw deviceFieldError('validTo', DeviceFieldError.daysPast);
      const sessionIds = input.sessionIds ? [...new Set(input.sessionIds)] : null;
      if (sessionIds) {
        const scope = { validFrom: input.validFrom, validTo: input.validTo, sessionIds: null };
        const starts = await findSessionStarts(deps.db, sessionIds);
        if (starts.length !== sessionIds.length || starts.some((s) => !inScope(scope, s.id, s.starts_at)))
          throw deviceFieldError('sessionIds', DeviceFieldError.sessionsOutside);
      }
      const key = DEVICE_KEY_PREFIX + randomBytes(32).toString('base64url');
      const expiresAt = venueMidnightAfter(input.validTo, deps.timeZone);
      return deps.db.transaction(async (tx) => {
        const row = await insertDevice(tx, {
          name: input.name,
          keySha256: hashDeviceKey(key),
          createdBy,
          at: now,
          validFrom: input.validFrom,
          validTo: input.validTo,
          expiresAt,
          sessionIds,
        });
        const device = deviceView(row);
        await audit?.(tx, device);
        return { device, key };
      });
    },

    async listDevices(): Promise<CheckinDevice[]> {
      return (await findDevices(deps.db)).map(deviceView);
    },

    /** Revokes a device's key at once; undefined when there is no such device. */
    async revokeDevice(id: number, audit?: (tx: Queryable, before: CheckinDevice) => Promise<void>): Promise<CheckinDevice | undefined> {
      return deps.db.transaction(async (tx) => {
        const before = await revokeDevice(tx, id, new Date(deps.now()));
        if (!before) return undefined;
        await audit?.(tx, deviceView(before));
        return (await findDevices(tx)).map(deviceView).find((d) => d.id === id);
      });
    },
  };
}
export type CheckinService = ReturnType<typeof createCheckinService>;

function deviceView(row: DeviceRow): CheckinDevice {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
    lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    expiresAt: new Date(row.expires_at).toISOString(),
    sessionIds: row.session_ids,
    createdBy: row.created_by_name,
  };
}

const deviceFieldError = (path: string, code: string) =>
  new BusinessError(ErrorCode.validation, { status: 400, details: { fields: [{ path, code }] } });

/** The instant a venue-local day ends: the first moment of the next day in the venue's time zone. */
function venueMidnightAfter(day: string, timeZone: string): Date {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  // Guess the instant as UTC midnight, then move it by the zone's offset there (twice, for a change of offset that night).
  let guess = Date.parse(`${next}T00:00:00Z`);
  for (let i = 0; i < 2; i += 1) {
    const parts = venueDateParts(new Date(guess), timeZone);
    const local = Date.parse(`${parts.iso}T${parts.time}:00Z`);
    guess -= local - Date.parse(`${next}T00:00:00Z`);
  }
  return new Date(guess);
}

import { z } from 'zod';
import { langField, recordId } from './common.ts';
import {
  DEVICE_ID_PATTERN,
  DEVICE_KEY_MAX_DAYS,
  DEVICE_NAME_MAX_LENGTH,
  DeviceFieldError,
  daysIncluded,
  SCAN_CODE_MAX,
  SCAN_ID_PATTERN,
  SESSIONS_PER_DEVICE_MAX,
  SYNC_BATCH_MAX,
  VERDICTS,
} from './checkin-rules.ts';

export * from './checkin-rules.ts';

const deviceId = z.string().regex(DEVICE_ID_PATTERN, 'deviceId');
const sessionIds = z.array(recordId).min(1).max(SESSIONS_PER_DEVICE_MAX);
// Any text a scanner read: whether it is a code of ours is the verdict's business, not the schema's.
const scannedCode = z.string().min(1).max(SCAN_CODE_MAX);

/** POST /api/checkin/scan: one code read at the door. Without sessionIds the device admits the sessions of the venue's today. */
export const scanRequest = z.object({
  code: scannedCode,
  deviceId,
  sessionIds: sessionIds.optional(),
  /**
   * The controller lets a too-early or too-late ticket through (a signed-in member of staff only,
   * recorded in the audit log); has no effect on any other verdict.
   */
  override: z.boolean().optional(),
  lang: langField,
});
export type ScanRequest = z.infer<typeof scanRequest>;

/** What the controller needs to recognise the ticket in the visitor's hand. */
export const ticketFacts = z.object({
  code: z.string(),
  sessionId: z.number().int(),
  event: z.string(),
  /** The session's venue-local date, YYYY-MM-DD. */
  date: z.string(),
  /** HH:MM, or null for a whole-day ticket. */
  time: z.string().nullable(),
  category: z.string(),
  seat: z.object({ sector: z.string(), row: z.string(), seat: z.string() }).nullable(),
  /** The holder's full name on a named ticket; the controller checks it against an identity document. */
  holder: z.string().nullable(),
  /** The document the door checks for the ticket's price category ("Студенческий билет"), in the scan's language; null: none. */
  document: z.string().nullable(),
  /** The holder's age on the session's day, from the named ticket's birth date or age; null where not known. */
  age: z.number().int().nullable(),
  /** A timed ticket's entry window (ISO 8601); null for a side with no bound or a ticket without one. */
  entryFrom: z.string().nullable(),
  entryUntil: z.string().nullable(),
});
export type TicketFacts = z.infer<typeof ticketFacts>;

export const scanVerdict = z.object({
  verdict: z.enum(VERDICTS),
  /** The ticket the code names; null for an unknown or malformed code. */
  ticket: ticketFacts.nullable(),
  /** already-used and conflict: when the ticket was admitted (ISO 8601) and by which device. */
  usedAt: z.string().nullable(),
  usedBy: z.string().nullable(),
  /** admitted on a group ticket: the people the one code let in (the group's places); absent for a ticket of one. */
  groupPlaces: z.number().int().positive().optional(),
});
export type ScanVerdict = z.infer<typeof scanVerdict>;

export const scanResponse = z.object({ errorCode: z.literal('0'), errorText: z.string() }).extend(scanVerdict.shape);
export type ScanResponse = z.infer<typeof scanResponse>;

/** One scan made while the device was offline, with the device's own id for it and its time. */
export const offlineScan = z.object({
  scanId: z.string().regex(SCAN_ID_PATTERN, 'scanId'),
  code: scannedCode,
  /** When the device read it (ISO 8601); a time ahead of the server's clock counts as now. */
  scannedAt: z.iso.datetime({ offset: true }),
});

/** POST /api/checkin/sync: the scans a device made offline, in the order it made them. */
export const syncRequest = z.object({
  deviceId,
  sessionIds: sessionIds.optional(),
  scans: z.array(offlineScan).min(1).max(SYNC_BATCH_MAX),
  lang: langField,
});
export type SyncRequest = z.infer<typeof syncRequest>;

export const syncResult = scanVerdict.extend({
  scanId: z.string(),
  /** The scan was applied by an earlier sync: this is that sync's verdict, nothing changed now. */
  replayed: z.boolean(),
});
export type SyncResult = z.infer<typeof syncResult>;

export const syncResponse = z.object({ errorCode: z.literal('0'), errorText: z.string(), results: z.array(syncResult) });
export type SyncResponse = z.infer<typeof syncResponse>;

export const sessionCounts = z.object({
  sessionId: z.number().int(),
  /** Valid tickets sold (paid, not returned). */
  sold: z.number().int(),
  admitted: z.number().int(),
  /** Sold and not admitted yet. */
  remaining: z.number().int(),
});
export type SessionCounts = z.infer<typeof sessionCounts>;

export const checkinSession = sessionCounts.extend({
  event: z.string(),
  date: z.string(),
  time: z.string().nullable(),
});
export type CheckinSession = z.infer<typeof checkinSession>;

/** GET /api/checkin/sessions: the sessions of a venue-local day a device may choose. */
export const checkinSessionsQuery = z.object({
  date: z.iso.date().optional(),
  lang: langField,
});
export const checkinSessionsResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  date: z.string(),
  sessions: z.array(checkinSession),
});
export type CheckinSessionsResponse = z.infer<typeof checkinSessionsResponse>;

export const recentScan = z.object({
  at: z.string(),
  sessionId: z.number().int(),
  event: z.string(),
  /** The code's last four digits: enough to tell scans apart, not enough to forge a ticket. */
  codeEnd: z.string(),
  device: z.string(),
});
export type RecentScan = z.infer<typeof recentScan>;

/** GET /api/checkin/activity?sessionIds=1,2: counts of the chosen sessions and their last admissions. */
export const checkinActivityQuery = z.object({
  sessionIds: z
    .string()
    .max(600)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'sessionIds')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .pipe(sessionIds),
  lang: langField,
});
export const checkinActivityResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  sessions: z.array(sessionCounts),
  recent: z.array(recentScan),
});
export type CheckinActivityResponse = z.infer<typeof checkinActivityResponse>;

// --- devices (back office) ---

export const checkinDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** The venue-local days the key works on, both included. */
  validFrom: z.string(),
  validTo: z.string(),
  /** The end of its last day (ISO 8601): the key is refused from then on. */
  expiresAt: z.string(),
  /** The only sessions it admits and lists; null: every session of its days. */
  sessionIds: z.array(z.number().int()).nullable(),
  /** The member who made it; disabling them revokes it. */
  createdBy: z.string().nullable(),
});
export type CheckinDevice = z.infer<typeof checkinDevice>;

const deviceDay = z.iso.date({ error: DeviceFieldError.requiredDay });

/**
 * POST /api/admin/checkin/devices: a key for the days from validFrom to validTo (venue-local,
 * at most DEVICE_KEY_MAX_DAYS), optionally only for some sessions of those days.
 */
export const createDeviceRequest = z
  .object({
    name: z
      .string({ error: DeviceFieldError.requiredName })
      .trim()
      .min(1, DeviceFieldError.requiredName)
      .max(DEVICE_NAME_MAX_LENGTH, DeviceFieldError.nameTooLong),
    validFrom: deviceDay,
    validTo: deviceDay,
    sessionIds: sessionIds.optional(),
    lang: langField,
  })
  .refine((r) => r.validFrom <= r.validTo, { path: ['validTo'], message: DeviceFieldError.daysReversed })
  .refine((r) => r.validFrom > r.validTo || daysIncluded(r.validFrom, r.validTo) <= DEVICE_KEY_MAX_DAYS, {
    path: ['validTo'],
    message: DeviceFieldError.tooManyDays,
  });
export type CreateDeviceRequest = z.infer<typeof createDeviceRequest>;
export const createDeviceResponse = z.object({
  errorCode: z.literal('0'),
  errorText: z.string(),
  device: checkinDevice,
  /** Shown this once: the server keeps only its hash. */
  key: z.string(),
});
export const devicesResponse = z.object({ errorCode: z.literal('0'), errorText: z.string(), devices: z.array(checkinDevice) });
/** POST /api/admin/checkin/devices/{id}/revoke: the device as it is now, revoked. */
export const revokeDeviceResponse = z.object({ errorCode: z.literal('0'), errorText: z.string(), device: checkinDevice });

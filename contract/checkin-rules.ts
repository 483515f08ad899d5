/**
 * Door check-in rules both the server and the check-in page need. Zod-free: the check-in page's
 * first load imports it.
 */

/** A ticket's scanned code: 16 digits, the first non-zero (server/tickets/ticket-codes.ts issues them). */
export const TICKET_CODE_PATTERN = /^[1-9][0-9]{15}$/;

/** The longest text a scan may carry; anything longer is no code of ours and is refused by the schema. */
export const SCAN_CODE_MAX = 200;

/** Scanners read a code with stray spaces or a trailing newline; they are not part of it. */
export function normalizeScannedCode(raw: string): string {
  return raw.replace(/\s+/g, '');
}

export function isTicketCode(code: string): boolean {
  return TICKET_CODE_PATTERN.test(code);
}

/**
 * A scan's verdict. admitted is the only green one; the rest say why the visitor may not pass:
 * already-used (admitted before: when and by which device), wrong-session (another date or
 * event than the device admits), refunded (returned), cancelled (the order or the session was
 * cancelled), unknown (no ticket of this venue has the code), malformed (not a code of ours at
 * all), conflict (an offline scan whose ticket another device admitted first), replaced (a code
 * the desk's duplicate replaced, under the venue's 'reissue' choice: only the duplicate admits),
 * too-early and too-late (a timed ticket scanned outside its event's entry window; a signed-in
 * controller may let the visitor through, which the audit log records).
 */
export const VERDICTS = [
  'admitted',
  'already-used',
  'wrong-session',
  'refunded',
  'cancelled',
  'unknown',
  'malformed',
  'conflict',
  'replaced',
  'too-early',
  'too-late',
] as const;
export type Verdict = (typeof VERDICTS)[number];

/** One scan made while the device was offline: its own id, the code read, when (ISO 8601). */
export type OfflineScan = { scanId: string; code: string; scannedAt: string };

/** The verdicts a signed-in controller may override, admitting the visitor all the same. */
export const OVERRIDABLE: readonly Verdict[] = ['too-early', 'too-late'];
export const isOverridable = (verdict: Verdict) => OVERRIDABLE.includes(verdict);

/** The one verdict that lets the visitor in. */
export const isAdmitted = (verdict: Verdict) => verdict === 'admitted';

/** A device's own id for itself (the page draws a random one and keeps it): short, URL-safe. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** An offline scan's id, unique per device (the page draws a random one per scan). */
export const SCAN_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Scans one offline batch may carry; a device that was offline longer sends several batches. */
export const SYNC_BATCH_MAX = 200;

/** The sessions one device may admit at once. */
export const SESSIONS_PER_DEVICE_MAX = 50;

/** The last scans the counts show per request. */
export const RECENT_SCANS = 10;

/** A per-device key's prefix: tells it apart from other secrets in logs and password managers. */
export const DEVICE_KEY_PREFIX = 'ckd_';

/** A scanning device's name in the back office: what staff recognise it by in the list and the audit log. */
export const DEVICE_NAME_MAX_LENGTH = 100;

/** Field error codes of the device key form; the back office's catalogs hold their texts. */
export const DeviceFieldError = {
  requiredName: 'required-device-name',
  nameTooLong: 'device-name-too-long',
  requiredDay: 'required-device-day',
  daysReversed: 'device-days-reversed',
  tooManyDays: 'device-days-too-many',
  daysPast: 'device-days-past',
  sessionsOutside: 'device-sessions-outside',
} as const;

/**
 * A device key works on the days it was made for (venue-local dates, both included), at most
 * this many, and expires at the end of its last day: a turnstile gets a fresh key each month.
 */
export const DEVICE_KEY_MAX_DAYS = 31;

/** Days from one YYYY-MM-DD date to another, both included (1 for a single day). */
export function daysIncluded(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

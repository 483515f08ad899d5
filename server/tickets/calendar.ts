import { type Lang, pickLocalized } from '../../contract/lang.ts';
import { isoInZone } from '../seo/event-json-ld.ts';

/** One session of an order, as its calendar entry shows it. */
export type CalendarSession = {
  sessionId: number;
  startsAt: Date;
  /** False for a whole-day ticket (a museum's day): the entry is then an all-day event. */
  hasTime: boolean;
  event: Partial<Record<Lang, string>>;
  place: Partial<Record<Lang, string>>;
  address: Partial<Record<Lang, string>>;
};

export type CalendarOrder = {
  orderNumber: number;
  /** The order page's absolute URL in the buyer's language. */
  orderUrl: string;
  /** A host name that makes each entry's UID unique to this storefront (the public URL's host). */
  host: string;
  /** The title of the entry's note ("Заказ № 1042"), in the language asked. */
  note: string;
  sessions: CalendarSession[];
};

/** RFC 5545 §3.3.11: a TEXT value escapes backslash, semicolon, comma and line breaks. */
export const icsText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/**
 * RFC 5545 §3.1: a content line is at most 75 octets; a longer one is folded with CRLF and a space,
 * never inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    // The first line holds 75 octets; a continuation line's leading space takes one of its 75.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** '2026-12-21T19:00:00+03:00' → local '20261221T190000' and offset '+0300'. */
function localAndOffset(iso: string): { local: string; offset: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})([+-]\d{2}):(\d{2})$/.exec(iso);
  if (!m) throw new Error(`not an ISO date-time with an offset: ${iso}`);
  return { local: `${m[1]}${m[2]}${m[3]}T${m[4]}${m[5]}${m[6]}`, offset: `${m[7]}${m[8]}` };
}

const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const dateValue = (isoDay: string) => isoDay.replace(/-/g, '');

function nextDay(isoDay: string): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * An iCalendar file (RFC 5545) with one entry per session of the order, at the session's time in
 * the venue's time zone: a VTIMEZONE with the zone's offset at those instants (Russia and
 * Kazakhstan keep one offset all year), or UTC times when the sessions fall on different offsets.
 * A session has no end time in the catalog, so a timed entry has a start only (§3.6.1: it then
 * ends when it starts, and calendars show it at its start); a whole-day ticket is an all-day entry.
 */
export function orderCalendar(order: CalendarOrder, lang: Lang, timeZone: string, now: Date): string {
  const timed = order.sessions.filter((s) => s.hasTime).map((s) => ({ s, ...localAndOffset(isoInZone(s.startsAt, timeZone, true)) }));
  const offsets = new Set(timed.map((t) => t.offset));
  const zoned = offsets.size === 1;
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Storefront//Tickets//RU', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (zoned) {
    const [offset] = offsets;
    lines.push(
      'BEGIN:VTIMEZONE',
      `TZID:${timeZone}`,
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      'END:STANDARD',
      'END:VTIMEZONE',
    );
  }
  for (const session of order.sessions) {
    const place = [pickLocalized(session.place, lang), pickLocalized(session.address, lang)].filter(Boolean).join(', ');
    lines.push('BEGIN:VEVENT', `UID:order-${order.orderNumber}-session-${session.sessionId}@${order.host}`, `DTSTAMP:${utcStamp(now)}`);
    if (session.hasTime) {
      lines.push(
        zoned
          ? `DTSTART;TZID=${timeZone}:${localAndOffset(isoInZone(session.startsAt, timeZone, true)).local}`
          : `DTSTART:${utcStamp(session.startsAt)}`,
      );
    } else {
      const day = isoInZone(session.startsAt, timeZone, false);
      lines.push(`DTSTART;VALUE=DATE:${dateValue(day)}`, `DTEND;VALUE=DATE:${dateValue(nextDay(day))}`);
    }
    lines.push(`SUMMARY:${icsText(pickLocalized(session.event, lang))}`);
    if (place) lines.push(`LOCATION:${icsText(place)}`);
    lines.push(`DESCRIPTION:${icsText(`${order.note}\n${order.orderUrl}`)}`, `URL:${order.orderUrl}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

import { z } from 'zod';

/**
 * A recurring schedule of an event: the given weekdays and times of day between two dates, less
 * the exception dates. The back office's form previews the sessions it makes and the server
 * expands it the same way on save, so the preview is what gets saved. Zod-free functions below
 * the schema: the preview runs them on every keystroke.
 */
const isoDate = z.iso.date();
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time');

/** At most this many sessions from one schedule: a year of four sessions a day with room to spare. */
export const MAX_RECURRENCE_SESSIONS = 2_000;

export const catalogRecurrence = z
  .strictObject({
    from: isoDate,
    to: isoDate,
    /** 1 Monday ... 7 Sunday (ISO). */
    weekdays: z.array(z.number().int().min(1).max(7)).min(1, 'weekdays'),
    times: z.array(timeOfDay).min(1, 'times'),
    except: z.array(isoDate).default([]),
    capacity: z.number().int().min(0).max(2_147_483_647).optional(),
    groupCapacity: z.number().int().min(0).max(2_147_483_647).default(0),
  })
  .refine((r) => r.from <= r.to, { message: 'date-order', path: ['to'] })
  .refine((r) => recurrenceDays(r.from, r.to) <= 400, { message: 'too-long', path: ['to'] });
export type CatalogRecurrence = z.output<typeof catalogRecurrence>;
export type CatalogRecurrenceInput = z.input<typeof catalogRecurrence>;

const DAY_MS = 86_400_000;

function recurrenceDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The zone's offset from UTC at an instant, in minutes (Moscow: 180). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date and time of the venue as the catalog file writes it: '2031-05-12T10:00:00+03:00'. */
export function localDateTime(date: string, time: string, timeZone: string): string {
  const naive = Date.parse(`${date}T${time}:00Z`);
  // The offset at the instant itself: found from a first guess, then checked (a DST change between).
  let offset = zoneOffsetMinutes(new Date(naive), timeZone);
  offset = zoneOffsetMinutes(new Date(naive - offset * 60_000), timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${date}T${time}:00${offset === 0 ? 'Z' : `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`}`;
}

/**
 * The sessions a schedule makes, in time order: each day from `from` to `to` whose weekday is
 * listed and which is not an exception, at each listed time, written in the venue's zone.
 */
export function expandRecurrence(r: Pick<CatalogRecurrence, 'from' | 'to' | 'weekdays' | 'times' | 'except'>, timeZone: string): string[] {
  const out: string[] = [];
  const start = Date.parse(`${r.from}T00:00:00Z`);
  const end = Date.parse(`${r.to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return out;
  const except = new Set(r.except);
  const times = [...new Set(r.times)].sort();
  for (let day = start; day <= end && out.length < MAX_RECURRENCE_SESSIONS; day += DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    const weekday = ((new Date(day).getUTCDay() + 6) % 7) + 1;
    if (!r.weekdays.includes(weekday) || except.has(date)) continue;
    for (const time of times) out.push(localDateTime(date, time, timeZone));
  }
  return out.slice(0, MAX_RECURRENCE_SESSIONS);
}

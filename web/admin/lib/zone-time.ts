import { localDateTime } from '../../../contract/catalog-recurrence.ts';
import { type Lang, toBcp47 } from '../../../contract/lang.ts';

/**
 * Dates of promo codes are typed and shown in the venue's time zone (the server's answer names
 * it), whatever zone the member's computer is set to, as sessions' times are.
 */

/** An ISO instant as a datetime-local input's value in the zone: '2026-12-31T23:59'. */
export function toZoneInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(iso));
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')}T${p('hour')}:${p('minute')}`;
}

/** A datetime-local value typed in the zone, as an ISO time with the zone's offset; null when empty. */
export function fromZoneInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  return match ? localDateTime(match[1] as string, match[2] as string, timeZone) : null;
}

/** An ISO instant as the venue reads it, in the member's language: '12 мая 2031 г., 19:00'. */
export function zoneTimeLabel(iso: string, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(toBcp47(lang), { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

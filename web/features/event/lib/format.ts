import { type Lang, toBcp47 } from '../../../../contract/lang.ts';
import { dateTimeFormat } from '../../../lib/intl-cache.ts';

/** 'dd.mm.yyyy' as a Date at noon UTC (formatting with timeZone UTC keeps the calendar day). */
export function parseDay(day: string): Date | undefined {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(day);
  if (!m) return undefined;
  return new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), 12));
}

/** A calendar day for the slider: weekday, day and month in the visitor's language. */
export function dayParts(day: string, lang: Lang): { weekday: string; date: string; full: string } {
  const date = parseDay(day);
  if (!date) return { weekday: '', date: day, full: day };
  const locale = toBcp47(lang);
  return {
    weekday: dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date),
    date: dateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date),
    full: dateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date),
  };
}

export function formatDateTime(iso: string, lang: Lang, timeZone: string): string {
  return dateTimeFormat(toBcp47(lang), { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

/**
 * Builds the page's date formatters ahead of its first render: the first
 * Intl.DateTimeFormat of a page loads the locale's data, tens of milliseconds on a phone, which
 * is better spent while the event's answer is on its way than inside the render that paints it.
 */
export function warmDateFormats(lang: Lang): void {
  dayParts('01.01.2030', lang);
}

import type { Lang } from '../../../../contract/lang.ts';
import { dateTimeFormat } from '../../../lib/intl-cache.ts';
import { toBcp47 } from '../../../lib/lang.ts';

/** A venue-local day 'yyyy-mm-dd' as a Date at UTC midnight (formatted in UTC, so no zone shifts it). */
export function dayToDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

export function dateToDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** 'yyyy-mm-dd' to the route's 'dd.mm.yyyy'. */
export function dottedDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

function fmt(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return dateTimeFormat(toBcp47(lang), options);
}

/** '11 марта 2030' */
export function formatDay(day: string, lang: Lang): string {
  return fmt(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(dayToDate(day));
}

/** '11 мар.' */
export function formatShortDay(day: string, lang: Lang): string {
  return fmt(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(dayToDate(day));
}

/** '11–20 марта 2030', or one day. */
export function formatDayRange(first: string, last: string, lang: Lang): string {
  if (first === last) return formatDay(first, lang);
  return fmt(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).formatRange(dayToDate(first), dayToDate(last));
}

/** 'март 2030' */
export function formatMonth(month: string, lang: Lang): string {
  return fmt(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(dayToDate(`${month}-01`));
}

/** The sale start in the venue's time zone: '12 марта 2030 г., 10:00'. */
export function formatSaleDate(iso: string, lang: Lang, timeZone: string): string {
  return fmt(lang, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** Monday first for ru, kz and ch; Sunday first for en (spec section 9). */
export function firstDayOfWeek(lang: Lang): 0 | 1 {
  return lang === 'en' ? 0 : 1;
}

/** Short weekday names starting at the first day of the week. */
export function weekdayNames(lang: Lang): { short: string; long: string }[] {
  const first = firstDayOfWeek(lang);
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const date = new Date(Date.UTC(2023, 0, 1 + ((i + first) % 7)));
    return {
      short: fmt(lang, { weekday: 'short', timeZone: 'UTC' }).format(date),
      long: fmt(lang, { weekday: 'long', timeZone: 'UTC' }).format(date),
    };
  });
}

/** The weeks of a month ('yyyy-mm') as rows of days ('' outside the month). */
export function monthWeeks(month: string, lang: Lang): string[][] {
  const start = dayToDate(`${month}-01`);
  const offset = (start.getUTCDay() - firstDayOfWeek(lang) + 7) % 7;
  const days: string[] = Array.from({ length: offset }, () => '');
  for (let d = new Date(start); d.getUTCMonth() === start.getUTCMonth(); d.setUTCDate(d.getUTCDate() + 1)) days.push(dateToDay(d));
  while (days.length % 7 !== 0) days.push('');
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** 'yyyy-mm' shifted by n months. */
export function addMonths(month: string, n: number): string {
  const date = dayToDate(`${month}-01`);
  date.setUTCMonth(date.getUTCMonth() + n);
  return dateToDay(date).slice(0, 7);
}

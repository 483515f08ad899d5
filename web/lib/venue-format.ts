import { formatPrice } from '../../contract/format-price.ts';
import { intlLocale, normalizeLang } from '../../contract/lang.ts';
import type { CurrencyCode } from '../../contract/setup.ts';

/**
 * Dates and sums as the venue has them, for the storefront, the back office and the door alike:
 * every function takes the venue's time zone or currency (the storefront's from GET /api/setup,
 * staff's from their session), never the browser's. A day is 'YYYY-MM-DD' on the venue's
 * calendar; a report's "today" is the venue's today, whatever zone the member's computer is in.
 */
export type Venue = { timeZone: string; currency: CurrencyCode };

/** The setup's defaults, for a page that has no answer from the server yet (a door offline). */
export const DEFAULT_VENUE: Venue = { timeZone: 'Europe/Moscow', currency: 'RUB' };

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The venue's calendar day 'YYYY-MM-DD' at an instant (now by default). */
export function venueDay(timeZone: string, at: Date | number = Date.now()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value])) as Record<string, string>;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The first day of a day's month: '2026-03-17' to '2026-03-01'. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** Integer minor units (kopecks) in the venue's currency and the reader's language: '1 234,50 ₽'. */
export function formatMoney(kopecks: number, currency: CurrencyCode, lang: string): string {
  return formatPrice(kopecks, currency, normalizeLang(lang));
}

/** A calendar day 'YYYY-MM-DD' (already the venue's) in the reader's language; no zone shifts it. */
export function formatDay(day: string, lang: string, style: 'medium' | 'short' = 'medium'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: style, timeZone: 'UTC' }).format(date);
}

/** An instant as the venue's wall clock shows it ('01.03.2026, 15:00'); a missing or unreadable one is a dash. */
export function formatDateTime(iso: string | null, lang: string, timeZone: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'short', timeStyle: 'short', timeZone }).format(date);
}

/**
 * Concessions of a price category (who may buy it, when, how often, what the door checks) and the
 * timed-entry window of an event. Zod-free: the storefront's event page, the door and the server
 * all import it; the schema is `catalogConcession` in contract/catalog-file.ts.
 *
 * Every date here is a venue-local calendar date 'YYYY-MM-DD' (venueDateParts on the server, the
 * session's own day on the page): a concession for "the last Thursday" or "the 31st" is about the
 * venue's calendar, never UTC's.
 */

/** The documents a visitor shows for a concession; 'other' is the venue's own words (documentText). */
export const CONCESSION_DOCUMENTS = [
  'student-card',
  'pension-certificate',
  'large-family-certificate',
  'disability-certificate',
  'other',
] as const;
export type ConcessionDocument = (typeof CONCESSION_DOCUMENTS)[number];

/** ISO weekday numbers: 1 Monday … 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

/** The n-th given weekday of a month (1..5), or its last one (-1): "the last Thursday of the month". */
export type MonthWeekday = { nth: 1 | 2 | 3 | 4 | 5 | -1; weekday: Weekday };

export const CONCESSION_LIMITS = {
  ageMax: 120,
  monthlyLimitMax: 31,
  documentTextMax: 200,
  monthDaysMax: 31,
  /** Minutes of a timed-entry window before or after the slot's time: up to a day. */
  entryWindowMaxMinutes: 1440,
} as const;

/** A price category's concession as the rules read it (the schema's output; every list may be empty). */
export type Concession = {
  document?: ConcessionDocument | undefined;
  /** The venue's words for 'other' (and an optional detail for the rest), per language. */
  documentText?: Partial<Record<'ru' | 'en' | 'kz' | 'ch', string>> | undefined;
  /** Full years on the session's day, both bounds included. */
  ageFrom?: number | undefined;
  ageTo?: number | undefined;
  weekdays?: readonly Weekday[] | undefined;
  monthDays?: readonly number[] | undefined;
  monthWeekdays?: readonly MonthWeekday[] | undefined;
  /** Tickets of this category one visitor may hold per calendar month of the session (named events only). */
  monthlyLimit?: number | undefined;
};

/** A concession that restricts nothing and names no document: an ordinary category (stored as none). */
export function isOrdinary(c: Concession | null | undefined): boolean {
  if (!c) return true;
  return (
    c.document === undefined &&
    !Object.values(c.documentText ?? {}).some(Boolean) &&
    c.ageFrom === undefined &&
    c.ageTo === undefined &&
    (c.weekdays ?? []).length === 0 &&
    (c.monthDays ?? []).length === 0 &&
    (c.monthWeekdays ?? []).length === 0 &&
    c.monthlyLimit === undefined
  );
}

const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** Days in a month (month 1..12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The ISO weekday of a calendar date (1 Monday … 7 Sunday). */
export function weekdayOf(day: string): Weekday {
  const [y, m, d] = parts(day);
  const w = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return (w === 0 ? 7 : w) as Weekday;
}

/** Whether a date is the n-th (or with -1 the last) given weekday of its month. */
export function isMonthWeekday(day: string, rule: MonthWeekday): boolean {
  if (weekdayOf(day) !== rule.weekday) return false;
  const [y, m, d] = parts(day);
  if (rule.nth === -1) return d + 7 > daysInMonth(y, m);
  return Math.ceil(d / 7) === rule.nth;
}

/**
 * Whether a category's concession applies on a date. Days unrestricted (no weekdays, days of the
 * month or weekdays of the month): every day. Otherwise any one that matches is enough, so
 * "Wednesdays and the last Thursday" is one category.
 */
export function appliesOnDay(c: Concession | null | undefined, day: string): boolean {
  if (!c) return true;
  const weekdays = c.weekdays ?? [];
  const monthDays = c.monthDays ?? [];
  const monthWeekdays = c.monthWeekdays ?? [];
  if (weekdays.length === 0 && monthDays.length === 0 && monthWeekdays.length === 0) return true;
  if (weekdays.includes(weekdayOf(day))) return true;
  if (monthDays.includes(parts(day)[2])) return true;
  return monthWeekdays.some((rule) => isMonthWeekday(day, rule));
}

/**
 * Full years between a birth date and a day (both 'YYYY-MM-DD'): the birthday itself counts (on
 * their 18th birthday a visitor is 18); one born on 29 February turns a year older on 1 March of
 * a common year.
 */
export function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = parts(birth);
  const [ty, tm, td] = parts(day);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Whether an age fits the category's range (both ends included; an open end is no bound). */
export function fitsAge(c: Concession | null | undefined, age: number): boolean {
  if (!c) return true;
  return (c.ageFrom === undefined || age >= c.ageFrom) && (c.ageTo === undefined || age <= c.ageTo);
}

export const hasAgeRange = (c: Concession | null | undefined) => c?.ageFrom !== undefined || c?.ageTo !== undefined;

/** The calendar month 'YYYY-MM' a monthly limit counts in: the session's, in the venue's time zone. */
export const monthOf = (day: string) => day.slice(0, 7);

/**
 * Whether one more ticket fits a monthly limit, given how many the visitor already holds in the
 * session's month (paid or awaiting payment, not returned).
 */
export function withinMonthlyLimit(c: Concession | null | undefined, alreadyHeld: number, adding = 1): boolean {
  return c?.monthlyLimit === undefined || alreadyHeld + adding <= c.monthlyLimit;
}

// --- timed entry ---

/** Minutes before and after a slot's time the door admits; an open side (undefined) is no bound. */
export type EntryWindow = { beforeMinutes?: number | null | undefined; afterMinutes?: number | null | undefined };

/**
 * Where a scan at `at` lies against a timed slot starting at `startsAt` (both epoch ms): inside
 * the window, too early, or too late. A whole-day ticket (no time) is never early or late.
 */
export function entryTiming(window: EntryWindow, startsAt: number, at: number, hasTime: boolean): 'in-time' | 'too-early' | 'too-late' {
  if (!hasTime) return 'in-time';
  const before = window.beforeMinutes;
  const after = window.afterMinutes;
  if (before !== null && before !== undefined && at < startsAt - before * 60_000) return 'too-early';
  if (after !== null && after !== undefined && at > startsAt + after * 60_000) return 'too-late';
  return 'in-time';
}

// --- statistics ---

/**
 * Age groups of the visits report as the back office shows them: bands whose edges are the ones
 * the exports of the state's cultural statistics use (under 14 and 15 to 28 on the theatres' form
 * 9-НК, not confirmed against the form's current instructions, see docs/concessions.md; under 16
 * and under 18 on the museums' 8-НК; the exports count those from exact ages), and 'unknown'
 * where the ticket names no age.
 */
export const AGE_GROUPS = ['under-14', '14-15', '16-17', '18-28', '29-59', '60-plus', 'unknown'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

export function ageGroupOf(age: number | null): AgeGroup {
  if (age === null) return 'unknown';
  if (age < 14) return 'under-14';
  if (age < 16) return '14-15';
  if (age < 18) return '16-17';
  if (age <= 28) return '18-28';
  if (age < 60) return '29-59';
  return '60-plus';
}

import { type Lang, toBcp47 } from '../../../../contract/lang.ts';
import { dateTimeFormat } from '../../../lib/intl-cache.ts';
import type { DateFormatter } from '../../../lib/kk-dates.ts';

/** A venue-local day 'yyyy-mm-dd' as a Date at UTC midnight (formatted in UTC, so no zone shifts it). */
export function dayToDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

export function dateToDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function fmt(lang: Lang, options: Intl.DateTimeFormatOptions): DateFormatter {
  return dateTimeFormat(toBcp47(lang), options);
}

/**
 * Day, month and month-range texts written out per language, as CLDR (and so Intl.DateTimeFormat
 * in UTC) writes them: '11 марта 2030 г.', 'March 11 – 20, 2030', '2030 ж. 11 наурыз',
 * '2030年3月11日'. (Debian's Chromium has no Kazakh date names and wrote '2030 M03 11' there.) Not asked of Intl because the page's first Intl.DateTimeFormat loads the
 * locale's date patterns, a long task on a phone in the middle of the listing's first render
 * at boot. format.test.ts checks every day of two years against Intl. The sale date (a time
 * in the venue's zone) is written out too when the server gave the zone's offset at that
 * instant (rememberSaleOffsets), else asked of Intl; the calendars' weekday names use Intl,
 * once a calendar is opened.
 */
type DayParts = { y: number; m: number; d: number };

const MONTHS = {
  ruGenitive: ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'],
  ruNominative: ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'],
  ruShort: ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  enShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  kk: ['қаңтар', 'ақпан', 'наурыз', 'сәуір', 'мамыр', 'маусым', 'шілде', 'тамыз', 'қыркүйек', 'қазан', 'қараша', 'желтоқсан'],
  kkShort: ['қаң.', 'ақп.', 'нау.', 'сәу.', 'мам.', 'мау.', 'шіл.', 'там.', 'қыр.', 'қаз.', 'қар.', 'жел.'],
};
// Plain spaces, as Chromium writes these texts (Node's ICU puts narrow and thin no-break spaces in some).
const YEAR_SPACE = ' ';
const DASH_SPACE = ' ';

function dayParts(day: string): DayParts {
  const [y, m, d] = day.split('-').map(Number);
  return { y: y ?? 1970, m: m ?? 1, d: d ?? 1 };
}

const month = (names: string[], m: number) => names[m - 1] ?? '';

/** '11 марта 2030 г.' */
function writeDay({ y, m, d }: DayParts, lang: Lang): string {
  switch (lang) {
    case 'ru':
      return `${d} ${month(MONTHS.ruGenitive, m)} ${y} г.`;
    case 'en':
      return `${month(MONTHS.en, m)} ${d}, ${y}`;
    case 'kz':
      return `${y} ж. ${d} ${month(MONTHS.kk, m)}`;
    case 'ch':
      return `${y}年${m}月${d}日`;
  }
}

/** '11–20 марта 2030 г.', '11 марта – 20 апреля 2030 г.', '11 декабря 2030 г. – 20 января 2031 г.' */
function writeRange(a: DayParts, b: DayParts, lang: Lang): string {
  const sameYear = a.y === b.y;
  const sameMonth = sameYear && a.m === b.m;
  switch (lang) {
    case 'ru': {
      const year = (y: number) => `${y}${YEAR_SPACE}г.`;
      if (sameMonth) return `${a.d}–${b.d} ${month(MONTHS.ruGenitive, a.m)} ${year(a.y)}`;
      if (sameYear) return `${a.d} ${month(MONTHS.ruGenitive, a.m)} – ${b.d} ${month(MONTHS.ruGenitive, b.m)} ${year(a.y)}`;
      return `${a.d} ${month(MONTHS.ruGenitive, a.m)} ${year(a.y)} – ${b.d} ${month(MONTHS.ruGenitive, b.m)} ${year(b.y)}`;
    }
    case 'en': {
      const dash = `${DASH_SPACE}–${DASH_SPACE}`;
      if (sameMonth) return `${month(MONTHS.en, a.m)} ${a.d}${dash}${b.d}, ${a.y}`;
      if (sameYear) return `${month(MONTHS.en, a.m)} ${a.d}${dash}${month(MONTHS.en, b.m)} ${b.d}, ${a.y}`;
      return `${month(MONTHS.en, a.m)} ${a.d}, ${a.y}${dash}${month(MONTHS.en, b.m)} ${b.d}, ${b.y}`;
    }
    case 'kz': {
      const year = (y: number) => `${y}${YEAR_SPACE}ж.`;
      if (sameMonth) return `${year(a.y)} ${a.d}–${b.d} ${month(MONTHS.kk, a.m)}`;
      if (sameYear) return `${year(a.y)} ${a.d} ${month(MONTHS.kk, a.m)} – ${b.d} ${month(MONTHS.kk, b.m)}`;
      return `${year(a.y)} ${a.d} ${month(MONTHS.kk, a.m)} – ${year(b.y)} ${b.d} ${month(MONTHS.kk, b.m)}`;
    }
    case 'ch':
      return `${a.y}/${a.m}/${a.d} – ${b.y}/${b.m}/${b.d}`;
  }
}

/** '11 марта 2030 г.' */
export function formatDay(day: string, lang: Lang): string {
  return writeDay(dayParts(day), lang);
}

/** '11 мар.' */
export function formatShortDay(day: string, lang: Lang): string {
  const { m, d } = dayParts(day);
  switch (lang) {
    case 'ru':
      return `${d} ${month(MONTHS.ruShort, m)}`;
    case 'en':
      return `${month(MONTHS.enShort, m)} ${d}`;
    case 'kz':
      return `${d} ${month(MONTHS.kkShort, m)}`;
    case 'ch':
      return `${m}月${d}日`;
  }
}

/** '11–20 марта 2030 г.', or one day. */
export function formatDayRange(first: string, last: string, lang: Lang): string {
  if (first === last) return formatDay(first, lang);
  return writeRange(dayParts(first), dayParts(last), lang);
}

/** 'март 2030 г.' */
export function formatMonth(yearMonth: string, lang: Lang): string {
  const { y, m } = dayParts(`${yearMonth}-01`);
  switch (lang) {
    case 'ru':
      return `${month(MONTHS.ruNominative, m)} ${y} г.`;
    case 'en':
      return `${month(MONTHS.en, m)} ${y}`;
    case 'kz':
      return `${y} ж. ${month(MONTHS.kk, m)}`;
    case 'ch':
      return `${y}年${m}月`;
  }
}

/** The venue's UTC offsets (minutes) at given instants, by `${timeZone}|${iso}` (rememberSaleOffsets). */
const saleOffsets = new Map<string, number>();

/**
 * Offsets the server worked out for the sale starts of the listing it put into the page
 * (server/spa-first-answer.ts), so formatSaleDate writes them without Intl.
 */
export function rememberSaleOffsets(timeZone: string, offsets: Record<string, number>) {
  for (const [iso, minutes] of Object.entries(offsets)) if (Number.isFinite(minutes)) saleOffsets.set(`${timeZone}|${iso}`, minutes);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The sale start in the venue's time zone: '12 марта 2030 г. в 10:00'. */
export function formatSaleDate(iso: string, lang: Lang, timeZone: string): string {
  const offset = saleOffsets.get(`${timeZone}|${iso}`);
  if (offset === undefined)
    return fmt(lang, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(
      new Date(iso),
    );
  const wall = new Date(Date.parse(iso) + offset * 60_000);
  const day = { y: wall.getUTCFullYear(), m: wall.getUTCMonth() + 1, d: wall.getUTCDate() };
  const hours = wall.getUTCHours();
  const time = `${pad2(hours)}:${pad2(wall.getUTCMinutes())}`;
  switch (lang) {
    case 'ru':
      return `${writeDay(day, lang)} в ${time}`;
    case 'en':
      return `${writeDay(day, lang)} at ${pad2(hours % 12 || 12)}:${pad2(wall.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
    case 'kz':
      return `${writeDay(day, lang)}, ${time}`;
    case 'ch':
      return `${writeDay(day, lang)} ${time}`;
  }
}

/** Monday first for ru, kz and ch; Sunday first for en. */
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

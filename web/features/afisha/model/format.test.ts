import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../../../contract/lang.ts';
import { toBcp47 } from '../../../../contract/lang.ts';
import {
  dateToDay,
  dayToDate,
  formatDay,
  formatDayRange,
  formatMonth,
  formatSaleDate,
  formatShortDay,
  rememberSaleOffsets,
} from './format.ts';

// The texts are written out per language instead of built with Intl (the first
// Intl.DateTimeFormat of a page is a long task on a phone): they must read as Intl writes them.
// ICU versions differ in which spaces they put (plain, no-break, narrow no-break, thin), so
// spaces compare as one.
const plain = (text: string) => text.replace(/[\s\u00a0\u2009\u202f]/g, ' ');
const intl = (lang: Lang, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(toBcp47(lang), { ...options, timeZone: 'UTC' });
const LONG: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** Every day of 2030 and 2031. */
const days: string[] = [];
for (let d = dayToDate('2030-01-01'); d < dayToDate('2032-01-01'); d.setUTCDate(d.getUTCDate() + 1)) days.push(dateToDay(d));

describe.each(LANGS.map((lang) => ({ lang })))('date texts in $lang read as Intl writes them', ({ lang }) => {
  it('a day, long and short', () => {
    const long = intl(lang, LONG);
    const short = intl(lang, { day: 'numeric', month: 'short' });
    for (const day of days) {
      expect(plain(formatDay(day, lang))).toBe(plain(long.format(dayToDate(day))));
      expect(plain(formatShortDay(day, lang))).toBe(plain(short.format(dayToDate(day))));
    }
  });

  it('a month', () => {
    const format = intl(lang, { month: 'long', year: 'numeric' });
    for (const day of days.filter((d) => d.endsWith('-01')))
      expect(plain(formatMonth(day.slice(0, 7), lang))).toBe(plain(format.format(dayToDate(day))));
  });

  it('a range of days: one day, within a month, across months, across years', () => {
    const format = intl(lang, LONG);
    const starts = ['2030-01-01', '2030-03-11', '2030-05-31', '2030-12-11', '2031-02-28'];
    for (const first of starts) {
      for (const last of days.filter((d) => d >= first).filter((_, i) => i % 7 === 0 || i < 3)) {
        const expected = first === last ? format.format(dayToDate(first)) : format.formatRange(dayToDate(first), dayToDate(last));
        expect(plain(formatDayRange(first, last, lang))).toBe(plain(expected));
      }
    }
  });
});

describe('the Russian texts', () => {
  it.each([
    { text: formatDay('2030-03-11', 'ru'), expected: '11 марта 2030 г.' },
    { text: formatDayRange('2030-03-11', '2030-03-20', 'ru'), expected: '11–20 марта 2030 г.' },
    { text: formatDayRange('2030-03-11', '2030-04-20', 'ru'), expected: '11 марта – 20 апреля 2030 г.' },
    { text: formatShortDay('2030-05-02', 'ru'), expected: '2 мая' },
    { text: formatMonth('2030-05', 'ru'), expected: 'май 2030 г.' },
  ])('$expected', ({ text, expected }) => {
    expect(plain(text)).toBe(expected);
  });
});

describe('the sale start, written out with the offset the server gave', () => {
  const instants = [
    '2026-11-25T07:00:00.000Z',
    '2026-03-05T15:07:00.000Z',
    '2026-01-01T21:30:00.000Z',
    '2030-06-30T11:59:00.000Z',
    '2030-12-31T23:45:00.000Z',
  ];
  const zones = ['Europe/Moscow', 'Asia/Almaty', 'Europe/Berlin', 'America/New_York', 'UTC'];
  const offsetAt = (iso: string, timeZone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      })
        .formatToParts(new Date(iso))
        .map((p) => [p.type, Number(p.value)]),
    );
    return (
      (Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0) - Date.parse(iso)) / 60_000
    );
  };

  it.each(LANGS.flatMap((lang) => zones.map((timeZone) => ({ lang, timeZone }))))(
    '$lang, $timeZone: reads as Intl writes it',
    ({ lang, timeZone }) => {
      const viaIntl = instants.map((iso) => formatSaleDate(iso, lang, timeZone));
      rememberSaleOffsets(timeZone, Object.fromEntries(instants.map((iso) => [iso, offsetAt(iso, timeZone)])));
      const written = instants.map((iso) => formatSaleDate(iso, lang, timeZone));
      expect(written.map(plain)).toEqual(viaIntl.map(plain));
    },
  );
});

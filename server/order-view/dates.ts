import { LANGS, type Lang, type Localized } from '../../contract/common.ts';
import { pickLocalized, toBcp47 } from '../../contract/lang.ts';

// The locales the browser formats the pages' own dates with, so that an English page does not
// say '28 November 2026' beside 'November 28, 2026'.
const LOCALES = Object.fromEntries(LANGS.map((l) => [l, toBcp47(l)])) as Record<Lang, string>;

// Making an Intl.DateTimeFormat costs far more than using one: one per locale, zone and shape.
const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let fmt = formats.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, fmt);
  }
  return fmt;
}

const NUMERIC: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const LONG_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long' };

/**
 * What was formatted for an instant in a zone: a venue has few session times and every order page
 * formats them again, and formatting (nine calls) cost more than the rest of the order view's
 * shaping. Bounded: emptied when full.
 */
function memo<T>(make: (at: Date, timeZone: string) => T, max = 2000) {
  const known = new Map<string, T>();
  return (at: Date, timeZone: string): T => {
    const key = `${at.getTime()}|${timeZone}`;
    let value = known.get(key);
    if (value === undefined) {
      if (known.size >= max) known.clear();
      value = Object.freeze(make(at, timeZone));
      known.set(key, value);
    }
    return value;
  };
}

/** The day ('dd.mm.yyyy'), time ('HH:MM') and date ('YYYY-MM-DD') of an instant in a time zone. */
export const venueDateParts = memo((at: Date, timeZone: string) => {
  const all = format('en-GB', timeZone, NUMERIC).formatToParts(at);
  const get = (type: string) => all.find((p) => p.type === type)?.value ?? '';
  return {
    day: `${get('day')}.${get('month')}.${get('year')}`,
    time: `${get('hour')}:${get('minute')}`,
    iso: `${get('year')}-${get('month')}-${get('day')}`,
  };
});

/** A session's date and time as the spec sends them: dd.mm.yyyy and HH:MM ('00:00' = no time), in the venue's zone. */
export function sessionDayTime(at: Date, hasTime: boolean, timeZone: string) {
  const p = venueDateParts(at, timeZone);
  return { day: p.day, time: hasTime ? p.time : '00:00' };
}

const each = (fn: (lang: Lang) => string): Localized => Object.fromEntries(LANGS.map((l) => [l, fn(l)])) as Localized;

/** '21 ноября 2026' and 'суббота' in each language. */
export const localizedDay = memo((at: Date, timeZone: string): { day_str: Localized; dayofweek: Localized } => ({
  day_str: Object.freeze(each((l) => format(LOCALES[l], timeZone, LONG_DAY).format(at))),
  dayofweek: Object.freeze(each((l) => format(LOCALES[l], timeZone, WEEKDAY).format(at))),
}));

/** A localized jsonb value with every language present, each by the one fallback order (pickLocalized). */
export function fullLocalized(text: Partial<Record<string, string>> | null | undefined): Localized {
  return each((l) => pickLocalized(text, l));
}

export const sameInAll = (value: string): Localized => each(() => value);

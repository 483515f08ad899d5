import { describe, expect, it } from 'vitest';
import { localizedDay } from './dates.ts';

describe('localizedDay', () => {
  // 21:30 UTC on 27 November is already the 28th in Moscow.
  const at = new Date('2026-11-27T21:30:00Z');

  it.each([
    { lang: 'ru', day: '28 ноября 2026 г.', weekday: 'суббота' },
    { lang: 'en', day: 'November 28, 2026', weekday: 'Saturday' },
  ] as const)('writes the venue-local day in $lang as the pages do', ({ lang, day, weekday }) => {
    const parts = localizedDay(at, 'Europe/Moscow');
    expect(parts.day_str[lang]).toBe(day);
    expect(parts.dayofweek[lang]).toBe(weekday);
  });
});

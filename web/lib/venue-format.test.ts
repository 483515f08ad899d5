import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, monthStart, venueDay } from './venue-format.ts';

describe('the venue’s days', () => {
  it.each([
    // Moscow is three hours ahead of UTC: from 21:00 UTC it is already the next day there.
    ['2026-12-05T20:59:59Z', 'Europe/Moscow', '2026-12-05'],
    ['2026-12-05T21:00:00Z', 'Europe/Moscow', '2026-12-06'],
    ['2026-12-31T21:30:00Z', 'Europe/Moscow', '2027-01-01'],
    ['2027-02-28T20:59:00Z', 'Europe/Moscow', '2027-02-28'],
    ['2027-02-28T21:00:00Z', 'Europe/Moscow', '2027-03-01'],
    // Behind UTC the venue's day ends later.
    ['2026-12-06T02:00:00Z', 'America/New_York', '2026-12-05'],
    ['2026-12-05T23:30:00Z', 'Asia/Almaty', '2026-12-06'],
  ])('%s in %s is %s', (at, timeZone, day) => {
    expect(venueDay(timeZone, Date.parse(at))).toBe(day);
  });

  it('a month starts on its first day', () => {
    expect(monthStart('2027-01-01')).toBe('2027-01-01');
    expect(monthStart('2026-12-31')).toBe('2026-12-01');
  });

  it('an instant shows on the venue’s wall clock, not the computer’s', () => {
    expect(formatDateTime('2026-12-31T21:30:00Z', 'ru', 'Europe/Moscow')).toMatch(/01\.01\.2027.*00:30/);
    expect(formatDateTime('2026-12-31T21:30:00Z', 'ru', 'UTC')).toMatch(/31\.12\.2026.*21:30/);
  });

  it('a missing or unreadable time is a dash', () => {
    expect(formatDateTime(null, 'ru', 'Europe/Moscow')).toBe('—');
    expect(formatDateTime('not a date', 'ru', 'Europe/Moscow')).toBe('—');
  });
});

describe('the venue’s money', () => {
  it.each([
    ['ru', 'RUB', 123450, '1\u00a0234,50\u00a0₽'],
    ['en', 'RUB', 123450, '₽1,234.50'],
    ['ru', 'KZT', 150000, '1\u00a0500\u00a0T'],
    ['en', 'USD', 5, '$0.05'],
  ] as const)('%s %s: %i minor units', (lang, currency, minor, expected) => {
    expect(formatMoney(minor, currency, lang)).toBe(expected);
  });
});

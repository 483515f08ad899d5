import { describe, expect, it } from 'vitest';
import { fromZoneInput, toZoneInput, zoneTimeLabel } from './zone-time.ts';

describe('promo code dates in the venue zone', () => {
  it('shows an instant as the venue reads it and reads a typed time back to the same instant', () => {
    expect(toZoneInput('2026-12-31T20:59:00Z', 'Europe/Moscow')).toBe('2026-12-31T23:59');
    expect(fromZoneInput('2026-12-31T23:59', 'Europe/Moscow')).toBe('2026-12-31T23:59:00+03:00');
    expect(Date.parse(fromZoneInput('2026-07-01T10:00', 'Europe/Berlin') as string)).toBe(Date.parse('2026-07-01T08:00:00Z'));
    expect(toZoneInput(null, 'Europe/Moscow')).toBe('');
    expect(fromZoneInput('', 'Europe/Moscow')).toBeNull();
  });
});

describe('visit times in the venue zone', () => {
  it("names an instant by the venue's clock, whatever the computer's zone", () => {
    expect(zoneTimeLabel('2031-05-12T16:00:00Z', 'Europe/Moscow', 'en')).toBe('May 12, 2031, 7:00 PM');
    expect(zoneTimeLabel('2031-05-12T16:00:00Z', 'Asia/Almaty', 'ru')).toMatch(/21:00/);
  });
});

import { describe, expect, it } from 'vitest';
import { fromZoneInput, toZoneInput } from './zone-time.ts';

describe('promo code dates in the venue zone', () => {
  it('shows an instant as the venue reads it and reads a typed time back to the same instant', () => {
    expect(toZoneInput('2026-12-31T20:59:00Z', 'Europe/Moscow')).toBe('2026-12-31T23:59');
    expect(fromZoneInput('2026-12-31T23:59', 'Europe/Moscow')).toBe('2026-12-31T23:59:00+03:00');
    expect(Date.parse(fromZoneInput('2026-07-01T10:00', 'Europe/Berlin') as string)).toBe(Date.parse('2026-07-01T08:00:00Z'));
    expect(toZoneInput(null, 'Europe/Moscow')).toBe('');
    expect(fromZoneInput('', 'Europe/Moscow')).toBeNull();
  });
});

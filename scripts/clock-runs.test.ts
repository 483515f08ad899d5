import { describe, expect, it } from 'vitest';
import { clockInstants } from './clock-runs.ts';

const moscow = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'short' }).format(at);

describe('the clock runs’ instants', () => {
  it('are the coming February’s last day at 23:30 UTC (1 March in Moscow) and 31 December at 23:59 in Moscow', () => {
    const [february, december] = clockInstants(new Date('2026-12-06T18:00:00Z'));
    expect(february?.at.toISOString()).toBe('2027-02-28T23:30:00.000Z');
    expect(moscow(february?.at ?? new Date(NaN))).toBe('01/03/2027, 02:30');
    expect(december?.at.toISOString()).toBe('2026-12-31T20:59:00.000Z');
    expect(moscow(december?.at ?? new Date(NaN))).toBe('31/12/2026, 23:59');
  });

  it('are always ahead of now, also in a leap year’s February and after the year’s last minute', () => {
    for (const now of ['2028-01-15T00:00:00Z', '2028-02-29T23:29:00Z', '2028-02-29T23:31:00Z', '2026-12-31T21:00:00Z']) {
      const instants = clockInstants(new Date(now));
      expect(instants).toHaveLength(2);
      for (const { at } of instants) expect(at.getTime()).toBeGreaterThan(Date.parse(now));
    }
    expect(clockInstants(new Date('2028-02-01T00:00:00Z'))[0]?.at.toISOString()).toBe('2028-02-29T23:30:00.000Z');
    expect(clockInstants(new Date('2028-02-29T23:31:00Z'))[0]?.at.toISOString()).toBe('2029-02-28T23:30:00.000Z');
    expect(clockInstants(new Date('2026-12-31T21:00:00Z'))[1]?.at.toISOString()).toBe('2027-12-31T20:59:00.000Z');
  });
});

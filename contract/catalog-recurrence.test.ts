import { describe, expect, it } from 'vitest';
import { catalogRecurrence, expandRecurrence, localDateTime } from './catalog-recurrence.ts';

describe('expandRecurrence', () => {
  it('makes the listed weekdays and times between the dates, less the exceptions, in time order', () => {
    const r = catalogRecurrence.parse({
      from: '2026-12-07',
      to: '2026-12-13',
      weekdays: [7, 1],
      times: ['15:00', '10:00'],
      except: ['2026-12-13'],
    });
    expect(expandRecurrence(r, 'Europe/Moscow')).toEqual(['2026-12-07T10:00:00+03:00', '2026-12-07T15:00:00+03:00']);
  });

  it('writes each date with the offset the zone has that day (summer time)', () => {
    const r = catalogRecurrence.parse({ from: '2026-03-28', to: '2026-03-30', weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['12:00'] });
    expect(expandRecurrence(r, 'Europe/Berlin')).toEqual([
      '2026-03-28T12:00:00+01:00',
      '2026-03-29T12:00:00+02:00',
      '2026-03-30T12:00:00+02:00',
    ]);
    expect(localDateTime('2026-07-01', '00:00', 'UTC')).toBe('2026-07-01T00:00:00Z');
  });

  it('refuses a schedule that ends before it starts, has no weekday, or a time that is not HH:MM', () => {
    const refused = catalogRecurrence.safeParse({ from: '2026-12-10', to: '2026-12-01', weekdays: [], times: ['25:00'] });
    expect(refused.success).toBe(false);
    const paths = refused.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['weekdays', 'times.0']));
    expect(
      catalogRecurrence.safeParse({ from: '2026-12-10', to: '2026-12-01', weekdays: [1], times: ['10:00'] }).error?.issues[0]?.path,
    ).toEqual(['to']);
  });
});

import { describe, expect, it } from 'vitest';
import { intlHasKazakh, kazakhDateFormat } from './kk-dates.ts';

// Every option set the pages ask dateTimeFormat('kk', …) for (afisha, event, scheme, nominal order).
const ZONES = ['UTC', 'Europe/Moscow', 'Asia/Almaty', 'Asia/Aqtobe'];
const OPTION_SETS: Intl.DateTimeFormatOptions[] = [
  { weekday: 'short', timeZone: 'UTC' },
  { weekday: 'long', timeZone: 'UTC' },
  { month: 'short', timeZone: 'UTC' },
  { month: 'long', timeZone: 'UTC' },
  { day: 'numeric', month: 'short', timeZone: 'UTC' },
  { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' },
  { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  ...ZONES.flatMap((timeZone): Intl.DateTimeFormatOptions[] => [
    { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone },
    { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone },
  ]),
];

describe('Kazakh dates written out', () => {
  it('runs where Intl has the Kazakh data (Node), so the comparison below means something', () => {
    expect(intlHasKazakh()).toBe(true);
  });

  it.each(OPTION_SETS.map((options) => [JSON.stringify(options), options] as const))(
    'writes %s as Intl does, every day of two years at two times',
    (_, options) => {
      const written = kazakhDateFormat(options);
      const intl = new Intl.DateTimeFormat('kk', options);
      const start = Date.UTC(2030, 0, 1);
      for (let day = 0; day < 731; day++) {
        for (const minutes of [7, 20 * 60 + 45]) {
          const at = new Date(start + day * 86_400_000 + minutes * 60_000);
          expect(written.format(at), at.toISOString()).toBe(intl.format(at));
        }
      }
    },
  );
});

import { describe, expect, it } from 'vitest';
import { catalogConcession } from '../../contract/catalog-file.ts';
import type { PriceRow } from './seating.repository.ts';
import { pricesOnDay } from './seating.service.ts';

// As stored: the catalog's schema fills in the fields left out.
const price = (id: number, given: unknown): PriceRow => ({
  id,
  session_id: null,
  category_id: id,
  category_name: { ru: `Категория ${id}` },
  category_sortnum: id,
  category_concession: given === null ? null : catalogConcession.parse(given),
  zone_id: 1,
  amount: 100000,
  service_fee: 0,
  service_fee_kind: 1,
  sortnum: 0,
});

const ordinary = price(1, null);
const wednesdays = price(2, { document: 'student-card', weekdays: [3] });
const firstOfMonth = price(3, { document: 'pension-certificate', monthDays: [1] });
const lastThursday = price(4, { document: 'other', documentText: { ru: 'Справка' }, monthWeekdays: [{ nth: -1, weekday: 4 }] });
const rows = [ordinary, wednesdays, firstOfMonth, lastThursday];

describe('pricesOnDay: the seat map offers a concession category only on the venue-local days it applies', () => {
  it.each([
    { description: 'a Wednesday in Moscow (2 December 2026, 19:00)', at: '2026-12-02T16:00:00Z', offered: [1, 2] },
    { description: 'a Tuesday in Moscow: no weekday rule matches', at: '2026-12-01T10:00:00Z', offered: [1, 3] },
    {
      description: '00:30 on 1 February in Moscow is still 31 January in UTC: the 1st of the month',
      at: '2027-01-31T21:30:00Z',
      offered: [1, 3],
    },
    { description: 'the last Thursday of December 2026 (the 31st)', at: '2026-12-31T15:00:00Z', offered: [1, 4] },
    { description: 'a Thursday that is not the last (24 December 2026)', at: '2026-12-24T15:00:00Z', offered: [1] },
  ])('$description', ({ at, offered }) => {
    expect(pricesOnDay(rows, new Date(at), 'Europe/Moscow').map((p) => p.id)).toEqual(offered);
  });

  it('reads the day in the venue’s zone, not the server’s: the same instant is another day in Almaty', () => {
    // 23:30 on Tuesday 1 December in Moscow is 01:30 on Wednesday 2 December in Almaty (UTC+5).
    const at = new Date('2026-12-01T20:30:00Z');
    expect(pricesOnDay(rows, at, 'Europe/Moscow').map((p) => p.id)).toEqual([1, 3]);
    expect(pricesOnDay(rows, at, 'Asia/Almaty').map((p) => p.id)).toEqual([1, 2]);
  });
});

import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type CalendarOrder, foldLine, orderCalendar } from './calendar.ts';

const order = (sessions: CalendarOrder['sessions']): CalendarOrder => ({
  orderNumber: 1042,
  orderUrl: 'https://tickets.example.ru/order/abc?lang=ru',
  host: 'tickets.example.ru',
  note: 'Заказ № 1042',
  sessions,
});

const names = { ru: 'Щелкунчик; балет, в двух актах', en: 'The Nutcracker' };
const place = { ru: 'Большой зал' };
const address = { ru: 'Москва, Театральная пл., 1' };

/** Parsed by ical.js (Mozilla's iCalendar parser), not by anything of ours. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
}

describe('orderCalendar', () => {
  it("puts a timed session at its instant in the venue's zone, named and placed in the language asked", () => {
    const startsAt = new Date('2026-12-31T16:00:00Z'); // 19:00 in Moscow
    const text = orderCalendar(
      order([{ sessionId: 7, startsAt, hasTime: true, event: names, place, address }]),
      'ru',
      'Europe/Moscow',
      new Date('2026-12-05T08:00:00Z'),
    );
    expect(text).toContain('DTSTART;TZID=Europe/Moscow:20261231T190000\r\n');
    expect(text.endsWith('\r\n')).toBe(true);
    const [event] = parse(text);
    expect(event?.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
    expect(event?.summary).toBe(names.ru);
    expect(event?.location).toBe('Большой зал, Москва, Театральная пл., 1');
    expect(event?.uid).toBe('order-1042-session-7@tickets.example.ru');
    expect(event?.description).toBe('Заказ № 1042\nhttps://tickets.example.ru/order/abc?lang=ru');
  });

  it("makes a whole-day ticket an all-day entry on the venue's date, even when UTC is still the day before", () => {
    // 23:30 UTC on 30 November is already 1 December in Almaty (UTC+5).
    const text = orderCalendar(
      order([{ sessionId: 8, startsAt: new Date('2026-11-30T23:30:00Z'), hasTime: false, event: names, place, address }]),
      'en',
      'Asia/Almaty',
      new Date('2026-11-01T00:00:00Z'),
    );
    const [event] = parse(text);
    expect(event?.startDate.isDate).toBe(true);
    expect(event?.startDate.toString()).toBe('2026-12-01');
    expect(event?.endDate.toString()).toBe('2026-12-02');
    expect(event?.summary).toBe('The Nutcracker');
  });

  it('gives each session of the order its own entry', () => {
    const text = orderCalendar(
      order([
        { sessionId: 1, startsAt: new Date('2026-12-20T09:00:00Z'), hasTime: true, event: names, place, address },
        { sessionId: 2, startsAt: new Date('2026-12-21T09:00:00Z'), hasTime: true, event: names, place, address },
      ]),
      'ru',
      'Europe/Moscow',
      new Date('2026-12-05T08:00:00Z'),
    );
    expect(parse(text).map((e) => e.startDate.toJSDate().toISOString())).toEqual(['2026-12-20T09:00:00.000Z', '2026-12-21T09:00:00.000Z']);
  });

  it('writes UTC times when the sessions fall on different offsets of a zone with summer time', () => {
    const text = orderCalendar(
      order([
        { sessionId: 1, startsAt: new Date('2026-01-10T18:00:00Z'), hasTime: true, event: names, place, address },
        { sessionId: 2, startsAt: new Date('2026-07-10T17:00:00Z'), hasTime: true, event: names, place, address },
      ]),
      'ru',
      'Europe/Berlin',
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(text).not.toContain('VTIMEZONE');
    expect(parse(text).map((e) => e.startDate.toJSDate().toISOString())).toEqual(['2026-01-10T18:00:00.000Z', '2026-07-10T17:00:00.000Z']);
  });
});

describe('foldLine', () => {
  it('folds at 75 octets without splitting a UTF-8 character, and unfolds to the same text', () => {
    const line = `SUMMARY:${'Щелкунчик '.repeat(20)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});

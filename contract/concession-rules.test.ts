import { describe, expect, it } from 'vitest';
import { catalogConcession } from './catalog-file.ts';
import {
  type Concession,
  ageGroupOf,
  ageOn,
  appliesOnDay,
  entryTiming,
  fitsAge,
  isMonthWeekday,
  isOrdinary,
  monthOf,
  weekdayOf,
  withinMonthlyLimit,
} from './concession-rules.ts';

describe('ageOn: full years on a day', () => {
  it.each([
    { description: 'the day before the 18th birthday', birth: '2008-06-15', day: '2026-06-14', age: 17 },
    { description: 'on the 18th birthday itself', birth: '2008-06-15', day: '2026-06-15', age: 18 },
    { description: 'the day after', birth: '2008-06-15', day: '2026-06-16', age: 18 },
    { description: 'born 29 February: still 17 on 28 February of a common year', birth: '2008-02-29', day: '2026-02-28', age: 17 },
    { description: 'born 29 February: 18 on 1 March of a common year', birth: '2008-02-29', day: '2026-03-01', age: 18 },
    { description: 'born 29 February: 16 on 29 February of a leap year', birth: '2008-02-29', day: '2024-02-29', age: 16 },
    { description: 'on the day of birth', birth: '2026-01-01', day: '2026-01-01', age: 0 },
  ])('$description', ({ birth, day, age }) => {
    expect(ageOn(birth, day)).toBe(age);
  });
});

describe('fitsAge: both ends included, an open end is no bound', () => {
  const under18: Concession = { ageTo: 17 };
  const pension: Concession = { ageFrom: 60 };
  const student: Concession = { ageFrom: 16, ageTo: 30 };
  it.each([
    { description: '17 is under 18', c: under18, age: 17, fits: true },
    { description: '18 is not', c: under18, age: 18, fits: false },
    { description: '0 is under 18', c: under18, age: 0, fits: true },
    { description: '60 is a pensioner', c: pension, age: 60, fits: true },
    { description: '59 is not', c: pension, age: 59, fits: false },
    { description: 'the lower end of a range', c: student, age: 16, fits: true },
    { description: 'the upper end of a range', c: student, age: 30, fits: true },
    { description: 'above the range', c: student, age: 31, fits: false },
    { description: 'no concession: any age', c: null, age: 99, fits: true },
  ])('$description', ({ c, age, fits }) => {
    expect(fitsAge(c, age)).toBe(fits);
  });
});

describe('appliesOnDay: weekdays, days of the month, weekdays of the month', () => {
  const lastThursday: Concession = { monthWeekdays: [{ nth: -1, weekday: 4 }] };
  const wednesdays: Concession = { weekdays: [3] };
  const day31: Concession = { monthDays: [31] };
  const both: Concession = { weekdays: [3], monthWeekdays: [{ nth: -1, weekday: 4 }] };
  const thirdSunday: Concession = { monthWeekdays: [{ nth: 3, weekday: 7 }] };
  it.each([
    { description: 'no days set: every day', c: {}, day: '2026-12-05', applies: true },
    { description: 'no concession: every day', c: null, day: '2026-12-05', applies: true },
    { description: '2026-12-31 is the last Thursday of December', c: lastThursday, day: '2026-12-31', applies: true },
    { description: '2026-12-24 is a Thursday but not the last', c: lastThursday, day: '2026-12-24', applies: false },
    { description: '2026-02-26 is the last Thursday of February', c: lastThursday, day: '2026-02-26', applies: true },
    { description: '2026-04-30 is the last Thursday of April (a 30-day month)', c: lastThursday, day: '2026-04-30', applies: true },
    { description: '2026-04-23 is not', c: lastThursday, day: '2026-04-23', applies: false },
    { description: '2024-02-29 (leap day) is the last Thursday of February 2024', c: lastThursday, day: '2024-02-29', applies: true },
    { description: 'a Wednesday', c: wednesdays, day: '2026-12-02', applies: true },
    { description: 'a Thursday is not a Wednesday', c: wednesdays, day: '2026-12-03', applies: false },
    { description: 'the 31st', c: day31, day: '2026-12-31', applies: true },
    { description: 'a 30-day month has no 31st: its 30th is not it', c: day31, day: '2026-04-30', applies: false },
    { description: 'February ends on the 28th: not the 31st', c: day31, day: '2026-02-28', applies: false },
    { description: 'either rule is enough: a Wednesday', c: both, day: '2026-12-09', applies: true },
    { description: 'either rule is enough: the last Thursday', c: both, day: '2026-12-31', applies: true },
    { description: 'neither: a Friday', c: both, day: '2026-12-11', applies: false },
    { description: 'the third Sunday of December 2026 is the 20th', c: thirdSunday, day: '2026-12-20', applies: true },
    { description: 'the second Sunday is not', c: thirdSunday, day: '2026-12-13', applies: false },
  ])('$description', ({ c, day, applies }) => {
    expect(appliesOnDay(c, day)).toBe(applies);
  });

  it('numbers weekdays from Monday (1) to Sunday (7)', () => {
    expect(weekdayOf('2026-12-07')).toBe(1);
    expect(weekdayOf('2026-12-13')).toBe(7);
    expect(isMonthWeekday('2026-01-29', { nth: -1, weekday: 4 })).toBe(true);
    expect(isMonthWeekday('2026-01-29', { nth: 5, weekday: 4 })).toBe(true);
  });
});

describe('monthly limit: counted per calendar month of the session', () => {
  it.each([
    { description: 'the first ticket of a month under a limit of 1', limit: 1, held: 0, fits: true },
    { description: 'a second ticket in the same month', limit: 1, held: 1, fits: false },
    { description: 'two of three', limit: 3, held: 1, fits: true },
    { description: 'no limit', limit: undefined, held: 40, fits: true },
  ])('$description', ({ limit, held, fits }) => {
    expect(withinMonthlyLimit({ monthlyLimit: limit }, held)).toBe(fits);
  });

  it('puts 31 January and 1 February in different months, and the end of a year before the next', () => {
    expect(monthOf('2026-01-31')).not.toBe(monthOf('2026-02-01'));
    expect(monthOf('2026-12-31')).toBe('2026-12');
    expect(monthOf('2027-01-01')).toBe('2027-01');
  });
});

describe('entryTiming: the timed-entry window', () => {
  const start = Date.parse('2026-12-05T12:00:00Z');
  const min = 60_000;
  it.each([
    { description: 'exactly at the window opening', w: { beforeMinutes: 15, afterMinutes: 30 }, at: start - 15 * min, out: 'in-time' },
    { description: 'a minute before it opens', w: { beforeMinutes: 15, afterMinutes: 30 }, at: start - 16 * min, out: 'too-early' },
    { description: 'exactly at the window closing', w: { beforeMinutes: 15, afterMinutes: 30 }, at: start + 30 * min, out: 'in-time' },
    { description: 'a second after it closes', w: { beforeMinutes: 15, afterMinutes: 30 }, at: start + 30 * min + 1000, out: 'too-late' },
    { description: 'no window: any time', w: {}, at: start - 600 * min, out: 'in-time' },
    { description: 'an open end after', w: { beforeMinutes: 0 }, at: start + 600 * min, out: 'in-time' },
  ] as const)('$description', ({ w, at, out }) => {
    expect(entryTiming(w, start, at, true)).toBe(out);
  });

  it('never holds a whole-day ticket to a window', () => {
    expect(entryTiming({ beforeMinutes: 0, afterMinutes: 0 }, start, start + 300 * min, false)).toBe('in-time');
  });
});

describe('ageGroupOf: the statistics bands', () => {
  it.each([
    { age: null, group: 'unknown' },
    { age: 13, group: 'under-14' },
    { age: 14, group: '14-15' },
    { age: 15, group: '14-15' },
    { age: 16, group: '16-17' },
    { age: 17, group: '16-17' },
    { age: 18, group: '18-28' },
    { age: 28, group: '18-28' },
    { age: 29, group: '29-59' },
    { age: 59, group: '29-59' },
    { age: 60, group: '60-plus' },
  ])('$age is $group', ({ age, group }) => {
    expect(ageGroupOf(age)).toBe(group);
  });
});

describe('catalogConcession: the schema the file, the back office and the server share', () => {
  it.each([
    { description: 'an empty concession', value: {}, ok: true },
    {
      description: 'a student card for 16 to 30 on Wednesdays',
      value: { document: 'student-card', ageFrom: 16, ageTo: 30, weekdays: [3] },
      ok: true,
    },
    { description: 'the last Thursday, once a month', value: { monthWeekdays: [{ nth: -1, weekday: 4 }], monthlyLimit: 1 }, ok: true },
    { description: "'other' with its name", value: { document: 'other', documentText: { ru: 'Удостоверение ветерана' } }, ok: true },
    { description: "'other' without a name", value: { document: 'other' }, ok: false },
    { description: 'ages reversed', value: { ageFrom: 30, ageTo: 16 }, ok: false },
    { description: 'an unknown document', value: { document: 'passport' }, ok: false },
    { description: 'weekday 8', value: { weekdays: [8] }, ok: false },
    { description: 'day 32 of a month', value: { monthDays: [32] }, ok: false },
    { description: 'the 6th Thursday', value: { monthWeekdays: [{ nth: 6, weekday: 4 }] }, ok: false },
    { description: 'a monthly limit of 0', value: { monthlyLimit: 0 }, ok: false },
    { description: 'an age of 121', value: { ageTo: 121 }, ok: false },
    { description: 'a misspelt field', value: { weekday: [1] }, ok: false },
  ])('$description', ({ value, ok }) => {
    expect(catalogConcession.safeParse(value).success).toBe(ok);
  });
});

describe('isOrdinary: a concession that restricts nothing is stored as none', () => {
  it.each([
    { description: 'none at all', c: undefined, ordinary: true },
    {
      description: 'the form’s empty one',
      c: { documentText: { ru: '' }, weekdays: [], monthDays: [], monthWeekdays: [] },
      ordinary: true,
    },
    { description: 'a document', c: { document: 'student-card' as const }, ordinary: false },
    { description: 'a monthly limit', c: { monthlyLimit: 1 }, ordinary: false },
    { description: 'a weekday', c: { weekdays: [3 as const] }, ordinary: false },
  ])('$description', ({ c, ordinary }) => {
    expect(isOrdinary(c)).toBe(ordinary);
  });
});

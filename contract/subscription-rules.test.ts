import { describe, expect, it } from 'vitest';
import { eventsTakenOut, visitTimeFits } from './subscription-rules.ts';

describe("a subscription item's visit time", () => {
  const sessions = ['2031-05-12T19:00:00+03:00', '2031-05-19T19:00:00+03:00'];
  it('may be left out', () => {
    expect(visitTimeFits(undefined, sessions)).toBe(true);
    expect(visitTimeFits(null, [])).toBe(true);
    expect(visitTimeFits('', sessions)).toBe(true);
  });
  it("is the start of one of the event's sessions, in any offset", () => {
    expect(visitTimeFits('2031-05-19T19:00:00+03:00', sessions)).toBe(true);
    expect(visitTimeFits('2031-05-12T16:00:00Z', sessions)).toBe(true);
  });
  it('is refused at any other time, or when the event has no session', () => {
    expect(visitTimeFits('2031-05-12T19:30:00+03:00', sessions)).toBe(false);
    expect(visitTimeFits('2031-05-12T19:00:00+03:00', [])).toBe(false);
    expect(visitTimeFits('not a time', sessions)).toBe(false);
  });
});

describe('events a sold subscription would lose', () => {
  it('names the events left out, none when events are only added or reordered', () => {
    expect(eventsTakenOut([10, 11], { isSubscription: true, eventIds: [11, 10, 2] })).toEqual([]);
    expect(eventsTakenOut([10, 11], { isSubscription: true, eventIds: [11] })).toEqual([10]);
  });
  it('names all of them when the event stops being a subscription', () => {
    expect(eventsTakenOut([10, 11], { isSubscription: false, eventIds: [10, 11] })).toEqual([10, 11]);
  });
});

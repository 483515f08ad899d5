import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors.ts';
import { exchangePlacesRefusal, selfExchangeDeadline, selfExchangeRefusal } from './self-exchange-rules.ts';

const START = new Date('2026-12-05T16:00:00Z');
const H = 3_600_000;
const at = (hoursBeforeStart: number) => new Date(START.getTime() - hoursBeforeStart * H);

describe('selfExchangeRefusal', () => {
  it.each([
    { description: 'an event without the setting refuses', hours: null, now: at(100), refusal: ErrorCode.selfExchangeOff },
    { description: 'an event with the setting left out refuses', hours: undefined, now: at(100), refusal: ErrorCode.selfExchangeOff },
    { description: 'before the deadline the buyer may exchange', hours: 24, now: at(25), refusal: null },
    { description: 'at the deadline itself it is over', hours: 24, now: at(24), refusal: ErrorCode.selfExchangeDeadline },
    { description: 'after the deadline it is over', hours: 24, now: at(2), refusal: ErrorCode.selfExchangeDeadline },
    { description: 'a zero deadline allows it until the start', hours: 0, now: at(0.01), refusal: null },
    { description: 'a zero deadline ends at the start', hours: 0, now: at(0), refusal: ErrorCode.selfExchangeDeadline },
  ])('$description', ({ hours, now, refusal }) => {
    expect(selfExchangeRefusal(hours, [START], now)).toBe(refusal);
  });

  it('refuses when any of the tickets has passed its deadline', () => {
    const later = new Date(START.getTime() + 48 * H);
    expect(selfExchangeRefusal(24, [later], at(10))).toBeNull();
    expect(selfExchangeRefusal(24, [later, START], at(10))).toBe(ErrorCode.selfExchangeDeadline);
  });
});

describe('selfExchangeDeadline', () => {
  it('lies the set hours before the start', () => {
    expect(selfExchangeDeadline(START, 3).toISOString()).toBe('2026-12-05T13:00:00.000Z');
  });
});

describe('exchangePlacesRefusal', () => {
  const seat = (seatId: number | null, priceId = 1) => ({ priceId, seatId });
  it.each([
    { description: 'a seat per ticket on a seated event', seated: true, tickets: [1, 2], places: [seat(10), seat(11)], refusal: null },
    { description: 'fewer seats than tickets', seated: true, tickets: [1, 2], places: [seat(10)], refusal: ErrorCode.selfExchangeSeats },
    {
      description: 'more seats than tickets',
      seated: true,
      tickets: [1],
      places: [seat(10), seat(11)],
      refusal: ErrorCode.selfExchangeSeats,
    },
    {
      description: 'one seat for two tickets',
      seated: true,
      tickets: [1, 2],
      places: [seat(10), seat(10)],
      refusal: ErrorCode.selfExchangeSeats,
    },
    {
      description: 'a place without a seat',
      seated: true,
      tickets: [1, 2],
      places: [seat(10), seat(null)],
      refusal: ErrorCode.selfExchangeSeats,
    },
    { description: 'a seat without a price', seated: true, tickets: [1], places: [seat(10, 0)], refusal: ErrorCode.selfExchangeSeats },
    { description: 'a price per ticket without a map', seated: false, tickets: [1, 2], places: [seat(null), seat(null, 2)], refusal: null },
    { description: 'a seat without a map', seated: false, tickets: [1], places: [seat(10)], refusal: ErrorCode.selfExchangePlaces },
    {
      description: 'fewer prices than tickets',
      seated: false,
      tickets: [1, 2],
      places: [seat(null)],
      refusal: ErrorCode.selfExchangePlaces,
    },
  ])('$description', ({ seated, tickets, places, refusal }) => {
    expect(exchangePlacesRefusal(seated, { ticketIds: tickets, places })).toBe(refusal);
  });
});

import { describe, expect, it } from 'vitest';
import {
  type ServiceOfLine,
  type TicketOfLine,
  bonusesToRestore,
  bonusesToRevoke,
  returnedShare,
  serviceRefund,
  servicesGoingBack,
} from './return-services.ts';

// Line 1: three tickets (11, 12, 13); line 2: one seat (21).
const tickets: TicketOfLine[] = [
  { id: 11, lineId: 1, status: 0 },
  { id: 12, lineId: 1, status: 0 },
  { id: 13, lineId: 1, status: 0 },
  { id: 21, lineId: 2, status: 0 },
];
const guide = (id: number, lineId: number, status = 0): ServiceOfLine => ({
  id,
  lineId,
  offerId: 1,
  seatTied: true,
  amount: 25_000,
  status,
});
const parking = (id: number, lineId: number, status = 0): ServiceOfLine => ({
  id,
  lineId,
  offerId: 3,
  seatTied: false,
  amount: 50_000,
  status,
});

describe('servicesGoingBack', () => {
  const cases: { description: string; services: ServiceOfLine[]; tickets?: TicketOfLine[]; chosen: number[]; going: number[] }[] = [
    { description: 'a seat-tied service goes with the ticket of its rank', services: [guide(1, 1), guide(2, 1)], chosen: [12], going: [2] },
    { description: 'the first ticket takes the first seat-tied service', services: [guide(1, 1), guide(2, 1)], chosen: [11], going: [1] },
    { description: 'a ticket with no service of its own takes none', services: [guide(1, 1)], chosen: [13], going: [] },
    { description: 'a line service stays while a ticket of the line stays', services: [parking(5, 1)], chosen: [11, 12], going: [] },
    { description: "a line service goes with the line's last ticket", services: [parking(5, 1)], chosen: [11, 12, 13], going: [5] },
    {
      description: 'tickets already returned or requested count as gone',
      services: [parking(5, 1)],
      tickets: tickets.map((t) => (t.id === 11 ? { ...t, status: 70 } : t.id === 12 ? { ...t, status: 60 } : t)),
      chosen: [13],
      going: [5],
    },
    {
      description: 'a service already returned is not returned again',
      services: [guide(1, 1, 70), guide(2, 1)],
      chosen: [11, 12],
      going: [2],
    },
    { description: 'services of another line stay', services: [guide(1, 1), guide(7, 2), parking(8, 2)], chosen: [21], going: [7, 8] },
  ];
  it.each(cases)('$description', ({ services, chosen, going, ...rest }) => {
    expect(servicesGoingBack(services, rest.tickets ?? tickets, chosen).map((s) => s.id)).toEqual(going);
  });
});

describe('serviceRefund', () => {
  it.each([
    { description: 'no discount: the price', amount: 25_000, order: { discountable: 125_000, discount: 0 }, refund: 25_000 },
    {
      description: 'a 10 % discount on the order: 90 %',
      amount: 25_000,
      order: { discountable: 125_000, discount: 12_500 },
      refund: 22_500,
    },
    { description: 'rounded down to a kopeck', amount: 33_333, order: { discountable: 100_000, discount: 10_000 }, refund: 29_999 },
    { description: 'a fully discounted order: nothing', amount: 25_000, order: { discountable: 125_000, discount: 125_000 }, refund: 0 },
  ])('$description', ({ amount, order, refund }) => {
    expect(serviceRefund(amount, order)).toBe(refund);
  });
});

describe('bonusesToRestore', () => {
  it.each([
    {
      description: 'half the order returned: half the bonuses',
      spent: 300,
      discountable: 100_000,
      returnedShare: 50_000,
      alreadyRestored: 0,
      restore: 150,
    },
    { description: 'rounded down', spent: 301, discountable: 100_000, returnedShare: 50_000, alreadyRestored: 0, restore: 150 },
    {
      description: 'the rest of the order: the rest of the bonuses',
      spent: 301,
      discountable: 100_000,
      returnedShare: 100_000,
      alreadyRestored: 150,
      restore: 151,
    },
    { description: 'no bonuses spent: none', spent: 0, discountable: 100_000, returnedShare: 100_000, alreadyRestored: 0, restore: 0 },
    { description: 'never more than spent', spent: 100, discountable: 100_000, returnedShare: 200_000, alreadyRestored: 0, restore: 100 },
  ])('$description', ({ restore, ...input }) => {
    expect(bonusesToRestore(input)).toBe(restore);
  });
});

describe('bonusesToRevoke', () => {
  it.each([
    {
      description: 'half refunded: half the accrual, rounded up',
      accrued: 51,
      total: 102_000,
      refunded: 51_000,
      alreadyRevoked: 0,
      revoke: 26,
    },
    { description: 'the rest refunded: the rest', accrued: 51, total: 102_000, refunded: 102_000, alreadyRevoked: 26, revoke: 25 },
    {
      description: 'the fee kept: a whole bonus stays for it',
      accrued: 53,
      total: 106_000,
      refunded: 100_000,
      alreadyRevoked: 0,
      revoke: 50,
    },
    { description: 'nothing accrued: nothing', accrued: 0, total: 106_000, refunded: 100_000, alreadyRevoked: 0, revoke: 0 },
  ])('$description', ({ revoke, ...input }) => {
    expect(bonusesToRevoke(input)).toBe(revoke);
  });
});

describe('returnedShare', () => {
  it.each([
    { description: 'nothing returned', tickets: [], services: [], share: 0 },
    { description: 'a ticket in full', tickets: [{ unitPrice: 100_000, percent: 100 }], services: [], share: 100_000 },
    { description: 'a ticket at 50 %, rounded down', tickets: [{ unitPrice: 33_333, percent: 50 }], services: [], share: 16_666 },
    {
      description: 'each ticket rounded on its own',
      tickets: [
        { unitPrice: 101, percent: 50 },
        { unitPrice: 101, percent: 50 },
      ],
      services: [],
      share: 100,
    },
    {
      description: 'services at their price',
      tickets: [{ unitPrice: 1_000, percent: 0 }],
      services: [{ price: 500 }, { price: 250 }],
      share: 750,
    },
  ])('$description → $share', ({ tickets: t, services, share }) => {
    expect(returnedShare(t, services)).toBe(share);
  });
});

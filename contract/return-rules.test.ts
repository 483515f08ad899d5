import { describe, expect, it } from 'vitest';
import { serviceGoesBack } from './return-rules.ts';

// Tickets 1 and 2 returnable, 3 already requested, 4 returned.
const status = new Map([
  [1, 0],
  [2, 0],
  [3, 60],
  [4, 70],
]);

describe('serviceGoesBack', () => {
  it.each([
    { description: 'a seat-tied service goes with its ticket', service: { status: 0, ticketIds: [1] }, leaving: [1], goes: true },
    {
      description: 'a seat-tied service stays when another ticket leaves',
      service: { status: 0, ticketIds: [1] },
      leaving: [2],
      goes: false,
    },
    {
      description: "a line's service stays while a ticket of the line stays",
      service: { status: 0, ticketIds: [1, 2] },
      leaving: [1],
      goes: false,
    },
    {
      description: "a line's service goes with the line's last ticket",
      service: { status: 0, ticketIds: [1, 2] },
      leaving: [1, 2],
      goes: true,
    },
    { description: 'tickets that left already count as leaving', service: { status: 0, ticketIds: [1, 3, 4] }, leaving: [1], goes: true },
    { description: 'none of its tickets leaves now', service: { status: 0, ticketIds: [3, 4] }, leaving: [1], goes: false },
    { description: 'a service requested already', service: { status: 60, ticketIds: [1] }, leaving: [1], goes: false },
    { description: 'a service with no tickets', service: { status: 0, ticketIds: [] }, leaving: [1], goes: false },
  ])('$description', ({ service, leaving, goes }) => {
    expect(serviceGoesBack(service, new Set(leaving), status)).toBe(goes);
  });
});

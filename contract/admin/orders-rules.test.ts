import { describe, expect, it } from 'vitest';
import { searchKeys, ticketState } from './orders-rules.ts';

describe('searchKeys', () => {
  it.each([
    {
      description: 'an order number',
      q: '100234',
      want: { orderNumber: 100234, ticketCode: null, phonePrefixes: ['100234'], text: null, names: [] },
    },
    {
      description: 'a ticket code of 16 digits',
      q: '1234567890123456',
      want: { orderNumber: null, ticketCode: '1234567890123456', phonePrefixes: [], text: null, names: [] },
    },
    {
      description: 'a phone written with 8 and punctuation',
      q: '8 (999) 901-02-03',
      want: { orderNumber: null, ticketCode: null, phonePrefixes: ['89999010203', '79999010203'], text: null, names: [] },
    },
    {
      description: 'a phone with +7',
      q: '+7 999 901',
      want: { orderNumber: 7999901, ticketCode: null, phonePrefixes: ['7999901'], text: null, names: [] },
    },
    {
      description: 'an e-mail, case-folded',
      q: '  Buyer@Example ',
      want: { orderNumber: null, ticketCode: null, phonePrefixes: [], text: 'buyer@example', names: ['buyer@example'] },
    },
    {
      description: 'a name with spaces folded',
      q: 'Иванов   Иван',
      want: { orderNumber: null, ticketCode: null, phonePrefixes: [], text: 'иванов иван', names: ['иванов иван', 'иван иванов'] },
    },
    {
      description: 'three words: as typed, the last one first, the first one last',
      q: 'Павел Иванович Сергеев',
      want: {
        orderNumber: null,
        ticketCode: null,
        phonePrefixes: [],
        text: 'павел иванович сергеев',
        names: ['павел иванович сергеев', 'сергеев павел иванович', 'иванович сергеев павел'],
      },
    },
    {
      description: 'one letter is too short',
      q: 'и',
      want: { orderNumber: null, ticketCode: null, phonePrefixes: [], text: null, names: [] },
    },
    {
      description: 'three digits are no phone',
      q: '123',
      want: { orderNumber: 123, ticketCode: null, phonePrefixes: [], text: null, names: [] },
    },
  ])('$description', ({ q, want }) => {
    expect(searchKeys(q)).toEqual(want);
  });
});

describe('ticketState', () => {
  it.each([
    { order: 20, ticket: 0, want: 'held' },
    { order: 10, ticket: 0, want: 'held' },
    { order: 90, ticket: 0, want: 'canceled' },
    { order: 30, ticket: 0, want: 'valid' },
    { order: 30, ticket: 60, want: 'return-requested' },
    { order: 30, ticket: 70, want: 'returned' },
    { order: 30, ticket: 80, want: 'refund-pending' },
  ])('order $order, ticket $ticket: $want', ({ order, ticket, want }) => {
    expect(ticketState(order, ticket)).toBe(want);
  });
});

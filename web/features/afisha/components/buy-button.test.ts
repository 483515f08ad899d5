import { describe, expect, it } from 'vitest';
import { salesLabel } from './buy-button.tsx';

describe('salesLabel: the buy button in its three states', () => {
  it.each([
    {
      description: 'sales not begun, with a date',
      totalticketcount: -99999,
      saledate: '2030-03-12T07:00:00.000Z',
      expected: { kind: 'salesBegin', date: '2030-03-12T07:00:00.000Z' },
    },
    { description: 'sales not begun, no date: soon on sale', totalticketcount: -99999, saledate: '', expected: { kind: 'soon' } },
    { description: 'nothing left: sold out', totalticketcount: 0, saledate: '', expected: { kind: 'soldOut' } },
    { description: 'tickets left: buy', totalticketcount: 3, saledate: '', expected: { kind: 'buy' } },
    { description: 'many left (capped): buy', totalticketcount: 100, saledate: '', expected: { kind: 'buy' } },
  ])('$description', ({ totalticketcount, saledate, expected }) => {
    expect(salesLabel({ totalticketcount, saledate })).toEqual(expected);
  });
});

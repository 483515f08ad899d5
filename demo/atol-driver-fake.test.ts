import { describe, expect, it } from 'vitest';
import { createAtolDriver } from './atol-driver-fake.ts';

/** The fake register takes correction tasks as the driver's manual writes them, and refuses what breaks its rules. */
const item = { type: 'position', name: 'Билет', price: 500, quantity: 2, amount: 1000, tax: { type: 'none' }, measurementUnit: 'piece' };
const correction = (over: Record<string, unknown> = {}) => ({
  type: 'sellCorrection',
  operator: { name: 'Ольга Кассир' },
  correctionType: 'self',
  correctionBaseDate: '2026.11.21',
  items: [item],
  payments: [{ type: 'cash', sum: 1000 }],
  total: 1000,
  ...over,
});

function run(task: Record<string, unknown>, ffd: '1.05' | '1.2' = '1.2') {
  const fake = createAtolDriver({ ffd });
  const uuid = `u-${Math.random()}`;
  expect(fake.handle('POST', '/api/v2/requests', JSON.stringify({ uuid, request: [task] })).status).toBe(201);
  return (
    JSON.parse(fake.handle('GET', `/api/v2/requests/${uuid}`, '').body) as { results: { status: string; errorDescription: string }[] }
  ).results[0];
}

describe('the ATOL fake and correction receipts', () => {
  it.each([
    { what: 'FFD 1.2, on the venue’s own initiative', task: correction(), ffd: '1.2' as const },
    {
      what: 'FFD 1.2, a refund’s correction by an instruction',
      task: correction({ type: 'sellReturnCorrection', correctionType: 'instruction', correctionBaseNumber: '12' }),
      ffd: '1.2' as const,
    },
    {
      what: 'FFD 1.05: payments and VAT rates, the grounds’ number',
      task: correction({ items: undefined, total: undefined, taxes: [{ type: 'vat20' }], correctionBaseNumber: 'Акт 7' }),
      ffd: '1.05' as const,
    },
  ])('prints $what', ({ task, ffd }) => {
    expect(run(task, ffd)).toMatchObject({ status: 'ready' });
  });

  it.each([
    { what: 'an unknown correction type', task: correction({ correctionType: 'later' }), ffd: '1.2' as const },
    { what: 'a date in another format', task: correction({ correctionBaseDate: '21.11.2026' }), ffd: '1.2' as const },
    { what: 'a day that does not exist', task: correction({ correctionBaseDate: '2026.02.30' }), ffd: '1.2' as const },
    { what: 'an instruction without its number', task: correction({ correctionType: 'instruction' }), ffd: '1.2' as const },
    { what: 'a number over 32 characters', task: correction({ correctionBaseNumber: 'x'.repeat(33) }), ffd: '1.2' as const },
    { what: 'items not adding up to the total', task: correction({ total: 999 }), ffd: '1.2' as const },
    {
      what: 'an item without its measure under FFD 1.2',
      task: correction({ items: [{ ...item, measurementUnit: 0 }] }),
      ffd: '1.2' as const,
    },
    {
      what: 'FFD 1.05 without the grounds’ number',
      task: correction({ items: undefined, taxes: [{ type: 'none' }] }),
      ffd: '1.05' as const,
    },
    { what: 'FFD 1.05 with items', task: correction({ taxes: [{ type: 'none' }], correctionBaseNumber: '1' }), ffd: '1.05' as const },
    { what: 'FFD 1.05 without VAT rates', task: correction({ items: undefined, correctionBaseNumber: '1' }), ffd: '1.05' as const },
  ])('refuses $what', ({ task, ffd }) => {
    expect(run(task, ffd)).toMatchObject({ status: 'error', errorDescription: expect.stringMatching(/\S/) });
  });
});

import { describe, expect, it } from 'vitest';
import { cancelOrderRequest, orderIdParams, orderSearchQuery, staffRefundRequest } from './orders.ts';
import { salesCsvQuery, salesReportQuery } from './reports.ts';

const codes = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => i.message);

describe('staffRefundRequest', () => {
  it.each([
    { description: 'the whole order at the policy share', body: { ticketIds: 'all', reason: 'Отмена' }, want: [] },
    { description: 'chosen tickets at a share set by hand', body: { ticketIds: [1, 2], percent: 50, reason: 'Замена' }, want: [] },
    { description: 'no ticket', body: { ticketIds: [], reason: 'x' }, want: ['tickets'] },
    { description: 'a share above 100', body: { ticketIds: 'all', percent: 101, reason: 'x' }, want: ['percent'] },
    { description: 'a fractional share', body: { ticketIds: 'all', percent: 12.5, reason: 'x' }, want: ['percent'] },
    { description: 'a blank reason', body: { ticketIds: 'all', reason: '   ' }, want: ['required-reason'] },
    { description: 'no reason', body: { ticketIds: 'all' }, want: ['required-reason'] },
  ])('$description', ({ body, want }) => {
    expect(codes(staffRefundRequest.safeParse(body))).toEqual(want);
  });

  it('defaults the share to the policy (null) and the reason to "another reason"', () => {
    expect(staffRefundRequest.parse({ ticketIds: 'all', reason: ' Отмена ' })).toMatchObject({
      percent: null,
      reasonId: 4,
      reason: 'Отмена',
      lang: 'ru',
    });
  });
});

describe('desk requests', () => {
  it.each([
    { description: 'a search with a page size', schema: orderSearchQuery, input: { q: 'ivan', limit: '10' }, want: [] },
    { description: 'a page size over 50', schema: orderSearchQuery, input: { limit: '51' }, want: ['limit'] },
    { description: 'a cursor with foreign characters', schema: orderSearchQuery, input: { cursor: 'a/b' }, want: ['cursor'] },
    { description: 'an order id', schema: orderIdParams, input: { id: '12' }, want: [] },
    { description: 'an order id that is no number', schema: orderIdParams, input: { id: 'x' }, want: expect.any(Array) },
    { description: 'a cancel without a reason', schema: cancelOrderRequest, input: {}, want: ['required-reason'] },
    { description: 'a report of a day', schema: salesReportQuery, input: { from: '2026-11-01', to: '2026-11-30' }, want: [] },
    {
      description: 'a report on a day that does not exist',
      schema: salesReportQuery,
      input: { from: '2026-02-30', to: '2026-03-01' },
      want: ['date'],
    },
    {
      description: 'an unknown grouping',
      schema: salesReportQuery,
      input: { from: '2026-11-01', to: '2026-11-02', group: 'hour' },
      want: expect.any(Array),
    },
    {
      description: 'a CSV for Excel with semicolons',
      schema: salesCsvQuery,
      input: { from: '2026-11-01', to: '2026-11-02', dialect: 'excel-semicolon' },
      want: [],
    },
  ])('$description', ({ schema, input, want }) => {
    const result = codes(schema.safeParse(input));
    expect(result).toEqual(want);
    if (Array.isArray(want) && want.length === 0) expect(result).toEqual([]);
    else expect(result.length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { daysInPeriod, isReportPeriod } from '../../../../contract/admin/reports-rules.ts';
import { VALUE_STEPS, dailySeries as seriesOf, valueRange } from './sales-chart-data.ts';

/** As the reports page calls it: the period's days by the reports' rule, none for a refused period. */
const dailySeries = (rows: readonly { key: string; net: number }[], from: string, to: string) =>
  seriesOf(rows, from, isReportPeriod(from, to) ? daysInPeriod(from, to) : 0);

describe('dailySeries', () => {
  it.each([
    {
      description: 'fills the days without sales with 0',
      rows: [{ key: '2026-11-02', net: 500 }],
      from: '2026-11-01',
      to: '2026-11-03',
      days: [
        { day: '2026-11-01', net: 0 },
        { day: '2026-11-02', net: 500 },
        { day: '2026-11-03', net: 0 },
      ],
      low: 0,
      high: 500,
      total: 500,
      best: '2026-11-02',
    },
    {
      description: 'keeps a day whose refunds exceed its sales below the axis',
      rows: [
        { key: '2026-11-01', net: 1000 },
        { key: '2026-11-02', net: -300 },
      ],
      from: '2026-11-01',
      to: '2026-11-02',
      days: [
        { day: '2026-11-01', net: 1000 },
        { day: '2026-11-02', net: -300 },
      ],
      low: -300,
      high: 1000,
      total: 700,
      best: '2026-11-01',
    },
    {
      description: 'crosses a month end and a leap day',
      rows: [],
      from: '2028-02-28',
      to: '2028-03-01',
      days: [
        { day: '2028-02-28', net: 0 },
        { day: '2028-02-29', net: 0 },
        { day: '2028-03-01', net: 0 },
      ],
      low: 0,
      high: 0,
      total: 0,
      best: null,
    },
    {
      description: 'gives nothing for a reversed period',
      rows: [],
      from: '2026-11-02',
      to: '2026-11-01',
      days: [],
      low: 0,
      high: 0,
      total: 0,
      best: null,
    },
  ])('$description', ({ rows, from, to, days, low, high, total, best }) => {
    const series = dailySeries(rows, from, to);
    expect(series.days).toEqual(days);
    expect({ low: series.low, high: series.high, total: series.total, best: series.best?.day ?? null }).toEqual({ low, high, total, best });
  });

  it('covers a whole year of 366 days and no more', () => {
    expect(dailySeries([], '2028-01-01', '2028-12-31').days).toHaveLength(366);
    expect(dailySeries([], '2026-01-01', '2027-01-02').days).toHaveLength(0);
  });
});

describe('valueRange', () => {
  it.each([
    { description: 'starts at 0 and leaves a twentieth above the best day', low: 0, high: 1000, range: [0, 1050] },
    { description: 'keeps a refund day below the axis with room under it', low: -300, high: 1000, range: [-365, 1065] },
    { description: 'ends at 0 when every day is refunds', low: -400, high: 0, range: [-420, 0] },
    { description: 'rounds the room up to a whole kopeck', low: 0, high: 30, range: [0, 32] },
    { description: 'gives an empty period an axis of one rouble', low: 0, high: 0, range: [0, 100] },
  ])('$description', ({ low, high, range }) => {
    expect(valueRange(low, high)).toEqual(range);
  });

  it('steps the value axis in whole roubles', () => {
    expect(VALUE_STEPS.slice(0, 4)).toEqual([100, 200, 500, 1000]);
    expect(VALUE_STEPS.every((step) => Number.isInteger(step / 100))).toBe(true);
  });
});

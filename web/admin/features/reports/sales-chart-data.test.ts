import { describe, expect, it } from 'vitest';
import { daysInPeriod, isReportPeriod } from '../../../../contract/admin/reports-rules.ts';
import { barGeometry, dailySeries as seriesOf } from './sales-chart-data.ts';

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
    { description: 'gives nothing for a reversed period', rows: [], from: '2026-11-02', to: '2026-11-01', days: [], low: 0, high: 0, total: 0, best: null },
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

describe('barGeometry', () => {
  it.each([
    { description: 'a full bar from the axis at the bottom', net: 100, low: 0, high: 100, y: 0, h: 100 },
    { description: 'half a bar', net: 50, low: 0, high: 100, y: 50, h: 50 },
    { description: 'a positive bar above an axis lifted by refunds', net: 100, low: -100, high: 100, y: 0, h: 50 },
    { description: 'a negative bar hangs below the axis', net: -100, low: -100, high: 100, y: 50, h: 50 },
    { description: 'nothing drawn when everything is 0', net: 0, low: 0, high: 0, y: 100, h: 0 },
  ])('$description', ({ net, low, high, y, h }) => {
    expect(barGeometry(net, low, high, 100)).toEqual({ y, h });
  });
});

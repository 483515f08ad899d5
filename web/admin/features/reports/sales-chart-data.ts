export type ChartDay = { day: string; net: number };

export type ChartSeries = {
  days: ChartDay[];
  /** The value range the bars are drawn in: always includes 0, so every bar starts at the axis. */
  low: number;
  high: number;
  total: number;
  /** The day with the highest net sales, or null when nothing was sold. */
  best: ChartDay | null;
};

const DAY_MS = 86_400_000;

/**
 * Every calendar day of a period of `dayCount` days from `from` with its net sales (sales less
 * refunds, in kopecks), the days the report has no row for at 0: a chart of a month has 30 bars
 * whether or not each day sold. The caller counts the days with the reports' own period rule
 * (`daysInPeriod`, 0 for a period they refuse), which keeps that rule's module out of the chart's chunk.
 */
export function dailySeries(rows: readonly { key: string; net: number }[], from: string, dayCount: number): ChartSeries {
  const byDay = new Map(rows.map((r) => [r.key, r.net]));
  const days: ChartDay[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  for (let i = 0; i < dayCount && Number.isFinite(start); i += 1) {
    const day = new Date(start + i * DAY_MS).toISOString().slice(0, 10);
    days.push({ day, net: byDay.get(day) ?? 0 });
  }
  const nets = days.map((d) => d.net);
  const best = days.reduce<ChartDay | null>((top, d) => (d.net > 0 && (top === null || d.net > top.net) ? d : top), null);
  return {
    days,
    low: Math.min(0, ...nets),
    high: Math.max(0, ...nets),
    total: nets.reduce((sum, n) => sum + n, 0),
    best,
  };
}

/**
 * The value axis of the chart in kopecks: from the lowest to the highest day with 0 always in
 * view, so every bar starts at the axis, and a twentieth of the span free above a positive top and
 * below a negative bottom, so the tallest bar does not touch the edge. A period without sales
 * still gets an axis of one rouble.
 */
export function valueRange(low: number, high: number): [number, number] {
  const bottom = Math.min(0, low);
  const top = Math.max(0, high);
  const span = top - bottom;
  if (span <= 0) return [0, 100];
  const margin = Math.ceil(span / 20);
  return [bottom < 0 ? bottom - margin : 0, top > 0 ? top + margin : 0];
}

/** Steps for the value axis: whole roubles, then 1-2-5 multiples, so no label shows kopecks. */
export const VALUE_STEPS: readonly number[] = Array.from({ length: 11 }, (_, power) => [1, 2, 5].map((m) => m * 100 * 10 ** power)).flat();

/** Steps for the day axis: whole days, weeks and months' worth, so a label always names a day. */
export const DAY_STEPS: readonly number[] = [1, 2, 7, 14, 28, 56, 91, 182, 366];

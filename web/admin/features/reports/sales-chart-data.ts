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

/** A bar's top and height in a plot `height` units tall whose bottom is `low` and top `high`. */
export function barGeometry(net: number, low: number, high: number, height: number): { y: number; h: number } {
  const span = high - low;
  if (span <= 0) return { y: height, h: 0 };
  const at = (value: number) => height - ((value - low) / span) * height;
  const zero = at(0);
  const end = at(net);
  return { y: Math.min(zero, end), h: Math.abs(zero - end) };
}

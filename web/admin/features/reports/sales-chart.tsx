import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { TableRegion } from '../../components/table-region.tsx';
import 'uplot/dist/uPlot.min.css';
import type { SalesReportResponse } from '../../../../contract/admin/reports.ts';
import { type ChartSeries, DAY_STEPS, VALUE_STEPS, dailySeries, valueRange } from './sales-chart-data.ts';
import './sales-chart.css';

/** Share of a day's width its bar takes; the rest is the gap to the next day. */
const BAR_SHARE = 0.7;

type Props = {
  from: string;
  to: string;
  /** Days in the period (0 for a period the reports refuse). */
  dayCount: number;
  lang: string;
  /** The period's sales by day; the page passes its call, so the report's schema stays out of this chunk. */
  load: (signal: AbortSignal) => Promise<SalesReportResponse>;
  /** Shown while the day figures load. */
  fallback: ReactNode;
  /**
   * The page's formatters (orders/format.ts) come in as props: imported here, the bundler would
   * split that module into a chunk of its own on the back office's first load.
   */
  money: (kopecks: number) => string;
  formatDay: (day: string, style?: 'medium' | 'short') => string;
};

/**
 * Net sales per day of the period as bars (a day whose refunds exceed its sales hangs below the
 * axis), drawn by uPlot on a canvas as wide as the page gives it. A canvas tells a screen reader
 * nothing, so its box is an image named by the period and described by the summary, and every
 * day's figure is in the table under it.
 */
export function SalesChart({ from, to, dayCount, lang, load, fallback, money, formatDay }: Props) {
  const { t } = useTranslation('admin-reports');
  const id = useId();
  // Always by day, whatever grouping the table shows (the table's own cache entry when it is by day).
  const daily = useQuery({
    queryKey: ['admin', 'reports', 'sales', from, to, 'day', lang],
    queryFn: ({ signal }) => load(signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const rows = daily.data?.rows;
  const series = useMemo(() => (rows ? dailySeries(rows, from, dayCount) : null), [rows, from, dayCount]);
  if (daily.isPending) return fallback;
  // A refused period is told on the form's fields by the table's query; the chart just steps aside.
  if (daily.isError || !series) return null;
  const first = series.days[0];
  const last = series.days.at(-1);
  if (!first || !last) return null;
  const title = t('chart.title', { from: formatDay(first.day), to: formatDay(last.day) });
  const summary = t('chart.summary', {
    days: series.days.length,
    total: money(series.total),
    best: series.best ? t('chart.best', { day: formatDay(series.best.day), amount: money(series.best.net) }) : t('chart.noSales'),
  });
  return (
    <figure className="admin-chart">
      <div className="admin-chart__plot" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <span id={`${id}-title`} hidden>
          {title}
        </span>
        <span id={`${id}-desc`} hidden>
          {summary}
        </span>
        <Plot series={series} label={t('sales.net')} dayLabel={t('groups.day')} money={money} formatDay={formatDay} />
      </div>
      <figcaption className="admin-chart__summary">{summary}</figcaption>
      <details className="admin-chart__data">
        <summary>{t('chart.table')}</summary>
        <TableRegion name={title}>
          <table className="admin-table admin-table--stack">
            <caption className="admin-visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('groups.day')}</th>
                <th scope="col">{t('sales.net')}</th>
              </tr>
            </thead>
            <tbody>
              {series.days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{formatDay(d.day)}</th>
                  <td data-label={t('sales.net')}>{money(d.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </details>
    </figure>
  );
}

type PlotProps = {
  series: ChartSeries;
  label: string;
  dayLabel: string;
  money: (kopecks: number) => string;
  formatDay: (day: string, style?: 'medium' | 'short') => string;
};

/**
 * The uPlot canvas. uPlot draws at a fixed width, so the plot follows its box's width with a
 * ResizeObserver; its height is the page's chart height, which the skeleton holds too.
 */
function Plot({ series, label, dayLabel, money, formatDay }: PlotProps) {
  const box = useRef<HTMLDivElement>(null);
  // The page passes new formatter functions on every render; the plot is rebuilt for new figures
  // or a new language only, and reads the latest formatters when it draws.
  const format = useRef({ money, formatDay });
  format.current = { money, formatDay };

  useLayoutEffect(() => {
    const host = box.current;
    if (!host) return;
    const style = getComputedStyle(host);
    const token = (name: string) => style.getPropertyValue(name).trim();
    const height = Number.parseFloat(token('--admin-chart-plot-height')) || 180;
    // The page's small text size; whole pixels, because uPlot scales the font by its integer px size.
    const fontSize = Math.round(Number.parseFloat(style.fontSize) * 0.875) || 12;
    const font = `${fontSize}px ${style.fontFamily}`;
    const positive = token('--color-primary');
    const negative = token('--admin-chart-negative');
    const ink = token('--color-muted');
    const grid = token('--color-border');
    const day = (index: number) => series.days[index]?.day;
    const range = valueRange(series.low, series.high);
    // The value axis is as wide as its longest label in the page's font, measured on a canvas of
    // its own: uPlot keeps track of the font it last set on its own canvas.
    const ruler = document.createElement('canvas').getContext('2d');
    const axisWidth = (_: uPlot, values: string[] | null) => {
      if (!ruler) return fontSize * 8;
      ruler.font = font;
      return Math.ceil(Math.max(0, ...(values ?? []).map((text) => ruler.measureText(text).width))) + 16;
    };
    const options: uPlot.Options = {
      width: host.clientWidth,
      height,
      cursor: { y: false, points: { show: false }, drag: { x: false, y: false } },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      legend: { show: true, live: true },
      scales: {
        x: { time: false, range: () => [-0.5, series.days.length - 0.5] },
        y: { range: () => range },
      },
      axes: [
        {
          font,
          stroke: ink,
          grid: { show: false },
          ticks: { stroke: grid },
          space: fontSize * 7,
          incrs: [...DAY_STEPS],
          values: (_, splits) =>
            splits.map((split) => {
              const d = Number.isInteger(split) ? day(split) : undefined;
              return d ? format.current.formatDay(d, 'short') : '';
            }),
        },
        {
          font,
          stroke: ink,
          grid: { stroke: grid, width: 1 },
          ticks: { show: false },
          incrs: [...VALUE_STEPS],
          values: (_, splits) => splits.map((split) => format.current.money(split)),
          size: axisWidth,
        },
      ],
      series: [
        {
          label: dayLabel,
          value: (_, index) => {
            const d = index == null ? undefined : day(index);
            return d ? format.current.formatDay(d) : '';
          },
        },
        {
          label,
          width: 0,
          fill: positive,
          value: (_, net) => (net == null ? '' : format.current.money(net)),
          points: { show: false },
          paths: uPlot.paths.bars?.({
            size: [BAR_SHARE, Infinity, 1],
            // A day whose refunds exceed its sales is coloured apart, as well as hanging below the axis.
            disp: {
              fill: {
                unit: 3 as uPlot.Series.BarsPathBuilderFacetUnit,
                values: () => series.days.map((d) => (d.net < 0 ? negative : positive)),
              },
            },
          }),
        },
      ],
    };
    const data: uPlot.AlignedData = [series.days.map((_, index) => index), series.days.map((d) => d.net)];
    const plot = new uPlot(options, data, host);
    const resize = new ResizeObserver(() => {
      if (host.clientWidth > 0 && host.clientWidth !== plot.width) plot.setSize({ width: host.clientWidth, height });
    });
    resize.observe(host);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series, label, dayLabel]);

  return <div ref={box} className="admin-chart__canvas" />;
}

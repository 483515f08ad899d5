import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SalesReportResponse } from '../../../../contract/admin/reports.ts';
import { barGeometry, dailySeries } from './sales-chart-data.ts';
import './sales-chart.css';

/** Plot units: each day is BAR_STEP wide, the plot PLOT_HEIGHT tall; the SVG stretches to the box. */
const BAR_STEP = 10;
const BAR_WIDTH = 7;
const PLOT_HEIGHT = 200;

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
 * axis). Drawn as plain SVG: one series of at most 366 bars needs no chart library (see
 * docs/back-office.md). Screen readers get the summary as the image's description and every
 * day's figure in the table under it.
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
  if (daily.isPending) return fallback;
  // A refused period is told on the form's fields by the table's query; the chart just steps aside.
  if (daily.isError) return null;
  const series = dailySeries(daily.data.rows, from, dayCount);
  const first = series.days[0];
  const last = series.days.at(-1);
  if (!first || !last) return null;
  const width = series.days.length * BAR_STEP;
  const summary = t('chart.summary', {
    days: series.days.length,
    total: money(series.total),
    best: series.best ? t('chart.best', { day: formatDay(series.best.day), amount: money(series.best.net) }) : t('chart.noSales'),
  });
  const zero = barGeometry(0, series.low, series.high, PLOT_HEIGHT).y;
  return (
    <figure className="admin-chart">
      <div className="admin-chart__plot">
        <svg
          className="admin-chart__svg"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${width} ${PLOT_HEIGHT}`}
          preserveAspectRatio="none"
          focusable="false"
        >
          <title id={`${id}-title`}>{t('chart.title', { from: formatDay(first.day), to: formatDay(last.day) })}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {series.days.map((d, i) => {
            const { y, h } = barGeometry(d.net, series.low, series.high, PLOT_HEIGHT);
            if (h === 0) return null;
            return (
              <rect key={d.day} className={d.net < 0 ? 'admin-chart__bar is-negative' : 'admin-chart__bar'} x={i * BAR_STEP + (BAR_STEP - BAR_WIDTH) / 2} width={BAR_WIDTH} y={y} height={h}>
                <title>{`${formatDay(d.day)}: ${money(d.net)}`}</title>
              </rect>
            );
          })}
          <line className="admin-chart__axis" x1={0} x2={width} y1={zero} y2={zero} vectorEffect="non-scaling-stroke" />
        </svg>
        <div className="admin-chart__scale" aria-hidden="true">
          <span>{money(series.high)}</span>
          <span>{series.low < 0 ? money(series.low) : ''}</span>
        </div>
      </div>
      <div className="admin-chart__days" aria-hidden="true">
        <span>{formatDay(first.day, 'short')}</span>
        <span>{formatDay(last.day, 'short')}</span>
      </div>
      <figcaption className="admin-chart__summary">{summary}</figcaption>
      <details className="admin-chart__data">
        <summary>{t('chart.table')}</summary>
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stack">
            <caption className="admin-visually-hidden">{t('chart.title', { from: formatDay(first.day), to: formatDay(last.day) })}</caption>
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
        </div>
      </details>
    </figure>
  );
}

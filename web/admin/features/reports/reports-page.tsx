import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { occupancyReportResponse, type SalesReportResponse, salesReportResponse } from '../../../../contract/admin/reports.ts';
import { REPORT_GROUPS, type ReportGroup, daysInPeriod, isReportPeriod } from '../../../../contract/admin/reports-rules.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiGet, toApiError } from '../../../lib/api.ts';
import { useFieldError } from '../../components/field-errors.tsx';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { pickText } from '../../lib/format.ts';
import { formatDateTime, formatDay, formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import '../../components/desk.css';
import { StackedTable } from '../../components/stacked-table.tsx';
import { TableRegion } from '../../components/table-region.tsx';
import { CsvLinks } from '../../components/csv-links.tsx';
import { PeriodFields, useReportPeriod } from './period-fields.tsx';

// The chart is drawn only on this page: its code and styles load when the page first shows it,
// so the back office's first load carries none of it.
const SalesChart = lazy(() => import('./sales-chart.tsx').then((module) => ({ default: module.SalesChart })));

const isGroup = (value: string | null): value is ReportGroup => (REPORT_GROUPS as readonly (string | null)[]).includes(value);

/**
 * Sales for a period (grouped by day, event, session, price category or payment type, refunds
 * netted, with totals), occupancy per session, and both as CSV in either dialect. The period and
 * grouping live in the address, so a report can be reloaded and shared.
 */
export function ReportsPage() {
  const { t, i18n, ready } = useTranslation(['admin-reports', 'admin']);
  const venue = useVenue();
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const { from, to, params, setParams } = useReportPeriod();
  const groupParam = params.get('group');
  const group: ReportGroup = isGroup(groupParam) ? groupParam : 'day';
  const [draft, setDraft] = useState({ from, to, group });

  const query = new URLSearchParams({ from, to, lang });
  const sales = useQuery({
    queryKey: ['admin', 'reports', 'sales', from, to, group, lang],
    queryFn: ({ signal }) => apiGet(`/api/admin/reports/sales?${query}&group=${group}`, salesReportResponse, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const occupancy = useQuery({
    queryKey: ['admin', 'reports', 'occupancy', from, to, lang],
    queryFn: ({ signal }) => apiGet(`/api/admin/reports/occupancy?${query}`, occupancyReportResponse, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const failure = sales.isError ? toApiError(sales.error) : occupancy.isError ? toApiError(occupancy.error) : null;
  const fields = failure ? fieldErrorsOf(failure) : {};
  const fieldError = useFieldError(id, fields, 'admin-reports');

  function submit(event: FormEvent) {
    event.preventDefault();
    setParams({ from: draft.from, to: draft.to, group: draft.group });
  }

  if (!ready) return <PageSkeleton label="" />;
  const headingId = `${id}-heading`;
  const csv = (report: 'sales' | 'occupancy', dialect: string) =>
    `/api/admin/reports/${report}.csv?${query}${report === 'sales' ? `&group=${group}` : ''}&dialect=${dialect}`;

  return (
    <section aria-labelledby={headingId}>
      <h1 className="admin-heading" id={headingId}>
        {t('heading')}
      </h1>
      <p>
        <Link href="/reports/visits">{t('visitsLink')}</Link>
      </p>
      <form className="admin-search" onSubmit={submit} noValidate>
        <PeriodFields id={id} value={draft} onChange={(period) => setDraft({ ...draft, ...period })} fieldError={fieldError} />
        <div className="admin-field">
          <label htmlFor={`${id}-group`}>{t('group')}</label>
          <select
            id={`${id}-group`}
            value={draft.group}
            onChange={(e) => setDraft({ ...draft, group: isGroup(e.currentTarget.value) ? e.currentTarget.value : 'day' })}
          >
            {REPORT_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`groups.${g}`)}
              </option>
            ))}
          </select>
        </div>
        <button className="admin-button" type="submit">
          {t('show')}
        </button>
      </form>
      <p role="alert">{failure ? failure.text || t('admin:errors.generic') : ''}</p>

      <section className="admin-order__section" aria-labelledby={`${id}-sales`}>
        <h2 className="admin-subheading" id={`${id}-sales`}>
          {t('sales.heading')}
        </h2>
        <CsvLinks label={t('sales.csvLabel')} href={(dialect) => csv('sales', dialect)} />
        {sales.isPending ? (
          <PageSkeleton label={t('admin:loading')} />
        ) : sales.isError ? null : (
          <SalesTable report={sales.data} lang={lang} />
        )}
      </section>

      <section className="admin-order__section" aria-labelledby={`${id}-chart`}>
        <h2 className="admin-subheading" id={`${id}-chart`}>
          {t('chart.heading')}
        </h2>
        <Suspense fallback={<ChartSkeleton />}>
          <SalesChart
            from={from}
            to={to}
            dayCount={isReportPeriod(from, to) ? daysInPeriod(from, to) : 0}
            lang={lang}
            load={(signal) => apiGet(`/api/admin/reports/sales?${query}&group=day`, salesReportResponse, { signal })}
            fallback={<ChartSkeleton />}
            money={(kopecks) => formatMoney(kopecks, venue.currency, lang)}
            formatDay={(day, style) => formatDay(day, lang, style)}
          />
        </Suspense>
      </section>

      <section className="admin-order__section" aria-labelledby={`${id}-occupancy`}>
        <h2 className="admin-subheading" id={`${id}-occupancy`}>
          {t('occupancy.heading')}
        </h2>
        <CsvLinks label={t('occupancy.csvLabel')} href={(dialect) => csv('occupancy', dialect)} />
        {occupancy.isPending ? (
          <PageSkeleton label={t('admin:loading')} />
        ) : occupancy.isError ? null : occupancy.data.rows.length === 0 ? (
          <p>{t('empty')}</p>
        ) : (
          <StackedTable
            caption={t('occupancy.heading')}
            rows={occupancy.data.rows}
            rowKey={(row) => row.sessionId}
            columns={[
              {
                label: t('occupancy.session'),
                cell: (row) => `${pickText(row.eventName, lang)}, ${formatDateTime(row.startsAt, lang, venue.timeZone)}`,
              },
              { label: t('occupancy.capacity'), cell: (row) => row.capacity },
              {
                label: t('occupancy.sold'),
                cell: (row) =>
                  row.soldOutside
                    ? t('occupancy.soldWithOutside', { sold: row.sold + row.soldOutside, outside: row.soldOutside })
                    : row.sold,
              },
              { label: t('occupancy.held'), cell: (row) => row.held },
              { label: t('occupancy.blocked'), cell: (row) => row.blocked },
              { label: t('occupancy.free'), cell: (row) => row.free },
              { label: t('occupancy.checkedIn'), cell: (row) => row.checkedIn },
              { label: t('occupancy.notCheckedIn'), cell: (row) => row.notCheckedIn },
            ]}
          />
        )}
      </section>
    </section>
  );
}

/** Holds the chart's place while its data or its code loads, so nothing below it moves. */
function ChartSkeleton() {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-chart-skeleton" aria-busy="true">
      <span className="admin-visually-hidden">{t('loading')}</span>
      <div className="admin-skeleton admin-chart-skeleton__plot" />
    </div>
  );
}

function SalesTable({ report, lang }: { report: SalesReportResponse; lang: string }) {
  const { t } = useTranslation('admin-reports');
  const venue = useVenue();
  if (report.rows.length === 0) return <p>{t('empty')}</p>;
  const label = (row: SalesReportResponse['rows'][number]) => {
    if (report.group === 'day') return formatDay(row.key, lang);
    if (report.group === 'session')
      return `${pickText(row.eventName ?? row.name, lang)}, ${formatDateTime(row.startsAt, lang, venue.timeZone)}`;
    if (report.group === 'event') return pickText(row.eventName ?? row.name, lang) || row.key;
    return pickText(row.name, lang) || row.key;
  };
  const cells = (f: SalesReportResponse['totals']) => [
    f.orders,
    f.tickets,
    formatMoney(f.amount, venue.currency, lang),
    f.returnedTickets,
    formatMoney(f.refunds, venue.currency, lang),
    formatMoney(f.net, venue.currency, lang),
  ];
  const heads = ['orders', 'tickets', 'amount', 'returnedTickets', 'refunds', 'net'].map((k) => t(`sales.${k}`));
  return (
    <TableRegion name={t('sales.heading')}>
      <table className="admin-table admin-table--stack">
        <caption className="admin-visually-hidden">{t('sales.heading')}</caption>
        <thead>
          <tr>
            <th scope="col">{t(`groups.${report.group}`)}</th>
            {heads.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" data-label={t(`groups.${report.group}`)}>
                {label(row)}
              </th>
              {cells(row).map((value, i) => (
                <td key={heads[i]} data-label={heads[i]}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('sales.total')}</th>
            {cells(report.totals).map((value, i) => (
              <td key={heads[i]} data-label={heads[i]}>
                {value}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </TableRegion>
  );
}

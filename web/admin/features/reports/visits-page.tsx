import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type VisitsReportResponse, visitsReportResponse } from '../../../../contract/admin/reports.ts';
import type { VisitsLayout } from '../../../../contract/admin/reports-rules.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiGet, toApiError } from '../../../lib/api.ts';
import { CsvLinks } from '../../components/csv-links.tsx';
import '../../components/desk.css';
import { useFieldError } from '../../components/field-errors.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { StackedTable } from '../../components/stacked-table.tsx';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { pickText } from '../../lib/format.ts';
import { PeriodFields, useReportPeriod } from './period-fields.tsx';

/** The state forms first: what the page is mostly opened for. */
const FILE_ORDER: readonly VisitsLayout[] = ['8-nk', '9-nk', 'category', 'age'];

/** A positive whole number from the address, else none (all events). */
const eventIdOf = (value: string | null): number | null => {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
};

/** The events that had visits in the period, each once, in the report's order (by name). */
function eventsOf(report: VisitsReportResponse | undefined): { id: number; name: Record<string, string> | null }[] {
  const events = new Map<number, Record<string, string>>();
  for (const row of report?.byCategory ?? []) if (!events.has(row.eventId)) events.set(row.eventId, row.eventName);
  return [...events].map(([id, name]) => ({ id, name }));
}

/**
 * Who really came in (the door's admissions) in a period, for all events or one: by price
 * category and by age group, with totals, and the CSV files, laid out for the state's forms 8-НК
 * and 9-НК among them. The period and the event live in the address, as the sales reports' do.
 */
export function VisitsPage() {
  const { t, i18n, ready } = useTranslation(['admin-reports', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const { from, to, params, setParams } = useReportPeriod();
  const eventId = eventIdOf(params.get('eventId'));
  const [draft, setDraft] = useState({ from, to, eventId });

  const query = new URLSearchParams({ from, to, lang, ...(eventId ? { eventId: String(eventId) } : {}) });
  const report = useQuery({
    queryKey: ['admin', 'reports', 'visits', from, to, eventId, lang],
    queryFn: ({ signal }) => apiGet(`/api/admin/reports/visits?${query}`, visitsReportResponse, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  // The event choice lists the events that had visits in the shown period: the report of all of
  // them (the same call as the page's own when no event is chosen).
  const everyEvent = useQuery({
    queryKey: ['admin', 'reports', 'visits', from, to, null, lang],
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/reports/visits?${new URLSearchParams({ from, to, lang })}`, visitsReportResponse, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const failure = report.isError ? toApiError(report.error) : null;
  const fieldError = useFieldError(id, failure ? fieldErrorsOf(failure) : {}, 'admin-reports');

  function submit(event: FormEvent) {
    event.preventDefault();
    setParams({ from: draft.from, to: draft.to, ...(draft.eventId ? { eventId: String(draft.eventId) } : {}) });
  }

  if (!ready) return <PageSkeleton label="" />;
  const headingId = `${id}-heading`;
  const events = eventsOf(everyEvent.data);
  if (draft.eventId && !events.some((e) => e.id === draft.eventId)) events.push({ id: draft.eventId, name: null });

  return (
    <section aria-labelledby={headingId}>
      <h1 className="admin-heading" id={headingId}>
        {t('visits.heading')}
      </h1>
      <p>{t('visits.intro')}</p>
      <form className="admin-search" onSubmit={submit} noValidate>
        <PeriodFields id={id} value={draft} onChange={(period) => setDraft({ ...draft, ...period })} fieldError={fieldError} />
        <div className="admin-field">
          <label htmlFor={`${id}-event`}>{t('visits.event')}</label>
          <select
            id={`${id}-event`}
            value={draft.eventId ?? ''}
            onChange={(e) => setDraft({ ...draft, eventId: eventIdOf(e.currentTarget.value) })}
          >
            <option value="">{t('visits.allEvents')}</option>
            {events.map((e) => (
              <option key={e.id} value={e.id}>
                {pickText(e.name, lang) || t('visits.eventNumber', { id: e.id })}
              </option>
            ))}
          </select>
        </div>
        <button className="admin-button" type="submit">
          {t('show')}
        </button>
      </form>
      <p role="alert">{failure ? failure.text || t('admin:errors.generic') : ''}</p>

      {report.isPending ? (
        <PageSkeleton label={t('admin:loading')} />
      ) : report.isError ? null : (
        <VisitsTables report={report.data} lang={lang} busy={report.isPlaceholderData} />
      )}

      <section className="admin-order__section" aria-labelledby={`${id}-files`}>
        <h2 className="admin-subheading" id={`${id}-files`}>
          {t('visits.files.heading')}
        </h2>
        <p>{t('visits.files.note')}</p>
        <dl>
          {FILE_ORDER.map((layout) => (
            <div key={layout}>
              <dt>{t(`visits.files.${layout}`)}</dt>
              <dd>
                <CsvLinks
                  label={t(`visits.files.${layout}`)}
                  href={(dialect) => `/api/admin/reports/visits.csv?${query}&layout=${layout}&dialect=${dialect}`}
                />
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </section>
  );
}

/** The total, then the two tables; a period with no admissions says so instead. */
function VisitsTables({ report, lang, busy }: { report: VisitsReportResponse; lang: string; busy: boolean }) {
  const { t } = useTranslation('admin-reports');
  const id = useId();
  return (
    <div aria-busy={busy || undefined}>
      <p className="admin-subheading" aria-live="polite">
        {t('visits.total', { count: report.total })}
      </p>
      {report.total === 0 ? (
        <p>{t('visits.empty')}</p>
      ) : (
        <>
          <section className="admin-order__section" aria-labelledby={`${id}-category`}>
            <h2 className="admin-subheading" id={`${id}-category`}>
              {t('visits.byCategory.heading')}
            </h2>
            <StackedTable
              caption={t('visits.byCategory.heading')}
              rows={report.byCategory}
              rowKey={(row) => row.categoryId}
              columns={[
                { label: t('visits.byCategory.event'), cell: (row) => pickText(row.eventName, lang) },
                { label: t('visits.byCategory.category'), cell: (row) => pickText(row.name, lang) },
                {
                  label: t('visits.byCategory.concession'),
                  cell: (row) => (row.concession ? t('visits.byCategory.yes') : t('visits.byCategory.no')),
                },
                { label: t('visits.visits'), cell: (row) => row.visits },
              ]}
              footer={[t('visits.totalRow'), '', '', report.total]}
            />
          </section>
          <section className="admin-order__section" aria-labelledby={`${id}-age`}>
            <h2 className="admin-subheading" id={`${id}-age`}>
              {t('visits.byAge.heading')}
            </h2>
            <p>{t('visits.byAge.note')}</p>
            <StackedTable
              caption={t('visits.byAge.heading')}
              rows={report.byAge}
              rowKey={(row) => row.group}
              columns={[
                { label: t('visits.byAge.group'), cell: (row) => t(`visits.ageGroups.${row.group}`) },
                { label: t('visits.visits'), cell: (row) => row.visits },
              ]}
              footer={[t('visits.totalRow'), report.total]}
            />
          </section>
        </>
      )}
    </div>
  );
}

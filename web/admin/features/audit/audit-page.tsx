import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { staffListResponse } from '../../../../contract/admin/session.ts';
import { type AuditEntryView, auditResponse } from '../../../../contract/admin/staff-management.ts';
import type { Currency } from '../../../../contract/format-price.ts';
import { toBcp47, normalizeLang } from '../../../../contract/lang.ts';
import { apiGet } from '../../../lib/api.ts';
import { actionChoices, actionName } from './action-names.ts';
import { auditDiff } from './audit-diff.ts';
import { auditSentence } from './audit-sentence.ts';
import { useVenue } from '../../app/session.ts';

type Filter = { staffId: string; action: string; subjectType: string; subjectId: string; from: string; to: string };
const EMPTY: Filter = { staffId: '', action: '', subjectType: '', subjectId: '', from: '', to: '' };

function queryString(filter: Filter, page: number, lang: string): string {
  const params = new URLSearchParams({ page: String(page), lang });
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  return params.toString();
}

/** The owner's audit log: who did what, when, from where, with before and after; filtered and paged. */
export function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const lang = normalizeLang(i18n.language);
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [page, setPage] = useState(1);
  const staff = useQuery({
    queryKey: ['admin', 'staff'],
    queryFn: ({ signal }) => apiGet('/api/admin/staff', staffListResponse, { signal }),
  });
  const log = useQuery({
    queryKey: ['admin', 'audit', filter, page, lang],
    queryFn: ({ signal }) => apiGet(`/api/admin/audit?${queryString(filter, page, lang)}`, auditResponse, { signal }),
    placeholderData: keepPreviousData,
  });

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilter(draft);
    setPage(1);
  }
  const set = (key: keyof Filter) => (e: { currentTarget: { value: string } }) => setDraft({ ...draft, [key]: e.currentTarget.value });
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;

  return (
    <section aria-labelledby="admin-audit-heading" className="admin-stack">
      <h1 className="admin-heading" id="admin-audit-heading">
        {t('audit.heading')}
      </h1>
      <form className="admin-card admin-filters" onSubmit={apply} aria-label={t('audit.filters')}>
        <div className="admin-field">
          <label htmlFor={`${id}-staff`}>{t('audit.staff')}</label>
          <select id={`${id}-staff`} className="admin-select" value={draft.staffId} onChange={set('staffId')}>
            <option value="">{t('audit.any')}</option>
            {(staff.data?.staff ?? []).map((m) => (
              <option key={m.id} value={String(m.id)}>
                {m.name} ({m.email})
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-action`}>{t('audit.action')}</label>
          <select id={`${id}-action`} className="admin-select" value={draft.action} onChange={set('action')}>
            <option value="">{t('audit.any')}</option>
            {actionChoices(t, log.data?.actions ?? [], toBcp47(lang)).map((a) => (
              <option key={a.action} value={a.action}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-stype`}>{t('audit.subjectType')}</label>
          <input id={`${id}-stype`} value={draft.subjectType} onChange={set('subjectType')} maxLength={50} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-sid`}>{t('audit.subjectId')}</label>
          <input id={`${id}-sid`} value={draft.subjectId} onChange={set('subjectId')} maxLength={100} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-from`}>{t('audit.from')}</label>
          <input id={`${id}-from`} type="date" value={draft.from} onChange={set('from')} />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-to`}>{t('audit.to')}</label>
          <input id={`${id}-to`} type="date" value={draft.to} onChange={set('to')} />
        </div>
        <div className="admin-filters__buttons">
          <button className="admin-button" type="submit">
            {t('audit.apply')}
          </button>
          <button
            className="admin-button admin-button--plain"
            type="button"
            onClick={() => {
              setDraft(EMPTY);
              setFilter(EMPTY);
              setPage(1);
            }}
          >
            {t('audit.reset')}
          </button>
        </div>
      </form>
      {log.isPending ? (
        <div aria-busy="true">
          <span className="admin-visually-hidden">{t('loading')}</span>
          <div className="admin-skeleton admin-skeleton--row" />
          <div className="admin-skeleton admin-skeleton--row" />
          <div className="admin-skeleton admin-skeleton--row" />
        </div>
      ) : log.isError ? (
        <p role="alert">{t('errors.generic')}</p>
      ) : (
        <>
          <p role="status">{t('audit.total', { count: log.data.total })}</p>
          <ol className="admin-audit" aria-busy={log.isFetching}>
            {log.data.entries.map((entry) => (
              <AuditItem key={entry.id} entry={entry} currency={log.data.currency} ticketCodes={log.data.ticketCodes} />
            ))}
          </ol>
          <nav className="admin-pager" aria-label={t('audit.pages')}>
            <button className="admin-button admin-button--plain" type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('audit.previous')}
            </button>
            <span>{t('audit.page', { page, pages })}</span>
            <button className="admin-button admin-button--plain" type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('audit.next')}
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

/**
 * One entry: a sentence in the member's language with a link to the object, the time and who;
 * the raw record (action code, address, subject, before and after) behind «Подробнее» for support.
 */
function AuditItem({ entry, currency, ticketCodes }: { entry: AuditEntryView; currency: Currency; ticketCodes: Record<string, string> }) {
  const { t, i18n } = useTranslation('admin');
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const when = new Intl.DateTimeFormat(toBcp47(lang), { dateStyle: 'medium', timeStyle: 'medium', timeZone: venue.timeZone }).format(
    new Date(entry.at),
  );
  const diff = auditDiff(entry.before, entry.after);
  const sentence = auditSentence(t, entry, { lang, currency, ticketCodes, timeZone: venue.timeZone });
  return (
    <li className="admin-card admin-audit__entry">
      <p className="admin-audit__sentence">{sentence.text}</p>
      <p className="admin-audit__head">
        <time dateTime={entry.at}>{when}</time> · <span>{actionName(t, entry.action)}</span>
        {sentence.link ? (
          <>
            {' · '}
            <Link href={sentence.link.href}>{sentence.link.label}</Link>
          </>
        ) : null}
      </p>
      <details className="admin-audit__details">
        <summary>{t('audit.details')}</summary>
        <dl className="admin-audit__meta">
          <dt>{t('audit.action')}</dt>
          <dd>
            <code className="admin-audit__code" title={t('audit.actionCode', { code: entry.action })}>
              {entry.action}
            </code>
          </dd>
          <dt>{t('audit.who')}</dt>
          <dd>
            {entry.staff
              ? `${entry.staff.name} (${entry.staff.email})`
              : madeByBuyer(entry.after)
                ? t('audit.buyer')
                : t('audit.commandLine')}
          </dd>
          <dt>{t('audit.where')}</dt>
          <dd>
            {entry.ip}
            {entry.userAgent ? <span className="admin-audit__agent"> · {entry.userAgent}</span> : null}
          </dd>
          <dt>{t('audit.what')}</dt>
          <dd>
            {entry.subjectType}
            {entry.subjectId ? ` #${entry.subjectId}` : ''}
          </dd>
        </dl>
        {diff.length > 0 ? (
          <table className="admin-table admin-audit__diff">
            <caption className="admin-visually-hidden">{t('audit.changes')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.field')}</th>
                <th scope="col">{t('audit.before')}</th>
                <th scope="col">{t('audit.after')}</th>
              </tr>
            </thead>
            <tbody>
              {diff.map((line) => (
                <tr key={line.path}>
                  <th scope="row">{line.path}</th>
                  <td>
                    {line.before === undefined ? <span className="admin-audit__none">{t('audit.none')}</span> : <del>{line.before}</del>}
                  </td>
                  <td>
                    {line.after === undefined ? <span className="admin-audit__none">{t('audit.none')}</span> : <ins>{line.after}</ins>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </details>
    </li>
  );
}

/** A buyer's own exchange from the order page is recorded with no member of staff. */
function madeByBuyer(after: unknown): boolean {
  return typeof after === 'object' && after !== null && (after as { madeBy?: unknown }).madeBy === 'buyer';
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { EVENT_PUBLISHED_FILTERS, catalogOptionsResponse, eventListResponse } from '../../../../contract/admin/catalog.ts';
import { type Lang, normalizeLang, pickLocalized, toBcp47 } from '../../../../contract/lang.ts';
import { apiGet } from '../../../lib/api.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { QueryList } from '../../components/query-list.tsx';
import { StackedTable } from '../../components/stacked-table.tsx';
import '../../components/desk.css';
import { CatalogNav } from './catalog-nav.tsx';
import './catalog.css';

export const optionsQuery = {
  queryKey: ['admin', 'catalog', 'options'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet('/api/admin/catalog/options', catalogOptionsResponse, { signal }),
};

/** A session time as the venue reads it: the file writes it in the venue's zone already. */
export function formatSessionTime(iso: string, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(toBcp47(lang), { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The catalog's events: a search by name or address, a kind, published or not; the export. */
export default function EventsPage() {
  const { t, i18n, ready } = useTranslation(['admin-catalog', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const kindId = params.get('kind') ?? '';
  const published = (EVENT_PUBLISHED_FILTERS as readonly string[]).includes(params.get('published') ?? '')
    ? (params.get('published') as string)
    : 'all';
  const [draft, setDraft] = useState({ q, kindId, published });
  const options = useQuery(optionsQuery);
  const list = useQuery({
    queryKey: ['admin', 'catalog', 'events', q, kindId, published],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ published, lang });
      if (q) query.set('q', q);
      if (kindId) query.set('kindId', kindId);
      return apiGet(`/api/admin/catalog/events?${query}`, eventListResponse, { signal });
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (draft.q.trim()) next.q = draft.q.trim();
    if (draft.kindId) next.kind = draft.kindId;
    if (draft.published !== 'all') next.published = draft.published;
    setParams(next);
  }

  if (!ready) return <PageSkeleton label="" />;
  const headingId = `${id}-heading`;
  const kindName = (kind: number) => {
    const found = options.data?.kinds.find((k) => k.id === kind);
    return found ? pickLocalized(found.name, lang) : '';
  };
  return (
    <section aria-labelledby={headingId} className="admin-stack">
      <CatalogNav />
      <h1 className="admin-heading" id={headingId}>
        {t('events.heading')}
      </h1>
      <div className="admin-actions">
        <Link className="admin-button" href="/catalog/events/new">
          {t('events.create')}
        </Link>
        <a className="admin-button admin-button--plain" href="/api/admin/catalog/export" download="catalog.json">
          {t('events.export')}
        </a>
      </div>
      <form className="admin-filters" role="search" onSubmit={submit}>
        <div className="admin-field">
          <label htmlFor={`${id}-q`}>{t('events.search')}</label>
          <input
            id={`${id}-q`}
            type="search"
            value={draft.q}
            maxLength={200}
            onChange={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
            autoComplete="off"
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-kind`}>{t('events.kind')}</label>
          <select
            id={`${id}-kind`}
            className="admin-select"
            value={draft.kindId}
            onChange={(e) => setDraft({ ...draft, kindId: e.currentTarget.value })}
          >
            <option value="">{t('events.anyKind')}</option>
            {options.data?.kinds.map((k) => (
              <option key={k.id} value={String(k.id)}>
                {pickLocalized(k.name, lang)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-published`}>{t('events.published')}</label>
          <select
            id={`${id}-published`}
            className="admin-select"
            value={draft.published}
            onChange={(e) => setDraft({ ...draft, published: e.currentTarget.value })}
          >
            {EVENT_PUBLISHED_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`events.publishedFilter.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filters__buttons">
          <button className="admin-button" type="submit">
            {t('events.find')}
          </button>
        </div>
      </form>
      <QueryList query={list} isEmpty={(data) => data.events.length === 0} nothing={t('events.nothing')}>
        {(data) => (
          <StackedTable
            caption={t('events.heading')}
            rows={data.events}
            rowKey={(e) => e.id}
            columns={[
              {
                label: t('events.name'),
                cell: (e) => (
                  <>
                    <Link href={`/catalog/events/${e.id}`}>{pickLocalized(e.name, lang)}</Link>
                    <span className="admin-catalog__hash">/event/{e.hash}</span>
                  </>
                ),
              },
              { label: t('events.kind'), cell: (e) => kindName(e.kindId) },
              { label: t('events.state'), cell: (e) => (e.isPublished ? t('events.isPublished') : t('events.notPublished')) },
              { label: t('events.sessions'), cell: (e) => e.sessionCount },
              {
                label: t('events.next'),
                cell: (e) => (e.nextSession && options.data ? formatSessionTime(e.nextSession, options.data.timeZone, lang) : '—'),
              },
            ]}
          />
        )}
      </QueryList>
    </section>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { orderSearchResponse } from '../../../../contract/admin/orders.ts';
import { DESK_LIMITS } from '../../../../contract/admin/orders-rules.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiGet, toApiError } from '../../../lib/api.ts';
import { formatDateTime, formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import '../../components/desk.css';
import { StackedTable } from '../../components/stacked-table.tsx';

/**
 * One field finds orders by number, e-mail, phone, buyer or holder name, or ticket code; with
 * nothing typed the page lists the newest orders. The text and the page's cursor live in the
 * address, so a result list can be reloaded, shared and gone back to.
 */
export function OrdersSearchPage() {
  const { t, i18n, ready } = useTranslation(['admin-orders', 'admin']);
  const venue = useVenue();
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const cursor = params.get('cursor') ?? '';
  // The cursors of the pages before this one, so Previous works without the server paging backwards.
  const back = (params.get('back') ?? '').split('.').filter(Boolean);
  const [draft, setDraft] = useState(q);

  const search = useQuery({
    queryKey: ['admin', 'orders', 'search', q, cursor],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ q, limit: String(DESK_LIMITS.pageSize), lang });
      if (cursor) query.set('cursor', cursor);
      return apiGet(`/api/admin/orders?${query}`, orderSearchResponse, { signal });
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  }

  function goNext(next: string) {
    setParams({ q, cursor: next, back: [...back, cursor || '-'].join('.') });
  }

  function goPrevious() {
    const previous = back.at(-1);
    const rest = back.slice(0, -1);
    const out: Record<string, string> = { q };
    if (previous && previous !== '-') out.cursor = previous;
    if (rest.length) out.back = rest.join('.');
    setParams(out);
  }

  if (!ready) return <PageSkeleton label="" />;

  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h1 className="admin-heading" id={headingId}>
        {t('search.heading')}
      </h1>
      <form className="admin-search" role="search" onSubmit={submit}>
        <div className="admin-field admin-search__field">
          <label htmlFor={`${id}-q`}>{t('search.label')}</label>
          <input
            id={`${id}-q`}
            type="search"
            value={draft}
            maxLength={DESK_LIMITS.queryMax}
            onChange={(e) => setDraft(e.currentTarget.value)}
            aria-describedby={`${id}-hint`}
            autoComplete="off"
          />
          <p className="admin-field__hint" id={`${id}-hint`}>
            {t('search.hint')}
          </p>
        </div>
        <button className="admin-button" type="submit">
          {t('search.submit')}
        </button>
      </form>
      <div aria-live="polite" aria-busy={search.isFetching}>
        {search.isPending ? (
          <PageSkeleton label={t('admin:loading')} />
        ) : search.isError ? (
          <p role="alert">{toApiError(search.error).text || t('admin:errors.generic')}</p>
        ) : search.data.orders.length === 0 ? (
          <p>{t('search.nothing')}</p>
        ) : (
          <>
            <StackedTable
              caption={q ? t('search.caption', { q }) : t('search.newest')}
              rows={search.data.orders}
              rowKey={(order) => order.id}
              columns={[
                {
                  label: t('order.number'),
                  cell: (order) => <Link href={`/orders/${order.id}`}>{t('order.numberLink', { number: order.number })}</Link>,
                },
                { label: t('order.date'), cell: (order) => formatDateTime(order.createdAt, lang, venue.timeZone) },
                { label: t('order.buyer'), cell: (order) => order.buyerName },
                { label: t('order.email'), cell: (order) => order.email },
                { label: t('order.total'), cell: (order) => formatMoney(order.total, venue.currency, lang) },
                { label: t('order.state'), cell: (order) => t(`orderStates.${order.state}`) },
              ]}
            />
            <nav className="admin-pager" aria-label={t('search.paging')}>
              <button className="admin-button admin-button--quiet" type="button" onClick={goPrevious} disabled={back.length === 0}>
                {t('search.previous')}
              </button>
              <button
                className="admin-button admin-button--quiet"
                type="button"
                onClick={() => search.data.nextCursor && goNext(search.data.nextCursor)}
                disabled={!search.data.nextCursor}
              >
                {t('search.next')}
              </button>
            </nav>
          </>
        )}
      </div>
    </section>
  );
}

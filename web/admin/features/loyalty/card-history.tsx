import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { loyaltyMovementsResponse, loyaltyOrdersResponse } from '../../../../contract/admin/loyalty.ts';
import { orderState } from '../../../../contract/admin/orders-rules.ts';
import { intlLocale, normalizeLang } from '../../../../contract/lang.ts';
import { apiGet } from '../../../lib/api.ts';
import { QueryList } from '../../components/query-list.tsx';
import { type StackedColumn, StackedTable } from '../../components/stacked-table.tsx';
import { formatDateTime, formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { LOYALTY_KEY } from './loyalty-api.ts';

const pageAfter = (path: string, before: number | undefined) => (before === undefined ? path : `${path}?before=${before}`);

/** One of the card's histories: its heading, the rows of every page loaded so far, and a button for the next page while there is one. */
function HistorySection<Page, Row>({
  id,
  heading,
  caption,
  nothing,
  more,
  query,
  rowsOf,
  rowKey,
  columns,
}: {
  id: string;
  heading: string;
  caption: string;
  nothing: string;
  more: string;
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  rowsOf: (page: Page) => readonly Row[];
  rowKey: (row: Row) => number;
  columns: readonly StackedColumn<Row>[];
}) {
  return (
    <section className="admin-order__section" aria-labelledby={id}>
      <h2 className="admin-subheading" id={id}>
        {heading}
      </h2>
      <QueryList query={query} isEmpty={(data) => data.pages[0] !== undefined && rowsOf(data.pages[0]).length === 0} nothing={nothing}>
        {(data) => (
          <>
            <StackedTable caption={caption} rows={data.pages.flatMap((p) => rowsOf(p))} rowKey={rowKey} columns={columns} />
            {query.hasNextPage ? (
              <div className="admin-actions">
                <button
                  className="admin-button admin-button--plain"
                  type="button"
                  disabled={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  {more}
                </button>
              </div>
            ) : null}
          </>
        )}
      </QueryList>
    </section>
  );
}

/** Every movement of the card's bonuses, newest first, each order one linking to the orders desk; a page at a time. */
export function CardMovements({ cardId }: { cardId: number }) {
  const { t, i18n } = useTranslation(['admin-loyalty', 'admin']);
  const venue = useVenue();
  const lang = normalizeLang(i18n.language);
  const movements = useInfiniteQuery({
    queryKey: [...LOYALTY_KEY, 'movements', cardId],
    queryFn: ({ signal, pageParam }) =>
      apiGet(pageAfter(`/api/admin/loyalty-cards/${cardId}/movements`, pageParam), loyaltyMovementsResponse, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.more ? last.movements.at(-1)?.id : undefined),
    retry: false,
  });
  const signed = new Intl.NumberFormat(intlLocale(lang), { signDisplay: 'exceptZero' });
  return (
    <HistorySection
      id={`movements-${cardId}`}
      heading={t('movements.heading')}
      caption={t('movements.caption')}
      nothing={t('movements.nothing')}
      more={t('movements.more')}
      query={movements}
      rowsOf={(p) => p.movements}
      rowKey={(m) => m.id}
      columns={[
        { label: t('movements.at'), cell: (m) => formatDateTime(m.at, lang, venue.timeZone) },
        { label: t('movements.kind'), cell: (m) => t(`movements.kinds.${m.kind}`) },
        {
          label: t('movements.bonuses'),
          cell: (m) => (
            <>
              {signed.format(m.bonuses)}
              {m.shortfall > 0 ? ` (${t('movements.shortfall', { count: m.shortfall })})` : ''}
            </>
          ),
        },
        {
          label: t('movements.source'),
          cell: (m) =>
            m.orderId !== null ? (
              <Link href={`/orders/${m.orderId}`}>{t('movements.order', { number: m.orderNumber })}</Link>
            ) : (
              <>
                {m.staffName ?? ''}
                {m.reason ? <span className="admin-note">{`: ${m.reason}`}</span> : null}
              </>
            ),
        },
      ]}
    />
  );
}

/** The orders the card was attached to, newest first: what each spent and accrued. */
export function CardOrders({ cardId }: { cardId: number }) {
  const { t, i18n } = useTranslation(['admin-loyalty', 'admin-orders', 'admin']);
  const venue = useVenue();
  const lang = normalizeLang(i18n.language);
  const orders = useInfiniteQuery({
    queryKey: [...LOYALTY_KEY, 'orders', cardId],
    queryFn: ({ signal, pageParam }) =>
      apiGet(pageAfter(`/api/admin/loyalty-cards/${cardId}/orders`, pageParam), loyaltyOrdersResponse, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.more ? last.orders.at(-1)?.id : undefined),
    retry: false,
  });
  const number = new Intl.NumberFormat(intlLocale(lang));
  return (
    <HistorySection
      id={`orders-${cardId}`}
      heading={t('orders.heading')}
      caption={t('orders.caption')}
      nothing={t('orders.nothing')}
      more={t('orders.more')}
      query={orders}
      rowsOf={(p) => p.orders}
      rowKey={(o) => o.id}
      columns={[
        { label: t('orders.number'), cell: (o) => <Link href={`/orders/${o.id}`}>{t('movements.order', { number: o.number })}</Link> },
        { label: t('orders.date'), cell: (o) => formatDateTime(o.createdAt, lang, venue.timeZone) },
        { label: t('orders.status'), cell: (o) => t(`admin-orders:orderStates.${orderState(o.status)}`) },
        { label: t('orders.total'), cell: (o) => formatMoney(o.total, venue.currency, lang) },
        { label: t('orders.spent'), cell: (o) => number.format(o.bonuses) },
        { label: t('orders.accrued'), cell: (o) => number.format(o.chargedBonus) },
      ]}
    />
  );
}

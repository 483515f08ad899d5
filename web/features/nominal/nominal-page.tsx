import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useParams } from 'wouter';
import { isOrderHash } from '../../../contract/order-hash.ts';
import { createPaths } from '../../app/paths.ts';
import { PageError } from '../../components/page-error/page-error.tsx';
import { Skeleton } from '../../components/skeleton/skeleton.tsx';
import { isNotFound } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLang } from '../../lib/use-lang.ts';
import { orderDataQueryOptions } from './api/nominal-api.ts';
import { NominalForm } from './components/nominal-form.tsx';
import './nominal.css';

const RESERVED = 10;

/** /nominal-tickets/{hash}: the holders of a named-ticket order, then its confirmation. */
export function NominalPage() {
  const { t } = useTranslation('nominal');
  usePageTitle('nominal');
  const lang = useLang();
  const paths = createPaths(lang);
  const hash = useParams().hash ?? '';
  // A hash that cannot name an order is not asked for: the order is not found.
  const possible = isOrderHash(hash);
  const query = useQuery({ ...orderDataQueryOptions(hash, lang), enabled: possible });

  if (!possible || isNotFound(query.error)) {
    return (
      <section className="nominal-page nominal-page--empty" aria-labelledby="nominal-deleted">
        <h1 id="nominal-deleted">{t('orderDeleted')}</h1>
        <Link className="button button--primary" to={paths.afisha()}>
          {t('backToAfisha')}
        </Link>
      </section>
    );
  }
  if (query.isPending) return <NominalSkeleton />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;

  const data = query.data;
  const status = data.response[0]?.demandstatusid;
  // Confirmed (20), paid or canceled (90): the order view shows what can be done with it now.
  if (status !== undefined && status !== RESERVED) return <Redirect to={paths.order(hash)} replace />;
  if (data.response.length === 0) {
    return (
      <section className="nominal-page nominal-page--empty" aria-labelledby="nominal-deleted">
        <h1 id="nominal-deleted">{t('orderDeleted')}</h1>
      </section>
    );
  }
  return <NominalForm key={hash} hash={hash} data={data} receivedAt={query.dataUpdatedAt} />;
}

function NominalSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="nominal-page" role="status" aria-label={t('loading')} data-page-skeleton="">
      <Skeleton width="min(360px, 70%)" height={36} />
      <Skeleton width="min(520px, 90%)" height={20} />
      <div className="nominal-layout">
        <div className="nominal-cards">
          <Skeleton height={56} radius={12} />
          <Skeleton height={56} radius={12} />
        </div>
        <Skeleton height={220} radius={12} />
      </div>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { isOrderHash } from '../../../contract/order-hash.ts';
import { usePaths } from '../../app/paths.ts';
import { PageError } from '../../components/page-error/page-error.tsx';
import { PageSkeleton } from '../../components/skeleton/skeleton.tsx';
import { isNotFound } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLang } from '../../lib/use-lang.ts';
import { orderQueryOptions, requestOrderAtBoot } from './api/order-api.ts';
import { OrderContent } from './components/order-content.tsx';
import './order.css';

// Opened at this address, the order is asked for now, while the app boots (order-api.ts).
requestOrderAtBoot(window.location.pathname, window.location.search);

/** /order/{hash}: the order, its tickets, offers, discounts and payment. */
export function OrderPage() {
  const { t } = useTranslation('order');
  usePageTitle('order');
  const { hash = '' } = useParams();
  const lang = useLang();
  const paths = usePaths();
  // A hash that cannot name an order is not asked for: the order is not found.
  const possible = isOrderHash(hash);
  const query = useQuery({ ...orderQueryOptions(hash, lang), enabled: possible });

  if (!possible || isNotFound(query.error)) {
    return (
      <section className="order-missing">
        <h1>{t('notFound')}</h1>
        <Link className="button button--primary" to={paths.afisha()}>
          {t('toAfisha')}
        </Link>
      </section>
    );
  }
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  return <OrderContent view={query.data} updatedAt={query.dataUpdatedAt} />;
}

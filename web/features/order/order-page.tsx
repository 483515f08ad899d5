import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../../lib/router.tsx';
import { ErrorCode } from '../../../contract/errors.ts';
import { usePaths } from '../../app/paths.ts';
import { PageError } from '../../components/page-error/page-error.tsx';
import { PageSkeleton } from '../../components/skeleton/skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLang } from '../../lib/use-lang.ts';
import { orderQueryOptions } from './api/order-api.ts';
import { OrderContent } from './components/order-content.tsx';
import './order.css';

/** /order/{hash}: the order, its tickets, offers, discounts and payment (spec section 2 'Order view'). */
export function OrderPage() {
  const { t } = useTranslation('order');
  usePageTitle('order');
  const { hash = '' } = useParams();
  const lang = useLang();
  const paths = usePaths();
  const query = useQuery(orderQueryOptions(hash, lang));

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.code === ErrorCode.notFound) {
      return (
        <section className="order-missing">
          <h1>{t('notFound')}</h1>
          <Link className="button button--primary" to={paths.afisha()}>
            {t('toAfisha')}
          </Link>
        </section>
      );
    }
    return <PageError error={error} onRetry={() => void query.refetch()} />;
  }
  return <OrderContent view={query.data} updatedAt={query.dataUpdatedAt} />;
}

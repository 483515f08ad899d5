import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { isOrderHash } from '../../../contract/order-hash.ts';
import { DECLINE_REASONS, orderNumberResponse } from '../../../contract/payment.ts';
import { usePaths } from '../../app/paths.ts';
import { PageError } from '../../components/page-error/page-error.tsx';
import { PageSkeleton } from '../../components/skeleton/skeleton.tsx';
import { apiPost, isNotFound } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLang } from '../../lib/use-lang.ts';
import './declined.css';

/**
 * /order/declined/{hash}: 'payment No. N was declined', the possible reasons and a link back to the
 * order; when the order's sum changed while paying ('order-changed'), what happened and what to do.
 */
export function DeclinedPage() {
  const { t } = useTranslation('declined');
  usePageTitle('orderDeclined');
  const { hash = '' } = useParams();
  const lang = useLang();
  const paths = usePaths();
  // A hash that cannot name an order is not asked for: the order is not found.
  const possible = isOrderHash(hash);
  const query = useQuery({
    queryKey: ['order-number', hash, lang],
    queryFn: ({ signal }) => apiPost('/api/order/number', { hash, lang }, orderNumberResponse, { signal }),
    retry: false,
    enabled: possible,
  });

  if (!possible || isNotFound(query.error)) {
    return (
      <section className="declined">
        <h1>{t('notFound')}</h1>
      </section>
    );
  }
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const { num, reason } = query.data;
  return (
    <section className="declined" aria-labelledby="declined-title">
      <div className="declined__icon" aria-hidden="true">
        !
      </div>
      <h1 id="declined-title">{t('title', { number: num })}</h1>
      {/* Ours, not the bank's: the order's sum changed while paying, so the payment was cancelled. */}
      {reason === 'order-changed' && <p className="declined__changed">{t('orderChanged')}</p>}
      <p>{t('reasonsIntro')}</p>
      <ul className="declined__reasons">
        {DECLINE_REASONS.map((r) => (
          <li key={r} className={r === reason ? 'is-actual' : undefined} aria-current={r === reason ? 'true' : undefined}>
            {t(`reasons.${r}`)}
            {r === reason && <span className="declined__bank"> — {t('bankReason')}</span>}
          </li>
        ))}
      </ul>
      {reason === 'booking-expired' && <p>{t('refunded')}</p>}
      <Link className="button button--primary" to={paths.order(hash)}>
        {t('backToOrder')}
      </Link>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** The pages of discounts and services: promo codes, special offers, subscriptions' composition. */
export function OffersTabs({ current }: { current: 'promo' | 'services' | 'subscriptions' }) {
  const { t } = useTranslation('admin-offers');
  return (
    <nav className="offers-tabs" aria-label={t('tabs.label')}>
      <Link href="/offers" aria-current={current === 'promo' ? 'page' : undefined}>
        {t('tabs.promo')}
      </Link>
      <Link href="/offers/services" aria-current={current === 'services' ? 'page' : undefined}>
        {t('tabs.services')}
      </Link>
      <Link href="/offers/subscriptions" aria-current={current === 'subscriptions' ? 'page' : undefined}>
        {t('tabs.subscriptions')}
      </Link>
    </nav>
  );
}

import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/coming-soon.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Placeholder until the order screen's issue replaces it. */
export function OrderPage() {
  const { t } = useTranslation('order');
  usePageTitle('order');
  return <ComingSoon heading={t('heading')} />;
}

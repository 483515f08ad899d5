import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/coming-soon.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Placeholder until the declined screen's issue replaces it. */
export function DeclinedPage() {
  const { t } = useTranslation('declined');
  usePageTitle('orderDeclined');
  return <ComingSoon heading={t('heading')} />;
}

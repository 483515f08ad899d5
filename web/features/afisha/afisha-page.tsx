import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/coming-soon.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Placeholder until the afisha screen's issue replaces it. */
export function AfishaPage() {
  const { t } = useTranslation('afisha');
  usePageTitle('afisha');
  return <ComingSoon heading={t('heading')} />;
}

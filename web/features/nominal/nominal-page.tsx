import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/coming-soon.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Placeholder until the nominal screen's issue replaces it. */
export function NominalPage() {
  const { t } = useTranslation('nominal');
  usePageTitle('nominal');
  return <ComingSoon heading={t('heading')} />;
}

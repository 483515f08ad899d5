import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/coming-soon.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Placeholder until the scheme screen's issue replaces it. */
export function SchemePage() {
  const { t } = useTranslation('scheme');
  usePageTitle('scheme');
  return <ComingSoon heading={t('heading')} />;
}

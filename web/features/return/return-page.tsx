import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/coming-soon.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Placeholder until the return screen's issue replaces it. */
export function ReturnPage() {
  const { t } = useTranslation('return');
  usePageTitle('orderReturn');
  return <ComingSoon heading={t('heading')} />;
}

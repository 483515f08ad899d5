import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/coming-soon.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Placeholder until the event screen's issue replaces it. */
export function EventPage() {
  const { t } = useTranslation('event');
  usePageTitle('event');
  return <ComingSoon heading={t('heading')} />;
}

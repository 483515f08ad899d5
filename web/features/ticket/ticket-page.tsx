import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/coming-soon.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Placeholder until the ticket screen's issue replaces it. */
export function TicketPage() {
  const { t } = useTranslation('ticket');
  usePageTitle('ticket');
  return <ComingSoon heading={t('heading')} />;
}

import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/coming-soon.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Placeholder until the contacts screen's issue replaces it. */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  usePageTitle('contacts');
  return <ComingSoon heading={t('heading')} />;
}

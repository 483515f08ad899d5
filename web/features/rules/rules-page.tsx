import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon/coming-soon.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

export type RulesDocumentKind = 'purchase-terms' | 'privacy-policy';

/** Placeholder until the rules screen's issue replaces it: one module serves both documents. */
export function RulesPage({ document }: { document: RulesDocumentKind }) {
  const { t } = useTranslation(['rules', 'common']);
  const titleKey = document === 'purchase-terms' ? 'purchaseTerms' : 'privacyPolicy';
  usePageTitle(titleKey);
  return <ComingSoon heading={t(`common:titles.${titleKey}`)} />;
}

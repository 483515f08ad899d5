import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** The two pages of halls: the halls themselves, and the seats of a session. */
export function HallsTabs({ current }: { current: 'halls' | 'blocks' }) {
  const { t } = useTranslation('admin-halls');
  return (
    <nav className="halls-tabs" aria-label={t('tabs.label')}>
      <Link href="/halls" aria-current={current === 'halls' ? 'page' : undefined}>
        {t('tabs.halls')}
      </Link>
      <Link href="/halls/blocks" aria-current={current === 'blocks' ? 'page' : undefined}>
        {t('tabs.blocks')}
      </Link>
    </nav>
  );
}

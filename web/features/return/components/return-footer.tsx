import { useTranslation } from 'react-i18next';

/**
 * The count of tickets to return and the refund amount (computed by the server per ticket),
 * and what returns already confirmed give back.
 */
export function ReturnFooter({ count, amount, refunded }: { count: number; amount: string; refunded: string | undefined }) {
  const { t } = useTranslation('return');
  return (
    <dl className="return-footer" aria-label={t('footer.label')}>
      <div>
        <dt>{t('footer.count')}</dt>
        <dd>{count}</dd>
      </div>
      <div>
        <dt>{t('footer.amount')}</dt>
        <dd>{amount}</dd>
      </div>
      {refunded && (
        <div>
          <dt>{t('footer.refunded')}</dt>
          <dd>{refunded}</dd>
        </div>
      )}
    </dl>
  );
}

import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../contract/lang.ts';
import { type Currency, formatPrice } from '../../../../contract/format-price.ts';

export function OrderSummary({
  sum,
  fee,
  total,
  currency,
  lang,
  documents = [],
}: {
  /** The documents the chosen concession categories ask the visitor to show at the door. */
  documents?: readonly string[];
  sum: number;
  fee: number;
  total: number;
  currency: Currency;
  lang: Lang;
}) {
  const { t } = useTranslation('event');
  const money = (kopecks: number) => formatPrice(kopecks, currency, lang);
  return (
    <dl className="order-summary panel">
      {fee > 0 && (
        <>
          <div>
            <dt>{t('total.sum')}</dt>
            <dd>{money(sum)}</dd>
          </div>
          <div>
            <dt>{t('total.fee')}</dt>
            <dd>{money(fee)}</dd>
          </div>
        </>
      )}
      {documents.length > 0 && (
        <div className="order-summary__documents">
          <dt>{t('total.documents')}</dt>
          <dd>{documents.join(', ')}</dd>
        </div>
      )}
      <div className="order-summary__total">
        <dt>{t('total.total')}</dt>
        <dd aria-live="polite">{money(total)}</dd>
      </div>
    </dl>
  );
}

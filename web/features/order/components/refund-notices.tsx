import { useTranslation } from 'react-i18next';
import type { AutomaticRefund } from '../../../../contract/order-view.ts';

/**
 * One sentence per payment of the order given back automatically (a second success, a success for
 * an old sum, one after the booking ended): which payment, how much, why, and when the money comes.
 * Part of the order's first render, so nothing below it moves; a status region, so a reload that
 * turns 'is being refunded' into 'refunded' is announced.
 */
export function RefundNotices({ refunds, money }: { refunds: readonly AutomaticRefund[]; money: (roubles: number) => string }) {
  const { t } = useTranslation('order');
  if (refunds.length === 0) return null;
  return (
    <div className="order-refunds" role="status" aria-label={t('refunds.title')}>
      {refunds.map((r) => (
        <p key={r.payment_num} className="order-refunds__item callout">
          {t(`refunds.${r.reason}.${r.state}`, { number: r.payment_num, sum: money(r.amount) })} {t(`refunds.when.${r.state}`)}
        </p>
      ))}
    </div>
  );
}

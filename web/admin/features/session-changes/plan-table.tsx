import { useTranslation } from 'react-i18next';
import {
  CANCEL_PAYMENT_TYPES,
  type CancelPreviewResponse,
  type CancellationStatusResponse,
} from '../../../../contract/admin/session-changes.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';

type Figures = NonNullable<CancellationStatusResponse['cancellation']>['refunded'];

/** What a cancellation refunds (or refunded), by payment type, with the totals. */
export function PlanTable({ plan, caption }: { plan: CancelPreviewResponse['plan'] | Figures; caption: string }) {
  const { t, i18n } = useTranslation('admin-sessions');
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const refund = 'refund' in plan ? plan.refund : plan;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('plan.type')}</th>
            <th scope="col">{t('plan.orders')}</th>
            <th scope="col">{t('plan.tickets')}</th>
            <th scope="col">{t('plan.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {CANCEL_PAYMENT_TYPES.map((type) => (
            <tr key={type}>
              <th scope="row">{t(`types.${type}`)}</th>
              <td>{refund.byType[type].orders}</td>
              <td>{refund.byType[type].tickets}</td>
              <td>{formatMoney(refund.byType[type].amount, venue.currency, lang)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('plan.total')}</th>
            <td>{refund.orders}</td>
            <td>{refund.tickets}</td>
            <td>{formatMoney(refund.amount, venue.currency, lang)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { deskShiftReportResponse } from '../../../../contract/admin/desk-register.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiGet } from '../../../lib/api.ts';
import { formatDateTime, formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { CsvLinks } from '../../components/csv-links.tsx';

const ROWS = [
  'cashSales',
  'cardSales',
  'pushkinSales',
  'sales',
  'cashReturns',
  'cardReturns',
  'pushkinReturns',
  'returns',
  'cashIn',
  'cashOut',
  'cashExpected',
] as const;

/** A shift's money reconciled (cash, the card terminal, the Pushkin terminal, returns), on screen and as CSV. */
export function ShiftReport({ shiftId }: { shiftId: number }) {
  const { t, i18n } = useTranslation('admin-register');
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const id = useId();
  const report = useQuery({
    queryKey: ['desk-shift-report', shiftId],
    queryFn: ({ signal }) => apiGet(`/api/admin/desk/shifts/${shiftId}/report?lang=${lang}`, deskShiftReportResponse, { signal }),
  });
  if (!report.data) return <div className="admin-skeleton admin-register__report-skeleton" role="status" aria-label={t('shiftReport')} />;
  const r = report.data.report;
  return (
    <section className="admin-register__report" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('report.heading', { time: formatDateTime(r.shift.openedAt, lang, venue.timeZone) })}</h3>
      <table className="admin-table">
        <tbody>
          {ROWS.map((row) => (
            <tr key={row}>
              <th scope="row">{t(`report.${row}`)}</th>
              <td>{formatMoney(r[row], venue.currency, lang)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('report.receiptsPending')}</th>
            <td>{r.receiptsPending}</td>
          </tr>
        </tbody>
      </table>
      <CsvLinks
        label={t('report.csv')}
        href={(dialect) => `/api/admin/desk/shifts/${shiftId}/report.csv?lang=${lang}&dialect=${dialect}`}
      />
    </section>
  );
}

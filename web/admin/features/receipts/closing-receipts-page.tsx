import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { closingReceiptsResponse } from '../../../../contract/admin/receipts.ts';
import { normalizeLang, toBcp47 } from '../../../../contract/lang.ts';
import { apiGet } from '../../../lib/api.ts';
import { TableRegion } from '../../components/table-region.tsx';

/** Closing receipts (54-FZ) the acquirers have not taken yet: the failing ones first, with the reason and the next try. */
export function ClosingReceiptsPage() {
  const { t, i18n } = useTranslation('admin-checkin');
  const lang = normalizeLang(i18n.language);
  const list = useQuery({
    queryKey: ['admin', 'closing-receipts', lang],
    queryFn: ({ signal }) => apiGet(`/api/admin/receipts/closing?lang=${lang}`, closingReceiptsResponse, { signal }),
    refetchInterval: 30_000,
  });
  const when = new Intl.DateTimeFormat(toBcp47(lang), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <section aria-labelledby="admin-closing-heading">
      <h1 className="admin-heading" id="admin-closing-heading">
        {t('closing.heading')}
      </h1>
      {list.isPending ? (
        <div aria-busy="true">
          <span className="admin-visually-hidden">{t('closing.loading')}</span>
          <div className="admin-skeleton admin-skeleton--row" />
          <div className="admin-skeleton admin-skeleton--row" />
        </div>
      ) : list.isError ? (
        <p role="alert">{t('closing.error')}</p>
      ) : (
        <>
          <p>
            {t('closing.pending', { count: list.data.pending })} {t('closing.failing', { count: list.data.failing })}
          </p>
          {list.data.receipts.length === 0 ? (
            <p>{t('closing.none')}</p>
          ) : (
            <TableRegion name={t('closing.caption')}>
              <table className="admin-table">
                <caption className="admin-visually-hidden">{t('closing.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('closing.reason')}</th>
                    <th scope="col">{t('closing.order')}</th>
                    <th scope="col">{t('closing.event')}</th>
                    <th scope="col">{t('closing.attempts')}</th>
                    <th scope="col">{t('closing.nextAttempt')}</th>
                    <th scope="col">{t('closing.lastError')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.receipts.map((receipt) => (
                    <tr key={receipt.id}>
                      <td>{t(`closing.reasons.${receipt.reason}`)}</td>
                      <td>
                        {t('closing.orderNumber', { number: receipt.orderNumber })}, {t('closing.tickets', { count: receipt.tickets })},{' '}
                        {receipt.provider}
                      </td>
                      <td>{receipt.event}</td>
                      <td>{receipt.attempts}</td>
                      <td>{when.format(new Date(receipt.nextAttemptAt))}</td>
                      <td>{receipt.lastError ?? t('closing.waiting')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
        </>
      )}
    </section>
  );
}

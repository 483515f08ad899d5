import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failingReportsResponse } from '../../../../contract/admin/registry.ts';
import { normalizeLang, toBcp47 } from '../../../../contract/lang.ts';
import { apiGet } from '../../../lib/api.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { TableRegion } from '../../components/table-region.tsx';
import { useVenue } from '../../app/session.ts';

/** Reports to the Pushkin-card registry whose last attempt failed, with the reason and the next try, or that it refused for good. */
export function RegistryPage() {
  const { t, i18n, ready } = useTranslation('admin-checkin');
  const lang = normalizeLang(i18n.language);
  const list = useQuery({
    queryKey: ['admin', 'registry', lang],
    queryFn: ({ signal }) => apiGet(`/api/admin/registry/reports?lang=${lang}`, failingReportsResponse, { signal }),
    refetchInterval: 30_000,
  });
  const { timeZone } = useVenue();
  const when = new Intl.DateTimeFormat(toBcp47(lang), { dateStyle: 'short', timeStyle: 'short', timeZone });
  // The page's catalog loads on first visit; until then a skeleton, never raw keys (nor one as the page's title).
  if (!ready) return <PageSkeleton label="" />;
  return (
    <section aria-labelledby="admin-registry-heading">
      <h1 className="admin-heading" id="admin-registry-heading">
        {t('registry.heading')}
      </h1>
      {list.isPending ? (
        <div aria-busy="true">
          <span className="admin-visually-hidden">{t('registry.loading')}</span>
          <div className="admin-skeleton admin-skeleton--row" />
          <div className="admin-skeleton admin-skeleton--row" />
        </div>
      ) : list.isError ? (
        <p role="alert">{t('registry.error')}</p>
      ) : (
        <>
          <p>{list.data.configured ? t('registry.unsent', { count: list.data.unsent }) : t('registry.notConfigured')}</p>
          {list.data.reports.length === 0 ? (
            <p>{t('registry.none')}</p>
          ) : (
            <TableRegion name={t('registry.caption')}>
              <table className="admin-table">
                <caption className="admin-visually-hidden">{t('registry.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('registry.kind')}</th>
                    <th scope="col">{t('registry.ticket')}</th>
                    <th scope="col">{t('registry.event')}</th>
                    <th scope="col">{t('registry.attempts')}</th>
                    <th scope="col">{t('registry.nextAttempt')}</th>
                    <th scope="col">{t('registry.reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.reports.map((report) => (
                    <tr key={report.id}>
                      <td>{t(`registry.kinds.${report.kind}`)}</td>
                      <td>
                        {report.ticketCode ?? '—'} ({t('registry.order', { number: report.orderNumber })})
                      </td>
                      <td>{report.event}</td>
                      <td>{report.attempts}</td>
                      <td>
                        {report.nextAttemptAt
                          ? when.format(new Date(report.nextAttemptAt))
                          : t('registry.refused', { at: when.format(new Date(report.refusedAt ?? report.createdAt)) })}
                      </td>
                      <td>{report.lastError}</td>
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

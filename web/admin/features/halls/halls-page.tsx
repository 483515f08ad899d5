import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { hallFileResponse, hallListResponse } from '../../../../contract/admin/halls.ts';
import { normalizeLang, pickLocalized, toBcp47 } from '../../../../contract/lang.ts';
import { apiGet, toApiError } from '../../../lib/api.ts';
import { dateTimeFormat } from '../../../lib/intl-cache.ts';
import { HallImport } from './hall-import.tsx';
import { HallsTabs } from './halls-tabs.tsx';
import { TableRegion } from '../../components/table-region.tsx';
import './halls.css';
import { useVenue } from '../../app/session.ts';

export const hallsQueryKey = ['admin', 'halls', 'list'] as const;

/** Every hall with its size and last change, and the form that creates or replaces one. */
export function HallsPage() {
  const { t, i18n, ready } = useTranslation(['admin-halls', 'admin']);
  const { timeZone } = useVenue();
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const halls = useQuery({
    queryKey: hallsQueryKey,
    queryFn: ({ signal }) => apiGet(`/api/admin/halls?lang=${lang}`, hallListResponse, { signal }),
    retry: false,
  });

  async function download(hallId: number) {
    const answer = await apiGet(`/api/admin/halls/${hallId}`, hallFileResponse);
    const url = URL.createObjectURL(new Blob([JSON.stringify(answer.hall, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `hall-${hallId}-r${answer.revision}.json`;
    link.click();
    URL.revokeObjectURL(url);
  }

  if (!ready) return <div className="admin-skeleton admin-skeleton--title" />;
  return (
    <section aria-labelledby={`${id}-h`}>
      <h1 className="admin-heading" id={`${id}-h`}>
        {t('halls.heading')}
      </h1>
      <HallsTabs current="halls" />
      {halls.isPending ? (
        <div aria-busy="true">
          <span className="admin-visually-hidden">{t('admin:loading')}</span>
          <div className="admin-skeleton admin-skeleton--row" />
          <div className="admin-skeleton admin-skeleton--row" />
        </div>
      ) : halls.isError ? (
        <p role="alert">{toApiError(halls.error).text || t('admin:errors.generic')}</p>
      ) : (
        <>
          {halls.data.halls.length === 0 ? (
            <p>{t('halls.empty')}</p>
          ) : (
            <TableRegion name={t('halls.caption')}>
              <table className="admin-table admin-table--stack">
                <caption className="admin-visually-hidden">{t('halls.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('halls.name')}</th>
                    <th scope="col">{t('halls.venue')}</th>
                    <th scope="col">{t('halls.seats')}</th>
                    <th scope="col">{t('halls.standing')}</th>
                    <th scope="col">{t('halls.changed')}</th>
                    <th scope="col">
                      <span className="admin-visually-hidden">{t('halls.downloadShort')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {halls.data.halls.map((hall) => (
                    <tr key={hall.id}>
                      <td data-label={t('halls.name')}>{pickLocalized(hall.name, lang)}</td>
                      <td data-label={t('halls.venue')}>{pickLocalized(hall.venueName, lang)}</td>
                      <td data-label={t('halls.seats')}>{hall.seats}</td>
                      <td data-label={t('halls.standing')}>{hall.standingAreas}</td>
                      <td data-label={t('halls.changed')}>
                        {hall.updatedAt
                          ? `${dateTimeFormat(toBcp47(lang), { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(hall.updatedAt))}${hall.updatedBy ? `, ${hall.updatedBy}` : ''}`
                          : '—'}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="admin-button admin-button--plain"
                          aria-label={t('halls.download', { hall: pickLocalized(hall.name, lang) })}
                          onClick={() => void download(hall.id)}
                        >
                          {t('halls.downloadShort')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
          <HallImport halls={halls.data.halls} venues={halls.data.venues} />
        </>
      )}
    </section>
  );
}

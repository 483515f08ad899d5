import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waitlistHoldRequest, waitlistRemoveResponse, waitlistResponse } from '../../../../contract/admin/waitlist.ts';
import { WAITLIST_HOLD_MAX, WAITLIST_HOLD_MIN } from '../../../../contract/waitlist-rules.ts';
import { normalizeLang, pickLocalized } from '../../../../contract/lang.ts';
import { apiGet, apiPost, apiSend, toApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';

const key = (sessionId: number) => ['admin', 'waitlist', sessionId] as const;

/**
 * The waiting list of a session for those who run the sale: who waits, for how many places, their
 * state (waiting, offered until, bought, expired, unsubscribed, removed), removing an entry, and
 * how long an offer holds its places for the event (the venue's default applies otherwise).
 */
export function WaitlistPanel({ sessionId }: { sessionId: number }) {
  const { t, i18n } = useTranslation('admin-sessions');
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const id = useId();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: key(sessionId),
    queryFn: ({ signal }) => apiGet(`/api/admin/sessions/${sessionId}/waitlist?lang=${lang}`, waitlistResponse, { signal }),
  });
  const [minutes, setMinutes] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const saveHold = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = waitlistHoldRequest.safeParse({ eventMinutes: minutes.trim() === '' ? null : Number(minutes) });
    if (!parsed.success) {
      setMessage(t('waitlist.holdInvalid', { min: WAITLIST_HOLD_MIN, max: WAITLIST_HOLD_MAX }));
      return;
    }
    setBusy(true);
    try {
      const answer = await apiSend('PUT', `/api/admin/sessions/${sessionId}/waitlist/hold`, parsed.data, waitlistResponse);
      client.setQueryData(key(sessionId), answer);
      setMessage(t('waitlist.holdSaved'));
    } catch (error) {
      setMessage(toApiError(error).text);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (entryId: number, email: string) => {
    if (!window.confirm(t('waitlist.removeConfirm', { email }))) return;
    try {
      await apiPost(`/api/admin/sessions/${sessionId}/waitlist/${entryId}/remove`, {}, waitlistRemoveResponse);
      setMessage(t('waitlist.removed', { email }));
    } catch (error) {
      setMessage(toApiError(error).text);
    }
    await client.invalidateQueries({ queryKey: key(sessionId) });
  };

  const data = list.data;
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`} aria-busy={list.isPending}>
      <h2 className="admin-subheading" id={`${id}-title`}>
        {t('waitlist.title')}
      </h2>
      {list.isPending ? (
        <div className="admin-skeleton admin-skeleton--title" aria-hidden="true" />
      ) : !data ? (
        <p role="alert">{toApiError(list.error).text}</p>
      ) : (
        <>
          <form onSubmit={(event) => void saveHold(event)} noValidate>
            <p>{t('waitlist.holdNow', { count: data.hold.minutes })}</p>
            <div className="admin-field">
              <label htmlFor={`${id}-hold`}>{t('waitlist.hold', { venue: data.hold.venueMinutes ?? data.hold.defaultMinutes })}</label>
              <input
                id={`${id}-hold`}
                inputMode="numeric"
                value={minutes}
                placeholder={String(data.hold.eventMinutes ?? '')}
                onChange={(event) => setMinutes(event.currentTarget.value)}
              />
            </div>
            <button className="admin-button" type="submit" disabled={busy}>
              {t('waitlist.holdSave')}
            </button>
          </form>
          <p role="status">{message}</p>
          {data.entries.length === 0 ? (
            <p>{t('waitlist.empty')}</p>
          ) : (
            <table className="admin-table admin-table--stack">
              <caption>{t('waitlist.caption', { count: data.entries.filter((e) => e.position !== null).length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('waitlist.position')}</th>
                  <th scope="col">{t('waitlist.email')}</th>
                  <th scope="col">{t('waitlist.places')}</th>
                  <th scope="col">{t('waitlist.category')}</th>
                  <th scope="col">{t('waitlist.place')}</th>
                  <th scope="col">{t('waitlist.state')}</th>
                  <th scope="col">{t('waitlist.joined')}</th>
                  <th scope="col">
                    <span className="admin-visually-hidden">{t('waitlist.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td data-label={t('waitlist.position')}>{entry.position ?? '—'}</td>
                    <td data-label={t('waitlist.email')}>{entry.email}</td>
                    <td data-label={t('waitlist.places')}>{entry.places}</td>
                    <td data-label={t('waitlist.category')}>{pickLocalized(entry.categoryName, lang) || '—'}</td>
                    <td data-label={t('waitlist.place')}>
                      {data.session.seated
                        ? [entry.zoneName, entry.sectorName]
                            .map((name) => pickLocalized(name, lang))
                            .filter(Boolean)
                            .join(', ') || t('waitlist.anyPlace')
                        : '—'}
                    </td>
                    <td data-label={t('waitlist.state')}>
                      {entry.state === 'offered' && entry.offeredUntil
                        ? t('waitlist.offeredUntil', { until: formatDateTime(entry.offeredUntil, lang, venue.timeZone) })
                        : t(`waitlist.states.${entry.state}`)}
                    </td>
                    <td data-label={t('waitlist.joined')}>{formatDateTime(entry.joinedAt, lang, venue.timeZone)}</td>
                    <td>
                      {entry.position !== null && (
                        <button
                          className="admin-button admin-button--danger"
                          type="button"
                          onClick={() => void remove(entry.id, entry.email)}
                        >
                          {t('waitlist.remove')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}

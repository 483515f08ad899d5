import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeskSession, deskSessionsResponse } from '../../../../contract/admin/box-office.ts';
import { DESK_LIMITS } from '../../../../contract/admin/box-office-rules.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiGet } from '../../../lib/api.ts';
import { pickText } from '../../lib/format.ts';
import { formatDay } from '../../../lib/venue-format.ts';

type Props = { chosen: number | null; onChoose: (session: DeskSession) => void };

/**
 * The sessions the desk sells, today's first (the server answers them in time order from the
 * venue's today), narrowed by the event's name as the cashier types. Each session is one button:
 * Tab and Enter choose it.
 */
export function SessionList({ chosen, onChoose }: Props) {
  const { t, i18n } = useTranslation('admin-desk');
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const [q, setQ] = useState('');
  const typed = useDeferredValue(q.trim());
  const sessions = useQuery({
    queryKey: ['admin', 'desk', 'sessions', typed],
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/desk/sessions?${new URLSearchParams({ q: typed, lang })}`, deskSessionsResponse, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  // Until the answer for what the cashier typed arrives, the list shown is the last one's
  // (keepPreviousData): it is busy, so a screen reader waits for the new list and nothing reads
  // the old one as the answer.
  const busy = sessions.isPending || sessions.isPlaceholderData || typed !== q.trim();
  const days = new Map<string, DeskSession[]>();
  for (const session of sessions.data?.sessions ?? []) days.set(session.day, [...(days.get(session.day) ?? []), session]);

  return (
    <section className="admin-desk__sessions" aria-labelledby={`${id}-h`}>
      <h2 className="admin-subheading" id={`${id}-h`}>
        {t('sessions.heading')}
      </h2>
      <div className="admin-field">
        <label htmlFor={`${id}-q`}>{t('search.label')}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={q}
          maxLength={DESK_LIMITS.queryMax}
          onChange={(e) => setQ(e.currentTarget.value)}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          // The cashier's screen opens on the search: typing finds the event at once.
          autoFocus
        />
        <p className="admin-field__hint" id={`${id}-hint`}>
          {t('search.hint')}
        </p>
      </div>
      <div aria-live="polite" aria-busy={busy}>
        {sessions.isPending ? (
          <div aria-label={t('sessions.loading')} role="status">
            <div className="admin-skeleton admin-skeleton--row" />
            <div className="admin-skeleton admin-skeleton--row" />
            <div className="admin-skeleton admin-skeleton--row" />
          </div>
        ) : days.size === 0 ? (
          <p>{t('sessions.none')}</p>
        ) : (
          [...days].map(([day, list]) => (
            <div key={day} className="admin-desk__day">
              <h3 className="admin-desk__day-title">{day === sessions.data?.today ? t('sessions.today') : formatDay(day, lang)}</h3>
              <ul className="admin-desk__list">
                {list.map((session) => (
                  <li key={session.id}>
                    <button
                      type="button"
                      className="admin-desk__session"
                      aria-pressed={chosen === session.id}
                      onClick={() => onChoose(session)}
                    >
                      <span className="admin-desk__time">{session.time || t('sessions.wholeDay')}</span>
                      <span className="admin-desk__name">{pickText(session.eventName, lang)}</span>
                      <span className="admin-desk__free">{t('sessions.free', { count: session.free })}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </div>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CheckinSession } from '../../contract/checkin.ts';
import { type Lang, toBcp47 } from '../../contract/lang.ts';
import { activityQueryOptions, useDoorVenue } from './api.ts';

/** Admitted, remaining and the last admissions of the sessions this device admits, refreshed every 10 s. */
export function CountsPanel({ sessions, lang }: { sessions: CheckinSession[]; lang: Lang }) {
  const { t } = useTranslation();
  const ids = sessions.map((s) => s.sessionId);
  const activity = useQuery(activityQueryOptions(ids, lang));
  const { timeZone } = useDoorVenue();
  const time = new Intl.DateTimeFormat(toBcp47(lang), { hour: '2-digit', minute: '2-digit', timeZone });
  const counts = new Map((activity.data?.sessions ?? []).map((c) => [c.sessionId, c]));
  return (
    <section className="door-card door-counts" aria-labelledby="door-counts-heading">
      <h2 id="door-counts-heading" className="door-subheading">
        {t('counts.heading')}
      </h2>
      <table className="door-table">
        <thead>
          <tr>
            <th scope="col">{t('counts.session')}</th>
            <th scope="col">{t('counts.admitted')}</th>
            <th scope="col">{t('counts.remaining')}</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => {
            const c = counts.get(s.sessionId) ?? s;
            return (
              <tr key={s.sessionId}>
                <th scope="row">
                  {s.time ?? t('sessions.allDay')} · {s.event}
                </th>
                <td>{c.admitted}</td>
                <td>{c.remaining}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h3 className="door-subheading">{t('counts.recent')}</h3>
      {activity.data && activity.data.recent.length > 0 ? (
        <ul className="door-recent">
          {activity.data.recent.map((r) => (
            <li key={`${r.at}-${r.codeEnd}`}>
              {time.format(new Date(r.at))} · …{r.codeEnd} · {r.event} · {r.device}
            </li>
          ))}
        </ul>
      ) : (
        <p className="door-hint">{t('counts.noneYet')}</p>
      )}
    </section>
  );
}

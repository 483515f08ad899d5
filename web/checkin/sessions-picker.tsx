import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckinSession } from '../../contract/checkin.ts';

/**
 * Which of today's sessions this device admits. None chosen: every session of today (the
 * server's default), so a device is useful before anyone picks.
 */
export function SessionsPicker({
  sessions,
  chosen,
  onChange,
}: {
  sessions: CheckinSession[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (sessions.length === 0) return <p>{t('sessions.none')}</p>;
  return (
    <fieldset className="door-sessions" aria-describedby={`${id}-hint`}>
      <legend>{t('sessions.legend')}</legend>
      <p id={`${id}-hint`} className="door-hint">
        {t('sessions.hint')}
      </p>
      {sessions.map((s) => (
        <label key={s.sessionId} className="door-check">
          <input
            type="checkbox"
            checked={chosen.includes(s.sessionId)}
            onChange={(e) => onChange(e.currentTarget.checked ? [...chosen, s.sessionId] : chosen.filter((x) => x !== s.sessionId))}
          />
          <span>
            {s.time ?? t('sessions.allDay')} · {s.event}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

import { useTranslation } from 'react-i18next';
import { countdownParts } from '../../../lib/countdown.ts';

/** The reserve timer: optional days plus hh:mm:ss. */
export function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation('nominal');
  const { days, clock } = countdownParts(seconds);
  return (
    <p className="nominal-countdown">
      <span className="nominal-countdown__label">{t('countdown.label')}</span>{' '}
      {/* Announced only on request: a live region ticking every second would drown a screen reader. */}
      <time className="nominal-countdown__value" dateTime={`PT${Math.max(0, seconds)}S`}>
        {days > 0 && `${t('countdown.days', { count: days })} `}
        {clock}
      </time>
    </p>
  );
}

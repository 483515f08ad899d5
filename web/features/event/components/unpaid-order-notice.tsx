import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSecondsLeft } from '../../../lib/use-seconds-left.ts';
import type { UnpaidOrder } from '../api/event-api.ts';

/** 'm:ss', or 'h:mm:ss' from an hour: a hold is minutes long. */
export function holdClock(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * The offer to continue this browser's unpaid order of the event while its hold runs, with the
 * time left; once the hold is over it says so in the same box (nothing below it moves).
 */
export function UnpaidOrderNotice({ order, href }: { order: UnpaidOrder; href: string }) {
  const { t } = useTranslation('event');
  const id = useId();
  const seconds = useSecondsLeft(order.until);

  if (seconds === 0) {
    return (
      <div className="event-unpaid" role="note" aria-labelledby={id}>
        <p id={id} className="event-unpaid__text">
          {t('unpaid.expired', { number: order.ord_num })}
        </p>
      </div>
    );
  }
  return (
    <div className="event-unpaid" role="note" aria-labelledby={id}>
      <p id={id} className="event-unpaid__text">
        {t('unpaid.text', { number: order.ord_num })}{' '}
        {/* Not a live region: a countdown announced every second would drown a screen reader. */}
        {t('unpaid.left')} <time dateTime={`PT${seconds}S`}>{holdClock(seconds)}</time>
      </p>
      <Link className="button button--primary event-unpaid__continue" to={href}>
        {t('unpaid.continue')}
      </Link>
    </div>
  );
}

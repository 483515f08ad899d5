import { useTranslation } from 'react-i18next';
import type { SeatMark } from '../../../lib/seat-map/seat-map-view.ts';
import { STATE_COLORS, STATE_MARKS } from './seat-states.ts';

/** A state's mark as the map draws it: white over the seat's circle (a circle of radius 10 here). */
function Mark({ mark }: { mark: SeatMark | undefined }) {
  if (mark === 'ring') return <circle cx="12" cy="12" r="5" fill="#fff" />;
  if (mark === 'dash') return <path d="M7 12h10" stroke="#fff" strokeWidth="2.8" strokeLinecap="round" />;
  if (mark === 'cross') return <path d="M7 7l10 10M17 7L7 17" stroke="#fff" strokeWidth="2.8" strokeLinecap="round" />;
  return null;
}

/** What each colour and shape of the map means; a free seat is a plain circle in its zone's colour. */
export function StateLegend() {
  const { t } = useTranslation('admin-halls');
  const items = [
    { key: 'free', fill: 'url(#halls-legend-zones)', mark: undefined },
    { key: 'held', fill: STATE_COLORS.held, mark: STATE_MARKS.held },
    { key: 'sold', fill: STATE_COLORS.sold, mark: STATE_MARKS.sold },
    { key: 'blocked', fill: STATE_COLORS.blocked, mark: STATE_MARKS.blocked },
    { key: 'selected', fill: '#1f2a44', mark: undefined },
  ] as const;
  return (
    <ul className="halls-legend" aria-label={t('legend.label')}>
      {items.map((item) => (
        <li key={item.key} data-mark={item.mark ?? 'none'}>
          <svg className="halls-legend__swatch" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            {item.key === 'free' ? (
              <defs>
                <linearGradient id="halls-legend-zones">
                  <stop offset="0" stopColor="#e4572e" />
                  <stop offset="0.5" stopColor="#29335c" />
                  <stop offset="1" stopColor="#17bebb" />
                </linearGradient>
              </defs>
            ) : null}
            <circle cx="12" cy="12" r={item.key === 'selected' ? 11 : 10} fill={item.fill} />
            <Mark mark={item.mark} />
          </svg>
          {t(item.key === 'free' ? 'legend.freeZone' : `legend.${item.key}`)}
        </li>
      ))}
    </ul>
  );
}

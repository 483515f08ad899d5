import { useTranslation } from 'react-i18next';
import { STATE_COLORS } from './seat-states.ts';

/** What each colour of the map means; a free seat has its zone's colour. */
export function StateLegend() {
  const { t } = useTranslation('admin-halls');
  const items = [
    { key: 'free', swatch: 'halls-legend__swatch halls-legend__swatch--free', color: undefined },
    { key: 'held', swatch: 'halls-legend__swatch', color: STATE_COLORS.held },
    { key: 'sold', swatch: 'halls-legend__swatch', color: STATE_COLORS.sold },
    { key: 'blocked', swatch: 'halls-legend__swatch', color: STATE_COLORS.blocked },
    { key: 'selected', swatch: 'halls-legend__swatch halls-legend__swatch--selected', color: undefined },
  ] as const;
  return (
    <ul className="halls-legend" aria-label={t('legend.label')}>
      {items.map((item) => (
        <li key={item.key}>
          <span className={item.swatch} style={item.color ? { background: item.color } : undefined} aria-hidden="true" />
          {t(`legend.${item.key}`)}
        </li>
      ))}
    </ul>
  );
}

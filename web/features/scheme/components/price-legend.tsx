import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../../contract/lang.ts';
import type { SchemeZone } from '../../../../contract/scheme.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useFormatKopecks } from '../../../lib/use-money.ts';
import { SELECTED_COLOR, TAKEN_COLOR } from '../../../lib/seat-map/seat-colors.ts';
import { toKopecks } from '../../../../contract/format-price.ts';

/** The zones with a price, each with its colour and its highest price, dearest first. */
export function legendEntries(zones: readonly SchemeZone[]) {
  return zones
    .filter((zone) => zone.prices.length > 0)
    .map((zone) => ({ zone, max: Math.max(...zone.prices.map((p) => toKopecks(p.price))) }))
    .sort((a, b) => b.max - a.max);
}

/** The zones' prices; with a seat map, also what a taken and a chosen seat look like on it. */
export function PriceLegend({ zones, seats }: { zones: readonly SchemeZone[]; seats: boolean }) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const money = useFormatKopecks();
  const entries = legendEntries(zones);
  if (entries.length === 0) return null;
  return (
    <section className="legend" aria-label={t('legend.title')}>
      <ul className="legend__list">
        {entries.map(({ zone, max }) => (
          <li key={zone.zone_id} className="legend__item">
            <span className="swatch" style={{ background: zone.color }} aria-hidden="true" />
            <span className="legend__name">{pickLocalized(zone.name, lang)}</span>
            <span className="legend__price">{money(max)}</span>
          </li>
        ))}
        {seats && (
          <>
            <li className="legend__item">
              <span className="swatch" style={{ background: TAKEN_COLOR }} aria-hidden="true" />
              <span className="legend__name">{t('legend.taken')}</span>
            </li>
            <li className="legend__item">
              <span className="swatch" style={{ background: SELECTED_COLOR }} aria-hidden="true" />
              <span className="legend__name">{t('legend.chosen')}</span>
            </li>
          </>
        )}
      </ul>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../../contract/lang.ts';
import type { SchemePrice } from '../../../../contract/scheme.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useMoney } from '../hooks/use-money.ts';
import { type SeatInfo, toKopecks } from './seat-info.ts';

type SeatCardProps = {
  info: SeatInfo;
  chosen: boolean;
  /** Show the choose / remove buttons (a pinned popover, the touch modal). */
  actions: boolean;
  onChoose: (price: SchemePrice | undefined) => void;
};

/** A seat's sector, row, number, zone and prices with the fee; optionally its buttons. */
export function SeatCard({ info, chosen, actions, onChoose }: SeatCardProps) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const money = useMoney();
  return (
    <div className="seat-card">
      <p className="seat-card__place">
        {pickLocalized(info.sector, lang)} · {t('seat.row', { row: info.row })} · {t('seat.seat', { seat: info.seat })}
      </p>
      {info.zone && (
        <p className="seat-card__zone">
          <span className="swatch" style={{ background: info.zone.color }} aria-hidden="true" /> {pickLocalized(info.zone.name, lang)}
        </p>
      )}
      {!info.free && !chosen && <p className="seat-card__unavailable">{t('seat.unavailable')}</p>}
      {info.free && !actions && (
        <ul className="seat-card__prices">
          {info.prices.map((price) => (
            <li key={price.price_id}>
              {info.prices.length > 1 && `${pickLocalized(price.category, lang)}: `}
              <strong>{money(toKopecks(price.price))}</strong>
              {price.priceservise > 0 && <span className="seat-card__fee"> {t('seat.fee', { fee: money(toKopecks(price.priceservise)) })}</span>}
            </li>
          ))}
        </ul>
      )}
      {actions && chosen && (
        <button type="button" className="button button--secondary seat-card__button" onClick={() => onChoose(undefined)}>
          {t('seat.remove')}
        </button>
      )}
      {actions && !chosen && info.free && (
        <div className="seat-card__choices">
          {info.prices.map((price) => (
            <button key={price.price_id} type="button" className="button button--primary seat-card__button" onClick={() => onChoose(price)}>
              {info.prices.length > 1
                ? t('seat.addCategory', { category: pickLocalized(price.category, lang), price: money(toKopecks(price.price)) })
                : `${t('seat.add')} · ${money(toKopecks(price.price))}`}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../contract/lang.ts';
import type { SchemePrice } from '../../../contract/scheme.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useFormatKopecks } from '../../lib/use-money.ts';
import { ConcessionDocument } from '../concession-document/concession-document.tsx';
import { useSeatPlace } from './use-seat-place.ts';
import { type SeatInfo } from './seat-info.ts';
import { toKopecks } from '../../../contract/format-price.ts';

type SeatCardProps = {
  info: SeatInfo;
  chosen: boolean;
  /** Show the choose / remove buttons (a pinned popover, the touch modal). */
  actions: boolean;
  onChoose: (price: SchemePrice | undefined) => void;
  /** The remove button's text where the seats chosen are not a cart (an order's exchange). */
  removeText?: string | undefined;
};

/** A seat's sector, row, number, zone and prices with the fee; optionally its buttons. */
export function SeatCard({ info, chosen, actions, onChoose, removeText }: SeatCardProps) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const place = useSeatPlace();
  return (
    <div className="seat-card">
      <p className="seat-card__place">{place(info)}</p>
      {info.zone && (
        <p className="seat-card__zone">
          <span className="swatch" style={{ background: info.zone.color }} aria-hidden="true" /> {pickLocalized(info.zone.name, lang)}
        </p>
      )}
      {!info.free && !chosen && <p className="seat-card__unavailable">{t('seat.unavailable')}</p>}
      {info.free && !actions && (
        <ul className="seat-card__prices">
          {info.prices.map((price) => (
            <li key={price.price_id} className="seat-price">
              <PriceParts label={pickLocalized(price.category, lang)} price={price} />
            </li>
          ))}
        </ul>
      )}
      {actions && chosen && (
        <button type="button" className="button button--secondary seat-card__button" onClick={() => onChoose(undefined)}>
          {removeText ?? t('seat.remove')}
        </button>
      )}
      {actions && !chosen && info.free && (
        <div className="seat-card__choices">
          {info.prices.map((price) => (
            <button
              key={price.price_id}
              type="button"
              className="button button--primary seat-card__button seat-price"
              onClick={() => onChoose(price)}
            >
              <PriceParts label={info.prices.length > 1 ? pickLocalized(price.category, lang) : t('seat.add')} price={price} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * One price as two columns: the category on the left (it may wrap) with the document a concession
 * asks for at the door, the price with its service fee
 * under it on the right. The same lines serve the hover popover, the pinned popover's buttons and
 * the touch modal, so a visitor sees the fee before choosing however the card was opened, and the
 * popover keeps within its 250 x 150.
 */
function PriceParts({ label, price }: { label: string; price: SchemePrice }) {
  const { t } = useTranslation('scheme');
  const money = useFormatKopecks();
  return (
    <>
      <span className="seat-price__name">
        {label}
        <ConcessionDocument document={price.document} />
      </span>{' '}
      <span className="seat-price__amount">
        <strong>{money(toKopecks(price.price))}</strong>
        {price.priceservise > 0 && (
          <>
            {' '}
            <span className="seat-price__fee">{t('seat.feeShort', { fee: money(toKopecks(price.priceservise)) })}</span>
          </>
        )}
      </span>
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, pickLocalized } from '../../../../contract/lang.ts';
import type { PriceEntry } from '../../../../contract/event.ts';
import { type Currency, formatPrice, toKopecks } from '../../../../contract/format-price.ts';
import { ConcessionDocument } from '../../../components/concession-document/concession-document.tsx';
import { type Quantities, unitFee } from '../lib/order-rules.ts';

type Props = {
  caption: string;
  prices: PriceEntry[];
  quantities: Quantities;
  /** Rows shown before 'more categories'; undefined shows all. */
  initialRows?: number | undefined;
  currency: Currency;
  lang: Lang;
  priceLimit: number;
  stockOf: (priceId: number) => number | undefined;
  canIncrement: (price: PriceEntry) => boolean;
  onPlus: (price: PriceEntry) => void;
  onMinus: (price: PriceEntry) => void;
};

/** The price table: category, price (and fee), minus, quantity, plus. */
export function PriceTable({
  caption,
  prices,
  quantities,
  initialRows,
  currency,
  lang,
  priceLimit,
  stockOf,
  canIncrement,
  onPlus,
  onMinus,
}: Props) {
  const { t } = useTranslation('event');
  const [expanded, setExpanded] = useState(false);
  const limit = initialRows ?? prices.length;
  const shown = expanded ? prices : prices.slice(0, limit);
  const money = (kopecks: number) => formatPrice(kopecks, currency, lang);

  return (
    <div className="price-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('prices.category')}</th>
            <th scope="col">{t('prices.price')}</th>
            <th scope="col">{t('prices.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((p) => {
            const name = pickLocalized(p.category, lang);
            const description = pickLocalized(p.description, lang);
            const quantity = quantities[p.price_id] ?? 0;
            const amount = toKopecks(p.price);
            const fee = unitFee(p);
            const stock = stockOf(p.price_id);
            return (
              <tr key={`${p.price_id}:${p.calendar_id}`}>
                <th scope="row" className="price-table__category">
                  <span className="price-table__name">
                    {p.zonecolor && <span className="price-table__zone" style={{ background: p.zonecolor }} aria-hidden="true" />}
                    {name}
                  </span>
                  {description && <span className="price-table__description">{description}</span>}
                  <ConcessionDocument document={p.document} />
                  {p.passagequant > 0 && <span className="price-table__hint">{t('group.passes', { count: p.passagequant })}</span>}
                  {p.needprice > 1 && <span className="price-table__hint">{t('prices.minimum', { count: p.needprice })}</span>}
                  {stock !== undefined && stock < priceLimit && (
                    <span className="price-table__hint">{t('prices.left', { count: stock })}</span>
                  )}
                </th>
                <td className="price-table__price">
                  {amount === 0 ? t('prices.free') : money(amount)}
                  {fee > 0 && <span className="price-table__fee">{t('prices.fee', { fee: money(fee) })}</span>}
                </td>
                <td>
                  {/* aria-disabled, not disabled: a button the visitor is pressing keeps the focus at 0 or at the stock. */}
                  <div className="stepper stepper--accent">
                    <button
                      type="button"
                      className="stepper__button"
                      aria-label={t('prices.minus', { name })}
                      aria-disabled={quantity === 0 || undefined}
                      onClick={() => quantity > 0 && onMinus(p)}
                    >
                      −
                    </button>
                    <output className="stepper__value" aria-live="polite" aria-label={`${name}: ${quantity}`}>
                      {quantity}
                    </output>
                    <button
                      type="button"
                      className="stepper__button"
                      aria-label={t('prices.plus', { name })}
                      aria-disabled={!canIncrement(p) || undefined}
                      onClick={() => canIncrement(p) && onPlus(p)}
                    >
                      +
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {prices.length > limit && (
        <button type="button" className="price-table__more" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? t('prices.less') : t('prices.more')}
        </button>
      )}
    </div>
  );
}

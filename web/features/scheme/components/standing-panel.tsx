import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../../contract/lang.ts';
import type { SchemeStand } from '../../../../contract/scheme.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { ConcessionDocument } from '../../../components/concession-document/concession-document.tsx';
import type { Cart, CartStanding } from '../hooks/use-cart.ts';
import { useFormatKopecks } from '../../../lib/use-money.ts';
import { toKopecks } from '../../../../contract/format-price.ts';

type StandingPanelProps = {
  stands: readonly SchemeStand[];
  cart: Cart;
  /** Called instead of adding when the cart is full. */
  onLimit: () => void;
};

/** 'Стоячие места': a quantity per standing area and category. */
export function StandingPanel({ stands, cart, onLimit }: StandingPanelProps) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const money = useFormatKopecks();
  if (stands.length === 0) return null;
  return (
    <section className="standing panel" aria-labelledby="standing-title">
      <h2 id="standing-title">{t('standing.title')}</h2>
      <ul className="standing__list">
        {stands.map((stand) => {
          const template: Omit<CartStanding, 'key'> = {
            kind: 'standing',
            areaId: stand.seat_id,
            categoryId: stand.cat,
            name: stand.seat_name,
            category: stand.cat_name,
            priceId: stand.price_id,
            price: toKopecks(stand.price),
            fee: toKopecks(stand.priceservise),
          };
          const count = cart.items.filter((i) => i.kind === 'standing' && i.areaId === stand.seat_id && i.categoryId === stand.cat).length;
          const name = `${pickLocalized(stand.seat_name, lang)}, ${pickLocalized(stand.cat_name, lang)}`;
          const increase = () => {
            if (count >= stand.limit) return;
            if (cart.isFull) onLimit();
            else cart.setStanding(template, count + 1);
          };
          return (
            <li key={`${stand.seat_id}-${stand.cat}`} className="standing__item">
              <div className="standing__text">
                <span className="standing__name">{name}</span>
                <ConcessionDocument document={stand.document} />
                <span className="standing__price">
                  {money(template.price)}
                  {template.fee > 0 && ` ${t('seat.fee', { fee: money(template.fee) })}`}
                </span>
                <span className="standing__left">{t('standing.left', { count: stand.quant })}</span>
              </div>
              <div className="stepper">
                {/* aria-disabled, not disabled: a button the visitor is pressing keeps the focus at 0 or at the limit. */}
                <button
                  type="button"
                  className="stepper__button"
                  aria-label={t('standing.decrease', { name })}
                  aria-disabled={count === 0 || undefined}
                  onClick={() => count > 0 && cart.setStanding(template, count - 1)}
                >
                  −
                </button>
                <output className="stepper__value" aria-label={t('standing.quantity', { name })} aria-live="polite">
                  {count}
                </output>
                <button
                  type="button"
                  className="stepper__button"
                  aria-label={t('standing.increase', { name })}
                  aria-disabled={count >= stand.limit || undefined}
                  onClick={increase}
                >
                  +
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

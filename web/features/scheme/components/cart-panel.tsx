import { Suspense, lazy, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuyerInput } from '../../../../contract/buyer.ts';
import { pickLocalized } from '../../../../contract/lang.ts';
import type { SchemeCheckbox } from '../../../../contract/scheme.ts';
import { useLang } from '../../../lib/use-lang.ts';
import type { Cart, CartItem } from '../hooks/use-cart.ts';
import { useFormatKopecks } from '../../../lib/use-money.ts';
import { useSeatPlace } from '../../../components/seat-map/use-seat-place.ts';
import { BuyerFormSkeleton, CONTROL_HEIGHT, type BuyerTexts } from '../../../components/buyer-form/buyer-form-skeleton.tsx';
import { Skeleton } from '../../../components/skeleton/skeleton.tsx';

/**
 * The buyer form (React Hook Form, the phone field, and zod with the contract's buyerSchema) is not
 * part of the page's first load: it shows only once a place is in the cart, and its code is fetched
 * when the first seat is chosen (preloadBuyerForm, called by the scheme page) or the cart first
 * shows it, with a skeleton of the form's size meanwhile.
 */
export const preloadBuyerForm = () => import('./cart-buyer-form.tsx');
const CartBuyerForm = lazy(() => preloadBuyerForm().then((m) => ({ default: m.CartBuyerForm })));

/** The buyer form's labels and error messages in the scheme page's texts. */
const BUYER_TEXTS: BuyerTexts = { ns: 'scheme', errors: 'fieldErrors' };

export type CartPanelProps = {
  cart: Cart;
  checkboxes: readonly SchemeCheckbox[];
  submitting: boolean;
  onSubmit: (buyer: BuyerInput, checked: number[]) => void;
};

function useItemText() {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const place = useSeatPlace();
  return (item: CartItem) => (item.kind === 'seat' ? place(item) : `${t('cart.standing')}: ${pickLocalized(item.name, lang)}`);
}

/** The cart: places with prices, the service fee, the total, the buyer form and the order button. */
export function CartPanel({ cart, checkboxes, submitting, onSubmit }: CartPanelProps) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const money = useFormatKopecks();
  const itemText = useItemText();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // The row whose remove button the visitor pressed: its button goes with it, so the focus goes to
  // the next row's remove button, else the previous one's, else the cart's heading.
  const removedAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    const at = removedAt.current;
    if (at === undefined) return;
    removedAt.current = undefined;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('.cart__remove') ?? [];
    (buttons[Math.min(at, buttons.length - 1)] ?? heading.current)?.focus();
  }, [cart.items]);
  const remove = (index: number, item: CartItem) => {
    removedAt.current = index;
    cart.remove(item.key);
  };

  if (cart.items.length === 0) {
    return (
      <section className="cart panel" aria-labelledby="cart-title">
        <h2 id="cart-title" ref={heading} tabIndex={-1}>
          {t('cart.title')}
        </h2>
        <p className="scheme-note">{t('cart.empty')}</p>
      </section>
    );
  }
  return (
    <section className="cart panel" aria-labelledby="cart-title">
      <h2 id="cart-title" ref={heading} tabIndex={-1}>
        {t('cart.title')} <span className="cart__count">({t('cart.count', { count: cart.items.length })})</span>
      </h2>
      <ul className="cart__items" ref={list}>
        {cart.items.map((item, index) => (
          <li key={item.key} className="cart__item">
            <div className="cart__item-text">
              <span>{itemText(item)}</span>
              <span className="cart__item-category">{pickLocalized(item.category, lang)}</span>
            </div>
            <span className="cart__item-price">{money(item.price)}</span>
            <button
              type="button"
              className="cart__remove"
              aria-label={t('cart.remove', { item: itemText(item) })}
              onClick={() => remove(index, item)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <dl className="cart__totals">
        <div>
          <dt>{t('cart.sum')}</dt>
          <dd>{money(cart.totals.sum)}</dd>
        </div>
        {cart.totals.fee > 0 && (
          <div>
            <dt>{t('cart.fee')}</dt>
            <dd data-testid="cart-fee">{money(cart.totals.fee)}</dd>
          </div>
        )}
        <div className="cart__total">
          <dt>{t('cart.total')}</dt>
          <dd data-testid="cart-total">{money(cart.totals.total)}</dd>
        </div>
      </dl>
      <Suspense
        fallback={
          <BuyerFormSkeleton texts={BUYER_TEXTS} consents={checkboxes} className="buyer">
            <Skeleton className="buyer__submit" height={CONTROL_HEIGHT} radius="var(--radius-md)" />
          </BuyerFormSkeleton>
        }
      >
        <CartBuyerForm checkboxes={checkboxes} submitting={submitting} onSubmit={onSubmit} texts={BUYER_TEXTS} />
      </Suspense>
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BuyerInput, buyerSchema } from '../../../../contract/buyer.ts';
import { pickLocalized } from '../../../../contract/lang.ts';
import type { SchemeCheckbox } from '../../../../contract/scheme.ts';
import { useLang } from '../../../lib/use-lang.ts';
import type { Cart, CartItem } from '../hooks/use-cart.ts';
import { useMoney } from '../hooks/use-money.ts';

type CartPanelProps = {
  cart: Cart;
  checkboxes: readonly SchemeCheckbox[];
  submitting: boolean;
  onSubmit: (buyer: BuyerInput, checked: number[]) => void;
};

function useItemText() {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  return (item: CartItem) =>
    item.kind === 'seat'
      ? [pickLocalized(item.sector, lang), t('seat.row', { row: item.row }), t('seat.seat', { seat: item.seat })].filter(Boolean).join(' · ')
      : `${t('cart.standing')}: ${pickLocalized(item.name, lang)}`;
}

/** The cart: places with prices, the service fee, the total, the buyer form and the order button. */
export function CartPanel({ cart, checkboxes, submitting, onSubmit }: CartPanelProps) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const money = useMoney();
  const itemText = useItemText();
  if (cart.items.length === 0) {
    return (
      <section className="cart" aria-labelledby="cart-title">
        <h2 id="cart-title">{t('cart.title')}</h2>
        <p className="scheme-note">{t('cart.empty')}</p>
      </section>
    );
  }
  return (
    <section className="cart" aria-labelledby="cart-title">
      <h2 id="cart-title">
        {t('cart.title')} <span className="cart__count">({t('cart.count', { count: cart.items.length })})</span>
      </h2>
      <ul className="cart__items">
        {cart.items.map((item) => (
          <li key={item.key} className="cart__item">
            <div className="cart__item-text">
              <span>{itemText(item)}</span>
              <span className="cart__item-category">{pickLocalized(item.category, lang)}</span>
            </div>
            <span className="cart__item-price">{money(item.price)}</span>
            <button type="button" className="cart__remove" aria-label={t('cart.remove', { item: itemText(item) })} onClick={() => cart.remove(item.key)}>
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
      <BuyerForm checkboxes={checkboxes} submitting={submitting} onSubmit={onSubmit} />
    </section>
  );
}

function BuyerForm({ checkboxes, submitting, onSubmit }: Omit<CartPanelProps, 'cart'>) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const id = useId();
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [checkboxError, setCheckboxError] = useState(false);
  const form = useForm<BuyerInput>({
    resolver: zodResolver(buyerSchema),
    defaultValues: { fio: '', phone: '', email: '', re_email: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const missing = checkboxes.filter((box) => box.filling === 1 && !checked.has(box.id));

  const field = (name: 'fio' | 'phone' | 'email' | 're_email', label: string, type: string, autoComplete: string, extra: object = {}) => {
    const error = errors[name]?.message;
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          className="text-input"
          type={type}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          {...extra}
          {...form.register(name)}
        />
        {error && (
          <p className="field__error" id={`${id}-${name}-error`}>
            {t(`fieldErrors.${error}`, { defaultValue: error })}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      className="buyer"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={form.handleSubmit(
        (buyer) => {
          if (missing.length > 0) {
            setCheckboxError(true);
            return;
          }
          onSubmit(buyer, [...checked]);
        },
        () => setCheckboxError(missing.length > 0),
      )}
    >
      <h3 id={`${id}-title`}>{t('buyer.title')}</h3>
      <p className="scheme-note">{t('buyer.notice')}</p>
      {field('fio', t('buyer.fio'), 'text', 'name', { maxLength: 70 })}
      {field('phone', t('buyer.phone'), 'tel', 'tel', { maxLength: 20 })}
      {field('email', t('buyer.email'), 'email', 'email', { maxLength: 70 })}
      {field('re_email', t('buyer.reEmail'), 'email', 'off', {
        maxLength: 70,
        // Spec section 5: the repeated e-mail is typed, not pasted.
        onPaste: (event: React.ClipboardEvent) => event.preventDefault(),
        onCopy: (event: React.ClipboardEvent) => event.preventDefault(),
        onCut: (event: React.ClipboardEvent) => event.preventDefault(),
      })}
      {checkboxes.map((box) => {
        const url = pickLocalized(box.url, lang);
        const invalid = checkboxError && box.filling === 1 && !checked.has(box.id);
        return (
          <div key={box.id} className="field field--checkbox">
            <input
              id={`${id}-box-${box.id}`}
              type="checkbox"
              checked={checked.has(box.id)}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-box-${box.id}-error` : undefined}
              onChange={(event) => {
                const next = new Set(checked);
                if (event.target.checked) next.add(box.id);
                else next.delete(box.id);
                setChecked(next);
              }}
            />
            <label htmlFor={`${id}-box-${box.id}`}>
              {url ? (
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {pickLocalized(box.name, lang)}
                </a>
              ) : (
                pickLocalized(box.name, lang)
              )}
            </label>
            {invalid && (
              <p className="field__error" id={`${id}-box-${box.id}-error`}>
                {t('buyer.checkboxRequired')}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="button button--primary buyer__submit" disabled={submitting} aria-busy={submitting}>
        {submitting ? t('cart.submitting') : t('cart.submit')}
      </button>
    </form>
  );
}

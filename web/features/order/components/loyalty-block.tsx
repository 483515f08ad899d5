import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiscountData } from '../../../../contract/order-view.ts';
import { useMoney } from '../hooks/use-money.ts';
import { canApplyPromo, isValidBonusAmount } from '../lib/order-logic.ts';

type Props = {
  data: DiscountData;
  editable: boolean;
  busy: boolean;
  promoFailed: boolean;
  onPromo: (code: string) => void;
  onCancelPromo: () => void;
  onCard: (code: string) => void;
  onBonuses: (bonuses: number) => void;
  onCancelBonuses: () => void;
};

/** Loyalty card with bonuses and the promo code (spec section 4 'Promo'); hidden when the card is blocked. */
export function LoyaltyBlock({ data, editable, busy, promoFailed, onPromo, onCancelPromo, onCard, onBonuses, onCancelBonuses }: Props) {
  const { t } = useTranslation('order');
  const money = useMoney();
  const [promo, setPromo] = useState(data.promoCode);
  const [card, setCard] = useState('');
  const [bonuses, setBonuses] = useState('');
  const bonusesTouched = bonuses !== '';
  const bonusesValid = isValidBonusAmount(bonuses, data.availableBonuses);

  if (data.isBlocked === 1) return null;
  if (!editable && !data.promoCode && !data.cardCode) return null;

  return (
    <section className="loyalty" aria-labelledby="loyalty-title">
      <h2 id="loyalty-title">{t('loyalty.title')}</h2>

      {editable && (
        <form
          className="loyalty__row"
          onSubmit={(e) => {
            e.preventDefault();
            if (data.promoCode) onCancelPromo();
            else if (canApplyPromo(promo)) onPromo(promo.trim());
          }}
        >
          <label className="loyalty__field">
            <span>{t('loyalty.promo')}</span>
            <input
              className="text-input"
              value={data.promoCode || promo}
              onChange={(e) => setPromo(e.target.value)}
              readOnly={Boolean(data.promoCode)}
              maxLength={64}
              autoComplete="off"
              aria-invalid={promoFailed || undefined}
              aria-describedby={promoFailed ? 'promo-error' : undefined}
            />
          </label>
          {data.promoCode ? (
            <button
              type="submit"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setPromo('')}
            >
              {t('loyalty.promoCancel')}
            </button>
          ) : (
            <button type="submit" className="button button--secondary" disabled={busy || !canApplyPromo(promo)}>
              {t('loyalty.promoApply')}
            </button>
          )}
          {promoFailed && !data.promoCode && (
            <p id="promo-error" className="field-error" role="alert">
              {t('loyalty.promoInvalid')}
            </p>
          )}
          {data.promoCode && <p className="loyalty__note">{t('loyalty.promoApplied', { code: data.promoCode })}</p>}
        </form>
      )}

      {editable && !data.cardCode && (
        <form
          className="loyalty__row"
          onSubmit={(e) => {
            e.preventDefault();
            if (card.trim()) onCard(card.trim());
          }}
        >
          <label className="loyalty__field">
            <span>{t('loyalty.card')}</span>
            <input className="text-input" value={card} onChange={(e) => setCard(e.target.value)} inputMode="numeric" maxLength={64} autoComplete="off" />
          </label>
          <button type="submit" className="button button--secondary" disabled={busy || card.trim() === ''}>
            {t('loyalty.cardApply')}
          </button>
        </form>
      )}

      {data.cardCode && (
        <div className="loyalty__card">
          <p>
            {t('loyalty.card')}: <strong>{data.cardCode}</strong> · {t('loyalty.balance', { count: data.totalBalance })}
          </p>
          {data.useBonuses > 0 && <p>{t('loyalty.used', { count: data.useBonuses })}</p>}
          {data.chargedBonus > 0 && <p>{t('loyalty.charged', { count: data.chargedBonus })}</p>}
          {editable && data.useBonuses === 0 && (
            <form
              className="loyalty__row"
              onSubmit={(e) => {
                e.preventDefault();
                if (bonusesValid) onBonuses(Number(bonuses));
              }}
            >
              <label className="loyalty__field">
                <span>
                  {t('loyalty.bonuses')} ({t('loyalty.available', { count: data.availableBonuses })})
                </span>
                <input
                  className="text-input"
                  value={bonuses}
                  onChange={(e) => setBonuses(e.target.value)}
                  inputMode="numeric"
                  maxLength={9}
                  aria-invalid={(bonusesTouched && !bonusesValid) || undefined}
                  aria-describedby={bonusesTouched && !bonusesValid ? 'bonus-error' : undefined}
                />
              </label>
              <button type="submit" className="button button--secondary" disabled={busy || !bonusesValid}>
                {t('loyalty.bonusesApply')}
              </button>
              {bonusesTouched && !bonusesValid && (
                <p id="bonus-error" className="field-error">
                  {t('loyalty.bonusesInvalid')}
                </p>
              )}
            </form>
          )}
          {editable && data.useBonuses > 0 && (
            <button type="button" className="button button--secondary" disabled={busy} onClick={onCancelBonuses}>
              {t('loyalty.bonusesCancel')}
            </button>
          )}
        </div>
      )}
      {data.totalDiscount > 0 && <p className="loyalty__discount">{t('loyalty.discount', { sum: money(data.totalDiscount) })}</p>}
    </section>
  );
}

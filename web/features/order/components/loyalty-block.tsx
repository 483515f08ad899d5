import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiscountData } from '../../../../contract/order-view.ts';
import { useFormatRoubles } from '../../../lib/use-money.ts';
import { BONUS_DIGITS_MAX, DISCOUNT_CODE_MAX, LOYALTY_PROOF, canApplyPromo } from '../../../../contract/order-rules.ts';
import { isValidBonusAmount } from '../lib/order-logic.ts';

type Props = {
  data: DiscountData;
  editable: boolean;
  busy: boolean;
  promoFailed: boolean;
  onPromo: (code: string) => void;
  onCancelPromo: () => void;
  /** Sends the card number (and the code mailed for it); `onAnswer` says whether a code is asked for. */
  onCard: (code: string, proof: string | undefined, onAnswer: (proofRequired: boolean) => void) => void;
  onBonuses: (bonuses: number) => void;
  onCancelBonuses: () => void;
};

/**
 * Loyalty card with bonuses and the promo code; hidden when the card is blocked.
 * While a change runs, the fields are read-only and the buttons aria-disabled, not disabled: a
 * disabled control loses focus, and the keyboard visitor would go on from the top of the page.
 */
export function LoyaltyBlock({ data, editable, busy, promoFailed, onPromo, onCancelPromo, onCard, onBonuses, onCancelBonuses }: Props) {
  const { t } = useTranslation('order');
  const money = useFormatRoubles();
  const [promo, setPromo] = useState(data.promoCode);
  const [card, setCard] = useState('');
  // The card number a code was asked for: the code form is shown for it.
  const [proofFor, setProofFor] = useState<string | undefined>();
  const [proof, setProof] = useState('');
  const proofRef = useRef<HTMLInputElement>(null);
  const [bonuses, setBonuses] = useState('');
  const bonusesTouched = bonuses !== '';
  const bonusesValid = isValidBonusAmount(bonuses, data.availableBonuses);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const bonusesRef = useRef<HTMLInputElement>(null);
  const bonusesCancelRef = useRef<HTMLButtonElement>(null);
  // Set when a card or bonus change is sent: its form gives way to the next step's control.
  const bonusStepChanged = useRef(false);

  // The order has reloaded after a card or bonus change. The control the visitor used may be gone
  // (the card form once the card is accepted, the bonus form once bonuses are spent, the cancel
  // button once they are returned): focus goes on to the control now shown in its place. If focus
  // is elsewhere (still on the field, or in the error modal), it stays there.
  useEffect(() => {
    if (busy || !bonusStepChanged.current) return;
    bonusStepChanged.current = false;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    (bonusesRef.current ?? bonusesCancelRef.current ?? titleRef.current)?.focus();
  }, [busy]);

  // The code form appears in place of the card's button: the keyboard visitor goes on typing there.
  useEffect(() => {
    if (proofFor !== undefined) proofRef.current?.focus();
  }, [proofFor]);

  const sendCard = (number: string, code: string | undefined) => {
    bonusStepChanged.current = true;
    onCard(number, code, (required) => {
      setProof('');
      setProofFor(required ? number : undefined);
    });
  };

  if (data.isBlocked === 1) return null;
  if (!editable && !data.promoCode && !data.cardCode) return null;

  return (
    <section className="loyalty panel" aria-labelledby="loyalty-title">
      <h2 id="loyalty-title" ref={titleRef} tabIndex={-1}>
        {t('loyalty.title')}
      </h2>

      {editable && (
        <form
          className="loyalty__row"
          onSubmit={(e) => {
            e.preventDefault();
            if (busy) return;
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
              readOnly={busy || Boolean(data.promoCode)}
              maxLength={DISCOUNT_CODE_MAX}
              autoComplete="off"
              aria-invalid={promoFailed || undefined}
              aria-describedby={promoFailed ? 'promo-error' : undefined}
            />
          </label>
          {data.promoCode ? (
            <button
              type="submit"
              className="button button--secondary"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) setPromo('');
              }}
            >
              {t('loyalty.promoCancel')}
            </button>
          ) : (
            <button type="submit" className="button button--secondary" aria-disabled={busy || !canApplyPromo(promo) || undefined}>
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

      {editable && !data.cardCode && proofFor === undefined && (
        <form
          className="loyalty__row"
          onSubmit={(e) => {
            e.preventDefault();
            if (busy || !card.trim()) return;
            sendCard(card.trim(), undefined);
          }}
        >
          <label className="loyalty__field">
            <span>{t('loyalty.card')}</span>
            <input
              className="text-input"
              value={card}
              onChange={(e) => setCard(e.target.value)}
              readOnly={busy}
              inputMode="numeric"
              maxLength={DISCOUNT_CODE_MAX}
              autoComplete="off"
            />
          </label>
          <button type="submit" className="button button--secondary" aria-disabled={busy || card.trim() === '' || undefined}>
            {t('loyalty.cardApply')}
          </button>
        </form>
      )}

      {editable && !data.cardCode && proofFor !== undefined && (
        <form
          className="loyalty__row"
          onSubmit={(e) => {
            e.preventDefault();
            if (busy || proof.trim().length !== LOYALTY_PROOF.digits) return;
            sendCard(proofFor, proof.trim());
          }}
        >
          <p id="card-code-sent" className="loyalty__note" role="status">
            {t('loyalty.codeSent', { minutes: LOYALTY_PROOF.lifetimeMinutes })}
          </p>
          <label className="loyalty__field">
            <span>{t('loyalty.code')}</span>
            <input
              ref={proofRef}
              className="text-input"
              value={proof}
              onChange={(e) => setProof(e.target.value.replace(/\D/g, ''))}
              readOnly={busy}
              inputMode="numeric"
              maxLength={LOYALTY_PROOF.digits}
              autoComplete="one-time-code"
              aria-describedby="card-code-sent"
            />
          </label>
          <button
            type="submit"
            className="button button--secondary"
            aria-disabled={busy || proof.trim().length !== LOYALTY_PROOF.digits || undefined}
          >
            {t('loyalty.codeApply')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) sendCard(proofFor, undefined);
            }}
          >
            {t('loyalty.codeResend')}
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
                if (busy || !bonusesValid) return;
                bonusStepChanged.current = true;
                onBonuses(Number(bonuses));
              }}
            >
              <label className="loyalty__field">
                <span>
                  {t('loyalty.bonuses')} ({t('loyalty.available', { count: data.availableBonuses })})
                </span>
                <input
                  ref={bonusesRef}
                  className="text-input"
                  value={bonuses}
                  onChange={(e) => setBonuses(e.target.value)}
                  readOnly={busy}
                  inputMode="numeric"
                  maxLength={BONUS_DIGITS_MAX}
                  aria-invalid={(bonusesTouched && !bonusesValid) || undefined}
                  aria-describedby={bonusesTouched && !bonusesValid ? 'bonus-error' : undefined}
                />
              </label>
              <button type="submit" className="button button--secondary" aria-disabled={busy || !bonusesValid || undefined}>
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
            <button
              ref={bonusesCancelRef}
              type="button"
              className="button button--secondary"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (busy) return;
                bonusStepChanged.current = true;
                setBonuses('');
                onCancelBonuses();
              }}
            >
              {t('loyalty.bonusesCancel')}
            </button>
          )}
        </div>
      )}
      {data.totalDiscount > 0 && <p className="loyalty__discount">{t('loyalty.discount', { sum: money(data.totalDiscount) })}</p>}
    </section>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Ordinary card and Pushkin card (per usepushkarta and usenopushkarta) as a radio group. */
export function PaymentChooser({
  allowCard,
  pushkin,
  onChange,
}: {
  allowCard: boolean;
  pushkin: boolean;
  onChange: (pushkin: boolean) => void;
}) {
  const { t } = useTranslation('event');
  const name = useId();
  return (
    <fieldset className="event-payment">
      <legend>{t('payment.legend')}</legend>
      <div className="event-payment__options">
        {allowCard && (
          <label className="event-payment__option">
            <input type="radio" name={name} checked={!pushkin} onChange={() => onChange(false)} />
            {t('payment.card')}
          </label>
        )}
        <label className="event-payment__option">
          <input type="radio" name={name} checked={pushkin} onChange={() => onChange(true)} />
          {t('payment.pushkin')}
        </label>
      </div>
      {pushkin && (
        <p className="event-payment__notice" role="note">
          {t('payment.pushkinNotice')}
        </p>
      )}
    </fieldset>
  );
}

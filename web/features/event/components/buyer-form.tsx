import type { ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuyerValues } from '../hooks/use-buyer.ts';
import { PhoneInput } from './phone-input.tsx';

type Props = {
  pushkin: boolean;
  values: BuyerValues;
  errors: Record<string, string>;
  set: <K extends keyof BuyerValues>(key: K, value: BuyerValues[K]) => void;
};

const block = (event: ClipboardEvent) => event.preventDefault();

/** Personal data: fio, phone, e-mail and its repeat; with the Pushkin card the names and the masked phone. */
export function BuyerForm({ pushkin, values, errors, set }: Props) {
  const { t } = useTranslation('event');
  const message = (field: string) => (errors[field] ? t(`errors.${errors[field]}`) : undefined);

  const text = (field: 'fio' | 'surname' | 'name' | 'patronymic' | 'email' | 'reEmail', wire: string, label: string, extra: Partial<React.InputHTMLAttributes<HTMLInputElement>> = {}) => {
    const id = `buyer-${wire}`;
    const error = message(wire);
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          className="text-input"
          value={values[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => set(field, event.target.value)}
          {...extra}
        />
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <fieldset className="buyer-form">
      <legend>{t('buyer.title')}</legend>
      <p className="buyer-form__notice">{t('buyer.notice')}</p>
      {pushkin ? (
        <>
          <p className="buyer-form__warning" role="note">
            {t('buyer.cardWarning')}
          </p>
          {text('surname', 'surname', t('buyer.surname'), { maxLength: 70, autoComplete: 'family-name' })}
          {text('name', 'name', t('buyer.name'), { maxLength: 50, autoComplete: 'given-name' })}
          {text('patronymic', 'patronymic', t('buyer.patronymic'), { maxLength: 50, autoComplete: 'additional-name', disabled: values.noPatronymic })}
          <label className="buyer-form__check">
            <input type="checkbox" checked={values.noPatronymic} onChange={(event) => set('noPatronymic', event.target.checked)} />{' '}
            {t('buyer.noPatronymic')}
          </label>
          <div className="field">
            <label htmlFor="buyer-phone">{t('buyer.phone')}</label>
            <input
              id="buyer-phone"
              className="text-input"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+7 (999) 901-02-03"
              maxLength={18}
              value={values.pushkinPhone}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={errors.phone ? 'buyer-phone-error' : undefined}
              onChange={(event) => set('pushkinPhone', event.target.value)}
            />
            {errors.phone && (
              <p id="buyer-phone-error" className="field__error">
                {message('phone')}
              </p>
            )}
          </div>
        </>
      ) : (
        <>
          {text('fio', 'fio', t('buyer.fio'), { maxLength: 70, autoComplete: 'name' })}
          <PhoneInput
            id="buyer-phone"
            label={t('buyer.phone')}
            country={values.country}
            national={values.national}
            error={message('phone')}
            errorId="buyer-phone-error"
            onCountry={(country) => set('country', country)}
            onNational={(value) => set('national', value)}
          />
        </>
      )}
      {text('email', 'email', t('buyer.email'), { type: 'email', inputMode: 'email', maxLength: 70, autoComplete: 'email' })}
      {text('reEmail', 're_email', t('buyer.reEmail'), {
        type: 'email',
        inputMode: 'email',
        maxLength: 70,
        autoComplete: 'off',
        // Spec section 5: the repeat must be typed, not copied.
        onCut: block,
        onCopy: block,
        onPaste: block,
      })}
    </fieldset>
  );
}

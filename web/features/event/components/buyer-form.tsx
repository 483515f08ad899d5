import { useEffect } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BUYER_LIMITS, formatPushkinPhone } from '../../../../contract/buyer-format.ts';
import { PhoneInput } from '../../../components/phone-field/phone-input.tsx';
import { TextField } from '../../../components/text-field/text-field.tsx';
import { type BuyerValues, loadBuyerValidation } from '../hooks/use-buyer.ts';

type Props = {
  pushkin: boolean;
  /** The buyer's React Hook Form (useBuyer): values, errors and validation by the contract schemas. */
  form: UseFormReturn<BuyerValues>;
};

type TextName = 'fio' | 'surname' | 'name' | 'patronymic' | 'email' | 'reEmail';
const kindOf = (name: TextName) => (name === 'email' ? 'email' : name === 'reEmail' ? 'repeatEmail' : 'text');

/** Personal data: fio, phone, e-mail and its repeat; with the Pushkin card the names and the masked phone. */
export function BuyerForm({ pushkin, form }: Props) {
  const { t } = useTranslation('event');
  const { control } = form;
  const noPatronymic = useWatch({ control, name: 'noPatronymic' });
  const message = (code: string | undefined) => (code ? t(`errors.${code}`) : undefined);
  // The checks load while the visitor fills the form in, not with the page (use-buyer.ts).
  useEffect(() => {
    void loadBuyerValidation();
  }, []);

  // Ids keep the wire names (buyer-re_email), so the server's field errors and the tests find them.
  const text = (name: TextName, wire: string, label: string, extra: { maxLength: number; autoComplete?: string; disabled?: boolean }) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          id={`buyer-${wire}`}
          label={label}
          kind={kindOf(name)}
          error={message(fieldState.error?.message)}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          {...extra}
        />
      )}
    />
  );

  return (
    <fieldset className="buyer-form">
      <legend>{t('buyer.title')}</legend>
      <p className="buyer-form__notice">{t('buyer.notice')}</p>
      {pushkin ? (
        <>
          <p className="buyer-form__warning" role="note">
            {t('buyer.cardWarning')}
          </p>
          {text('surname', 'surname', t('buyer.surname'), { maxLength: BUYER_LIMITS.surnameMax, autoComplete: 'family-name' })}
          {text('name', 'name', t('buyer.name'), { maxLength: BUYER_LIMITS.nameMax, autoComplete: 'given-name' })}
          {text('patronymic', 'patronymic', t('buyer.patronymic'), { maxLength: BUYER_LIMITS.patronymicMax, autoComplete: 'additional-name', disabled: noPatronymic })}
          <Controller
            name="noPatronymic"
            control={control}
            render={({ field }) => (
              <label className="buyer-form__check">
                <input
                  type="checkbox"
                  ref={field.ref}
                  name={field.name}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />{' '}
                {t('buyer.noPatronymic')}
              </label>
            )}
          />
          <Controller
            name="pushkinPhone"
            control={control}
            render={({ field, fieldState }) => {
              const error = message(fieldState.error?.message);
              return (
                <div className="field">
                  <label htmlFor="buyer-phone">{t('buyer.phone')}</label>
                  <input
                    id="buyer-phone"
                    className="text-input"
                    ref={field.ref}
                    name={field.name}
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    placeholder="+7 (999) 901-02-03"
                    maxLength={BUYER_LIMITS.pushkinPhoneMax}
                    value={field.value}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? 'buyer-phone-error' : undefined}
                    onChange={(event) => field.onChange(formatPushkinPhone(event.target.value))}
                    onBlur={field.onBlur}
                  />
                  {error && (
                    <p id="buyer-phone-error" className="field__error">
                      {error}
                    </p>
                  )}
                </div>
              );
            }}
          />
        </>
      ) : (
        <>
          {text('fio', 'fio', t('buyer.fio'), { maxLength: BUYER_LIMITS.fioMax, autoComplete: 'name' })}
          <Controller
            name="phone"
            control={control}
            render={({ field, fieldState }) => (
              <Controller
                name="country"
                control={control}
                render={({ field: country }) => (
                  <PhoneInput
                    id="buyer-phone"
                    inputRef={field.ref}
                    label={t('buyer.phone')}
                    country={country.value}
                    value={field.value}
                    error={message(fieldState.error?.message)}
                    errorId="buyer-phone-error"
                    onCountry={country.onChange}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            )}
          />
        </>
      )}
      {text('email', 'email', t('buyer.email'), { maxLength: BUYER_LIMITS.emailMax, autoComplete: 'email' })}
      {text('reEmail', 're_email', t('buyer.reEmail'), { maxLength: BUYER_LIMITS.emailMax })}
    </fieldset>
  );
}

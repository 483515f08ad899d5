import { useEffect } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BUYER_LIMITS, formatPushkinPhone } from '../../../contract/buyer-format.ts';
import { pickLocalized } from '../../../contract/lang.ts';
import type { SchemeCheckbox } from '../../../contract/scheme.ts';
import { useLang } from '../../lib/use-lang.ts';
import { PhoneInput } from '../phone-field/phone-input.tsx';
import { TextField } from '../text-field/text-field.tsx';
import type { BuyerTexts } from './buyer-form-skeleton.tsx';
import { type BuyerValues, loadBuyerValidation } from './use-buyer.ts';

/** Consents ticked inside the buyer form (the scheme's cart); the page holds what is ticked. */
export type BuyerConsents = {
  boxes: readonly SchemeCheckbox[];
  checked: ReadonlySet<number>;
  onChange: (checked: ReadonlySet<number>) => void;
  /** The required boxes left unticked show their error (after an order attempt). */
  showMissing: boolean;
};

type Props = {
  /** The buyer's React Hook Form (useBuyer): values, errors and validation by the contract schemas. */
  form: UseFormReturn<BuyerValues>;
  /** The names and the masked Pushkin phone instead of fio and the phone with its country. */
  pushkin: boolean;
  texts: BuyerTexts;
  /** Each input's id is this, a dash and its wire name (buyer-re_email), as the server's field errors name it. */
  idPrefix: string;
  /** The legend's id, for a form named by it. */
  legendId?: string;
  consents?: BuyerConsents;
};

type TextName = 'fio' | 'surname' | 'name' | 'patronymic' | 'email' | 'reEmail';
const kindOf = (name: TextName) => (name === 'email' ? 'email' : name === 'reEmail' ? 'repeatEmail' : 'text');

/**
 * The buyer's personal data of both order forms: fio, the phone with its country, e-mail and its
 * repeat; with the Pushkin card the names and the masked phone; the consents where a page has them
 * inside the form. Loaded with the form, not with the page (React Hook Form, the phone field).
 */
export function BuyerForm({ form, pushkin, texts, idPrefix, legendId, consents }: Props) {
  const { t } = useTranslation(texts.ns);
  const { control } = form;
  const noPatronymic = useWatch({ control, name: 'noPatronymic' });
  const message = (code: string | undefined) => (code ? t(`${texts.errors}.${code}`, { defaultValue: code }) : undefined);
  // The checks load while the visitor fills the form in, not with the page (use-buyer.ts).
  useEffect(() => {
    void loadBuyerValidation();
  }, []);

  const text = (name: TextName, wire: string, label: string, extra: { maxLength: number; autoComplete?: string; disabled?: boolean }) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          id={`${idPrefix}-${wire}`}
          label={label}
          kind={kindOf(name)}
          error={message(fieldState.error?.message)}
          ref={field.ref}
          name={wire}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          {...extra}
        />
      )}
    />
  );
  const phoneId = `${idPrefix}-phone`;

  return (
    <fieldset className="buyer-form">
      <legend id={legendId}>{t('buyer.title')}</legend>
      <p className="buyer-form__notice">{t('buyer.notice')}</p>
      {pushkin ? (
        <>
          <p className="buyer-form__warning" role="note">
            {t('buyer.cardWarning')}
          </p>
          {text('surname', 'surname', t('buyer.surname'), { maxLength: BUYER_LIMITS.surnameMax, autoComplete: 'family-name' })}
          {text('name', 'name', t('buyer.name'), { maxLength: BUYER_LIMITS.nameMax, autoComplete: 'given-name' })}
          {text('patronymic', 'patronymic', t('buyer.patronymic'), {
            maxLength: BUYER_LIMITS.patronymicMax,
            autoComplete: 'additional-name',
            disabled: noPatronymic,
          })}
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
                  <label htmlFor={phoneId}>{t('buyer.phone')}</label>
                  <input
                    id={phoneId}
                    className="text-input"
                    ref={field.ref}
                    name="phone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    placeholder="+7 (999) 901-02-03"
                    maxLength={BUYER_LIMITS.pushkinPhoneMax}
                    value={field.value}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${phoneId}-error` : undefined}
                    onChange={(event) => field.onChange(formatPushkinPhone(event.target.value))}
                    onBlur={field.onBlur}
                  />
                  {error && (
                    <p id={`${phoneId}-error`} className="field__error">
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
                    id={phoneId}
                    inputRef={field.ref}
                    label={t('buyer.phone')}
                    country={country.value}
                    value={field.value}
                    error={message(fieldState.error?.message)}
                    errorId={`${phoneId}-error`}
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
      {consents && <ConsentBoxes consents={consents} texts={texts} idPrefix={idPrefix} />}
    </fieldset>
  );
}

function ConsentBoxes({ consents, texts, idPrefix }: { consents: BuyerConsents; texts: BuyerTexts; idPrefix: string }) {
  const { t } = useTranslation(texts.ns);
  const lang = useLang();
  const { boxes, checked, onChange, showMissing } = consents;
  return boxes.map((box) => {
    const id = `${idPrefix}-box-${box.id}`;
    const name = pickLocalized(box.name, lang);
    const url = pickLocalized(box.url, lang);
    const invalid = showMissing && box.filling === 1 && !checked.has(box.id);
    return (
      <div key={box.id} className="field field--checkbox">
        <input
          id={id}
          type="checkbox"
          checked={checked.has(box.id)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            const next = new Set(checked);
            if (event.target.checked) next.add(box.id);
            else next.delete(box.id);
            onChange(next);
          }}
        />
        <label htmlFor={id}>{name}</label>
        {/* The label ticks the box; the document is its own link, so a tap on the text never leaves the form. */}
        {url && (
          <a
            className="consent-document"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${t('buyer.document')}: ${name}`}
          >
            {t('buyer.document')}
          </a>
        )}
        {invalid && (
          <p className="field__error" id={`${id}-error`}>
            {t(box.consent ? 'buyer.consentRequired' : 'buyer.checkboxRequired')}
          </p>
        )}
      </div>
    );
  });
}

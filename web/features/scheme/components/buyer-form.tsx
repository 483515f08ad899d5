import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BUYER_LIMITS, type Buyer, type BuyerInput, buyerSchema } from '../../../../contract/buyer.ts';
import { pickLocalized } from '../../../../contract/lang.ts';
import { typedPhoneToE164 } from '../../../../contract/phone.ts';
import { type PhoneCountry, defaultCountry } from '../../../components/phone-field/phone-countries.ts';
import { PhoneInput } from '../../../components/phone-field/phone-input.tsx';
import { TextField } from '../../../components/text-field/text-field.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useSetup } from '../../../lib/use-setup.ts';
import type { CartPanelProps } from './cart-panel.tsx';

/** The form's fields: the phone as typed beside its country, sent as E.164. */
type BuyerFields = BuyerInput & { country: PhoneCountry };

const schemaResolver = zodResolver(buyerSchema);

/**
 * The cart's buyer form, checked by the contract's buyerSchema (the schema the server parses
 * with); the phone field is the event page's (country, mask, E.164). Loaded apart from the page (cart-panel.tsx): React Hook Form, zod and the schemas are
 * not part of the scheme page's first load.
 */
export function BuyerForm({ checkboxes, submitting, onSubmit }: Omit<CartPanelProps, 'cart'>) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const id = useId();
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [checkboxError, setCheckboxError] = useState(false);
  const { data: setup } = useSetup();
  // The schema sees the phone as E.164 (one that is not a possible number as typed, to refuse it);
  // the answer's values are the schema's output, so the order goes with the E.164 phone.
  const resolver = useMemo<Resolver<BuyerFields, unknown, Buyer>>(
    () => (values, context, options) =>
      schemaResolver(
        { fio: values.fio, phone: typedPhoneToE164(values.country.iso, values.phone) ?? values.phone.trim(), email: values.email, re_email: values.re_email },
        context,
        options as never,
      ) as ReturnType<Resolver<BuyerFields, unknown, Buyer>>,
    [],
  );
  const form = useForm<BuyerFields, unknown, Buyer>({
    resolver,
    defaultValues: { fio: '', country: defaultCountry(setup?.app.currency ?? 'RUB'), phone: '', email: '', re_email: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const missing = checkboxes.filter((box) => box.filling === 1 && !checked.has(box.id));

  const field = (name: 'fio' | 'email' | 're_email', label: string, kind: 'text' | 'email' | 'repeatEmail', maxLength: number, autoComplete?: string) => {
    const error = errors[name]?.message;
    return (
      <TextField
        id={`${id}-${name}`}
        label={label}
        kind={kind}
        maxLength={maxLength}
        autoComplete={autoComplete}
        error={error && t(`fieldErrors.${error}`, { defaultValue: error })}
        {...form.register(name)}
      />
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
      {field('fio', t('buyer.fio'), 'text', BUYER_LIMITS.fioMax, 'name')}
      <Controller
        name="phone"
        control={form.control}
        render={({ field: phone, fieldState }) => (
          <Controller
            name="country"
            control={form.control}
            render={({ field: country }) => (
              <PhoneInput
                id={`${id}-phone`}
                inputRef={phone.ref}
                label={t('buyer.phone')}
                country={country.value}
                value={phone.value}
                error={fieldState.error?.message && t(`fieldErrors.${fieldState.error.message}`, { defaultValue: fieldState.error.message })}
                errorId={`${id}-phone-error`}
                onCountry={country.onChange}
                onChange={phone.onChange}
                onBlur={phone.onBlur}
              />
            )}
          />
        )}
      />
      {field('email', t('buyer.email'), 'email', BUYER_LIMITS.emailMax, 'email')}
      {field('re_email', t('buyer.reEmail'), 'repeatEmail', BUYER_LIMITS.emailMax)}
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
            <label htmlFor={`${id}-box-${box.id}`}>{pickLocalized(box.name, lang)}</label>
            {/* The label ticks the box; the document is its own link, so a tap on the text never leaves the form. */}
            {url && (
              <a className="consent-document" href={url} target="_blank" rel="noopener noreferrer" aria-label={`${t('buyer.document')}: ${pickLocalized(box.name, lang)}`}>
                {t('buyer.document')}
              </a>
            )}
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

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BuyerInput, buyerSchema } from '../../../../contract/buyer.ts';
import { pickLocalized } from '../../../../contract/lang.ts';
import { EmailInput } from '../../../components/email-input/email-input.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import type { CartPanelProps } from './cart-panel.tsx';

/**
 * The cart's buyer form, checked by the contract's buyerSchema (the schema the server parses
 * with). Loaded apart from the page (cart-panel.tsx): React Hook Form, zod and the schemas are
 * not part of the scheme page's first load.
 */
export function BuyerForm({ checkboxes, submitting, onSubmit }: Omit<CartPanelProps, 'cart'>) {
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

  // The e-mails are EmailInputs: Latin as they are typed with the Russian layout.
  const field = (name: 'fio' | 'phone' | 'email' | 're_email', label: string, type: 'text' | 'tel' | 'email', autoComplete: string, extra: object = {}) => {
    const error = errors[name]?.message;
    const props = {
      id: `${id}-${name}`,
      className: 'text-input',
      autoComplete,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
      ...extra,
      ...form.register(name),
    };
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {type === 'email' ? <EmailInput {...props} /> : <input type={type} {...props} />}
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
      {/* Typed again, not filled in by the browser: the repeat is there to catch a mistyped e-mail. */}
      {field('re_email', t('buyer.reEmail'), 'email', 'off', {
        maxLength: 70,
        // The repeated e-mail is typed, not pasted.
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

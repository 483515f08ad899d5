import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_COUNTRIES, PHONE_INPUT_MAXLENGTH, type PhoneCountry } from '../lib/phone-countries.ts';

type Props = {
  id: string;
  label: string;
  country: PhoneCountry;
  national: string;
  error: string | undefined;
  errorId: string;
  /** The national number's input element, for a form library to focus (React Hook Form's field.ref). */
  inputRef?: Ref<HTMLInputElement>;
  onCountry: (country: PhoneCountry) => void;
  onNational: (value: string) => void;
};

/** A phone input with a country chooser (dropdown 390 px wide) in front of the national number. */
export function PhoneInput({ id, label, country, national, error, errorId, inputRef, onCountry, onNational }: Props) {
  const { t } = useTranslation('event');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="phone-input" ref={wrapper}>
        <button
          type="button"
          className="phone-input__country"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={t('buyer.country', { country: `${country.iso} +${country.dial}` })}
          onClick={() => setOpen(!open)}
        >
          {country.iso} +{country.dial}
        </button>
        {open && (
          <ul
            id={listId}
            role="listbox"
            className="phone-input__list"
            aria-label={t('buyer.countries')}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setOpen(false);
            }}
          >
            {PHONE_COUNTRIES.map((c) => (
              <li
                key={c.iso}
                role="option"
                tabIndex={0}
                aria-selected={c.iso === country.iso}
                onClick={() => {
                  onCountry(c);
                  setOpen(false);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onCountry(c);
                    setOpen(false);
                  }
                }}
              >
                <span className="phone-input__iso">{c.iso}</span> +{c.dial}
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          ref={inputRef}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={PHONE_INPUT_MAXLENGTH}
          value={national}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onNational(event.target.value.replace(/[^\d\s()-]/g, ''))}
        />
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

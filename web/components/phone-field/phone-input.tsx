import { type ChangeEvent, type Ref, useEffect, useState } from 'react';
import type * as PhoneModule from '../../../contract/phone.ts';
import { CountryChooser } from './country-chooser.tsx';
import { PHONE_INPUT_MAXLENGTH, type PhoneCountry } from './phone-countries.ts';
import './phone-field.css';

type PhoneRules = typeof PhoneModule;

// The phone library (libphonenumber-js and its metadata) loads with the order form, not the page.
let rules: Promise<PhoneRules> | undefined;
export const loadPhoneRules = () => (rules ??= import('../../../contract/phone.ts'));

type Props = {
  id: string;
  label: string;
  country: PhoneCountry;
  /** What the visitor typed, as shown: the chosen country's mask once the phone rules are loaded. */
  value: string;
  error: string | undefined;
  errorId: string;
  /** The number's input element, for a form library to focus (React Hook Form's field.ref). */
  inputRef?: Ref<HTMLInputElement>;
  onCountry: (country: PhoneCountry) => void;
  onChange: (value: string) => void;
  onBlur?: () => void;
};

/**
 * The phone of both ordinary order forms (quantity and seats): a country chooser in front of
 * the number, shown in the chosen country's mask. A number typed with its country code
 * ('+7 900…') or the trunk prefix ('8 900…') is kept as typed and masked as such; the form sends
 * it as E.164 (contract/phone.ts typedPhoneToE164), the rule the server checks.
 */
export function PhoneInput({ id, label, country, value, error, errorId, inputRef, onCountry, onChange, onBlur }: Props) {
  const [phone, setPhone] = useState<PhoneRules | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadPhoneRules().then((loaded) => live && setPhone(loaded));
    return () => {
      live = false;
    };
  }, []);

  const mask = (text: string, iso = country.iso) => (phone ? phone.formatTypedPhone(iso, text) : text.replace(/[^\d+\s()-]/g, ''));

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    // The mask is applied while the visitor types at the end; an edit in the middle keeps the
    // caret where it is (the mask comes back on leaving the field).
    const atEnd = input.selectionStart === null || input.selectionStart === input.value.length;
    onChange(atEnd ? mask(input.value) : input.value.replace(/[^\d+\s()-]/g, ''));
  };

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="phone-input">
        <CountryChooser
          country={country}
          onCountry={(next) => {
            onCountry(next);
            if (value) onChange(mask(value, next.iso));
          }}
        />
        <input
          id={id}
          className="text-input"
          ref={inputRef}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={PHONE_INPUT_MAXLENGTH}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={change}
          onBlur={() => {
            const masked = mask(value);
            if (masked !== value) onChange(masked);
            onBlur?.();
          }}
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

import type { Ref } from 'react';
import { PHONE_INPUT_MAXLENGTH, type PhoneCountry } from '../lib/phone-countries.ts';
import { CountryChooser } from './country-chooser.tsx';

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
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="phone-input">
        <CountryChooser country={country} onCountry={onCountry} />
        <input
          id={id}
          className="text-input"
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

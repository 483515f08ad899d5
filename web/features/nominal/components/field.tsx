import { type ReactElement, cloneElement, useId } from 'react';

type FieldProps = {
  label: string;
  /** The already translated error; the control is marked invalid and described by it. */
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; 'aria-required'?: boolean }>;
};

/** A labelled form control with its hint and error, wired for screen readers. */
export function Field({ label, error, hint, required, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const control = cloneElement(children, {
    id,
    'aria-invalid': Boolean(error),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(required ? { 'aria-required': true } : {}),
  });
  return (
    <div className={`nominal-field${error ? ' nominal-field--invalid' : ''}`}>
      <label className="nominal-field__label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="nominal-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="nominal-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

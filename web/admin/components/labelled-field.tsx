import { type ReactElement, cloneElement } from 'react';

type Control = ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;

/**
 * A labelled control (input or select) with its hint and an error text under it, both tied to it
 * for screen readers; the error text is the caller's, already in the visitor's language.
 */
export function LabelledField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: Control;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint ? (
        <p className="admin-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="admin-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

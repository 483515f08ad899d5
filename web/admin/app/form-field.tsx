import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

type Props = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string | undefined; hint?: string };

/** A labelled input with the server's field error under it, tied to it for screen readers. */
export function FormField({ id, label, error, hint, ...input }: Props) {
  const { t } = useTranslation('admin');
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint ? (
        <p className="admin-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="admin-field__error" id={`${id}-error`}>
          {t(`fields.${error}`, { defaultValue: t('fields.invalid') })}
        </p>
      ) : null}
    </div>
  );
}

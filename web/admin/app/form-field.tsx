import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledField } from '../components/labelled-field.tsx';

type Props = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string | undefined; hint?: string };

/** A labelled input with the server's field error (a code, read from the `admin` catalog) under it. */
export function FormField({ id, label, error, hint, ...input }: Props) {
  const { t } = useTranslation('admin');
  return (
    <LabelledField
      id={id}
      label={label}
      hint={hint}
      error={error ? t(`fields.${error}`, { defaultValue: t('fields.invalid') }) : undefined}
    >
      <input {...input} />
    </LabelledField>
  );
}

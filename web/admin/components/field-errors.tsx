import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../lib/field-errors.ts';

/** aria-invalid and aria-describedby for an input, and the message under it, in the member's language. */
export function useFieldError(id: string, fields: FieldErrors, namespace: 'admin-orders' | 'admin-reports' = 'admin-orders') {
  const { t } = useTranslation(namespace);
  const errorId = (name: string) => `${id}-${name}-error`;
  return {
    attrs: (name: string) => ({
      'aria-invalid': fields[name] ? true : undefined,
      'aria-describedby': fields[name] ? errorId(name) : undefined,
    }),
    message: (name: string) =>
      fields[name] ? (
        <p className="admin-field__error" id={errorId(name)}>
          {t(`fields.${fields[name]}`, { defaultValue: t('fields.invalid') })}
        </p>
      ) : null,
  };
}

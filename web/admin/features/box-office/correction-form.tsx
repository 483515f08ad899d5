import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeskTask, deskCorrectionResponse } from '../../../../contract/admin/desk-register.ts';
import type { Lang } from '../../../../contract/lang.ts';
import { ApiError, apiPost } from '../../../lib/api.ts';
import { messageOf } from '../../lib/field-errors.ts';

type Props = { task: DeskTask; lang: Lang; onDone: () => void; onCancel: () => void };

/**
 * A correction receipt («чек коррекции») for a sale or refund receipt the register refused: on
 * the venue's own initiative or by the tax authority's instruction, the day of the settlement
 * (left empty: the refused receipt's day) and the grounds' number. The server checks the grounds
 * (contract/admin/desk-register-rules.ts) and makes the correction a task of the register.
 */
export function CorrectionForm({ task, lang, onDone, onCancel }: Props) {
  const { t } = useTranslation('admin-register');
  const id = useId();
  const [type, setType] = useState<'self' | 'instruction'>('self');
  const [baseDate, setBaseDate] = useState('');
  const [baseNumber, setBaseNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage('');
    setFields({});
    try {
      await apiPost(
        `/api/admin/desk/receipt-tasks/${task.id}/correct`,
        { type, baseNumber, lang, ...(baseDate ? { baseDate } : {}) },
        deskCorrectionResponse,
      );
      onDone();
    } catch (failure) {
      const issues =
        failure instanceof ApiError ? (failure.body as { fields?: { path: string; code: string }[] } | undefined)?.fields : undefined;
      setFields(Object.fromEntries((issues ?? []).map((f) => [f.path, f.code])));
      setMessage(messageOf(failure, t('error')));
    } finally {
      setBusy(false);
    }
  };
  const error = (field: string) =>
    fields[field] ? (
      <span className="admin-field__error" id={`${id}-${field}-err`}>
        {t(`correction.errors.${fields[field]}`)}
      </span>
    ) : null;

  return (
    <form className="admin-stack admin-register__correction" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`}>{t('correction.heading')}</h4>
      <p>{t('correction.intro')}</p>
      <fieldset>
        <legend>{t('correction.type')}</legend>
        {(['self', 'instruction'] as const).map((value) => (
          <label key={value} className="admin-check">
            <input type="radio" name={`${id}-type`} value={value} checked={type === value} onChange={() => setType(value)} />
            {t(`correction.${value}`)}
          </label>
        ))}
      </fieldset>
      <div className="admin-field">
        <label htmlFor={`${id}-date`}>{t('correction.baseDate')}</label>
        <span className="admin-field__hint" id={`${id}-date-hint`}>
          {t('correction.baseDateHint')}
        </span>
        <input
          id={`${id}-date`}
          type="date"
          value={baseDate}
          onChange={(e) => setBaseDate(e.currentTarget.value)}
          aria-invalid={fields.baseDate ? true : undefined}
          aria-describedby={`${id}-date-hint${fields.baseDate ? ` ${id}-baseDate-err` : ''}`}
        />
        {error('baseDate')}
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-number`}>{t('correction.baseNumber')}</label>
        <span className="admin-field__hint" id={`${id}-number-hint`}>
          {t('correction.baseNumberHint')}
        </span>
        <input
          id={`${id}-number`}
          value={baseNumber}
          maxLength={32}
          onChange={(e) => setBaseNumber(e.currentTarget.value)}
          aria-invalid={fields.baseNumber ? true : undefined}
          aria-describedby={`${id}-number-hint${fields.baseNumber ? ` ${id}-baseNumber-err` : ''}`}
        />
        {error('baseNumber')}
      </div>
      <p role="alert" className="admin-desk__error">
        {message}
      </p>
      <div className="admin-actions">
        <button type="submit" className="admin-button" disabled={busy}>
          {t('correction.submit')}
        </button>
        <button type="button" className="admin-button admin-button--plain" onClick={onCancel}>
          {t('correction.cancel')}
        </button>
      </div>
    </form>
  );
}

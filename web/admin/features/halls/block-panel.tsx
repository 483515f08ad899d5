import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seatBlockResponse } from '../../../../contract/admin/halls.ts';
import { HALL_LIMITS, SEAT_BLOCK_REASONS, type SeatBlockReason, type SeatState } from '../../../../contract/admin/halls-rules.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiDelete, apiPost } from '../../../lib/api.ts';
import type { SeatModel } from '../../../lib/seat-map/seat-model.ts';
import { fieldErrorsOf, messageOf } from '../../lib/field-errors.ts';
import { idsIn } from './seat-states.ts';

type BlockPanelProps = {
  sessionId: number;
  model: SeatModel;
  states: readonly SeatState[];
  selected: ReadonlySet<number>;
  seatName: (index: number) => string;
  onClear: () => void;
  onDone: () => Promise<void>;
  /** Reads the seats' states again (a refusal means the page's picture was out of date). */
  onRefresh: () => Promise<void>;
};

/** Seats listed before "and N more". */
const NAMED = 8;

/**
 * The selection and what to do with it: block the seats not blocked yet with a reason and a note,
 * or unblock the blocked ones. The server decides (a seat held or sold meanwhile is refused, named).
 */
export function BlockPanel({ sessionId, model, states, selected, seatName, onClear, onDone, onRefresh }: BlockPanelProps) {
  const { t, i18n } = useTranslation(['admin-halls', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const [reason, setReason] = useState<SeatBlockReason>('guest');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'seatIds' | 'reason' | 'note', string>>>({});
  const [status, setStatus] = useState('');

  const toBlock = idsIn(model, selected, ['free', 'held', 'sold'], states);
  const toUnblock = idsIn(model, selected, ['blocked'], states);
  const names = [...selected].slice(0, NAMED).map(seatName);

  async function act(kind: 'block' | 'unblock') {
    setBusy(true);
    setError('');
    setFieldErrors({});
    setStatus('');
    const url = `/api/admin/halls/sessions/${sessionId}/blocks`;
    try {
      const answer =
        kind === 'block'
          ? await apiPost(url, { seatIds: toBlock, reason, note, lang }, seatBlockResponse)
          : await apiDelete(url, seatBlockResponse, { body: { seatIds: toUnblock, lang } });
      await onDone();
      setStatus(t(kind === 'block' ? 'blocks.blocked' : 'blocks.unblocked', { count: answer.seatIds.length }));
      if (kind === 'block') setNote('');
    } catch (failure) {
      setError(messageOf(failure, t('admin:errors.generic')));
      setFieldErrors(fieldErrorsOf(failure));
      await onRefresh();
    } finally {
      setBusy(false);
    }
  }

  const fieldText = (code: string | undefined) => (code ? t(`fields.${code}`, { defaultValue: t('admin:errors.generic') }) : '');

  return (
    <div className="halls-panel">
      <h2 className="admin-subheading">
        {selected.size === 0 ? t('blocks.noneSelected') : t('blocks.selected', { count: selected.size })}
      </h2>
      {names.length > 0 ? (
        <ul className="halls-panel__names">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
          {selected.size > NAMED ? <li>{t('blocks.more', { count: selected.size - NAMED })}</li> : null}
        </ul>
      ) : null}
      {fieldErrors.seatIds ? <p className="admin-field__error">{fieldText(fieldErrors.seatIds)}</p> : null}
      {selected.size > 0 ? (
        <button type="button" className="admin-button admin-button--plain" onClick={onClear}>
          {t('blocks.clear')}
        </button>
      ) : null}
      <fieldset className="halls-panel__reason">
        <legend>{t('blocks.reason')}</legend>
        {SEAT_BLOCK_REASONS.map((value) => (
          <label key={value}>
            <input type="radio" name={`${id}-reason`} value={value} checked={reason === value} onChange={() => setReason(value)} />
            {t(`blocks.reasons.${value}`)}
          </label>
        ))}
        {fieldErrors.reason ? <p className="admin-field__error">{fieldText(fieldErrors.reason)}</p> : null}
      </fieldset>
      <div className="admin-field">
        <label htmlFor={`${id}-note`}>{t('blocks.note')}</label>
        <input
          id={`${id}-note`}
          value={note}
          maxLength={HALL_LIMITS.noteMax}
          onChange={(e) => setNote(e.currentTarget.value)}
          aria-describedby={`${id}-note-hint${fieldErrors.note ? ` ${id}-note-error` : ''}`}
          aria-invalid={fieldErrors.note ? true : undefined}
        />
        <p className="admin-field__hint" id={`${id}-note-hint`}>
          {t('blocks.noteHint', { max: HALL_LIMITS.noteMax })}
        </p>
        {fieldErrors.note ? (
          <p className="admin-field__error" id={`${id}-note-error`}>
            {fieldText(fieldErrors.note)}
          </p>
        ) : null}
      </div>
      <div className="halls-panel__actions">
        <button type="button" className="admin-button" disabled={busy || toBlock.length === 0} onClick={() => act('block')}>
          {t('blocks.block')}
        </button>
        <button
          type="button"
          className="admin-button admin-button--plain"
          disabled={busy || toUnblock.length === 0}
          onClick={() => act('unblock')}
        >
          {t('blocks.unblock')}
        </button>
      </div>
      <p role="alert" className="admin-field__error">
        {error}
      </p>
      <p role="status">{status}</p>
    </div>
  );
}

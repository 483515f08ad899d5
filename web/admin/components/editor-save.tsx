import { type ReactNode, useId, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { ApiError } from '../../lib/api.ts';
import { type ValueChange, applyChanges, diffValues, overlapping } from '../lib/value-diff.ts';
import { FormMessage, type FormOutcome } from './form-message.tsx';

type SaveBarProps = {
  /** The outcome line's id, which the form names in its aria-describedby. */
  messageId: string;
  message: FormOutcome;
  dirty: boolean;
  busy: boolean;
  /** A new entry not saved yet: with nothing typed, the bar says nothing of saved changes. */
  isNew?: boolean;
  /** What the bar says under the buttons after a refusal that kept the edits (the stale save's choices). */
  panel?: ReactNode;
  /** The form's submit button first, then its other actions. */
  children: ReactNode;
};

/**
 * The bottom of a long editor, kept on screen: how the last save went (the form's one live
 * region), whether there are unsaved changes, and the Save button, so the member sees the
 * result where they are rather than off screen at the end of the page.
 */
export function SaveBar({ messageId, message, dirty, busy, isNew = false, panel, children }: SaveBarProps) {
  const { t } = useTranslation('admin');
  const state = busy ? t('saveBar.busy') : dirty ? t('saveBar.dirty') : message?.kind === 'error' || isNew ? '' : t('saveBar.clean');
  return (
    <div className="admin-save-bar" role="group" aria-label={t('saveBar.label')}>
      <FormMessage id={messageId} message={message} />
      {panel}
      <div className="admin-save-bar__row">
        <div className="admin-actions">{children}</div>
        <span className="admin-save-bar__state" data-dirty={dirty ? 'true' : undefined}>
          {state}
        </span>
      </div>
    </div>
  );
}

type Version<T> = { values: T; revision: number };

/** Whether a refusal is the optimistic-revision check's: someone saved the entry since this form loaded it. */
export const isStaleSave = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.code === AdminErrorCode.catalogStale;

/**
 * A stale save that keeps the member's edits: the form stays as it is, `panel` offers to show
 * what the other save changed (the server's current version against the one this form loaded)
 * and to carry the member's own changes over onto the current version, which then becomes the
 * revision the next save sends. `remount` changes when the fields were reset under uncontrolled
 * inputs, which the editor keys its fields by.
 */
export function useStaleSave<T extends FieldValues, Output>({
  form,
  loaded,
  loadCurrent,
  idPrefix,
}: {
  form: UseFormReturn<T, unknown, Output>;
  loaded: Version<T>;
  loadCurrent: () => Promise<Version<T>>;
  idPrefix: string;
}) {
  const [base, setBase] = useState(loaded);
  const [stale, setStale] = useState(false);
  const [current, setCurrent] = useState<Version<T> | null>(null);
  const [showing, setShowing] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [applied, setApplied] = useState<string[] | null>(null);
  const [remount, setRemount] = useState(0);

  async function fetchCurrent(): Promise<Version<T> | null> {
    if (current) return current;
    setLoading(true);
    setFailed(false);
    try {
      const version = await loadCurrent();
      setCurrent(version);
      return version;
    } catch {
      setFailed(true);
      return null;
    } finally {
      setLoading(false);
    }
  }

  /** Takes a refusal: true when it was a stale save, which the panel now offers to resolve. */
  function refused(error: unknown): boolean {
    if (!isStaleSave(error)) return false;
    setStale(true);
    setCurrent(null);
    setShowing(false);
    setApplied(null);
    return true;
  }

  async function reapply() {
    const version = await fetchCurrent();
    if (!version) return;
    const mine = diffValues(base.values, form.getValues());
    const theirs = diffValues(base.values, version.values);
    const merged = applyChanges(version.values, mine);
    form.reset(version.values);
    for (const change of mine)
      form.setValue(
        change.path as Path<T>,
        (change.path ? (readAt(merged, change.path) as PathValue<T, Path<T>>) : merged) as PathValue<T, Path<T>>,
        { shouldDirty: true },
      );
    setBase(version);
    setStale(false);
    setCurrent(null);
    setShowing(false);
    setApplied(overlapping(mine, theirs));
    setRemount((n) => n + 1);
  }

  const panel = stale ? (
    <StalePanel
      idPrefix={idPrefix}
      showing={showing}
      loading={loading}
      failed={failed}
      theirs={showing && current ? diffValues(base.values, current.values) : null}
      onShow={async () => {
        if (showing) {
          setShowing(false);
          return;
        }
        if (await fetchCurrent()) setShowing(true);
      }}
      onReapply={() => void reapply()}
    />
  ) : applied ? (
    <AppliedNote idPrefix={idPrefix} overlap={applied} />
  ) : null;

  return { revision: base.revision, refused, panel, remount, clear: () => setApplied(null) };
}

function readAt(values: unknown, path: string): unknown {
  let node = values;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

/** A field's label as the form shows it (its control's id is `<prefix>-<path>`), else its path. */
function labelOf(idPrefix: string, path: string): string {
  const control = typeof document === 'undefined' ? null : document.getElementById(`${idPrefix}-${path}`);
  const label = control && 'labels' in control ? (control as HTMLInputElement).labels?.[0]?.textContent?.trim() : undefined;
  return label || path;
}

function shown(value: unknown, empty: string): string {
  if (value === undefined || value === null || value === '') return empty;
  if (typeof value === 'object') return JSON.stringify(value).slice(0, 120);
  return String(value);
}

function StalePanel({
  idPrefix,
  showing,
  loading,
  failed,
  theirs,
  onShow,
  onReapply,
}: {
  idPrefix: string;
  showing: boolean;
  loading: boolean;
  failed: boolean;
  theirs: ValueChange[] | null;
  onShow: () => void;
  onReapply: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <div className="admin-stack admin-save-bar__panel">
      <p>{t('stale.kept')}</p>
      <div className="admin-actions">
        <button
          type="button"
          className="admin-button admin-button--plain"
          aria-expanded={showing}
          aria-controls={`${id}-theirs`}
          onClick={onShow}
          disabled={loading}
        >
          {showing ? t('stale.hide') : t('stale.show')}
        </button>
        <button type="button" className="admin-button" onClick={onReapply} disabled={loading}>
          {t('stale.reapply')}
        </button>
      </div>
      <div id={`${id}-theirs`} aria-live="polite">
        {loading ? <p>{t('stale.loading')}</p> : null}
        {failed ? <p role="alert">{t('errors.generic')}</p> : null}
        {theirs ? (
          <>
            <h3 className="admin-save-bar__heading">{t('stale.heading')}</h3>
            {theirs.length === 0 ? (
              <p>{t('stale.none')}</p>
            ) : (
              <ul>
                {theirs.map((change) => (
                  <li key={change.path}>
                    {t('stale.change', {
                      field: labelOf(idPrefix, change.path),
                      before: shown(change.before, t('stale.empty')),
                      after: shown(change.after, t('stale.empty')),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </div>
  );
}

function AppliedNote({ idPrefix, overlap }: { idPrefix: string; overlap: string[] }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-save-bar__panel" role="status">
      <p>{t('stale.applied')}</p>
      {overlap.length > 0 ? <p>{t('stale.overlap', { fields: overlap.map((path) => labelOf(idPrefix, path)).join(', ') })}</p> : null}
    </div>
  );
}

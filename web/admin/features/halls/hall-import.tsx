import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HALL_SOURCE_FORMATS,
  type HallListResponse,
  type HallPreviewResponse,
  type HallSourceFormat,
  hallPreviewResponse,
  hallSaveResponse,
} from '../../../../contract/admin/halls.ts';
import { HALL_LIMITS } from '../../../../contract/admin/halls-rules.ts';
import { normalizeLang, pickLocalized } from '../../../../contract/lang.ts';
import { apiPost } from '../../../lib/api.ts';
import { buildSeatModel } from '../../../lib/seat-map/seat-model.ts';
import { fieldErrorsOf, messageOf } from '../../lib/field-errors.ts';
import { HallCanvas } from '../../components/hall-canvas.tsx';
import { leftOutLines } from './left-out.ts';
import { useUnsavedChanges } from '../../components/unsaved-changes.ts';

type Field = 'source' | 'venueId' | 'revision' | 'format';

/**
 * Creates a hall from a catalog-format hall or a pretix seating plan, or replaces one with a
 * catalog-format hall, pasted or uploaded. "Check" draws the hall with the storefront's renderer
 * before anything is saved; the save names the revision the replaced hall had when this page
 * loaded, so a change made by someone else meanwhile is refused and named.
 */
export function HallImport({ halls, venues }: { halls: HallListResponse['halls']; venues: HallListResponse['venues'] }) {
  const { t, i18n } = useTranslation(['admin-halls', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'create' | 'replace'>('create');
  const [format, setFormat] = useState<HallSourceFormat>('catalog');
  const [venueId, setVenueId] = useState(venues[0]?.id ?? 0);
  const [hallId, setHallId] = useState(halls[0]?.id ?? 0);
  const [source, setSource] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState('');
  const [preview, setPreview] = useState<HallPreviewResponse | undefined>();
  // A plan pasted and not yet saved (a save says so in the status).
  useUnsavedChanges(source.trim() !== '' && status === '');
  const model = useMemo(() => (preview ? buildSeatModel(preview.map) : undefined), [preview]);
  const leftOut = preview ? leftOutLines(t, preview.leftOut) : [];

  const replaced = halls.find((h) => h.id === hallId);
  const body = () => ({
    format: mode === 'replace' ? 'catalog' : format,
    source,
    lang,
    ...(mode === 'replace' ? { hallId, revision: replaced?.revision ?? 0 } : { venueId }),
  });

  async function run(kind: 'preview' | 'save') {
    setBusy(true);
    setError('');
    setFields({});
    setStatus('');
    try {
      if (kind === 'preview') setPreview(await apiPost('/api/admin/halls/preview', body(), hallPreviewResponse));
      else {
        const saved = await apiPost('/api/admin/halls', body(), hallSaveResponse);
        await queryClient.invalidateQueries({ queryKey: ['admin', 'halls'] });
        setStatus(t('import.saved', { id: saved.hallId }));
      }
    } catch (failure) {
      setError(messageOf(failure, t('admin:errors.generic')));
      setFields(fieldErrorsOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const fieldText = (code: string | undefined) => (code ? t(`fields.${code}`, { defaultValue: t('admin:errors.generic') }) : '');
  const sourceError = fields.source ?? fields.revision ?? fields.format;

  return (
    <section className="halls-import" aria-labelledby={`${id}-h`}>
      <h2 className="admin-subheading" id={`${id}-h`}>
        {t('import.heading')}
      </h2>
      <fieldset>
        <legend>{t('import.mode')}</legend>
        {(['create', 'replace'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === value}
              disabled={value === 'replace' && halls.length === 0}
              onChange={() => setMode(value)}
            />
            {t(value === 'create' ? 'import.modeCreate' : 'import.modeReplace')}
          </label>
        ))}
      </fieldset>
      {mode === 'create' ? (
        <>
          <fieldset>
            <legend>{t('import.format')}</legend>
            {HALL_SOURCE_FORMATS.map((value) => (
              <label key={value}>
                <input type="radio" name={`${id}-format`} checked={format === value} onChange={() => setFormat(value)} />
                {t(`import.formats.${value}`)}
              </label>
            ))}
          </fieldset>
          <div className="admin-field">
            <label htmlFor={`${id}-venue`}>{t('import.venue')}</label>
            <select
              id={`${id}-venue`}
              value={venueId}
              onChange={(e) => setVenueId(Number(e.currentTarget.value))}
              aria-invalid={fields.venueId ? true : undefined}
            >
              {venues.map((v) => (
                <option key={v.id} value={v.id}>
                  {pickLocalized(v.name, lang)}
                </option>
              ))}
            </select>
            {fields.venueId ? <p className="admin-field__error">{fieldText(fields.venueId)}</p> : null}
          </div>
        </>
      ) : (
        <div className="admin-field">
          <label htmlFor={`${id}-hall`}>{t('import.hall')}</label>
          <select id={`${id}-hall`} value={hallId} onChange={(e) => setHallId(Number(e.currentTarget.value))}>
            {halls.map((h) => (
              <option key={h.id} value={h.id}>
                {pickLocalized(h.name, lang)}
              </option>
            ))}
          </select>
          <p className="admin-field__hint">{t('import.formatHint')}</p>
        </div>
      )}
      <div className="admin-field">
        <label htmlFor={`${id}-file`}>{t('import.file')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept="application/json,.json"
          onChange={async (e) => {
            const file = e.currentTarget.files?.[0];
            if (file) setSource(await file.text());
          }}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-source`}>{t('import.source')}</label>
        <textarea
          id={`${id}-source`}
          className="halls-import__source"
          value={source}
          maxLength={HALL_LIMITS.sourceMaxChars}
          spellCheck={false}
          onChange={(e) => setSource(e.currentTarget.value)}
          aria-invalid={sourceError ? true : undefined}
          aria-describedby={`${id}-source-hint${sourceError ? ` ${id}-source-error` : ''}`}
        />
        <p className="admin-field__hint" id={`${id}-source-hint`}>
          {t('import.sourceHint')}
        </p>
        {sourceError ? (
          <p className="admin-field__error" id={`${id}-source-error`}>
            {fieldText(sourceError)}
          </p>
        ) : null}
      </div>
      <div className="halls-panel__actions">
        <button type="button" className="admin-button admin-button--plain" disabled={busy} onClick={() => run('preview')}>
          {t('import.preview')}
        </button>
        <button type="button" className="admin-button" disabled={busy} onClick={() => run('save')}>
          {t('import.save')}
        </button>
      </div>
      <p role="alert" className="admin-field__error halls-import__error">
        {error}
      </p>
      <p role="status">{status}</p>
      {preview && model ? (
        <section aria-labelledby={`${id}-preview`}>
          <h3 id={`${id}-preview`}>{t('import.previewHeading')}</h3>
          <p>{t('import.previewCounts', preview.counts)}</p>
          {leftOut.length > 0 ? (
            <div className="halls-import__left-out">
              <h4 id={`${id}-left-out`}>{t('import.leftOutHeading')}</h4>
              <ul aria-labelledby={`${id}-left-out`}>
                {leftOut.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <HallCanvas model={model} svg={preview.map.svg} label={t('map.label', { hall: pickLocalized(preview.hall.name, lang) })} />
        </section>
      ) : null}
    </section>
  );
}

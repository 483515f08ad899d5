import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESK_REGISTER_NAME } from '../../../../contract/admin/desk-register-rules.ts';
import { type RegisterSettings, saveRegisterSettings } from './register-settings.ts';

/** This computer's register: its name, and whether receipts go through its driver (at which address) or are printed elsewhere. */
export function RegisterSettingsForm({ settings, onSaved }: { settings: RegisterSettings; onSaved: (next: RegisterSettings) => void }) {
  const { t } = useTranslation('admin-register');
  const id = useId();
  const [draft, setDraft] = useState(settings);
  const [note, setNote] = useState('');
  const valid = DESK_REGISTER_NAME.test(draft.name.trim());
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const next = { ...draft, name: draft.name.trim(), url: draft.url.trim() };
    saveRegisterSettings(next);
    onSaved(next);
    setNote(t('saved'));
  };
  return (
    <details className="admin-card">
      <summary>{t('settings')}</summary>
      <form className="admin-stack" onSubmit={save} noValidate>
        <label className="admin-field">
          <span>{t('name')}</span>
          <input
            className="admin-input"
            value={draft.name}
            aria-invalid={!valid}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
          <span id={`${id}-hint`} className="admin-hint">
            {t('nameHint')}
          </span>
        </label>
        <fieldset className="admin-desk__payment">
          <legend>{t('mode')}</legend>
          {(['driver', 'elsewhere'] as const).map((mode) => (
            <label key={mode} className="admin-check">
              <input type="radio" name={`${id}-mode`} checked={draft.mode === mode} onChange={() => setDraft({ ...draft, mode })} />
              <span>{t(mode === 'driver' ? 'useDriver' : 'useElsewhere')}</span>
            </label>
          ))}
        </fieldset>
        {draft.mode === 'driver' ? (
          <label className="admin-field">
            <span>{t('url')}</span>
            <input
              className="admin-input"
              type="url"
              value={draft.url}
              placeholder="http://127.0.0.1:16732"
              onChange={(e) => setDraft({ ...draft, url: e.target.value })}
            />
          </label>
        ) : null}
        <div className="admin-actions">
          <button type="submit" className="admin-button" disabled={!valid}>
            {t('save')}
          </button>
        </div>
        <p role="status">{note}</p>
      </form>
    </details>
  );
}

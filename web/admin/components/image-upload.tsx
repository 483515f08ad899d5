import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUploadResponse } from '../../../contract/admin/images.ts';
import { normalizeLang } from '../../../contract/lang.ts';
import { apiUpload, toApiError } from '../../lib/api.ts';

/** What the server decodes; the picker offers these, though any file is checked by its content. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

type Props = {
  label: string;
  /** The stored URL ('' for none). */
  value: string;
  onChange: (url: string) => void;
  /** The preview's box (CSS px): the place the storefront draws the picture at. */
  preview: { width: number; height: number };
  hint?: string | undefined;
  error?: string | undefined;
};

/**
 * A picture of the catalog or the setup: upload (the server checks it is an image, turns it
 * upright, strips its metadata and makes the sizes the pages use), replace, remove. The preview is
 * decorative, as the storefront's own use of the picture is, so it has no alternative text.
 * The file input is never disabled while a file uploads (a disabled control drops the focus to
 * the page's <body>): it says it is busy and ignores a pick meanwhile. Removing the picture takes
 * its button away, so focus moves to the file input beside it.
 */
export function ImageUpload({ label, value, onChange, preview, hint, error }: Props) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const problem = failure ?? error;
  const described = [`${id}-hint`, problem ? `${id}-error` : ''].filter(Boolean).join(' ');

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await apiUpload(`/api/admin/images?lang=${normalizeLang(i18n.language)}`, file, imageUploadResponse);
      onChange(answer.url);
    } catch (caught) {
      setFailure(toApiError(caught).text || t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-field admin-image" role="group" aria-labelledby={`${id}-label`} aria-busy={busy}>
      <span id={`${id}-label`} className="admin-image__label">
        {label}
      </span>
      <div className="admin-image__row">
        <span className="admin-image__preview" style={{ width: preview.width, aspectRatio: `${preview.width} / ${preview.height}` }}>
          {value ? (
            <img src={value} alt="" width={preview.width} height={preview.height} />
          ) : (
            <span className="admin-field__hint">{t('image.none')}</span>
          )}
        </span>
        <div className="admin-image__actions">
          <label className="admin-button admin-button--plain admin-image__pick">
            {busy ? t('image.uploading') : value ? t('image.replace') : t('image.upload')}
            <input
              ref={picker}
              type="file"
              accept={ACCEPT}
              className="admin-visually-hidden"
              aria-disabled={busy || undefined}
              aria-describedby={described}
              aria-invalid={problem ? true : undefined}
              onClick={(event) => {
                if (busy) event.preventDefault();
              }}
              onChange={(event) => {
                const input = event.currentTarget;
                if (busy) return;
                void upload(input.files?.[0]).finally(() => {
                  input.value = '';
                });
              }}
            />
          </label>
          {value ? (
            <button
              type="button"
              className="admin-button admin-button--plain"
              disabled={busy}
              onClick={() => {
                onChange('');
                picker.current?.focus();
              }}
            >
              {t('image.remove')}
            </button>
          ) : null}
        </div>
      </div>
      <p className="admin-field__hint" id={`${id}-hint`}>
        {hint ?? t('image.hint')}
      </p>
      {problem ? (
        <p className="admin-field__error" id={`${id}-error`} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

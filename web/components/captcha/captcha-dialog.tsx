import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_TEXT_MAX } from '../../../contract/order-form-constants.ts';
import { checkCaptcha, fetchCaptcha } from './captcha-api.ts';
import './captcha.css';

export type CaptchaDialogProps = { open: boolean; onPassed: (sid: string, text: string) => void; onCancel: () => void };

/**
 * The image captcha modal (spec section 2): 'Введите код', input max 8 characters, 'Отправить',
 * click the image to reload. The answer is checked first (POST /api/captcha/check), so a typo
 * costs a new image here rather than a refused order; the order then uses the same sid and text.
 */
export function CaptchaDialog({ open, onPassed, onCancel }: CaptchaDialogProps) {
  // No suspense: the catalog loads while the page shows, and the page never blanks for it.
  const { t, ready } = useTranslation('captcha', { useSuspense: false });
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const [captcha, setCaptcha] = useState<{ code: string; sid: string } | undefined>();
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState('');
  const [wrong, setWrong] = useState(false);
  const [busy, setBusy] = useState(false);
  // Only the newest image request counts (the visitor may click the image again before it loads).
  const request = useRef(0);

  const reload = useCallback(async () => {
    const id = ++request.current;
    setText('');
    setCaptcha(undefined);
    setFailed(false);
    try {
      const next = await fetchCaptcha();
      if (id === request.current) setCaptcha(next);
    } catch {
      if (id === request.current) setFailed(true);
    }
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setWrong(false);
      void reload();
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open, reload]);

  const submit = async () => {
    if (!captcha || !text) return;
    setBusy(true);
    try {
      if (await checkCaptcha(captcha.sid, text)) {
        onPassed(captcha.sid, text);
      } else {
        // A wrong answer uses the image up: show a new one (spec section 8).
        setWrong(true);
        await reload();
        inputRef.current?.focus();
      }
    } catch {
      // The check could not be made (network): start again with a new image.
      await reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="modal captcha-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open && ready && (
        <form
          className="modal__panel"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <h2 id={titleId} className="modal__title">
            {t('title')}
          </h2>
          <button type="button" className="captcha-dialog__image" aria-label={t('image')} onClick={() => void reload()}>
            {captcha ? (
              // Our own server's markup: an <img> of a PNG data: URI, its size set (no shift).
              <span dangerouslySetInnerHTML={{ __html: captcha.code }} />
            ) : failed ? (
              <span className="captcha-dialog__placeholder captcha-dialog__failed">{t('failed')}</span>
            ) : (
              <span className="skeleton captcha-dialog__placeholder" />
            )}
          </button>
          <div className="captcha-dialog__field">
            <label htmlFor={inputId}>{t('input')}</label>
            <input
              className="text-input captcha-dialog__input"
              id={inputId}
              ref={inputRef}
              value={text}
              maxLength={CAPTCHA_TEXT_MAX}
              autoComplete="off"
              autoFocus
              aria-invalid={wrong || undefined}
              aria-describedby={wrong ? errorId : undefined}
              onChange={(event) => setText(event.target.value)}
            />
            {wrong && (
              <p className="captcha-dialog__error" id={errorId}>
                {t('wrong')}
              </p>
            )}
          </div>
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {t('cancel')}
            </button>
            <button type="submit" className="button button--primary" disabled={busy || !captcha || text.length === 0}>
              {t('submit')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

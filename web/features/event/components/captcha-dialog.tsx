import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_TEXT_MAX } from '../../../../contract/order-create.ts';
import { checkCaptcha, fetchCaptcha } from '../api/event-api.ts';

type Props = { open: boolean; onPassed: (sid: string, text: string) => void; onCancel: () => void };

/** The image captcha modal: 'Введите код', input max 8 characters, 'Отправить', click the image to reload. */
export function CaptchaDialog({ open, onPassed, onCancel }: Props) {
  const { t } = useTranslation('event');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const inputId = useId();
  const [captcha, setCaptcha] = useState<{ code: string; sid: string } | undefined>();
  const [text, setText] = useState('');
  const [wrong, setWrong] = useState(false);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    setText('');
    setCaptcha(undefined);
    try {
      setCaptcha(await fetchCaptcha());
    } catch {
      setCaptcha(undefined);
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
      }
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
      {open && (
        <form
          className="modal__panel"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <h2 id={titleId} className="modal__title">
            {t('captcha.title')}
          </h2>
          <button type="button" className="captcha-dialog__image" aria-label={t('captcha.image')} onClick={() => void reload()}>
            {captcha ? (
              // The markup is our own server's SVG of stroked paths.
              <span dangerouslySetInnerHTML={{ __html: captcha.code }} />
            ) : (
              <span className="skeleton captcha-dialog__placeholder" />
            )}
          </button>
          <div className="field">
            <label htmlFor={inputId}>{t('captcha.input')}</label>
            <input
              id={inputId}
              value={text}
              maxLength={CAPTCHA_TEXT_MAX}
              autoComplete="off"
              autoFocus
              aria-invalid={wrong || undefined}
              onChange={(event) => setText(event.target.value)}
            />
            {wrong && <p className="field__error">{t('captcha.wrong')}</p>}
          </div>
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {t('captcha.cancel')}
            </button>
            <button type="submit" className="button button--primary" disabled={busy || !captcha || text.length === 0}>
              {t('captcha.submit')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

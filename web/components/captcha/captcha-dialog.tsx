import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_TEXT_MAX } from '../../../contract/order-form-constants.ts';
import { useLang } from '../../lib/use-lang.ts';
import { checkCaptcha, fetchCaptcha, fetchCaptchaAudio } from './captcha-api.ts';
import './captcha.css';

export type CaptchaDialogProps = {
  open: boolean;
  onPassed: (sid: string, text: string) => void;
  onCancel: () => void;
  /** Asked in place of a token captcha that could not run (SmartCaptcha's fallback): says so. */
  fallback?: boolean | undefined;
};

type Mode = 'image' | 'audio';
type Challenge = { sid: string; code?: string; audio?: string };

/**
 * The image captcha modal: 'Введите код', input max 8 characters, 'Отправить',
 * click the image to reload. The answer is checked first (POST /api/captcha/check), so a typo
 * costs a new image here rather than a refused order; the order then uses the same sid and text.
 *
 * 'Прослушать код' swaps the image for its audio alternative (WCAG 2.1 SC 1.1.1, docs/captcha.md):
 * a new challenge of 5 spoken digits in the page's language, an <audio controls> that gets the
 * focus and starts playing after that click, 'Другая запись' and 'Показать картинку'. The same
 * field and 'Отправить' answer it; the dialog keeps the mode the visitor chose when it reopens.
 */
export function CaptchaDialog({ open, onPassed, onCancel, fallback = false }: CaptchaDialogProps) {
  // No suspense: the catalog loads while the page shows, and the page never blanks for it.
  const { t, ready } = useTranslation('captcha', { useSuspense: false });
  const lang = useLang();
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const fallbackId = useId();
  const [mode, setMode] = useState<Mode>('image');
  const [captcha, setCaptcha] = useState<Challenge | undefined>();
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState('');
  const [wrong, setWrong] = useState(false);
  const [busy, setBusy] = useState(false);
  // Only the newest image request counts (the visitor may click the image again before it loads).
  const request = useRef(0);
  // The mode of the newest request, for a reload that does not change it.
  const modeRef = useRef<Mode>('image');
  // Set by a click on 'Прослушать код' or 'Другая запись': the next recording plays at once.
  const playNext = useRef(false);

  const reload = useCallback(
    async (next: Mode = modeRef.current) => {
      const id = ++request.current;
      modeRef.current = next;
      setMode(next);
      setText('');
      setCaptcha(undefined);
      setFailed(false);
      try {
        const challenge: Challenge = next === 'audio' ? await fetchCaptchaAudio(lang) : await fetchCaptcha();
        if (id === request.current) setCaptcha(challenge);
      } catch {
        if (id === request.current) setFailed(true);
      }
    },
    [lang],
  );

  // A recording asked for by a click plays as soon as it is there (never on its own otherwise).
  useEffect(() => {
    if (!captcha?.audio || !playNext.current) return;
    playNext.current = false;
    const played = audioRef.current?.play();
    if (played) played.catch(() => {});
  }, [captcha]);

  // Set by 'Прослушать код': the focus goes to the player once it is drawn (before its recording
  // comes), where 'Play' is. 'Другая запись' keeps the focus on itself.
  const focusPlayer = useRef(false);
  useEffect(() => {
    if (mode !== 'audio' || !focusPlayer.current) return;
    focusPlayer.current = false;
    audioRef.current?.focus();
  }, [mode]);

  const listen = () => {
    playNext.current = true;
    if (modeRef.current !== 'audio') focusPlayer.current = true;
    void reload('audio');
  };
  const showImage = () => {
    playNext.current = false;
    audioRef.current?.pause();
    void reload('image');
    inputRef.current?.focus();
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setWrong(false);
      playNext.current = false;
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
        // A wrong answer uses the image (or recording) up: show a new one.
        setWrong(true);
        playNext.current = false;
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
      aria-describedby={open && fallback ? fallbackId : undefined}
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
          {fallback && (
            <p className="captcha-dialog__hint" id={fallbackId}>
              {t('fallback')}
            </p>
          )}
          {mode === 'image' ? (
            <div className="captcha-dialog__challenge">
              <button type="button" className="captcha-dialog__image" aria-label={t('image')} onClick={() => void reload('image')}>
                {captcha?.code ? (
                  // Our own server's markup: an <img> of a PNG data: URI, its size set (no shift).
                  <span dangerouslySetInnerHTML={{ __html: captcha.code }} />
                ) : failed ? (
                  <span className="captcha-dialog__placeholder captcha-dialog__failed">{t('failed')}</span>
                ) : (
                  <span className="skeleton captcha-dialog__placeholder" />
                )}
              </button>
              <button type="button" className="captcha-dialog__switch" onClick={listen}>
                {t('listen')}
              </button>
            </div>
          ) : (
            <div className="captcha-dialog__challenge">
              <p className="captcha-dialog__hint" id={hintId}>
                {t('audioHint')}
              </p>
              {/* There before its recording (src comes with it), so the focus can go to it at once. */}
              <audio
                ref={audioRef}
                className="captcha-dialog__audio"
                controls
                preload="auto"
                tabIndex={0}
                aria-label={t('audio')}
                aria-describedby={hintId}
                src={captcha?.audio}
              />
              {failed && (
                <p className="captcha-dialog__failed-audio" role="alert">
                  {t('audioFailed')}
                </p>
              )}
              <div className="captcha-dialog__switches">
                <button type="button" className="captcha-dialog__switch" onClick={listen}>
                  {t('newAudio')}
                </button>
                <button type="button" className="captcha-dialog__switch" onClick={showImage}>
                  {t('backToImage')}
                </button>
              </div>
            </div>
          )}
          <div className="captcha-dialog__field">
            <label htmlFor={inputId}>{mode === 'audio' ? t('audioInput') : t('input')}</label>
            <input
              className="text-input captcha-dialog__input"
              id={inputId}
              ref={inputRef}
              value={text}
              maxLength={CAPTCHA_TEXT_MAX}
              autoComplete="off"
              inputMode={mode === 'audio' ? 'numeric' : undefined}
              autoFocus
              aria-invalid={wrong || undefined}
              aria-describedby={[wrong ? errorId : '', mode === 'audio' ? hintId : ''].filter(Boolean).join(' ') || undefined}
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

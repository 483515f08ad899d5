import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../contract/errors.ts';
import { type ModalApi, ModalContext, type ModalMessage } from './modal-context.ts';
import { useModalDialog } from './use-modal-dialog.ts';
import './modal.css';

function asModalError(error: unknown): { code: string; text: string } {
  if (error !== null && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    const text = 'text' in error && typeof error.text === 'string' ? error.text : '';
    return { code: error.code, text };
  }
  return { code: ErrorCode.inner, text: '' };
}

/** Holds the queue of messages and shows the first one in a native modal <dialog>. */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ModalMessage[]>([]);
  const push = useCallback((message: ModalMessage) => setQueue((current) => [...current, message]), []);
  const api = useMemo<ModalApi>(
    () => ({
      error: (error, context) => push({ kind: 'error', ...asModalError(error), context }),
      warning: (text) => push({ kind: 'warning', text }),
      info: (text) => push({ kind: 'info', text }),
    }),
    [push],
  );
  const close = useCallback(() => setQueue((current) => current.slice(1)), []);
  return (
    <ModalContext value={api}>
      {children}
      <ModalDialog message={queue[0]} onClose={close} />
    </ModalContext>
  );
}

function ModalDialog({ message, onClose }: { message: ModalMessage | undefined; onClose: () => void }) {
  const { t } = useTranslation('errors');
  const isOpen = message !== undefined;
  const dialogRef = useModalDialog(isOpen);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    if (isOpen) dialogRef.current?.querySelector<HTMLButtonElement>('[data-autofocus]')?.focus();
  }, [isOpen, message, dialogRef]);

  let title = '';
  let text = '';
  if (message?.kind === 'error') {
    title = t(message.context === 'createOrder' ? 'modal.errorCreatingOrder' : 'modal.errorWithCode', { code: message.code });
    text = message.text || t(`codes.${message.code}`, { code: message.code, defaultValue: t(`codes.${ErrorCode.inner}`) });
  } else if (message) {
    title = t(`modal.${message.kind}`);
    text = message.text;
  }

  return (
    <dialog
      ref={dialogRef}
      className={`modal modal--${message?.kind ?? 'info'}`}
      role={message?.kind === 'error' ? 'alertdialog' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Escape fires 'cancel'; close through state so the queue and the dialog agree.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) onClose(); // a click on the backdrop
      }}
    >
      {message && (
        <div className="modal__panel">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <p id={textId} className="modal__text" aria-live="assertive">
            {text}
          </p>
          <div className="modal__actions">
            <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
              {t('modal.close')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

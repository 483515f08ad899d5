import { useEffect, useId, useRef } from 'react';

type Props = { open: boolean; title: string; text: string; ok: string; cancel: string; onOk: () => void; onCancel: () => void };

/** A native modal dialog asking to confirm (subscription orders). */
export function ConfirmDialog({ open, title, text, ok, cancel, onOk, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <div className="modal__panel">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <p id={textId} className="modal__text">
            {text}
          </p>
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {cancel}
            </button>
            <button type="button" className="button button--primary" autoFocus onClick={onOk}>
              {ok}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

import { useId } from 'react';
import { useModalDialog } from '../../components/modal/use-modal-dialog.ts';
import './desk.css';

type Props = {
  title: string;
  /** What the action does, in a sentence or two: who, from what to what, what follows from it. */
  children: React.ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Marks the action as one that hands out or takes away much (the text says what). */
  serious?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal question before a change that is hard to take back (a role, a disabled account): the
 * page is inert behind it, Escape and the cancel button back out, focus returns to what opened it.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, serious = false, busy = false, onConfirm, onCancel }: Props) {
  const ref = useModalDialog();
  const id = useId();
  return (
    <dialog
      ref={ref}
      className={serious ? 'admin-dialog admin-dialog--serious' : 'admin-dialog'}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <h2 className="admin-subheading" id={`${id}-title`}>
          {title}
        </h2>
        <div id={`${id}-text`}>{children}</div>
        <div className="admin-actions">
          <button className="admin-button" type="submit" disabled={busy}>
            {confirmLabel}
          </button>
          <button className="admin-button admin-button--plain" type="button" onClick={onCancel} disabled={busy} autoFocus>
            {cancelLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

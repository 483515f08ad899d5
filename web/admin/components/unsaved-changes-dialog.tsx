import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../components/modal/use-modal-dialog.ts';
import { answerLeave, usePendingLeave } from './unsaved-changes.ts';

/**
 * The question before unsaved changes are lost (one for the whole back office, in its shell): a
 * modal dialog whose first button, focused, keeps the member on the page with their edits.
 */
export function UnsavedChangesDialog() {
  const open = usePendingLeave();
  return open ? <LeaveDialog /> : null;
}

function LeaveDialog() {
  const { t } = useTranslation('admin');
  const ref = useModalDialog();
  const id = useId();
  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        // Escape means stay: the dialog closes through the answer, so React keeps the state.
        event.preventDefault();
        answerLeave(false);
      }}
    >
      <div className="admin-stack">
        <h2 className="admin-subheading" id={`${id}-title`}>
          {t('unsaved.title')}
        </h2>
        <p id={`${id}-text`}>{t('unsaved.text')}</p>
        <div className="admin-actions">
          <button className="admin-button" type="button" autoFocus onClick={() => answerLeave(false)}>
            {t('unsaved.stay')}
          </button>
          <button className="admin-button admin-button--plain" type="button" onClick={() => answerLeave(true)}>
            {t('unsaved.leave')}
          </button>
        </div>
      </div>
    </dialog>
  );
}

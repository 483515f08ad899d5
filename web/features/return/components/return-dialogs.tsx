import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../../components/modal/use-modal-dialog.ts';

/** 'Заявление создано': the e-mail with a link valid 24 hours; 'Понятно' sends the request. */
export function CreatedDialog({ onOk, onCancel }: { onOk: () => void; onCancel: () => void }) {
  const { t } = useTranslation('return');
  const ref = useModalDialog();
  const titleId = useId();
  const textId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(e) => (e.preventDefault(), onCancel())}
    >
      <h2 id={titleId}>{t('created.title')}</h2>
      <p id={textId}>{t('created.text')}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onOk} autoFocus>
          {t('created.ok')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('created.cancel')}
        </button>
      </div>
    </dialog>
  );
}

/** 'Заявление принято / Ваше заявление принято и передано в работу'. */
export function AcceptedDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('return');
  const ref = useModalDialog();
  const titleId = useId();
  const textId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(e) => (e.preventDefault(), onClose())}
    >
      <h2 id={titleId}>{t('accepted.title')}</h2>
      <p id={textId}>{t('accepted.text')}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose} autoFocus>
          {t('accepted.ok')}
        </button>
      </div>
    </dialog>
  );
}

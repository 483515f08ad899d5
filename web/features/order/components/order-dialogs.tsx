import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../../components/modal/use-modal-dialog.ts';

/** The QR payment modal: 'Оплата заказа №N, нажмите на QR-код или отсканируйте его'. */
export function QrPaymentModal({ number, url, image, onClose }: { number: number; url: string; image: string; onClose: () => void }) {
  const { t } = useTranslation('order');
  const ref = useModalDialog();
  return (
    <dialog ref={ref} className="dialog qr-pay" aria-labelledby="qr-pay-title" onCancel={(e) => (e.preventDefault(), onClose())}>
      <h2 id="qr-pay-title">{t('payment.qrTitle', { number })}</h2>
      <a href={url} target="_blank" rel="noopener" className="qr-pay__link">
        <img src={image} width={240} height={240} alt={t('payment.qrAlt')} />
      </a>
      <p role="status">{t('payment.qrWaiting')}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('payment.close')}
        </button>
      </div>
    </dialog>
  );
}

/**
 * Asked before paying when special offers exist but none was chosen. 'Выбрать предложения' opens
 * the offers; Escape only dismisses the question (the visitor goes back to Pay).
 */
export function NoOffersConfirm({ onPay, onBack, onDismiss }: { onPay: () => void; onBack: () => void; onDismiss: () => void }) {
  const { t } = useTranslation('order');
  const ref = useModalDialog();
  return (
    <dialog
      ref={ref}
      className="dialog"
      role="alertdialog"
      aria-labelledby="no-offers-title"
      aria-describedby="no-offers-text"
      onCancel={(e) => (e.preventDefault(), onDismiss())}
    >
      <h2 id="no-offers-title">{t('payment.confirmTitle')}</h2>
      <p id="no-offers-text">{t('payment.confirmText')}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onPay}>
          {t('payment.confirmPay')}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack} autoFocus>
          {t('payment.confirmBack')}
        </button>
      </div>
    </dialog>
  );
}

/** Posts the bank's fields to form_action, as a 3-D Secure hand-over does. */
export function submitBankForm(action: string, fields: Record<string, string>) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

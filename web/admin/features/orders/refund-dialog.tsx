import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refundQuoteResponse, staffRefundResponse } from '../../../../contract/admin/orders.ts';
import { DESK_LIMITS } from '../../../../contract/admin/orders-rules.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { useModalDialog } from '../../../components/modal/use-modal-dialog.ts';
import { apiPost } from '../../../lib/api.ts';
import { useCardForm } from '../../components/card-form.tsx';
import { useFieldError } from '../../components/field-errors.tsx';
import { orderQueryKey, pickText } from '../../lib/format.ts';
import { formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';

type Props = {
  orderId: number;
  ticketIds: 'all' | number[];
  count: number;
  /** A ticket's name in the list of what is refunded (its holder, or its category and code). */
  labelOf: (ticketId: number) => string;
  /** Called with the success message after a refund, or with nothing when the member backs out. */
  onClose: (message?: string) => void;
};

/**
 * Confirms a refund. The share follows the refund policy unless the member sets it by hand; the
 * reason is always asked for, because every staff refund is recorded with why it was made.
 */
export function RefundDialog({ orderId, ticketIds, count, labelOf, onClose }: Props) {
  const { t, i18n } = useTranslation(['admin-orders', 'admin']);
  const venue = useVenue();
  const lang = normalizeLang(i18n.language);
  const queryClient = useQueryClient();
  const ref = useModalDialog();
  const id = useId();
  const [manual, setManual] = useState(false);
  const [percent, setPercent] = useState('100');
  const [reason, setReason] = useState('');
  const { busy, message, fields, submitWith } = useCardForm();
  const fieldError = useFieldError(id, fields);

  // What the refund gives back, as the server will compute it: asked again as the share changes
  // (only for a share it would accept; a bad one is refused on its field when submitted).
  const typed = Number(percent);
  const share = manual ? (percent.trim() !== '' && Number.isInteger(typed) && typed >= 0 && typed <= 100 ? typed : undefined) : null;
  const quote = useQuery({
    queryKey: [...orderQueryKey(orderId), 'refund-quote', ticketIds, share],
    queryFn: ({ signal }) =>
      apiPost(`/api/admin/orders/${orderId}/refund-quote`, { ticketIds, percent: share ?? null, lang }, refundQuoteResponse, { signal }),
    enabled: share !== undefined,
    placeholderData: (previous) => previous,
    retry: false,
  });

  const submit = submitWith(async () => {
    // An unreadable share goes to the server as is, so the refusal comes back on the field.
    const share = manual ? (percent.trim() === '' ? Number.NaN : Number(percent)) : null;
    const answer = await apiPost(
      `/api/admin/orders/${orderId}/refund`,
      { ticketIds, percent: share !== null && Number.isNaN(share) ? percent : share, reason, lang },
      staffRefundResponse,
    );
    await queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    onClose(t('refund.done', { amount: formatMoney(answer.amount, venue.currency, lang) }));
    return '';
  });

  return (
    <dialog ref={ref} className="admin-dialog" aria-labelledby={`${id}-title`} onCancel={(e) => (busy ? e.preventDefault() : onClose())}>
      <form onSubmit={submit} noValidate>
        <h2 className="admin-subheading" id={`${id}-title`}>
          {ticketIds === 'all' ? t('refund.titleAll') : t('refund.titleChosen', { n: count })}
        </h2>
        <p>{t('refund.confirmText', { n: count })}</p>
        <div className="admin-refund-quote" aria-live="polite" aria-busy={quote.isFetching}>
          {quote.data ? (
            <>
              <p>
                <strong>{t('refund.quoteTotal', { amount: formatMoney(quote.data.amount, venue.currency, lang) })}</strong>
              </p>
              <ul aria-label={t('refund.quoteCaption')}>
                {quote.data.tickets.map((ticket) => (
                  <li key={ticket.id}>
                    {t('refund.quoteTicket', {
                      ticket: labelOf(ticket.id),
                      amount: formatMoney(ticket.amount, venue.currency, lang),
                      percent: ticket.percent,
                    })}
                  </li>
                ))}
                {quote.data.services.map((service) => (
                  <li key={`${pickText(service.name, 'ru')}:${service.amount}`}>
                    {t('refund.quoteService', {
                      name: pickText(service.name, lang),
                      amount: formatMoney(service.amount, venue.currency, lang),
                    })}
                  </li>
                ))}
              </ul>
            </>
          ) : quote.isError ? null : (
            <p>{t('refund.quoteLoading')}</p>
          )}
        </div>
        <p role="alert">{message}</p>
        {fieldError.message('ticketIds')}
        <div className="admin-field admin-field--check">
          <input id={`${id}-manual`} type="checkbox" checked={manual} onChange={(e) => setManual(e.currentTarget.checked)} />
          <label htmlFor={`${id}-manual`}>{t('refund.manual')}</label>
        </div>
        {manual ? (
          <div className="admin-field">
            <label htmlFor={`${id}-percent`}>{t('refund.percent')}</label>
            <input
              id={`${id}-percent`}
              inputMode="numeric"
              value={percent}
              onChange={(e) => setPercent(e.currentTarget.value)}
              {...fieldError.attrs('percent')}
            />
            {fieldError.message('percent')}
          </div>
        ) : null}
        <div className="admin-field">
          <label htmlFor={`${id}-reason`}>{t('refund.reason')}</label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={DESK_LIMITS.reasonMax}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            {...fieldError.attrs('reason')}
          />
          {fieldError.message('reason')}
        </div>
        <div className="admin-actions">
          <button className="admin-button" type="submit" disabled={busy}>
            {busy ? t('refund.submitting') : t('refund.submit')}
          </button>
          <button className="admin-button admin-button--quiet" type="button" onClick={() => onClose()} disabled={busy}>
            {t('refund.back')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

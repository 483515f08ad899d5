import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exchangeOptionsResponse, exchangeQuoteResponse, exchangeResponse } from '../../../../contract/admin/order-exchange.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { useModalDialog } from '../../../components/modal/use-modal-dialog.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { formatDateTime, formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { useCardForm } from '../../components/card-form.tsx';
import { type ChosenSeat, SeatPicker } from '../../components/seat-picker.tsx';
import { orderQueryKey, pickText } from '../../lib/format.ts';

type Props = {
  orderId: number;
  ticketIds: number[];
  labelOf: (ticketId: number) => string;
  onClose: (message?: string) => void;
};

/**
 * Exchanges the chosen tickets for another session and category of the same event: the member
 * picks the session and a price per ticket (on a seated event, one seat per ticket on the hall
 * map, each priced by its zone and the map's category), sees what was paid, what the new places cost and the
 * difference (refunded, or paid by the buyer through an e-mailed link), and confirms.
 */
export function ExchangeDialog({ orderId, ticketIds, labelOf, onClose }: Props) {
  const { t, i18n } = useTranslation(['admin-orders', 'admin']);
  const venue = useVenue();
  const lang = normalizeLang(i18n.language);
  const queryClient = useQueryClient();
  const ref = useModalDialog();
  const id = useId();
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [prices, setPrices] = useState<Record<number, number>>({});
  const [seats, setSeats] = useState<ChosenSeat[]>([]);
  const { busy, message, submitWith } = useCardForm();
  const money = (amount: number) => formatMoney(amount, venue.currency, lang);

  const options = useQuery({
    queryKey: [...orderQueryKey(orderId), 'exchange-options'],
    queryFn: ({ signal }) => apiGet(`/api/admin/orders/${orderId}/exchange-options?lang=${lang}`, exchangeOptionsResponse, { signal }),
    retry: false,
  });
  const session = options.data?.sessions.find((s) => s.id === sessionId);
  const byMap = options.data?.useSeatMap === true;
  // A seated session: the seats chosen on the map, in the order chosen, go to the tickets in the dialog's order.
  const places = byMap
    ? seats.map((seat) => ({ priceId: seat.priceId, seatId: seat.seatId }))
    : ticketIds.map((ticketId) => ({ priceId: prices[ticketId] ?? session?.prices[0]?.id ?? 0, seatId: null }));
  const ready = session !== undefined && places.length === ticketIds.length && places.every((p) => p.priceId > 0);
  const body = { ticketIds, sessionId: sessionId ?? 0, places, lang };
  const quote = useQuery({
    queryKey: [...orderQueryKey(orderId), 'exchange-quote', body],
    queryFn: ({ signal }) => apiPost(`/api/admin/orders/${orderId}/exchange-quote`, body, exchangeQuoteResponse, { signal }),
    enabled: ready,
    retry: false,
  });

  const submit = submitWith(async () => {
    if (!quote.data) return '';
    const answer = await apiPost(
      `/api/admin/orders/${orderId}/exchange`,
      { ...body, expectedDifference: quote.data.difference },
      exchangeResponse,
    );
    await queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    onClose(
      answer.status === 'awaiting-payment'
        ? t('exchange.doneAwaiting', { amount: money(answer.difference) })
        : answer.difference < 0
          ? t('exchange.doneRefund', { amount: money(-answer.difference) })
          : t('exchange.done'),
    );
    return '';
  });

  const difference = quote.data?.difference ?? 0;
  return (
    <dialog ref={ref} className="admin-dialog" aria-labelledby={`${id}-title`} onCancel={(e) => (busy ? e.preventDefault() : onClose())}>
      <form onSubmit={submit} noValidate>
        <h2 className="admin-subheading" id={`${id}-title`}>
          {t('exchange.title', { n: ticketIds.length })}
        </h2>
        <p>{t('exchange.text')}</p>
        {options.isPending ? <p aria-busy="true">{t('exchange.loading')}</p> : null}
        {options.data ? (
          <>
            <div className="admin-field">
              <label htmlFor={`${id}-session`}>{t('exchange.session')}</label>
              <select
                id={`${id}-session`}
                value={sessionId ?? ''}
                onChange={(e) => {
                  setSessionId(e.currentTarget.value ? Number(e.currentTarget.value) : null);
                  setPrices({});
                  setSeats([]);
                }}
              >
                <option value="">{t('exchange.chooseSession')}</option>
                {options.data.sessions.map((s) => (
                  <option key={s.id} value={s.id} disabled={s.remaining === 0}>
                    {t('exchange.sessionOption', { when: formatDateTime(s.startsAt, lang, venue.timeZone), left: s.remaining })}
                  </option>
                ))}
              </select>
            </div>
            {session && byMap ? (
              <>
                <p className="admin-field__hint">{t('exchange.seatsHint', { n: ticketIds.length })}</p>
                <SeatPicker
                  key={session.id}
                  eventHash={options.data.eventHash}
                  sessionId={session.id}
                  eventName={pickText(options.data.eventName, lang)}
                  prices={session.prices}
                  limit={ticketIds.length}
                  onChange={setSeats}
                />
              </>
            ) : null}
            {session && !byMap
              ? ticketIds.map((ticketId) => (
                  <div className="admin-field" key={ticketId}>
                    <label htmlFor={`${id}-p${ticketId}`}>{t('exchange.category', { ticket: labelOf(ticketId) })}</label>
                    <select
                      id={`${id}-p${ticketId}`}
                      value={prices[ticketId] ?? session.prices[0]?.id ?? ''}
                      onChange={(e) => {
                        const priceId = Number(e.currentTarget.value);
                        setPrices((now) => ({ ...now, [ticketId]: priceId }));
                      }}
                    >
                      {session.prices.map((p) => (
                        <option key={p.id} value={p.id}>
                          {[pickText(p.categoryName, lang), pickText(p.zoneName, lang)].filter(Boolean).join(', ')} —{' '}
                          {money(p.amount + p.fee)}
                        </option>
                      ))}
                    </select>
                  </div>
                ))
              : null}
          </>
        ) : null}
        <div className="admin-refund-quote" aria-live="polite" aria-busy={quote.isFetching}>
          {quote.data ? (
            <ul aria-label={t('exchange.quoteCaption')}>
              <li>{t('exchange.old', { amount: money(quote.data.oldAmount) })}</li>
              <li>{t('exchange.new', { amount: money(quote.data.newAmount) })}</li>
              <li>
                <strong>
                  {difference > 0
                    ? t('exchange.toPay', { amount: money(difference) })
                    : difference < 0
                      ? t('exchange.toRefund', { amount: money(-difference) })
                      : t('exchange.even')}
                </strong>
              </li>
            </ul>
          ) : quote.isError ? (
            <p role="alert">{quote.error.message}</p>
          ) : null}
        </div>
        <p role="alert">{message}</p>
        <div className="admin-actions">
          <button className="admin-button" type="submit" disabled={busy || !quote.data}>
            {busy ? t('exchange.submitting') : t('exchange.submit')}
          </button>
          <button className="admin-button admin-button--quiet" type="button" onClick={() => onClose()} disabled={busy}>
            {t('exchange.back')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

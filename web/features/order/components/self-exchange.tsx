import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '../../../../contract/errors.ts';
import { pickLocalized } from '../../../../contract/lang.ts';
import type { SelfExchangeOptions } from '../../../../contract/self-exchange.ts';
import { exchangePlacesRefusal, selfExchangeRefusal } from '../../../../contract/self-exchange-rules.ts';
import { useModal } from '../../../components/modal/modal-context.ts';
import { useModalDialog } from '../../../components/modal/use-modal-dialog.ts';
import { ApiError } from '../../../lib/api.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useFormatKopecks } from '../../../lib/use-money.ts';
import { useSetup } from '../../../lib/use-setup.ts';
import { formatDateTime } from '../../../lib/venue-format.ts';
import { exchangeOptionsQuery, makeExchange, quoteExchange } from '../api/order-api.ts';
import { type ExchangeSeat, ExchangeSeats } from './exchange-seats.tsx';

const DEFAULT_TIMEZONE = 'Europe/Moscow';

/** The venue's wall clock for the buyer's dates. */
function useWhen() {
  const lang = useLang();
  const { data: setup } = useSetup();
  const timeZone = setup?.app.timezone || DEFAULT_TIMEZONE;
  return (iso: string) => formatDateTime(iso, lang, timeZone);
}

/**
 * «Обменять билеты» on a paid order's page, when its event lets buyers exchange and the deadline
 * is ahead: the order view's `selfExchange` (the server applies contract/self-exchange-rules.ts),
 * so the button is there with the rest of the page. The dialog's contents (the tickets, the
 * sessions on sale) are asked for at the press, and the same rule is applied again then.
 */
export function SelfExchange({ hash, allowed, deadline }: { hash: string; allowed: boolean; deadline: string | null }) {
  const { t } = useTranslation('order');
  const lang = useLang();
  const modal = useModal();
  const when = useWhen();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<SelfExchangeOptions | null>(null);
  const [loading, setLoading] = useState(false);
  const untilId = useId();
  if (!allowed) return null;

  const press = async () => {
    setLoading(true);
    try {
      const data = await queryClient.fetchQuery({ ...exchangeOptionsQuery(hash, lang), staleTime: 0 });
      // The same rule as the server's, again at the press: the deadline may pass while the page is open.
      const at = new Date();
      const open = data.tickets.filter((x) => selfExchangeRefusal(data.hoursBefore, [new Date(x.startsAt)], at) === null);
      const code =
        data.refusal ??
        (open.length === 0
          ? (selfExchangeRefusal(
              data.hoursBefore,
              data.tickets.map((x) => new Date(x.startsAt)),
              at,
            ) ?? ErrorCode.selfExchangeTickets)
          : null);
      if (code === null) {
        setDialog({ ...data, tickets: open });
        return;
      }
      modal.error(new ApiError(code, ''));
      // The order changed since the page was loaded (or the deadline passed): the page catches up.
      void queryClient.invalidateQueries({ queryKey: ['order', hash] });
    } catch (error) {
      modal.error(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-describedby={untilId}
        aria-busy={loading}
        disabled={loading}
        onClick={() => void press()}
      >
        {t('exchange.open')}
      </button>
      <span className="visually-hidden" id={untilId}>
        {deadline ? t('exchange.until', { when: when(deadline) }) : ''}
      </span>
      {dialog && <ExchangeDialog hash={hash} data={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}

function ExchangeDialog({ hash, data, onClose }: { hash: string; data: SelfExchangeOptions; onClose: () => void }) {
  const { t } = useTranslation('order');
  const lang = useLang();
  const when = useWhen();
  const money = useFormatKopecks();
  const modal = useModal();
  const queryClient = useQueryClient();
  const ref = useModalDialog();
  const id = useId();
  const [chosen, setChosen] = useState<number[]>(() => data.tickets.map((x) => x.id));
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [prices, setPrices] = useState<Record<number, number>>({});
  // A seated event: the seats chosen on the map, the first for the first ticket chosen and so on.
  const [seats, setSeats] = useState<ExchangeSeat[]>([]);
  const [busy, setBusy] = useState(false);
  const session = data.sessions.find((s) => s.id === sessionId);
  const places = chosen.map((ticketId, i) =>
    data.useSeatMap
      ? { priceId: seats[i]?.priceId ?? 0, seatId: seats[i]?.seatId ?? null }
      : { priceId: prices[ticketId] ?? session?.prices[0]?.id ?? 0, seatId: null },
  );
  const choice = { ticketIds: chosen, sessionId: sessionId ?? 0, places };
  // The contract's rule the server applies too: a place per ticket (on a seated event, a seat each).
  const ready = session !== undefined && chosen.length > 0 && exchangePlacesRefusal(data.useSeatMap, choice) === null;
  const quote = useQuery({
    queryKey: ['order', hash, lang, 'exchange-quote', choice],
    queryFn: ({ signal }) => quoteExchange(hash, lang, choice, signal),
    enabled: ready,
    retry: false,
  });
  const label = (ticket: SelfExchangeOptions['tickets'][number]) =>
    [
      when(ticket.startsAt),
      pickLocalized(ticket.categoryName, lang),
      pickLocalized(ticket.zoneName, lang),
      ticket.rowLabel && `${t('row.row')} ${ticket.rowLabel}`,
      ticket.seatLabel && `${t('row.seat')} ${ticket.seatLabel}`,
    ]
      .filter(Boolean)
      .join(', ');

  const confirm = async () => {
    if (!quote.data) return;
    setBusy(true);
    try {
      const done = await makeExchange(hash, lang, choice, quote.data.difference);
      if (done.payPath) {
        // The difference is paid on the exchange's own payment page (the link the e-mail carries too).
        window.location.assign(done.payPath);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['order', hash] });
      onClose();
      modal.info(done.difference < 0 ? t('exchange.doneRefund', { amount: money(-done.difference) }) : t('exchange.done'));
    } catch (error) {
      setBusy(false);
      modal.error(error);
      void queryClient.invalidateQueries({ queryKey: ['order', hash] });
      if (error instanceof ApiError && error.code === ErrorCode.selfExchangeSeatTaken) {
        // The hall is drawn again with the seat taken, and the choice starts over.
        setSeats([]);
        void queryClient.invalidateQueries({ queryKey: ['scheme-map', data.eventHash, choice.sessionId] });
      }
    }
  };

  const difference = quote.data?.difference ?? 0;
  return (
    <dialog
      ref={ref}
      className="dialog order-exchange"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => (e.preventDefault(), busy || onClose())}
    >
      <h2 id={`${id}-title`}>{t('exchange.title')}</h2>
      {data.deadline && <p>{t('exchange.until', { when: when(data.deadline) })}</p>}
      <fieldset className="order-exchange__tickets">
        <legend>{t('exchange.tickets')}</legend>
        {data.tickets.map((ticket) => (
          <label key={ticket.id} className="order-exchange__check">
            <input
              type="checkbox"
              checked={chosen.includes(ticket.id)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                const next = on
                  ? data.tickets.map((x) => x.id).filter((x) => x === ticket.id || chosen.includes(x))
                  : chosen.filter((x) => x !== ticket.id);
                setChosen(next);
                // A seat per ticket: fewer tickets keep the seats chosen first.
                setSeats((now) => now.slice(0, next.length));
              }}
            />{' '}
            {label(ticket)}
          </label>
        ))}
      </fieldset>
      <div className="order-exchange__field">
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
          {data.sessions.map((s) => (
            <option key={s.id} value={s.id} disabled={s.remaining === 0}>
              {s.remaining === 0 ? t('exchange.soldOut', { when: when(s.startsAt) }) : when(s.startsAt)}
            </option>
          ))}
        </select>
      </div>
      {session && data.useSeatMap && (
        <ExchangeSeats
          key={session.id}
          eventHash={data.eventHash}
          sessionId={session.id}
          count={chosen.length}
          seats={seats}
          onChange={setSeats}
        />
      )}
      {session &&
        !data.useSeatMap &&
        data.tickets
          .filter((ticket) => chosen.includes(ticket.id))
          .map((ticket) => (
            <div className="order-exchange__field" key={ticket.id}>
              <label htmlFor={`${id}-p${ticket.id}`}>{t('exchange.category', { ticket: label(ticket) })}</label>
              <select
                id={`${id}-p${ticket.id}`}
                value={prices[ticket.id] ?? session.prices[0]?.id ?? ''}
                onChange={(e) => {
                  const priceId = Number(e.currentTarget.value);
                  setPrices((now) => ({ ...now, [ticket.id]: priceId }));
                }}
              >
                {session.prices.map((p) => (
                  <option key={p.id} value={p.id}>
                    {[pickLocalized(p.categoryName, lang), pickLocalized(p.zoneName, lang)].filter(Boolean).join(', ')} —{' '}
                    {money(p.amount + p.fee)}
                  </option>
                ))}
              </select>
            </div>
          ))}
      <div className="order-exchange__quote" aria-live="polite" aria-busy={quote.isFetching}>
        {quote.data ? (
          <dl>
            <div>
              <dt>{t('exchange.old')}</dt>
              <dd>{money(quote.data.oldAmount)}</dd>
            </div>
            <div>
              <dt>{t('exchange.new')}</dt>
              <dd>{money(quote.data.newAmount)}</dd>
            </div>
            <div>
              <dt>
                <strong>{difference > 0 ? t('exchange.toPay') : difference < 0 ? t('exchange.toRefund') : t('exchange.even')}</strong>
              </dt>
              <dd>
                <strong>{difference === 0 ? '' : money(Math.abs(difference))}</strong>
              </dd>
            </div>
          </dl>
        ) : quote.error instanceof ApiError ? (
          <p role="alert">{quote.error.text || t('exchange.failed')}</p>
        ) : null}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" disabled={busy || !quote.data} onClick={() => void confirm()}>
          {busy ? t('exchange.submitting') : difference > 0 ? t('exchange.submitPay') : t('exchange.submit')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
          {t('exchange.back')}
        </button>
      </div>
    </dialog>
  );
}

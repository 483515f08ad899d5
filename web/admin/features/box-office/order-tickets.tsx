import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAPER_SIZES, type PaperSize } from '../../../../contract/admin/desk-tickets-rules.ts';
import { type DeskPrintResponse, deskOrderResponse, deskPrintResponse } from '../../../../contract/admin/desk-tickets.ts';
import { type Lang, pickLocalized } from '../../../../contract/lang.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/venue-format.ts';
import { FormMessage, type FormOutcome } from '../../components/form-message.tsx';
import { useVenue } from '../../app/session.ts';
import { messageOf } from '../../lib/field-errors.ts';
import { rememberPaper, storedPaper } from './desk-paper.ts';
import { PrintView } from './print-view.tsx';

/**
 * One order at the desk: its tickets that admit (each printed how often, admitted or not), the
 * desk's paper, and Print: the server records the print first (a reprint is a duplicate, with a
 * new code under the venue's reissue choice), then the browser prints what it answered.
 */
export function OrderTickets({ orderId, lang, onBack }: { orderId: number; lang: Lang; onBack: () => void }) {
  const { t } = useTranslation('admin-print');
  const venue = useVenue();
  const id = useId();
  const client = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [unchecked, setUnchecked] = useState<ReadonlySet<number>>(new Set());
  const [paper, setPaper] = useState<PaperSize>(storedPaper);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormOutcome>(null);
  const [printed, setPrinted] = useState<DeskPrintResponse['tickets'] | null>(null);
  const order = useQuery({
    queryKey: ['admin', 'desk', 'order', orderId],
    queryFn: ({ signal }) => apiGet(`/api/admin/desk/orders/${orderId}?lang=${lang}`, deskOrderResponse, { signal }),
    retry: false,
  });
  const loaded = order.isSuccess;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  // The print view is in the page once React has drawn it: the browser's print dialog then opens.
  useEffect(() => {
    if (printed) window.print();
  }, [printed]);

  if (order.isPending) return <div className="admin-skeleton admin-skeleton--title" role="status" aria-label={t('order.loading')} />;
  if (order.isError) return <FormMessage id={`${id}-err`} message={{ kind: 'error', text: messageOf(order.error, t('error')) }} />;
  const { order: summary, tickets, duplicatePolicy } = order.data;
  const chosen = tickets.filter((ticket) => !unchecked.has(ticket.ticketId)).map((ticket) => ticket.ticketId);

  const toggle = (ticketId: number) =>
    setUnchecked((now) => {
      const next = new Set(now);
      if (next.has(ticketId)) next.delete(ticketId);
      else next.add(ticketId);
      return next;
    });
  const choosePaper = (next: PaperSize) => {
    setPaper(next);
    rememberPaper(next);
  };
  const print = async () => {
    if (chosen.length === 0) {
      setMessage({ kind: 'error', text: t('order.none') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const answer = await apiPost(`/api/admin/desk/orders/${orderId}/prints`, { ticketIds: chosen, lang }, deskPrintResponse);
      setPrinted(answer.tickets);
      await client.invalidateQueries({ queryKey: ['admin', 'desk', 'order', orderId] });
    } catch (error) {
      setMessage({ kind: 'error', text: messageOf(error, t('error')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-card admin-stack" aria-labelledby={`${id}-h`}>
      <h2 className="admin-subheading" id={`${id}-h`} ref={heading} tabIndex={-1}>
        {t('order.heading', { number: summary.number })}
      </h2>
      <p>
        {summary.events.map((name) => pickLocalized(name, lang)).join(', ')}
        <br />
        {t('order.buyer')}: {summary.buyerName || summary.email || '—'} · {t('order.total')}:{' '}
        {formatMoney(summary.total, venue.currency, lang)}
      </p>
      <fieldset className="admin-stack">
        <legend>{t('order.tickets')}</legend>
        {tickets.map((ticket) => (
          <label key={ticket.ticketId} className="admin-check">
            <input type="checkbox" checked={!unchecked.has(ticket.ticketId)} onChange={() => toggle(ticket.ticketId)} />
            <span>
              {t('order.choose', { number: ticket.document.number })} · {pickLocalized(ticket.document.category, lang)} ·{' '}
              {ticket.document.code} · {ticket.prints > 0 ? t('order.printed', { count: ticket.prints }) : t('order.notPrinted')}
              {ticket.admitted ? ` · ${t('order.admitted')}` : ''}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="admin-stack">
        <legend>{t('paper.legend')}</legend>
        {PAPER_SIZES.map((size) => (
          <label key={size} className="admin-check">
            <input type="radio" name={`${id}-paper`} value={size} checked={paper === size} onChange={() => choosePaper(size)} />
            {t(`paper.${size}`)}
          </label>
        ))}
      </fieldset>
      <p className="admin-field__hint">{duplicatePolicy === 'reissue' ? t('order.duplicateReissue') : t('order.duplicateKeep')}</p>
      <div className="admin-actions">
        <button type="button" className="admin-button" onClick={() => void print()} disabled={busy} aria-describedby={`${id}-msg`}>
          {busy ? t('order.printing') : t('order.print')}
        </button>
        <a className="admin-button admin-button--plain" href={`/api/admin/desk/orders/${orderId}/tickets.pdf?lang=${lang}`} download>
          {t('order.pdf')}
        </a>
        <button type="button" className="admin-button admin-button--plain" onClick={onBack}>
          {t('order.back')}
        </button>
      </div>
      <FormMessage id={`${id}-msg`} message={message} />
      {printed ? <PrintView tickets={printed} paper={paper} lang={lang} /> : null}
    </section>
  );
}

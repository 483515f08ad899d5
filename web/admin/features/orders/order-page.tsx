import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  cancelOrderResponse,
  type DeskOrderResponse,
  deskOrderResponse,
  orderEmailRequest,
  orderEmailResponse,
  orderNoteResponse,
  resendTicketsRequest,
  resendTicketsResponse,
} from '../../../../contract/admin/orders.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import { DESK_LIMITS } from '../../../../contract/admin/orders-rules.ts';
import { BUYER_LIMITS } from '../../../../contract/buyer-format.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { ApiError, apiGet, apiPost, isNotFound } from '../../../lib/api.ts';
import { orderQueryKey, pickText } from '../../lib/format.ts';
import { formatDateTime, formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { ExchangeDialog } from './exchange-dialog.tsx';
import { useCardForm } from '../../components/card-form.tsx';
import { useFieldError } from '../../components/field-errors.tsx';
import { StackedTable } from '../../components/stacked-table.tsx';

type Order = DeskOrderResponse;

/**
 * Checks a body in the browser with the call's own contract schema before sending it, refusing
 * as the server would (the field codes beside their fields), so the rule lives in one place.
 */
function checkBody(
  schema: {
    safeParse(body: unknown): { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
  },
  body: unknown,
  text: string,
) {
  const parsed = schema.safeParse(body);
  if (parsed.success) return;
  const fields = (parsed.error?.issues ?? []).map((issue) => ({ path: issue.path.map(String).join('.'), code: issue.message }));
  throw new ApiError(ErrorCode.validation, text, 400, { errorCode: ErrorCode.validation, errorText: text, fields });
}

/** An order as staff see it (lines, tickets, payments, refunds, e-mails, notes) and what they can do to it. */
export function OrderPage({ orderId, canExchange = false }: { orderId: number; canExchange?: boolean }) {
  const { t, i18n, ready } = useTranslation(['admin-orders', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const order = useQuery({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => apiGet(`/api/admin/orders/${orderId}?lang=${lang}`, deskOrderResponse, { signal }),
    retry: false,
  });

  if (!ready || order.isPending) return <PageSkeleton label={ready ? t('admin:loading') : ''} />;
  if (order.isError) {
    return (
      <section>
        <h1 className="admin-heading">{isNotFound(order.error) ? t('view.notFound') : t('admin:errors.generic')}</h1>
        <p>
          <Link href="/orders">{t('view.backToSearch')}</Link>
        </p>
      </section>
    );
  }
  const data = order.data;
  const headingId = `${id}-heading`;
  return (
    <article className="admin-order" aria-labelledby={headingId}>
      <p>
        <Link href="/orders">{t('view.backToSearch')}</Link>
      </p>
      <h1 className="admin-heading" id={headingId}>
        {t('view.heading', { number: data.order.number })}
      </h1>
      <Summary data={data} lang={lang} />
      <Lines data={data} lang={lang} />
      <Tickets data={data} orderId={orderId} lang={lang} canExchange={canExchange && data.order.state === 'paid'} />
      <Payments data={data} lang={lang} />
      <Refunds data={data} lang={lang} />
      <Mails data={data} lang={lang} orderId={orderId} />
      <Notes data={data} lang={lang} orderId={orderId} />
      {data.order.state === 'reserved' || data.order.state === 'awaiting-payment' ? <CancelForm orderId={orderId} /> : null}
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-order__section" aria-labelledby={id}>
      <h2 className="admin-subheading" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Summary({ data, lang }: { data: Order; lang: string }) {
  const { t } = useTranslation('admin-orders');
  const venue = useVenue();
  const o = data.order;
  const rows: [string, string][] = [
    [t('order.state'), t(`orderStates.${o.state}`)],
    [t('order.event'), pickText(o.eventName, lang)],
    [t('order.date'), formatDateTime(o.createdAt, lang, venue.timeZone)],
    [t('order.paidAt'), formatDateTime(o.paidAt, lang, venue.timeZone)],
    [t('order.buyer'), o.buyerName],
    [t('order.email'), o.email],
    [t('order.phone'), o.phone],
    [t('order.subtotal'), formatMoney(o.subtotal, venue.currency, lang)],
    [t('order.fee'), formatMoney(o.serviceFee + o.servicesTotal, venue.currency, lang)],
    [t('order.discount'), formatMoney(o.discount, venue.currency, lang)],
    [t('order.total'), formatMoney(o.total, venue.currency, lang)],
  ];
  if (o.canceledAt) {
    const why = o.staffCancelReason
      ? t('cancelReasons.staff', { reason: o.staffCancelReason })
      : o.cancelReason
        ? t(`cancelReasons.${o.cancelReason}`, { defaultValue: o.cancelReason })
        : '';
    rows.push([t('order.canceledAt'), `${formatDateTime(o.canceledAt, lang, venue.timeZone)}${why ? ` — ${why}` : ''}`]);
  }
  return (
    <dl className="admin-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Lines({ data, lang }: { data: Order; lang: string }) {
  const { t } = useTranslation('admin-orders');
  const venue = useVenue();
  return (
    <Section title={t('view.lines')}>
      <StackedTable
        caption={t('view.lines')}
        rows={data.lines}
        rowKey={(line) => line.id}
        columns={[
          { label: t('line.session'), cell: (line) => formatDateTime(line.startsAt, lang, venue.timeZone) },
          { label: t('line.category'), cell: (line) => pickText(line.category, lang) },
          { label: t('line.place'), cell: (line) => line.seat || pickText(line.standing, lang) || '—' },
          {
            label: t('line.quantity'),
            cell: (line) =>
              line.returned ? t('line.quantityReturned', { quantity: line.quantity, returned: line.returned }) : line.quantity,
          },
          { label: t('line.price'), cell: (line) => formatMoney(line.unitPrice + line.unitFee, venue.currency, lang) },
          { label: t('line.amount'), cell: (line) => formatMoney(line.amount, venue.currency, lang) },
        ]}
      />
    </Section>
  );
}

/** A ticket's name in a list: its holder, else its category with its code, so a child's ticket is told from an adult's. */
function ticketLabel(ticket: Order['tickets'][number], data: Order, lang: string): string {
  const line = data.lines.find((l) => l.id === ticket.lineId);
  const category = line ? pickText(line.category, lang) : '';
  return ticket.holder || [category, ticket.code].filter(Boolean).join(' ') || String(ticket.id);
}

function Tickets({ data, orderId, lang, canExchange }: { data: Order; orderId: number; lang: string; canExchange: boolean }) {
  const { t } = useTranslation('admin-orders');
  const venue = useVenue();
  const id = useId();
  const lineOf = (ticket: Order['tickets'][number]) => data.lines.find((l) => l.id === ticket.lineId);
  const refundable = data.tickets.filter((ticket) => ticket.state === 'valid');
  const [chosen, setChosen] = useState<number[]>([]);
  const [dialog, setDialog] = useState<null | 'all' | number[]>(null);
  const [exchanging, setExchanging] = useState<number[] | null>(null);
  const [done, setDone] = useState('');
  const toggle = (ticketId: number, on: boolean) => setChosen((now) => (on ? [...now, ticketId] : now.filter((x) => x !== ticketId)));

  return (
    <Section title={t('view.tickets')}>
      <StackedTable
        caption={t('view.tickets')}
        rows={data.tickets}
        rowKey={(ticket) => ticket.id}
        columns={[
          {
            label: t('refund.choose'),
            labelHidden: true,
            cell: (ticket) =>
              ticket.state === 'valid' ? (
                <input
                  type="checkbox"
                  id={`${id}-t${ticket.id}`}
                  checked={chosen.includes(ticket.id)}
                  onChange={(e) => toggle(ticket.id, e.currentTarget.checked)}
                  aria-label={t('refund.chooseTicket', { holder: ticketLabel(ticket, data, lang) })}
                />
              ) : null,
          },
          { label: t('ticket.session'), cell: (ticket) => formatDateTime(lineOf(ticket)?.startsAt ?? null, lang, venue.timeZone) },
          { label: t('ticket.category'), cell: (ticket) => pickText(lineOf(ticket)?.category, lang) || '—' },
          {
            label: t('ticket.price'),
            cell: (ticket) =>
              lineOf(ticket) ? formatMoney((lineOf(ticket)?.unitPrice ?? 0) + (lineOf(ticket)?.unitFee ?? 0), venue.currency, lang) : '—',
          },
          { label: t('ticket.holder'), cell: (ticket) => ticket.holder || '—' },
          { label: t('ticket.code'), cell: (ticket) => ticket.code ?? '—' },
          { label: t('ticket.state'), cell: (ticket) => t(`ticketStates.${ticket.state}`) },
        ]}
      />
      {refundable.length > 0 ? (
        <div className="admin-actions">
          <button className="admin-button" type="button" disabled={chosen.length === 0} onClick={() => setDialog(chosen)}>
            {t('refund.chosen', { n: chosen.length })}
          </button>
          <button className="admin-button admin-button--quiet" type="button" onClick={() => setDialog('all')}>
            {t('refund.all')}
          </button>
          {canExchange ? (
            <button
              className="admin-button admin-button--quiet"
              type="button"
              disabled={chosen.length === 0}
              onClick={() => setExchanging(chosen)}
            >
              {t('exchange.chosen', { n: chosen.length })}
            </button>
          ) : null}
        </div>
      ) : null}
      {exchanging ? (
        <ExchangeDialog
          orderId={orderId}
          ticketIds={exchanging}
          labelOf={(ticketId) => {
            const ticket = data.tickets.find((x) => x.id === ticketId);
            return ticket ? ticketLabel(ticket, data, lang) : String(ticketId);
          }}
          onClose={(message) => {
            setExchanging(null);
            if (message) {
              setChosen([]);
              setDone(message);
            }
          }}
        />
      ) : null}
      <p role="status">{done}</p>
      {dialog ? (
        <RefundDialog
          orderId={orderId}
          ticketIds={dialog}
          count={dialog === 'all' ? refundable.length : dialog.length}
          labelOf={(ticketId) => {
            const ticket = data.tickets.find((x) => x.id === ticketId);
            return ticket ? ticketLabel(ticket, data, lang) : String(ticketId);
          }}
          onClose={(message) => {
            setDialog(null);
            if (message) {
              setChosen([]);
              setDone(message);
            }
          }}
        />
      ) : null}
    </Section>
  );
}

function Payments({ data, lang }: { data: Order; lang: string }) {
  const { t } = useTranslation('admin-orders');
  const venue = useVenue();
  return (
    <Section title={t('view.payments')}>
      {data.payments.length === 0 ? (
        <p>{t('view.none')}</p>
      ) : (
        <StackedTable
          caption={t('view.payments')}
          rows={data.payments}
          rowKey={(payment) => payment.id}
          columns={[
            { label: t('payment.date'), cell: (payment) => formatDateTime(payment.createdAt, lang, venue.timeZone) },
            { label: t('payment.method'), cell: (payment) => pickText(payment.method, lang) },
            {
              label: t('payment.status'),
              cell: (payment) =>
                `${t(`paymentStatuses.${payment.status}`, { defaultValue: payment.status })}${payment.declineReason ? ` — ${payment.declineReason}` : ''}`,
            },
            { label: t('payment.amount'), cell: (payment) => formatMoney(payment.amount, venue.currency, lang) },
            { label: t('payment.refunded'), cell: (payment) => formatMoney(payment.refunded, venue.currency, lang) },
          ]}
        />
      )}
    </Section>
  );
}

function Refunds({ data, lang }: { data: Order; lang: string }) {
  const { t } = useTranslation('admin-orders');
  const venue = useVenue();
  const holders = new Map(data.tickets.map((ticket) => [ticket.id, ticketLabel(ticket, data, lang)]));
  return (
    <Section title={t('view.refunds')}>
      {data.refunds.length === 0 ? (
        <p>{t('view.none')}</p>
      ) : (
        <ul className="admin-list" data-testid="order-refunds">
          {data.refunds.map((refund) => (
            <li key={refund.id}>
              <strong>{formatMoney(refund.amount, venue.currency, lang)}</strong> · {formatDateTime(refund.createdAt, lang, venue.timeZone)}{' '}
              ·{' '}
              {refund.status === 'failed' ? (
                <strong role="alert">{t(`refund.state.${refund.status}`)}</strong>
              ) : (
                t(`refund.state.${refund.status}`, { defaultValue: refund.status })
              )}
              {refund.lastError ? ` · ${refund.lastError}` : ''}
              <br />
              {t('refund.tickets', { list: refund.ticketIds.map((ticketId) => holders.get(ticketId) ?? ticketId).join(', ') })}
              {refund.byStaff ? ` · ${t('refund.byStaff')}` : ''}
              {refund.percent !== null ? ` · ${t('refund.percentSet', { percent: refund.percent })}` : ''}
              {refund.staffReason ? ` · ${refund.staffReason}` : refund.reason ? ` · ${pickText(refund.reason, lang)}` : ''}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Mails({ data, lang, orderId }: { data: Order; lang: string; orderId: number }) {
  const { t } = useTranslation('admin-orders');
  const venue = useVenue();
  const queryClient = useQueryClient();
  const id = useId();
  // An address given here takes this one resend only; the order's own e-mail stays as it is.
  const [to, setTo] = useState('');
  const { busy, message, fields, submitWith, edits } = useCardForm();
  const fieldError = useFieldError(id, fields);
  const resend = submitWith(async () => {
    const body = { lang, ...(to.trim() === '' ? {} : { to }) };
    checkBody(resendTicketsRequest, body, t('email.check'));
    const answer = await apiPost(`/api/admin/orders/${orderId}/resend-tickets`, body, resendTicketsResponse);
    setTo('');
    await queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    return t('mail.resent', { to: answer.to });
  });
  return (
    <Section title={t('view.mails')}>
      {data.mails.length === 0 ? (
        <p>{t('view.none')}</p>
      ) : (
        <ul className="admin-list">
          {data.mails.map((mail) => (
            <li key={mail.id}>
              {formatDateTime(mail.createdAt, lang, venue.timeZone)} · {mail.to} · {mail.subject} ·{' '}
              {mail.sentAt
                ? t('mail.sent', { at: formatDateTime(mail.sentAt, lang, venue.timeZone) })
                : mail.lastError
                  ? t('mail.failed', { error: mail.lastError })
                  : t('mail.queued')}
            </li>
          ))}
        </ul>
      )}
      {data.order.state === 'paid' ? (
        <form onSubmit={resend} onInput={edits.onInput} noValidate>
          <div className="admin-field">
            <label htmlFor={`${id}-to`}>{t('mail.resendTo')}</label>
            <input
              id={`${id}-to`}
              type="email"
              autoComplete="off"
              inputMode="email"
              maxLength={BUYER_LIMITS.emailMax}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              aria-describedby={fields.to ? `${id}-to-error` : `${id}-to-hint`}
              aria-invalid={fields.to ? true : undefined}
            />
            <p className="admin-field__hint" id={`${id}-to-hint`}>
              {t('mail.resendToHint', { email: data.order.email || t('email.none') })}
            </p>
            {fieldError.message('to')}
          </div>
          <div className="admin-actions">
            <button className="admin-button admin-button--quiet" type="submit" disabled={busy}>
              {t('mail.resend')}
            </button>
          </div>
          <p role="status">{message}</p>
        </form>
      ) : null}
      <EmailForm data={data} lang={lang} orderId={orderId} />
    </Section>
  );
}

/** Corrects the buyer's e-mail on the order, with a reason; later mails of the order go to the new address. */
function EmailForm({ data, lang, orderId }: { data: Order; lang: string; orderId: number }) {
  const { t } = useTranslation('admin-orders');
  const queryClient = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const { busy, message, fields, submitWith, edits } = useCardForm();
  const fieldError = useFieldError(id, fields);
  const submit = submitWith(async () => {
    checkBody(orderEmailRequest, { email, reason, lang }, t('email.check'));
    const answer = await apiPost(`/api/admin/orders/${orderId}/email`, { email, reason, lang }, orderEmailResponse);
    setEmail('');
    setReason('');
    await queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    return t('email.done', { email: answer.email });
  });
  return (
    <form onSubmit={submit} onInput={edits.onInput} noValidate aria-labelledby={`${id}-heading`}>
      <h3 className="admin-subheading" id={`${id}-heading`}>
        {t('email.heading')}
      </h3>
      <p>{t('email.current', { email: data.order.email || t('email.none') })}</p>
      <p role="alert">{message}</p>
      <div className="admin-field">
        <label htmlFor={`${id}-email`}>{t('email.label')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          inputMode="email"
          maxLength={BUYER_LIMITS.emailMax}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          {...fieldError.attrs('email')}
        />
        {fieldError.message('email')}
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-reason`}>{t('email.reason')}</label>
        <input
          id={`${id}-reason`}
          maxLength={DESK_LIMITS.reasonMax}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          {...fieldError.attrs('reason')}
        />
        {fieldError.message('reason')}
      </div>
      <button className="admin-button" type="submit" disabled={busy}>
        {t('email.submit')}
      </button>
    </form>
  );
}

function Notes({ data, lang, orderId }: { data: Order; lang: string; orderId: number }) {
  const { t } = useTranslation('admin-orders');
  const venue = useVenue();
  const queryClient = useQueryClient();
  const id = useId();
  const [body, setBody] = useState('');
  const { busy, message, fields, submitWith, edits } = useCardForm();
  const fieldError = useFieldError(id, fields);
  const submit = submitWith(async () => {
    await apiPost(`/api/admin/orders/${orderId}/notes`, { body, lang }, orderNoteResponse);
    setBody('');
    await queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    return '';
  });
  return (
    <Section title={t('view.notes')}>
      {data.notes.length === 0 ? (
        <p>{t('view.none')}</p>
      ) : (
        <ul className="admin-list">
          {data.notes.map((note) => (
            <li key={note.id}>
              <span className="admin-list__meta">
                {note.staffName} · {formatDateTime(note.createdAt, lang, venue.timeZone)}
              </span>
              <br />
              <span className="admin-note">{note.body}</span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} onInput={edits.onInput} noValidate>
        <p role="alert">{message}</p>
        <div className="admin-field">
          <label htmlFor={`${id}-body`}>{t('note.label')}</label>
          <textarea
            id={`${id}-body`}
            rows={3}
            maxLength={DESK_LIMITS.noteMax}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            {...fieldError.attrs('body')}
          />
          {fieldError.message('body')}
        </div>
        <button className="admin-button" type="submit" disabled={busy}>
          {t('note.submit')}
        </button>
      </form>
    </Section>
  );
}

function CancelForm({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation('admin-orders');
  const queryClient = useQueryClient();
  const id = useId();
  const [reason, setReason] = useState('');
  const { busy, message, fields, submitWith, edits } = useCardForm();
  const fieldError = useFieldError(id, fields);
  const submit = submitWith(async () => {
    await apiPost(`/api/admin/orders/${orderId}/cancel`, { reason, lang: normalizeLang(i18n.language) }, cancelOrderResponse);
    await queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
    return '';
  });
  return (
    <Section title={t('cancel.heading')}>
      <form onSubmit={submit} onInput={edits.onInput} noValidate>
        <p>{t('cancel.text')}</p>
        <p role="alert">{message}</p>
        <div className="admin-field">
          <label htmlFor={`${id}-reason`}>{t('cancel.reason')}</label>
          <input
            id={`${id}-reason`}
            maxLength={DESK_LIMITS.reasonMax}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            {...fieldError.attrs('reason')}
          />
          {fieldError.message('reason')}
        </div>
        <button className="admin-button" type="submit" disabled={busy}>
          {t('cancel.submit')}
        </button>
      </form>
    </Section>
  );
}

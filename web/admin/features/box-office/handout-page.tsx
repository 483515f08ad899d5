import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { type DeskOrderSummary, deskOrdersResponse } from '../../../../contract/admin/desk-tickets.ts';
import { normalizeLang, pickLocalized } from '../../../../contract/lang.ts';
import { apiGet } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/venue-format.ts';
import { FormMessage, type FormOutcome } from '../../components/form-message.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useVenue } from '../../app/session.ts';
import { messageOf } from '../../lib/field-errors.ts';
import './box-office.css';
import { OrderTickets } from './order-tickets.tsx';
import { PolicySetting } from './policy-setting.tsx';

/**
 * The desk's hand-out and printing: an order is found by its number, a ticket's code (a USB
 * scanner types the code and Enter into the focused field, as a keyboard would) or the buyer's
 * e-mail; its tickets are shown and printed. `?order=ID` opens an order at once (after a desk sale).
 */
export default function HandoutPage({ canSetPolicy }: { canSetPolicy: boolean }) {
  const { t, i18n, ready } = useTranslation(['admin-print', 'admin']);
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const id = useId();
  const search = useSearch();
  const fromSale = Number(new URLSearchParams(search).get('order')) || null;
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState('');
  const [chosen, setChosen] = useState<number | null>(fromSale);
  const [message, setMessage] = useState<FormOutcome>(null);
  const input = useRef<HTMLInputElement>(null);
  const found = useQuery({
    queryKey: ['admin', 'desk', 'handout', asked, lang],
    queryFn: async ({ signal }) => {
      const answer = await apiGet(`/api/admin/desk/orders?${new URLSearchParams({ q: asked, lang })}`, deskOrdersResponse, { signal });
      // One order found (a scanned code always finds one): it opens at once, ready to print.
      if (answer.orders.length === 1 && answer.orders[0]) setChosen(answer.orders[0].id);
      return answer;
    },
    enabled: asked !== '',
    retry: false,
  });
  if (!ready) return <PageSkeleton label="" />;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const text = q.trim();
    if (!text) {
      setMessage({ kind: 'error', text: t('search.empty') });
      return;
    }
    setMessage(null);
    setChosen(null);
    setAsked(text);
    // The next scan replaces this one: the field is emptied and keeps the focus.
    setQ('');
  };
  const back = () => {
    setChosen(null);
    requestAnimationFrame(() => input.current?.focus());
  };
  const error = found.isError ? messageOf(found.error, t('error')) : null;

  return (
    <section className="admin-desk admin-stack" aria-labelledby={`${id}-h`}>
      <h1 className="admin-heading" id={`${id}-h`}>
        {t('heading')}
      </h1>
      <form className="admin-card admin-stack" onSubmit={submit} role="search" noValidate>
        <div className="admin-field">
          <label htmlFor={`${id}-q`}>{t('search.label')}</label>
          <input
            ref={input}
            id={`${id}-q`}
            type="search"
            value={q}
            maxLength={254}
            onChange={(e) => setQ(e.currentTarget.value)}
            aria-describedby={`${id}-hint ${id}-msg`}
            autoComplete="off"
            // The desk's scanner types into the focused field: the page opens ready for it.
            autoFocus
          />
          <p className="admin-field__hint" id={`${id}-hint`}>
            {t('search.hint')}
          </p>
        </div>
        <div className="admin-actions">
          <button type="submit" className="admin-button">
            {t('search.submit')}
          </button>
        </div>
        <FormMessage id={`${id}-msg`} message={message ?? (error ? { kind: 'error', text: error } : null)} />
      </form>
      {chosen ? (
        <OrderTickets orderId={chosen} lang={lang} onBack={back} />
      ) : found.data && found.data.orders.length > 1 ? (
        <OrderList orders={found.data.orders} onOpen={setChosen} currency={venue.currency} />
      ) : found.isFetching ? (
        <div className="admin-skeleton admin-skeleton--row" role="status" aria-label={t('order.loading')} />
      ) : null}
      {canSetPolicy ? <PolicySetting /> : null}
    </section>
  );
}

function OrderList({
  orders,
  onOpen,
  currency,
}: {
  orders: DeskOrderSummary[];
  onOpen: (id: number) => void;
  currency: ReturnType<typeof useVenue>['currency'];
}) {
  const { t, i18n } = useTranslation('admin-print');
  const lang = normalizeLang(i18n.language);
  const id = useId();
  return (
    <section className="admin-card admin-stack" aria-labelledby={`${id}-h`}>
      <h2 className="admin-subheading" id={`${id}-h`}>
        {t('orders.heading')}
      </h2>
      <ul className="admin-desk__orders">
        {orders.map((order) => (
          <li key={order.id}>
            <button type="button" className="admin-button admin-button--plain" onClick={() => onOpen(order.id)}>
              {t('orders.order', { number: order.number })}
            </button>{' '}
            {order.events.map((name) => pickLocalized(name, lang)).join(', ')} · {t('orders.tickets', { count: order.tickets })} ·{' '}
            {formatMoney(order.total, currency, lang)} · {t(`orders.${order.channel}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

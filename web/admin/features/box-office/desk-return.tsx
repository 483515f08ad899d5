import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeskReturnLookupResponse, deskReturnLookupResponse, deskReturnResponse } from '../../../../contract/admin/desk-register.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { messageOf } from '../../lib/field-errors.ts';
import { registerQueryKey } from './register-panel.tsx';

/**
 * A return at the desk: the ticket's code scanned or typed, the order's tickets to choose from,
 * what the refund rules give back, a share set by hand with a reason (the box office's decision),
 * and how the money goes back (cash or the card terminal for a desk sale; a web order refunds
 * through its bank).
 */
export function DeskReturn({ register }: { register: string }) {
  const { t, i18n } = useTranslation('admin-register');
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const id = useId();
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [found, setFound] = useState<DeskReturnLookupResponse | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [override, setOverride] = useState(false);
  const [percent, setPercent] = useState('100');
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const money = (n: number) => formatMoney(n, venue.currency, lang);

  const find = async (event: React.FormEvent) => {
    event.preventDefault();
    setError('');
    setMessage('');
    try {
      const answer = await apiGet(
        `/api/admin/desk/returns/lookup?code=${encodeURIComponent(code.trim())}&lang=${lang}`,
        deskReturnLookupResponse,
      );
      setFound(answer);
      setChosen(answer.quote ? [answer.ticketId] : []);
      setMethod(answer.order.paidWith.includes('cash') || answer.order.paidWith.length === 0 ? 'cash' : 'card');
    } catch (caught) {
      setFound(null);
      setError(messageOf(caught, t('error')));
    }
  };

  const give = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!found) return;
    setError('');
    try {
      const body = {
        register,
        orderId: found.order.id,
        ticketIds: chosen,
        percent: override ? Number(percent) : null,
        reason: reason.trim(),
        method,
        lang,
      };
      const done = await apiPost('/api/admin/desk/returns', body, deskReturnResponse);
      setMessage(t('returns.done', { amount: money(done.amount) }));
      setFound(null);
      setCode('');
      await client.invalidateQueries({ queryKey: registerQueryKey(register) });
      await client.invalidateQueries({ queryKey: ['desk-shift-report'] });
    } catch (caught) {
      setError(messageOf(caught, t('error')));
    }
  };

  // A cancelled session's desk sale: the refund is due here, paid out the way it was paid.
  const payDue = async () => {
    if (!found?.due) return;
    setError('');
    try {
      const done = await apiPost('/api/admin/desk/returns/due', { register, orderId: found.order.id, lang }, deskReturnResponse);
      setMessage(t('returns.due.done', { amount: money(done.amount) }));
      setFound(null);
      setCode('');
      await client.invalidateQueries({ queryKey: registerQueryKey(register) });
      await client.invalidateQueries({ queryKey: ['desk-shift-report'] });
    } catch (caught) {
      setError(messageOf(caught, t('error')));
    }
  };

  const atDesk = found?.order.channel === 'desk' && found.order.paidWith.length > 0;
  return (
    <section className="admin-card admin-stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('returns.heading')}</h2>
      <form className="admin-register__find" onSubmit={find}>
        <label className="admin-field">
          <span>{t('returns.code')}</span>
          <input className="admin-input" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
        </label>
        <button type="submit" className="admin-button">
          {t('returns.find')}
        </button>
      </form>
      {found?.due ? (
        <div className="admin-stack" role="group" aria-labelledby={`${id}-due`}>
          <p>{t('returns.order', { number: found.order.number, channel: t(`returns.channel.${found.order.channel}`) })}</p>
          <h3 id={`${id}-due`}>{t('returns.due.heading')}</h3>
          <p>{t('returns.due.amount', { amount: money(found.due.amount) })}</p>
          <ul>
            {found.due.parts.map((part) => (
              <li key={part.method}>{t(`returns.due.part.${part.method}`, { amount: money(part.amount) })}</li>
            ))}
          </ul>
          <div className="admin-actions">
            <button type="button" className="admin-button admin-button--primary" onClick={() => void payDue()}>
              {t('returns.due.submit', { amount: money(found.due.amount) })}
            </button>
          </div>
        </div>
      ) : found ? (
        <form className="admin-stack" onSubmit={give}>
          <p>{t('returns.order', { number: found.order.number, channel: t(`returns.channel.${found.order.channel}`) })}</p>
          <fieldset className="admin-desk__prices">
            <legend>{t('returns.heading')}</legend>
            {found.tickets.map((ticket) => (
              <label key={ticket.id} className="admin-check">
                <input
                  type="checkbox"
                  disabled={!ticket.returnable}
                  checked={chosen.includes(ticket.id)}
                  onChange={(e) => setChosen(e.target.checked ? [...chosen, ticket.id] : chosen.filter((x) => x !== ticket.id))}
                />
                <span>
                  {t('returns.ticket', { place: ticket.place, code: ticket.code })}
                  {!ticket.returnable ? ` (${t('returns.returned')})` : ticket.usedAt ? ` (${t('returns.used')})` : ''}
                </span>
              </label>
            ))}
          </fieldset>
          <p>
            {found.quote
              ? t('returns.quote', { amount: money(found.quote.amount), percent: found.quote.percent })
              : t('returns.notReturnable')}
          </p>
          <label className="admin-check">
            <input type="checkbox" checked={override} onChange={(e) => setOverride(e.target.checked)} />
            <span>{t('returns.override')}</span>
          </label>
          {override ? (
            <div className="admin-desk__send">
              <label className="admin-field">
                <span>{t('returns.percent')}</span>
                <input className="admin-input" inputMode="numeric" value={percent} onChange={(e) => setPercent(e.target.value)} />
              </label>
              <label className="admin-field">
                <span>{t('returns.reason')}</span>
                <input className="admin-input" value={reason} onChange={(e) => setReason(e.target.value)} />
              </label>
            </div>
          ) : null}
          {atDesk ? (
            <fieldset className="admin-desk__payment">
              <legend>{t('returns.method')}</legend>
              <div className="admin-desk__kinds">
                {(['cash', 'card'] as const).map((m) => (
                  <label key={m} className="admin-check">
                    <input type="radio" name={`${id}-method`} checked={method === m} onChange={() => setMethod(m)} />
                    <span>{t(`returns.${m}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            <p>{t('returns.acquirer')}</p>
          )}
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button--primary" disabled={chosen.length === 0}>
              {t('returns.submit')}
            </button>
          </div>
        </form>
      ) : null}
      <p role="status">{message}</p>
      <p className="admin-desk__error" role="alert">
        {error}
      </p>
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupResponse } from '../../../../contract/admin/groups.ts';
import { receiptNeeded } from '../../../../contract/admin/groups-rules.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { apiGet, apiPost, isNotFound, toApiError } from '../../../lib/api.ts';
import { formatDateTime, formatMoney } from '../../../lib/venue-format.ts';
import { FormMessage, type FormOutcome } from '../../components/form-message.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useVenue } from '../../app/session.ts';
import { groupsPaths } from './groups-api.ts';

/** One group: its organisation and leader, places and money, its documents and tickets, and marking it paid. */
export function GroupPage({ groupId }: { groupId: number }) {
  const { t, i18n, ready } = useTranslation('admin-groups');
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const queryClient = useQueryClient();
  const [register, setRegister] = useState('');
  const [message, setMessage] = useState<FormOutcome>(null);
  const group = useQuery({
    queryKey: ['admin', 'groups', 'one', groupId, lang],
    queryFn: ({ signal }) => apiGet(groupsPaths.one(groupId, lang), groupResponse, { signal }),
  });
  const pay = useMutation({
    mutationFn: () =>
      apiPost(groupsPaths.paid(groupId), { lang, ...(register.trim() ? { register: register.trim() } : {}) }, groupResponse),
    onSuccess: () => {
      setMessage({ kind: 'done', text: t('group.paidDone') });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'groups'] });
    },
    onError: (error) => setMessage({ kind: 'error', text: toApiError(error).text || t('error') }),
  });
  if (!ready || group.isPending) return <PageSkeleton label={ready ? t('loading') : ''} />;
  if (group.isError) {
    return <h1 className="admin-heading">{isNotFound(group.error) ? t('group.notFound') : t('error')}</h1>;
  }
  const g = group.data.group;
  const money = (kopecks: number) => formatMoney(kopecks, venue.currency, lang);
  const payable = g.state === 'reserved' || g.state === 'partial';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay.mutate();
  };
  return (
    <section aria-labelledby="admin-group-heading" className="admin-stack">
      <h1 className="admin-heading" id="admin-group-heading">
        {t('group.heading', { number: g.invoiceNumber, name: g.organisation.name })}
      </h1>
      <p>
        <strong>{t(`states.${g.state}`, { paid: money(g.paidAmount) })}</strong>
      </p>
      <dl className="admin-stack">
        <div>
          <dt>{t('event')}</dt>
          <dd>
            {g.eventName}, {formatDateTime(g.sessionStartsAt, lang, venue.timeZone)}
          </dd>
        </div>
        <div>
          <dt>{t('organisation')}</dt>
          <dd>
            {g.organisation.name}, {t('inn', { inn: g.organisation.inn })}
            {g.organisation.kpp ? `, ${t('kpp', { kpp: g.organisation.kpp })}` : ''}
            {g.organisation.address ? `, ${g.organisation.address}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('leader')}</dt>
          <dd>
            {g.leader.name}, <a href={`tel:${g.leader.phone}`}>{g.leader.phone}</a>,{' '}
            <a href={`mailto:${g.leader.email}`}>{g.leader.email}</a>
          </dd>
        </div>
        <div>
          <dt>{t('places')}</dt>
          <dd>{t('group.places', { count: g.places, children: g.children, free: g.freeCompanions })}</dd>
        </div>
        <div>
          <dt>{t('form.ticketMode')}</dt>
          <dd>{t(`modes.${g.ticketMode}`)}</dd>
        </div>
        <div>
          <dt>{t('form.payer')}</dt>
          <dd>{t(`payers.${g.payer}`)}</dd>
        </div>
        <div>
          <dt>{t('total')}</dt>
          <dd>
            {money(g.total)} ({t('group.paidSoFar', { paid: money(g.paidAmount) })})
          </dd>
        </div>
        <div>
          <dt>{t('payUntil')}</dt>
          <dd>{formatDateTime(g.payUntil, lang, venue.timeZone)}</dd>
        </div>
      </dl>
      <h2 className="admin-subheading">{t('group.documents')}</h2>
      <ul>
        <li>
          <a href={groupsPaths.document(g.id, 'invoice')} download>
            {t('group.invoice', { number: g.invoiceNumber })}
          </a>
        </li>
        <li>
          <a href={groupsPaths.document(g.id, 'offer')} download>
            {t('group.offer')}
          </a>
        </li>
        {g.state === 'paid' ? (
          <>
            <li>
              <a href={groupsPaths.document(g.id, 'act')} download>
                {t('group.act')}
              </a>
            </li>
            <li>
              <a href={groupsPaths.tickets(g.orderId, lang)} download>
                {t('group.tickets')}
              </a>
            </li>
          </>
        ) : null}
      </ul>
      {payable ? (
        <form onSubmit={submit} className="admin-card admin-stack">
          <h2 className="admin-subheading">{t('group.markPaid')}</h2>
          <p className="admin-hint">{receiptNeeded(g.payer) ? t('group.receiptNeeded') : t('group.noReceipt')}</p>
          {receiptNeeded(g.payer) ? (
            <div className="admin-field">
              <label htmlFor="admin-group-register">{t('register')}</label>
              <input
                id="admin-group-register"
                className="admin-input"
                value={register}
                onChange={(event) => setRegister(event.currentTarget.value)}
              />
            </div>
          ) : null}
          <p className="admin-actions">
            <button type="submit" className="admin-button admin-button--primary" disabled={pay.isPending}>
              {t('group.markPaidSubmit', { amount: money(g.total) })}
            </button>
          </p>
          <FormMessage id="admin-group-paid-message" message={message} />
        </form>
      ) : (
        <FormMessage id="admin-group-paid-message" message={message} />
      )}
      {g.payments.length > 0 ? (
        <>
          <h2 className="admin-subheading">{t('group.payments')}</h2>
          <ul>
            {g.payments.map((p) => (
              <li key={p.id}>
                {t('payment.number', { number: p.number, date: p.date })}: {money(p.amount)}, {p.payerName} —{' '}
                {t(`outcomes.${p.outcome}`, { invoice: g.invoiceNumber })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export default GroupPage;

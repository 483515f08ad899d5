import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { deskSessionResponse, deskSessionsResponse } from '../../../../contract/admin/box-office.ts';
import { groupResponse } from '../../../../contract/admin/groups.ts';
import { GROUP_PAYERS, GROUP_TICKET_MODES, freeCompanions } from '../../../../contract/admin/groups-rules.ts';
import { normalizeLang, pickLocalized } from '../../../../contract/lang.ts';
import { apiGet, apiPost, toApiError } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/venue-format.ts';
import { FormMessage, type FormOutcome } from '../../components/form-message.tsx';
import { LabelledField } from '../../components/labelled-field.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { type ChosenSeat, SeatPicker } from '../../components/seat-picker.tsx';
import { fromZoneInput } from '../../lib/zone-time.ts';
import { useVenue } from '../../app/session.ts';
import { fieldErrorsOf, groupsPaths } from './groups-api.ts';

const TEXT_FIELDS = ['orgName', 'orgInn', 'orgKpp', 'orgAddress', 'leaderName', 'leaderPhone', 'leaderEmail'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
/** The answer's field paths, mapped to the form's fields. */
const PATHS: Record<string, TextField | 'payUntil' | 'lines'> = {
  'organisation.name': 'orgName',
  'organisation.inn': 'orgInn',
  'organisation.kpp': 'orgKpp',
  'organisation.address': 'orgAddress',
  'leader.name': 'leaderName',
  'leader.phone': 'leaderPhone',
  'leader.email': 'leaderEmail',
  payUntil: 'payUntil',
  lines: 'lines',
};

/** A new group: the session, places per price, the organisation and its leader, who pays, how it is admitted, the deadline. */
export function GroupNewPage() {
  const { t, i18n, ready } = useTranslation('admin-groups');
  const lang = normalizeLang(i18n.language);
  const venue = useVenue();
  const [, navigate] = useLocation();
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [seats, setSeats] = useState<ChosenSeat[]>([]);
  const [text, setText] = useState<Record<TextField, string>>(
    Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>,
  );
  const [payer, setPayer] = useState<(typeof GROUP_PAYERS)[number]>('organisation');
  const [mode, setMode] = useState<(typeof GROUP_TICKET_MODES)[number]>('group');
  const [payUntil, setPayUntil] = useState('');
  const [companionPriceId, setCompanionPriceId] = useState('');
  const [perChildren, setPerChildren] = useState('10');
  const [free, setFree] = useState('1');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<FormOutcome>(null);
  const sessions = useQuery({
    queryKey: ['admin', 'groups', 'sessions'],
    queryFn: ({ signal }) => apiGet(groupsPaths.sessions, deskSessionsResponse, { signal }),
  });
  const session = useQuery({
    queryKey: ['admin', 'groups', 'session', sessionId],
    queryFn: ({ signal }) => apiGet(groupsPaths.session(sessionId ?? 0), deskSessionResponse, { signal }),
    enabled: sessionId !== null,
  });
  // A seated session's places are seats chosen on the hall map, each priced as one place.
  const byMap = session.data?.session.useSeatMap === true;
  const lines = byMap
    ? []
    : Object.entries(quantities)
        .map(([priceId, q]) => ({ priceId: Number(priceId), quantity: Number(q) }))
        .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
  const places = byMap ? seats.map((seat) => ({ priceId: seat.priceId, quantity: 1 })) : lines;
  const adults = places.filter((l) => String(l.priceId) === companionPriceId).reduce((s, l) => s + l.quantity, 0);
  const children = places.reduce((s, l) => s + l.quantity, 0) - adults;
  const freeCount = companionPriceId
    ? Math.min(adults, freeCompanions(children, { perChildren: Number(perChildren), free: Number(free) }))
    : 0;
  const create = useMutation({
    mutationFn: () =>
      apiPost(
        groupsPaths.create,
        {
          sessionId,
          lines,
          seats: seats.map(({ seatId, priceId }) => ({ seatId, priceId })),
          organisation: { name: text.orgName, inn: text.orgInn, kpp: text.orgKpp, address: text.orgAddress },
          leader: { name: text.leaderName, phone: text.leaderPhone, email: text.leaderEmail },
          payer,
          ticketMode: mode,
          companionPriceId: companionPriceId ? Number(companionPriceId) : null,
          companionRule: companionPriceId ? { perChildren: Number(perChildren), free: Number(free) } : { perChildren: 0, free: 0 },
          payUntil: fromZoneInput(payUntil, venue.timeZone) ?? '',
          lang,
        },
        groupResponse,
      ),
    onSuccess: (answer) => navigate(`/groups/${answer.group.id}`),
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([path, code]) => [PATHS[path] ?? path, code])));
      setMessage({ kind: 'error', text: toApiError(error).text || t('error') });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sessionId === null) {
      setMessage({ kind: 'error', text: t('form.chooseSession') });
      return;
    }
    create.mutate();
  };
  if (!ready) return <PageSkeleton label="" />;
  return (
    <section aria-labelledby="admin-group-new-heading" className="admin-stack">
      <h1 className="admin-heading" id="admin-group-new-heading">
        {t('form.heading')}
      </h1>
      <form onSubmit={submit} className="admin-stack" noValidate>
        <LabelledField id="admin-group-session" label={t('form.session')}>
          <select
            className="admin-select"
            value={sessionId ?? ''}
            onChange={(event) => {
              setSessionId(event.currentTarget.value ? Number(event.currentTarget.value) : null);
              setQuantities({});
              setSeats([]);
              setCompanionPriceId('');
            }}
          >
            <option value="">{sessions.isPending ? t('loading') : t('form.chooseSession')}</option>
            {sessions.data?.sessions.map((s) => (
              <option key={s.id} value={s.id}>
                {pickLocalized(s.eventName, lang)}, {s.day} {s.time} ({t('form.free', { count: s.free })})
              </option>
            ))}
          </select>
        </LabelledField>
        {session.data ? (
          <fieldset className="admin-stack">
            <legend>{t('form.places')}</legend>
            {byMap ? (
              <SeatPicker
                key={session.data.session.id}
                eventHash={session.data.session.eventHash}
                sessionId={session.data.session.id}
                eventName={pickLocalized(session.data.session.eventName, lang)}
                prices={session.data.session.prices}
                onChange={setSeats}
              />
            ) : null}
            {byMap
              ? null
              : session.data.session.prices.map((p) => (
                  <LabelledField
                    key={p.id}
                    id={`admin-group-price-${p.id}`}
                    label={`${pickLocalized(p.categoryName, lang)}${p.zoneName ? `, ${pickLocalized(p.zoneName, lang)}` : ''} — ${formatMoney(p.amount, venue.currency, lang)}`}
                    error={errors.lines ? t('form.invalid.lines') : undefined}
                  >
                    <input
                      className="admin-input"
                      type="number"
                      min={0}
                      inputMode="numeric"
                      value={quantities[p.id] ?? ''}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setQuantities((q) => ({ ...q, [p.id]: value }));
                      }}
                    />
                  </LabelledField>
                ))}
            <LabelledField id="admin-group-companion" label={t('form.companionPrice')} hint={t('form.companionHint', { count: freeCount })}>
              <select
                className="admin-select"
                value={companionPriceId}
                onChange={(event) => setCompanionPriceId(event.currentTarget.value)}
              >
                <option value="">{t('form.noCompanions')}</option>
                {session.data.session.prices.map((p) => (
                  <option key={p.id} value={p.id}>
                    {pickLocalized(p.categoryName, lang)} — {formatMoney(p.amount, venue.currency, lang)}
                  </option>
                ))}
              </select>
            </LabelledField>
            {companionPriceId ? (
              <div className="admin-stack">
                <LabelledField id="admin-group-free" label={t('form.freeAdults')}>
                  <input
                    className="admin-input"
                    type="number"
                    min={0}
                    value={free}
                    onChange={(event) => setFree(event.currentTarget.value)}
                  />
                </LabelledField>
                <LabelledField id="admin-group-per" label={t('form.perChildren')}>
                  <input
                    className="admin-input"
                    type="number"
                    min={1}
                    value={perChildren}
                    onChange={(event) => setPerChildren(event.currentTarget.value)}
                  />
                </LabelledField>
              </div>
            ) : null}
          </fieldset>
        ) : session.isFetching ? (
          <div className="admin-skeleton admin-skeleton--row" aria-busy="true" />
        ) : null}
        <fieldset className="admin-stack">
          <legend>{t('form.organisation')}</legend>
          {(['orgName', 'orgInn', 'orgKpp', 'orgAddress'] as const).map((field) => (
            <LabelledField
              key={field}
              id={`admin-group-${field}`}
              label={t(`form.${field}`)}
              error={errors[field] ? t(`form.invalid.${field}`) : undefined}
            >
              <input
                className="admin-input"
                value={text[field]}
                inputMode={field === 'orgInn' || field === 'orgKpp' ? 'numeric' : 'text'}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setText((v) => ({ ...v, [field]: value }));
                }}
              />
            </LabelledField>
          ))}
        </fieldset>
        <fieldset className="admin-stack">
          <legend>{t('form.leader')}</legend>
          {(['leaderName', 'leaderPhone', 'leaderEmail'] as const).map((field) => (
            <LabelledField
              key={field}
              id={`admin-group-${field}`}
              label={t(`form.${field}`)}
              error={errors[field] ? t(`form.invalid.${field}`) : undefined}
            >
              <input
                className="admin-input"
                type={field === 'leaderEmail' ? 'email' : field === 'leaderPhone' ? 'tel' : 'text'}
                value={text[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setText((v) => ({ ...v, [field]: value }));
                }}
              />
            </LabelledField>
          ))}
        </fieldset>
        <LabelledField id="admin-group-payer" label={t('form.payer')}>
          <select className="admin-select" value={payer} onChange={(event) => setPayer(event.currentTarget.value as typeof payer)}>
            {GROUP_PAYERS.map((p) => (
              <option key={p} value={p}>
                {t(`payers.${p}`)}
              </option>
            ))}
          </select>
        </LabelledField>
        <LabelledField id="admin-group-mode" label={t('form.ticketMode')}>
          <select className="admin-select" value={mode} onChange={(event) => setMode(event.currentTarget.value as typeof mode)}>
            {GROUP_TICKET_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`modes.${m}`)}
              </option>
            ))}
          </select>
        </LabelledField>
        <LabelledField
          id="admin-group-pay-until"
          label={t('form.payUntil')}
          hint={venue.timeZone}
          error={errors.payUntil ? t('form.invalid.payUntil') : undefined}
        >
          <input
            className="admin-input"
            type="datetime-local"
            value={payUntil}
            onChange={(event) => setPayUntil(event.currentTarget.value)}
          />
        </LabelledField>
        <p className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={create.isPending}>
            {t('form.submit')}
          </button>
        </p>
        <FormMessage id="admin-group-new-message" message={message} />
      </form>
    </section>
  );
}

export default GroupNewPage;

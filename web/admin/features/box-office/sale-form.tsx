import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeskSaleResponse, deskSaleResponse, deskSessionResponse } from '../../../../contract/admin/box-office.ts';
import type { DeskPaymentKind } from '../../../../contract/admin/box-office-rules.ts';
import { normalizeLang } from '../../../../contract/lang.ts';
import { ApiError, apiGet, apiPost } from '../../../lib/api.ts';
import { messageOf } from '../../lib/field-errors.ts';
import { useCardForm } from '../../components/card-form.tsx';
import { pickText } from '../../lib/format.ts';
import { formatMoney } from '../../../lib/venue-format.ts';
import { useVenue } from '../../app/session.ts';
import { PaymentFields, type PaymentState, emptyPayment, paymentOf } from './payment-fields.tsx';
import { type ChosenSeat, SeatPicker } from '../../components/seat-picker.tsx';
import { deskHolderIssues } from '../../../../contract/admin/desk-holders.ts';
import { type HolderValues, emptyHolder, toHolderInput } from '../../../lib/holder-values.ts';
import { HolderFields, deskHolderContext } from './holder-fields.tsx';

type Props = {
  sessionId: number;
  onSold: (sale: DeskSaleResponse) => void;
  /** The desk's register: its shift takes the money, it prints the receipt. */ register?: string;
};

/**
 * One sale of one session: quantities per price, the payment, and the buyer's address only when
 * the tickets are to be sent. The focus lands on the first quantity, so a sale for cash is the
 * number of tickets and Enter.
 */
export function SaleForm({ sessionId, onSold, register }: Props) {
  const { t, i18n } = useTranslation(['admin-desk', 'admin']);
  const venue = useVenue();
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: ['admin', 'desk', 'session', sessionId],
    queryFn: ({ signal }) => apiGet(`/api/admin/desk/sessions/${sessionId}?lang=${lang}`, deskSessionResponse, { signal }),
    retry: false,
  });
  const data = session.data?.session;
  // The Pushkin card pays for one place without a seat map, as on the storefront.
  const kinds: DeskPaymentKind[] = data
    ? [...(data.ordinary ? (['cash', 'card', 'split'] as const) : []), ...(data.pushkin && !data.useSeatMap ? (['pushkin'] as const) : [])]
    : [];
  const [seats, setSeats] = useState<ChosenSeat[]>([]);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [chosenPayment, setPayment] = useState<PaymentState>(emptyPayment('cash'));
  // An event sold with the Pushkin card only starts on it: the first way of paying the session has.
  const payment =
    kinds.length === 0 || kinds.includes(chosenPayment.kind) ? chosenPayment : { ...chosenPayment, kind: kinds[0] ?? chosenPayment.kind };
  const [send, setSend] = useState(false);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const form = useCardForm(t('errors.generic'));
  // A named-ticket event: a holder per place, the consents ticked, and each field's issue.
  const [holderValues, setHolderValues] = useState<HolderValues[]>([]);
  const [consents, setConsents] = useState<ReadonlySet<number>>(new Set());
  const [holderErrors, setHolderErrors] = useState<Record<string, string>>({});
  const first = useRef<HTMLInputElement>(null);

  const sellable = data !== undefined && (!data.namedTickets || data.named !== null);
  const byMap = data?.useSeatMap === true;
  useEffect(() => {
    if (sellable && !byMap) first.current?.focus();
  }, [sellable, byMap]);

  if (session.isPending) return <div className="admin-skeleton admin-desk__sale-skeleton" role="status" aria-label={t('sale.loading')} />;
  if (!data) return <p role="alert">{messageOf(session.error, t('errors.generic'))}</p>;

  const prices = data.prices.filter((p) => (payment.kind === 'pushkin' ? p.pushkin !== 2 : p.pushkin !== 1));
  const count = (priceId: number) => {
    const n = Number(quantities[priceId] ?? '');
    return Number.isInteger(n) && n > 0 ? n : 0;
  };
  const total = byMap ? seats.reduce((sum, seat) => sum + seat.amount, 0) : prices.reduce((sum, p) => sum + count(p.id) * p.amount, 0);
  const lines = byMap ? [] : prices.filter((p) => count(p.id) > 0).map((p) => ({ priceId: p.id, quantity: count(p.id) }));
  const places = byMap ? { seats: seats.map(({ seatId, priceId }) => ({ seatId, priceId })) } : { lines };
  const named = data.named;
  const categoryOf = (priceId: number) => {
    const p = data.prices.find((price) => price.id === priceId);
    return p ? [pickText(p.categoryName, lang), p.zoneName ? pickText(p.zoneName, lang) : ''].filter(Boolean).join(', ') : '';
  };
  // One holder per place, in the order the sale lists its places (line by line, or seat by seat).
  const placeLabels = named
    ? byMap
      ? seats.map((seat) => categoryOf(seat.priceId))
      : lines.flatMap((line) => Array.from({ length: line.quantity }, () => categoryOf(line.priceId)))
    : [];
  const holders = placeLabels.map((_, i) => holderValues[i] ?? emptyHolder());
  const holderContext = named ? deskHolderContext(named) : null;

  const submit = form.submitWith(async () => {
    // Refused here, before a call: the same words a refusal of the server's would be shown in.
    if (lines.length === 0 && seats.length === 0) throw new ApiError('', t('errors.nothing'));
    const paid = paymentOf(payment);
    if (typeof paid === 'string') throw new ApiError('', t(paid));
    setHolderErrors({});
    const holderInputs = holders.map(toHolderInput);
    if (named && holderContext) {
      // The storefront's rules, checked here before the call and again by the server.
      const checked = deskHolderIssues(
        { holders: holderInputs, places: placeLabels.length, consents: [...consents] },
        holderContext,
        named.checkboxes,
      );
      if (!checked.holders) {
        setHolderErrors(Object.fromEntries(checked.issues.map((issue) => [issue.path, issue.code])));
        throw new ApiError('', t('errors.holders'));
      }
    }
    const body = {
      sessionId,
      ...places,
      payment: paid,
      expectedTotal: total,
      lang,
      ...(register ? { register } : {}),
      ...(send ? { email: email.trim(), phone: phone.trim() } : {}),
      ...(named ? { holders: holderInputs, consents: [...consents] } : {}),
    };
    const sold = await apiPost('/api/admin/desk/sales', body, deskSaleResponse).catch((failure: unknown) => {
      const fields =
        failure instanceof ApiError ? (failure.body as { fields?: { path: string; code: string }[] } | undefined)?.fields : undefined;
      if (fields) setHolderErrors(Object.fromEntries(fields.map((f) => [f.path, f.code])));
      throw failure;
    });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'desk'] });
    onSold(sold);
    return '';
  });

  return (
    <form className="admin-desk__sale admin-stack" onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
      <h2 className="admin-subheading" id={`${id}-h`}>
        {pickText(data.eventName, lang)}, {data.time || t('sessions.wholeDay')}
      </h2>
      <p>{t('sale.free', { count: data.free })}</p>
      {sellable ? (
        <>
          {byMap ? (
            <SeatPicker
              eventHash={data.eventHash}
              sessionId={data.id}
              eventName={pickText(data.eventName, lang)}
              prices={prices}
              onChange={setSeats}
            />
          ) : null}
          {byMap ? null : (
            <fieldset className="admin-desk__prices">
              <legend>{t('sale.prices')}</legend>
              {prices.map((p, index) => {
                const category = [pickText(p.categoryName, lang), p.zoneName ? pickText(p.zoneName, lang) : ''].filter(Boolean).join(', ');
                return (
                  <div key={p.id} className="admin-desk__price">
                    <label htmlFor={`${id}-q${p.id}`}>
                      <span className="admin-visually-hidden">{t('sale.quantity', { category })}</span>
                      <span aria-hidden="true">{category}</span>
                    </label>
                    <span className="admin-desk__amount">
                      {formatMoney(p.amount, venue.currency, lang)}
                      {p.free !== null ? ` · ${t('sale.left', { count: p.free })}` : ''}
                    </span>
                    <input
                      ref={index === 0 ? first : undefined}
                      id={`${id}-q${p.id}`}
                      className="admin-desk__qty"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      value={quantities[p.id] ?? ''}
                      placeholder="0"
                      onChange={(e) => setQuantities({ ...quantities, [p.id]: e.currentTarget.value })}
                    />
                  </div>
                );
              })}
            </fieldset>
          )}
          {named && holderContext && placeLabels.length > 0 ? (
            <HolderFields
              id={id}
              named={named}
              context={holderContext}
              places={placeLabels}
              holders={holders}
              onChange={(index, holder) => setHolderValues(holders.map((h, i) => (i === index ? holder : h)))}
              consents={consents}
              onConsent={(box, checked) => {
                const next = new Set(consents);
                if (checked) next.add(box);
                else next.delete(box);
                setConsents(next);
              }}
              errors={holderErrors}
              lang={lang}
            />
          ) : null}
          <p className="admin-desk__total" aria-live="polite">
            {t('sale.total', { amount: formatMoney(total, venue.currency, lang) })}
          </p>
          <PaymentFields id={id} kinds={kinds} total={total} value={payment} onChange={setPayment} />
          <label className="admin-check">
            <input type="checkbox" checked={send} onChange={(e) => setSend(e.currentTarget.checked)} />
            {t('send.toggle')}
          </label>
          {send ? (
            <div className="admin-desk__send">
              <div className="admin-field">
                <label htmlFor={`${id}-email`}>{t('send.email')}</label>
                <input
                  id={`${id}-email`}
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  autoComplete="off"
                  aria-invalid={form.fields.email ? true : undefined}
                />
              </div>
              <div className="admin-field">
                <label htmlFor={`${id}-phone`}>{t('send.phone')}</label>
                <input
                  id={`${id}-phone`}
                  type="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.currentTarget.value)}
                  autoComplete="off"
                  aria-invalid={form.fields.phone ? true : undefined}
                />
              </div>
            </div>
          ) : null}
          <p role="alert" className="admin-desk__error">
            {form.message}
          </p>
          <button type="submit" className="admin-button admin-desk__sell" disabled={form.busy}>
            {form.busy ? t('selling') : t('sell', { amount: formatMoney(total, venue.currency, lang) })}
          </button>
        </>
      ) : null}
    </form>
  );
}

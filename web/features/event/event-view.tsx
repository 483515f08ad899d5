import { type FormEvent, Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'wouter';
import { useNavigate } from '../../lib/navigation.tsx';
import { useFocusAfterRender } from '../../lib/use-focus-after-render.ts';
import { type Lang, pickLocalized } from '../../../contract/lang.ts';
import { formatPrice } from '../../../contract/format-price.ts';
import type { CalendarEntry, NoSchemeResponse } from '../../../contract/event.ts';
import type { Setup } from '../../../contract/setup.ts';
import { createPaths } from '../../app/paths.ts';
import { LazyBottomBar } from '../../components/bottom-bar/lazy-bottom-bar.tsx';
import { LazyCaptchaDialog, preloadCaptchaDialog } from '../../components/captcha/lazy-captcha-dialog.tsx';
import { useModal } from '../../components/modal/modal-context.ts';
import { BuyerFormSkeleton, type BuyerTexts } from '../../components/buyer-form/buyer-form-skeleton.tsx';
import type { BuyerValues } from '../../components/buyer-form/use-buyer.ts';
import type { BuyerHandle } from './components/buyer-section.tsx';
import { CheckboxList } from './components/checkbox-list.tsx';
import { ConfirmDialog } from './components/confirm-dialog.tsx';
import { DateTimePicker } from './components/date-time-picker.tsx';
import { EventHeader } from './components/event-header.tsx';
import { OrderSummary } from './components/order-summary.tsx';
import { PaymentChooser } from './components/payment-chooser.tsx';
import { PriceTable } from './components/price-table.tsx';
import { useSubmitOrder } from './hooks/use-submit-order.ts';
import type { UnpaidOrder } from './api/event-api.ts';
import { UnpaidOrderNotice } from './components/unpaid-order-notice.tsx';
import { rememberUnpaidOrder } from './lib/unpaid-orders.ts';
import { useTicketChoice } from './hooks/use-ticket-choice.ts';
import { carriedChoice, keepChoice } from './lib/choice-carry.ts';
import { documentsToBring } from './lib/order-rules.ts';
import { formatDateTime } from './lib/format.ts';
import {
  calendarDays,
  categoryStock,
  initialRows,
  orderLines,
  showOrderForm,
  timeAfterDateChoice,
  timesOfDay,
  waitlistCategories,
} from './lib/order-rules.ts';
import { NOT_ON_SALE } from '../../../contract/sale-state.ts';
import { OrderStatus } from '../../../contract/order-status.ts';

const BUYER_FIELDS = new Set(['fio', 'phone', 'email', 're_email', 'surname', 'name', 'patronymic']);

type Props = {
  data: NoSchemeResponse;
  setup: Setup;
  lang: Lang;
  queryKey: readonly unknown[];
  /** This browser's latest order of the event still held unpaid. */
  unpaid?: UnpaidOrder | undefined;
};

/*
 * The buyer's fields (React Hook Form, the phone field; zod and the contract schemas through the
 * resolver) and the captcha dialog are not on the page's first load: they start loading at the
 * visitor's first +/- press (prefetchBuyerForm) and show once tickets are chosen, with a skeleton
 * of the form's size if they are not there yet.
 */
const loadBuyerSection = () => import('./components/buyer-section.tsx');
const BuyerSection = lazy(() => loadBuyerSection().then((m) => ({ default: m.BuyerSection })));
/** The buyer form's labels and error messages in the event page's texts. */
const BUYER_TEXTS: BuyerTexts = { ns: 'event', errors: 'errors' };
/** The waiting list's form: only on a sold-out session, so its code loads then. */
const WaitlistForm = lazy(() => import('../../components/waitlist/waitlist-form.tsx').then((m) => ({ default: m.WaitlistForm })));
const prefetchBuyerForm = () => {
  void loadBuyerSection().then((m) => m.preloadBuyerChecks());
  void preloadCaptchaDialog();
};

export function EventView({ data, setup, lang, queryKey, unpaid }: Props) {
  const { t } = useTranslation('event');
  const modal = useModal();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const paths = createPaths(lang);
  const { action, calendar, ticketInfo } = data;
  const currency = setup.app.currency;
  const priceLimit = setup.const.price_limit;

  const erid = search.get('erid') ?? undefined;
  const days = calendarDays(calendar);
  // A single date needs no choice: it shows as text and counts as chosen.
  const day = params.date && days.includes(params.date) ? params.date : days.length === 1 ? days[0] : undefined;
  const times = timesOfDay(calendar, day);
  const entry = times.find((e) => e.event_time === params.time) ?? (times.length === 1 ? times[0] : undefined);

  const session = entry ? `${entry.event_day} ${entry.event_time}` : undefined;
  // Read once, as the page mounts: a language switch remounts it (event-page.tsx).
  const [carried] = useState(() => carriedChoice(action.hash, lang, session));
  const choice = useTicketChoice(data, entry, search.get('sub') === '1', carried);
  const { pushkin, subscriptionMode, groupMode, quantities } = choice;
  useEffect(() => {
    keepChoice(session ? { hash: action.hash, lang, session, pushkin, subscriptionMode, groupMode, quantities } : undefined);
  }, [action.hash, lang, session, pushkin, subscriptionMode, groupMode, quantities]);
  const buyer = useRef<BuyerHandle>(null);
  const keptBuyer = useRef<BuyerValues>(undefined);
  const [checked, setChecked] = useState<Record<number, boolean>>({});
  const [invalidBoxes, setInvalidBoxes] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const go = (date?: string, time?: string, sub = choice.subscriptionMode) =>
    void navigate(paths.event(action.hash, date, time, { sub: sub ? 1 : undefined, erid }), { replace: true, preventScrollReset: true });

  const onDay = (next: string) => {
    // A new date hides the form and resets the time; a single time is chosen with it.
    choice.reset();
    const only = timeAfterDateChoice(calendar, next);
    go(next, only?.event_time);
  };
  const onTime = (next: CalendarEntry) => {
    choice.changeTime(next);
    go(next.event_day, next.event_time);
  };

  const submit = useSubmitOrder({
    setup,
    eventKey: queryKey,
    target: (hash) => (action.writeticketname === 1 ? paths.nominal(hash) : paths.order(hash)),
    onPlaced: (hash) => rememberUnpaidOrder(action.hash, hash),
    onFieldErrors: (fields) => {
      const buyerErrors: Record<string, string> = {};
      const boxes = new Set<number>();
      for (const field of fields) {
        if (BUYER_FIELDS.has(field.path)) buyerErrors[field.path] = field.code;
        const box = /^checkboxList\.(\d+)$/.exec(field.path);
        if (box) boxes.add(Number(box[1]));
      }
      buyer.current?.showServerErrors(buyerErrors);
      setInvalidBoxes(boxes);
    },
  });

  const visible = showOrderForm({
    subscriptionMode: choice.subscriptionMode,
    free: action.maybefree === 1,
    groupMode: choice.groupMode,
    quantity: choice.chosen + choice.groupChosen,
    groupQuantity: choice.groupChosen,
    total: choice.sums.total,
  });
  // Mounted the first time the form shows and kept: hidden again, the buyer's fields keep their values.
  const [buyerShown, setBuyerShown] = useState(visible);
  if (visible && !buyerShown) setBuyerShown(true);

  // Called after the buyer's fields passed their checks, so the buyer section is there.
  const body = async () => {
    if (!entry || !buyer.current) throw new Error('no session chosen or no buyer form');
    const wire = await buyer.current.wire();
    // The choice goes into an order: a language switch later must not bring it back.
    keepChoice(undefined);
    return {
      hash: action.hash,
      lang,
      data: orderLines(
        choice.quantities,
        choice.counted,
        entry,
        choice.subscriptionMode ? ticketInfo.subscription?.subscrit_id : undefined,
      ),
      ...wire,
      checkboxList: data.checkboxList.map((c) => ({ id: c.id, checked: checked[c.id] ?? false })),
    };
  };

  // Focus goes to the first invalid field of the whole order form, buyer fields and consents alike.
  const focusFirstInvalid = useFocusAfterRender(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]'));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Without the buyer's fields (their code still loading, the skeleton shown) there is nothing to check yet.
    void buyer.current?.handleSubmit(
      () => {
        const missing = new Set(data.checkboxList.filter((c) => c.filling === 1 && !checked[c.id]).map((c) => c.id));
        setInvalidBoxes(missing);
        if (missing.size > 0) {
          focusFirstInvalid();
          return;
        }
        if (choice.subscriptionMode || action.issubscription === 1) setConfirming(true);
        else void body().then(submit.start);
      },
      () => {
        setInvalidBoxes(new Set(data.checkboxList.filter((c) => c.filling === 1 && !checked[c.id]).map((c) => c.id)));
        focusFirstInvalid();
      },
    )(event);
  };

  const plus = (price: Parameters<typeof choice.plus>[0]) => {
    prefetchBuyerForm();
    // The spec's text, then the number it does not say.
    if (!choice.plus(price)) modal.warning(`${t('limit')} ${t('limitCount', { count: choice.limitOf(price) })}`);
  };
  const minus = (price: Parameters<typeof choice.minus>[0]) => {
    prefetchBuyerForm();
    choice.minus(price);
  };

  // One set of price-table props for the ordinary and the group tables.
  const tableProps = {
    quantities: choice.quantities,
    currency,
    lang,
    priceLimit,
    stockOf: (id: number) => categoryStock(ticketInfo, entry, id),
    canIncrement: choice.canIncrement,
    onPlus: plus,
    onMinus: minus,
  };

  const notYet = ticketInfo.totalticketcount === NOT_ON_SALE;
  const noPrices = entry !== undefined && choice.ordinary.length === 0 && choice.group.length === 0;
  const available = entry ? entry.quant : ticketInfo.totalticketcount;

  return (
    <div className="event-page">
      {unpaid && (
        <UnpaidOrderNotice
          order={unpaid}
          href={unpaid.status === OrderStatus.reserved ? paths.nominal(unpaid.hash) : paths.order(unpaid.hash)}
        />
      )}
      <EventHeader action={action} composition={data.actionStr} lang={lang} />

      {notYet ? (
        <p className="event-message">
          {ticketInfo.saledate ? t('saleBegins', { date: formatDateTime(ticketInfo.saledate, lang, setup.app.timezone) }) : t('noDates')}
        </p>
      ) : calendar.length === 0 ? (
        <p className="event-message">{t('noDates')}</p>
      ) : (
        <>
          <DateTimePicker
            days={days}
            times={times}
            day={day}
            calendarId={entry?.calendar_id}
            showQuant={ticketInfo.showquant === 1}
            priceLimit={priceLimit}
            lang={lang}
            onDay={onDay}
            onTime={onTime}
          />
          {params.date && !day && <p className="event-message">{t('notAvailableDay')}</p>}
          {day && params.time && !times.some((e) => e.event_time === params.time) && (
            <p className="event-message">{t('notAvailableSession')}</p>
          )}
          {ticketInfo.showticketcount === 1 && available >= 0 && available < priceLimit && (
            <p className="event-available">{available === 0 ? t('soldOut') : t('available', { count: available })}</p>
          )}
        </>
      )}

      {entry && !notYet && entry.quant === 0 && (
        <Suspense fallback={null}>
          <WaitlistForm
            key={entry.calendar_id}
            sessionId={entry.calendar_id}
            lang={lang}
            maxPlaces={action.demquantlimit}
            categories={waitlistCategories(data.price, entry, lang)}
          />
        </Suspense>
      )}

      {action.usepushkarta === 1 && !notYet && calendar.length > 0 && (
        <PaymentChooser allowCard={action.usenopushkarta === 1} pushkin={choice.pushkin} onChange={choice.setPushkin} />
      )}

      {ticketInfo.subscription && (
        <label className="event-subscription">
          <input
            type="checkbox"
            checked={choice.subscriptionMode}
            onChange={(event) => {
              choice.setSubscriptionMode(event.target.checked);
              go(day, entry?.event_time, event.target.checked);
            }}
          />{' '}
          {t('subscription.toggle')}
          <span className="event-subscription__left">{t('subscription.left', { count: ticketInfo.subscription.quant })}</span>
        </label>
      )}

      {entry && noPrices && (
        <p className="event-message" role="status">
          {choice.pushkin ? t('payment.pushkinUnavailable') : t('notAvailableSession')}
        </p>
      )}

      {entry && !noPrices && (
        <form ref={formRef} className="event-order" noValidate onSubmit={onSubmit}>
          {choice.ordinary.length > 0 && (
            <PriceTable caption={t('prices.caption')} prices={choice.ordinary} initialRows={initialRows(action.rowcount)} {...tableProps} />
          )}

          {choice.groupAvailable && (
            <section className="event-group">
              <label className="event-group__toggle">
                <input type="checkbox" checked={choice.groupMode} onChange={(event) => choice.toggleGroupMode(event.target.checked)} />{' '}
                {t('group.toggle')}
              </label>
              {choice.groupMode && <PriceTable caption={t('group.title')} prices={choice.group} {...tableProps} />}
            </section>
          )}

          {buyerShown && (
            <Suspense fallback={visible ? <BuyerFormSkeleton texts={BUYER_TEXTS} pushkin={choice.pushkin} /> : null}>
              <BuyerSection
                visible={visible}
                pushkin={choice.pushkin}
                texts={BUYER_TEXTS}
                currency={currency}
                crm={setup.crm_client}
                handle={buyer}
                kept={keptBuyer}
              />
            </Suspense>
          )}
          {visible && (
            <>
              <CheckboxList
                items={data.checkboxList}
                checked={checked}
                invalid={invalidBoxes}
                lang={lang}
                onChange={(id, value) => {
                  setChecked({ ...checked, [id]: value });
                  if (value) setInvalidBoxes(new Set([...invalidBoxes].filter((x) => x !== id)));
                }}
              />
              <OrderSummary
                {...choice.sums}
                documents={documentsToBring(choice.counted, choice.quantities, lang)}
                currency={currency}
                lang={lang}
              />
              <button type="submit" className="button button--primary event-order__submit" disabled={submit.busy}>
                {submit.busy ? t('submitting') : t('submit')}
              </button>
            </>
          )}
        </form>
      )}

      {entry && !noPrices && (
        <LazyBottomBar
          chosen={
            visible
              ? {
                  count: t('bar.count', { count: choice.chosen + choice.groupChosen }),
                  total: formatPrice(choice.sums.total, currency, lang),
                }
              : undefined
          }
          action={t('bar.next')}
          form={() => formRef.current}
        />
      )}

      {submit.busy && (
        <div className="event-overlay" role="status" aria-live="polite">
          <span className="event-overlay__spinner" aria-hidden="true" />
          {t('submitting')}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('confirmSubscription.title')}
        text={`${t('confirmSubscription.text')} ${pickLocalized(action.name, lang)}`}
        ok={t('confirmSubscription.ok')}
        cancel={t('confirmSubscription.cancel')}
        onOk={() => {
          setConfirming(false);
          void body().then(submit.start);
        }}
        onCancel={() => setConfirming(false)}
      />
      <LazyCaptchaDialog {...submit.captcha} load={buyerShown} />
    </div>
  );
}

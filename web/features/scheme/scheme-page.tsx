import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { useNavigate } from '../../lib/navigation.tsx';
import type { BuyerInput } from '../../../contract/buyer.ts';
import { pickLocalized } from '../../../contract/lang.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { SchemeCalendarEntry, SchemeMapResponse, SchemePrice, SchemeSessionsResponse } from '../../../contract/scheme.ts';
import { usePaths } from '../../app/paths.ts';
import { LazyBottomBar } from '../../components/bottom-bar/lazy-bottom-bar.tsx';
import { LazyCaptchaDialog, preloadCaptchaDialog } from '../../components/captcha/lazy-captcha-dialog.tsx';
import { useModal } from '../../components/modal/modal-context.ts';
import { PageError } from '../../components/page-error/page-error.tsx';
import { PageSkeleton, Skeleton } from '../../components/skeleton/skeleton.tsx';
import { ApiError, toApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useCaptchaSubmit } from '../../lib/use-captcha-submit.ts';
import { preloadScreenOf } from '../../lib/screen-preload.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useSetup } from '../../lib/use-setup.ts';
import { createSchemeOrder, requestSessionsAtBoot, schemeSessionsQueryOptions } from './api/scheme-api.ts';
import { schemeMapQueryOptions } from '../../lib/seat-map/scheme-map-query.ts';
import { CartPanel, preloadBuyerForm } from './components/cart-panel.tsx';
import { MapNotLoaded } from './components/map-not-loaded.tsx';
import { PriceLegend } from './components/price-legend.tsx';
import { SchemeHeader } from './components/scheme-header.tsx';
import { createSeatLookup } from '../../components/seat-map/seat-info.ts';
import { toKopecks } from '../../../contract/format-price.ts';
import { SeatList } from '../../components/seat-map/seat-list.tsx';
import { SeatMap } from '../../components/seat-map/seat-map.tsx';
import { SessionPicker, groupByDay, warmSessionFormats } from './components/session-picker.tsx';
import { StandingPanel } from './components/standing-panel.tsx';
import { SchemeWaitlistDialog } from './components/waitlist-dialog.tsx';
import { type Cart, useCart } from './hooks/use-cart.ts';
import { useFormatKopecks } from '../../lib/use-money.ts';
import { buildSeatModel } from '../../lib/seat-map/seat-model.ts';
import './scheme.css';

/** Setup const.price_limit defaults to 100. */
const DEFAULT_PRICE_LIMIT = 100;

// Opened at this address, the page's answer is asked for now, while the app boots (scheme-api.ts).
requestSessionsAtBoot(window.location.pathname, window.location.search);

/** /scheme/{hash}/{date?}/{time?}: the seating-scheme purchase. */
export function SchemePage() {
  const { t } = useTranslation('scheme');
  usePageTitle('scheme');
  const { hash = '', date, time } = useParams();
  const lang = useLang();
  const paths = usePaths();
  const navigate = useNavigate();
  const { data: setup } = useSetup();
  const sessions = useQuery(schemeSessionsQueryOptions(hash, lang));
  // The first Intl formatter (locale data) is built in a task of its own while the sessions
  // load, not inside the render that paints the page (session-picker.tsx).
  useEffect(() => {
    const timer = window.setTimeout(() => warmSessionFormats(lang));
    return () => window.clearTimeout(timer);
  }, [lang]);
  const days = useMemo(() => groupByDay(sessions.data?.calendar ?? []), [sessions.data]);
  const day = days.find((d) => d.day === date);
  const entry = day?.entries.find((e) => e.event_time === time);
  // The sold-out time whose waiting list is open (never in the route: see onWaitlist).
  const [waitlist, setWaitlist] = useState<{ entry: SchemeCalendarEntry; when: string } | undefined>();

  // The route decides the session: an unknown date or an unavailable time is reset, a date
  // with one time chooses it, and an event without a seat map goes to its event page.
  useEffect(() => {
    const data = sessions.data;
    if (!data) return;
    if (data.action.useseatsvg !== 1) navigate(paths.event(hash, date, time), { replace: true });
    else if (date && !day) navigate(paths.scheme(hash), { replace: true });
    else if (day && time && (!entry || entry.quant <= 0)) navigate(paths.scheme(hash, day.day), { replace: true });
    else if (day && !time && day.entries.length === 1 && (day.entries[0]?.quant ?? 0) > 0) {
      navigate(paths.scheme(hash, day.day, day.entries[0]?.event_time), { replace: true });
    }
  }, [sessions.data, date, time, day, entry, hash, navigate, paths]);

  if (sessions.isPending) return <PageSkeleton />;
  if (sessions.isError) {
    const error = toApiError(sessions.error);
    if (error.code === ErrorCode.notFound) {
      return (
        <section className="page-error" aria-labelledby="scheme-missing">
          <h1 id="scheme-missing">{t('notFound.title')}</h1>
          <p>{t('notFound.text')}</p>
          <Link className="button button--primary" to={paths.afisha()}>
            {t('notFound.home')}
          </Link>
        </section>
      );
    }
    return <PageError error={error} onRetry={() => void sessions.refetch()} />;
  }
  const data = sessions.data;
  return (
    <div className="scheme-page">
      <SchemeHeader data={data} />
      <SessionPicker
        days={days}
        date={day?.day}
        time={entry ? time : undefined}
        priceLimit={setup?.const.price_limit ?? DEFAULT_PRICE_LIMIT}
        onDate={(d) => navigate(paths.scheme(hash, d))}
        onTime={(d, at) => navigate(paths.scheme(hash, d, at))}
        onWaitlist={(sold, when) => setWaitlist({ entry: sold, when })}
      />
      {waitlist && (
        <SchemeWaitlistDialog
          hash={hash}
          sessionId={waitlist.entry.calendar_id}
          when={waitlist.when}
          maxPlaces={data.action.demquantlimit}
          onClose={() => setWaitlist(undefined)}
        />
      )}
      {entry && entry.quant > 0 ? (
        <SchemeSession key={entry.calendar_id} data={data} calendarId={entry.calendar_id} />
      ) : (
        days.length > 0 && <p className="scheme-note scheme-note--choose">{t('chooseTime')}</p>
      )}
    </div>
  );
}

/** The map, the standing places and the cart of one session. */
function SchemeSession({ data, calendarId }: { data: SchemeSessionsResponse; calendarId: number }) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const queryClient = useQueryClient();
  const map = useQuery(schemeMapQueryOptions(data.action.hash, calendarId, lang));
  const cart = useCart(data.action.demquantlimit);
  const modal = useModal();
  const navigate = useNavigate();
  const paths = usePaths();

  // The cart is cleared whenever the map is (re)loaded.
  const { clear } = cart;
  const loadedAt = map.dataUpdatedAt;
  useEffect(() => {
    clear();
  }, [loadedAt, clear]);

  const { data: setup } = useSetup();
  const order = useCaptchaSubmit(setup, (error) => {
    const apiError = toApiError(error);
    const text = apiError.text || t(`errors:codes.${apiError.code}`, { defaultValue: t(`errors:codes.${ErrorCode.inner}`) });
    // Scheme cart errors add ' Код ошибки: {code}'.
    modal.error(new ApiError(apiError.code, `${text}${t('errorCode', { code: apiError.code })}`), 'createOrder');
    if (apiError.code === ErrorCode.seatUnavailable || apiError.code === ErrorCode.placesGone) {
      void queryClient.invalidateQueries({ queryKey: ['scheme-map', data.action.hash, calendarId] });
      void queryClient.invalidateQueries({ queryKey: ['scheme-sessions', data.action.hash] });
    }
  });
  const placeOrder = (buyer: BuyerInput, checked: number[]) => {
    // The cart cannot change meanwhile: the captcha dialog is modal and the button is disabled.
    const tickets = cart.items.map((item) => ({
      seat_id: item.kind === 'seat' ? item.seatId : item.key,
      quantity: 1 as const,
      price_id: item.priceId,
      calendar_id: calendarId,
      price: item.price / 100,
      priceservise: item.fee / 100,
      ...(item.kind === 'seat' ? { sector: pickLocalized(item.sector, lang), row: item.row, seat: item.seat } : {}),
    }));
    // The order's screen loads while the order is placed (the same for every hash).
    preloadScreenOf(paths.order('new'));
    void order.submit(async (captcha) => {
      const answer = await createSchemeOrder({
        ...buyer,
        ...captcha,
        action_id: data.action.action_id,
        calendarId,
        lang,
        checkboxList: checked.map((id) => ({ id, checked: true })),
        tickets,
      });
      void navigate(paths.order(answer.hash));
    });
  };

  // A retry after a failure shows the loading state again, then the map or a fresh alert.
  if (map.isPending || (map.isError && map.isFetching)) {
    return (
      <div className="scheme-map-area" role="status" aria-label={t('map.loading')}>
        <Skeleton height="100%" radius={12} />
      </div>
    );
  }
  if (map.isError) return <MapNotLoaded error={map.error} onRetry={() => void map.refetch()} />;
  return (
    <>
      <SchemeMapArea answer={map.data} cart={cart} checkboxes={data.checkboxList} submitting={order.busy} onOrder={placeOrder} />
      <LazyCaptchaDialog {...order.dialog} load={cart.items.length > 0} />
    </>
  );
}

type MapAreaProps = {
  answer: SchemeMapResponse;
  cart: Cart;
  checkboxes: SchemeSessionsResponse['checkboxList'];
  submitting: boolean;
  onOrder: (buyer: BuyerInput, checked: number[]) => void;
};

function SchemeMapArea({ answer, cart, checkboxes, submitting, onOrder }: MapAreaProps) {
  const { t } = useTranslation('scheme');
  const modal = useModal();
  const money = useFormatKopecks();
  const cartArea = useRef<HTMLElement>(null);
  const model = useMemo(() => buildSeatModel(answer), [answer]);
  const lookup = useMemo(() => createSeatLookup(answer, model), [answer, model]);
  const selected = useMemo(() => {
    const set = new Set<number>();
    for (const item of cart.items) if (item.kind === 'seat') set.add(item.index);
    return set;
  }, [cart.items]);
  const cartRef = useRef(cart);
  cartRef.current = cart;
  // The spec's text, then the number it does not say.
  const showLimit = useCallback(() => modal.warning(`${t('limit')} ${t('limitCount', { count: cart.limit })}`), [modal, t, cart.limit]);
  const toggle = useCallback(
    (index: number, price: SchemePrice | undefined) => {
      // The first seat chosen starts loading the buyer form and the captcha (not on the first load).
      void preloadBuyerForm();
      void preloadCaptchaDialog();
      const current = cartRef.current;
      const key = String(model.ids[index]);
      if (!price) {
        current.remove(key);
        return;
      }
      const seat = lookup(index);
      if (!seat.free) return;
      if (current.isFull) {
        showLimit();
        return;
      }
      current.add({
        kind: 'seat',
        key,
        seatId: seat.seatId,
        index,
        sector: seat.sector,
        row: seat.row,
        seat: seat.seat,
        zoneId: seat.zone?.zone_id ?? 0,
        priceId: price.price_id,
        category: price.category,
        price: toKopecks(price.price),
        fee: toKopecks(price.priceservise),
      });
    },
    [model, lookup, showLimit],
  );

  const hasPlaces = model.count > 0 || answer.seat_stand.length > 0;
  const count = cart.items.length;
  return (
    <>
      <PriceLegend zones={answer.zones} seats={model.count > 0} />
      <div className="scheme-layout">
        <div className="scheme-layout__map">
          {model.count > 0 ? (
            <>
              <div className="scheme-map-area" style={{ '--hall-ratio': `${answer.width} / ${answer.height}` } as CSSProperties}>
                <SeatMap model={model} svg={answer.svg} lookup={lookup} selected={selected} onToggle={toggle} />
              </div>
              <SeatList model={model} sectors={answer.sectors} lookup={lookup} selected={selected} onToggle={toggle} />
            </>
          ) : (
            !hasPlaces && <p className="scheme-note">{t('map.noSeats')}</p>
          )}
          <StandingPanel stands={answer.seat_stand} cart={cart} onLimit={showLimit} />
        </div>
        <aside className="scheme-layout__cart" ref={cartArea}>
          <CartPanel cart={cart} checkboxes={checkboxes} submitting={submitting} onSubmit={onOrder} />
        </aside>
      </div>
      <LazyBottomBar
        chosen={count > 0 ? { count: t('bar.count', { count }), total: money(cart.totals.total) } : undefined}
        action={t('bar.next')}
        form={() => cartArea.current?.querySelector('form')}
        // Before the buyer form's code has come, the cart's heading.
        fallback={() => cartArea.current?.querySelector('h2')}
      />
    </>
  );
}

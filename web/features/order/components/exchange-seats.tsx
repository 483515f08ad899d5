import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toKopecks } from '../../../../contract/format-price.ts';
import { pickLocalized } from '../../../../contract/lang.ts';
import type { SchemeMapResponse, SchemePrice } from '../../../../contract/scheme.ts';
import { createSeatLookup } from '../../../components/seat-map/seat-info.ts';
import { SeatList } from '../../../components/seat-map/seat-list.tsx';
import { SeatMap } from '../../../components/seat-map/seat-map.tsx';
import { useSeatPlace } from '../../../components/seat-map/use-seat-place.ts';
import { Skeleton } from '../../../components/skeleton/skeleton.tsx';
import { schemeMapQueryOptions } from '../../../lib/seat-map/scheme-map-query.ts';
import { buildSeatModel } from '../../../lib/seat-map/seat-model.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useFormatKopecks } from '../../../lib/use-money.ts';

/** A seat the buyer chose for a ticket: its place on the map and the price of its zone they picked. */
export type ExchangeSeat = { index: number; seatId: number; priceId: number; place: string; category: string; amount: number };

type Props = {
  eventHash: string;
  sessionId: number;
  /** The tickets given up: as many seats are chosen, one for each. */
  count: number;
  seats: readonly ExchangeSeat[];
  onChange: (seats: ExchangeSeat[]) => void;
};

/**
 * The new session's hall on the storefront's own map (the scheme page's renderer, seat card and
 * seat list, with the same free and taken seats): the buyer picks one seat per ticket, each at a
 * category of its zone, as they would buy it. The list under the map does the same from a keyboard
 * or a screen reader.
 */
export function ExchangeSeats(props: Props) {
  const { t } = useTranslation('order');
  const loading = (
    <div className="order-exchange__map order-exchange__map--loading" role="status" aria-label={t('exchange.seatsLoading')}>
      <Skeleton height="100%" radius={12} />
    </div>
  );
  // The map's texts (the scheme page's catalog) come with it the first time.
  return (
    <Suspense fallback={loading}>
      <SessionSeats {...props} loading={loading} />
    </Suspense>
  );
}

function SessionSeats({ eventHash, sessionId, count, seats, onChange, loading }: Props & { loading: ReactNode }) {
  const { t } = useTranslation('order');
  const lang = useLang();
  const map = useQuery(schemeMapQueryOptions(eventHash, sessionId, lang));
  if (map.isPending || (map.isError && map.isFetching)) return loading;
  if (map.isError) {
    return (
      <div className="order-exchange__map" role="alert">
        <p>{t('exchange.seatsFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void map.refetch()}>
          {t('exchange.seatsRetry')}
        </button>
      </div>
    );
  }
  return <SeatChoice answer={map.data} count={count} seats={seats} onChange={onChange} />;
}

function SeatChoice({ answer, count, seats, onChange }: Pick<Props, 'count' | 'seats' | 'onChange'> & { answer: SchemeMapResponse }) {
  const { t } = useTranslation('order');
  const lang = useLang();
  const money = useFormatKopecks();
  const place = useSeatPlace();
  const id = useId();
  const model = useMemo(() => buildSeatModel(answer), [answer]);
  const lookup = useMemo(() => createSeatLookup(answer, model), [answer, model]);
  const selected = useMemo(() => new Set(seats.map((s) => s.index)), [seats]);
  // Said once, when a seat more than the tickets was asked for.
  const [full, setFull] = useState(false);

  const toggle = (index: number, price: SchemePrice | undefined) => {
    if (!price) {
      setFull(false);
      onChange(seats.filter((s) => s.index !== index));
      return;
    }
    const seat = lookup(index);
    if (!seat.free || selected.has(index)) return;
    if (seats.length >= count) {
      setFull(true);
      return;
    }
    setFull(false);
    onChange([
      ...seats,
      {
        index,
        seatId: seat.seatId,
        priceId: price.price_id,
        place: place(seat),
        category: pickLocalized(price.category, lang),
        amount: toKopecks(price.price) + toKopecks(price.priceservise),
      },
    ]);
  };

  return (
    <fieldset className="order-exchange__seats" aria-describedby={`${id}-hint`}>
      <legend>{t('exchange.seats')}</legend>
      <p id={`${id}-hint`}>{t('exchange.seatsHint')}</p>
      {model.count > 0 ? (
        <>
          <div className="order-exchange__map" style={{ '--hall-ratio': `${answer.width} / ${answer.height}` } as CSSProperties}>
            <SeatMap
              model={model}
              svg={answer.svg}
              lookup={lookup}
              selected={selected}
              onToggle={toggle}
              removeText={t('exchange.seatUnchoose')}
            />
          </div>
          <SeatList model={model} sectors={answer.sectors} lookup={lookup} selected={selected} onToggle={toggle} />
        </>
      ) : (
        <p role="alert">{t('exchange.seatsNone')}</p>
      )}
      <p aria-live="polite">
        {t('exchange.seatsChosen', { count: seats.length, limit: count })}
        {full ? ` ${t('exchange.seatsFull')}` : ''}
      </p>
      {seats.length > 0 && (
        <ul className="order-exchange__chosen">
          {seats.map((s) => (
            <li key={s.seatId}>
              <span>{t('exchange.seatItem', { place: s.place, category: s.category, price: money(s.amount) })}</span>
              <button
                type="button"
                className="button button--secondary"
                aria-label={t('exchange.seatRemove', { place: s.place })}
                onClick={() => toggle(s.index, undefined)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

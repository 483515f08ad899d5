import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskSessionResponse } from '../../../contract/admin/box-office.ts';
import { normalizeLang, pickLocalized } from '../../../contract/lang.ts';
import { schemeMapResponse } from '../../../contract/scheme.ts';
import { apiPost } from '../../lib/api.ts';
import { type SeatModel, buildSeatModel } from '../../lib/seat-map/seat-model.ts';
import { HallCanvas } from './hall-canvas.tsx';
import './seat-picker.css';
import { messageOf } from '../lib/field-errors.ts';

/** A chosen seat as the sale sends it, with its price in kopecks for the total on screen. */
export type ChosenSeat = { seatId: number; priceId: number; amount: number };

/** A price of the session as the picker reads it (the desk's, or an exchange's): a seat is priced by its zone. */
type SeatPrice = Pick<DeskSessionResponse['session']['prices'][number], 'id' | 'categoryId' | 'zoneId' | 'amount'> & {
  categoryName: Partial<Record<string, string>>;
};

type Props = {
  eventHash: string;
  sessionId: number;
  eventName: string;
  /** The desk's prices of the session: every category on any day (the storefront's map offers a concession only on its days). */
  prices: readonly SeatPrice[];
  /** Seats that may be chosen at most (an exchange: one per ticket); no limit when left out. */
  limit?: number;
  onChange: (seats: ChosenSeat[]) => void;
};

/**
 * The session's hall as the storefront draws it (the box office's seat sale, a group's seats and an order's exchange): the storefront's own map answer (/api/scheme:
 * the same seats, zones and free or taken states) drawn by the storefront's renderer. A click on a
 * free seat chooses it or lets it go; the rows below do the same from the keyboard. Every seat is
 * sold at the chosen category's desk price of its zone.
 */
export function SeatPicker({ eventHash, sessionId, eventName, prices, limit, onChange }: Props) {
  const { t, i18n } = useTranslation(['admin-desk', 'admin']);
  const lang = normalizeLang(i18n.language);
  const id = useId();
  const map = useQuery({
    queryKey: ['admin', 'desk', 'map', sessionId],
    queryFn: () => apiPost('/api/scheme', { hash: eventHash, calendar_id: sessionId, lang }, schemeMapResponse),
    retry: false,
  });
  const model = useMemo(() => (map.data ? buildSeatModel(map.data) : null), [map.data]);
  const seatPrices = useMemo(() => prices.filter((p) => p.zoneId !== null), [prices]);
  const categories = useMemo(() => {
    const all = new Map<number, string>();
    for (const p of seatPrices) if (!all.has(p.categoryId)) all.set(p.categoryId, pickLocalized(p.categoryName, lang));
    return [...all];
  }, [seatPrices, lang]);
  const [category, setCategory] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  if (map.isPending) return <div className="hall-canvas admin-skeleton" role="status" aria-label={t('seats.loading')} />;
  if (!map.data || !model) return <p role="alert">{messageOf(map.error, t('admin:errors.generic'))}</p>;
  const answer = map.data;
  const chosenCategory = category ?? categories[0]?.[0] ?? 0;
  const sectorNames = new Map(answer.sectors.map((s) => [s.sector_id, pickLocalized(s.name, lang)]));

  const priced = (next: ReadonlySet<number>, cat: number): ChosenSeat[] =>
    [...next].flatMap((i) => {
      const zoneId = model.zoneIds[model.zone[i] ?? 0];
      const ofZone = seatPrices.filter((p) => p.zoneId === zoneId);
      const price = ofZone.find((p) => p.categoryId === cat) ?? ofZone[0];
      return price ? [{ seatId: model.ids[i] ?? 0, priceId: price.id, amount: price.amount }] : [];
    });
  const choose = (next: ReadonlySet<number>, cat = chosenCategory) => {
    setSelected(next);
    onChange(priced(next, cat));
  };
  const full = limit !== undefined && selected.size >= limit;
  const toggle = (i: number) => {
    if (!model.free[i]) return;
    const next = new Set(selected);
    if (next.has(i)) next.delete(i);
    else if (full) return;
    else next.add(i);
    choose(next);
  };

  return (
    <fieldset className="admin-desk__seats">
      <legend>{t('seats.heading')}</legend>
      {categories.length > 1 ? (
        <div className="admin-field">
          <label htmlFor={`${id}-cat`}>{t('seats.category')}</label>
          <select
            id={`${id}-cat`}
            className="admin-select"
            value={chosenCategory}
            onChange={(e) => {
              const next = Number(e.currentTarget.value);
              setCategory(next);
              choose(selected, next);
            }}
          >
            {categories.map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <p className="admin-field__hint" id={`${id}-hint`}>
        {t('seats.hint')}
      </p>
      <HallCanvas
        model={model}
        svg={answer.svg}
        label={t('seats.map', { event: eventName })}
        describedBy={`${id}-hint`}
        selected={selected}
        onActivate={(i) => toggle(i)}
      />
      <p aria-live="polite">
        {limit === undefined ? t('seats.chosen', { count: selected.size }) : t('seats.chosenOf', { count: selected.size, limit })}
      </p>
      <RowSeats model={model} sectorNames={sectorNames} selected={selected} full={full} onToggle={toggle} />
    </fieldset>
  );
}

/** One row's seats as checkboxes, the row picked by sector and row: the map for a keyboard or a screen reader. */
function RowSeats({
  model,
  sectorNames,
  selected,
  full,
  onToggle,
}: {
  model: SeatModel;
  sectorNames: ReadonlyMap<number, string>;
  selected: ReadonlySet<number>;
  /** The limit is reached: seats not chosen cannot be added. */
  full: boolean;
  onToggle: (i: number) => void;
}) {
  const { t } = useTranslation('admin-desk');
  const id = useId();
  const [rowIndex, setRowIndex] = useState(0);
  const row = model.rows[rowIndex];
  const nameOf = (i: number) =>
    t('seats.seat', { sector: sectorNames.get(row?.sectorId ?? 0) ?? '', row: row?.row ?? '', seat: model.labels[i] ?? '' });
  return (
    <div className="admin-desk__rows">
      <div className="admin-field">
        <label htmlFor={`${id}-row`}>{t('seats.row')}</label>
        <select id={`${id}-row`} className="admin-select" value={rowIndex} onChange={(e) => setRowIndex(Number(e.currentTarget.value))}>
          {model.rows.map((r, index) => (
            <option key={`${r.sectorId}-${r.row}-${r.first}`} value={index}>
              {sectorNames.get(r.sectorId) ?? ''}, {r.row}
            </option>
          ))}
        </select>
      </div>
      {row ? (
        <fieldset className="admin-desk__row-seats">
          <legend>{t('seats.rowSeats', { row: row.row })}</legend>
          {Array.from({ length: row.count }, (_, k) => row.first + k).map((i) => (
            <label key={i} className="admin-check">
              <input
                type="checkbox"
                checked={selected.has(i)}
                disabled={!model.free[i] || (full && !selected.has(i))}
                onChange={() => onToggle(i)}
              />
              {model.free[i] ? nameOf(i) : t('seats.taken', { seat: nameOf(i) })}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

import './seat-map.css';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../contract/lang.ts';
import type { SchemePrice, SchemeSector } from '../../../contract/scheme.ts';
import { useLang } from '../../lib/use-lang.ts';
import type { SeatModel } from '../../lib/seat-map/seat-model.ts';
import { useFormatKopecks } from '../../lib/use-money.ts';
import { ConcessionDocument } from '../concession-document/concession-document.tsx';
import { type SeatLookup } from './seat-info.ts';
import { toKopecks } from '../../../contract/format-price.ts';

type SeatListProps = {
  model: SeatModel;
  sectors: readonly SchemeSector[];
  lookup: SeatLookup;
  selected: ReadonlySet<number>;
  onToggle: (index: number, price: SchemePrice | undefined) => void;
};

/**
 * The map's alternative for keyboards and screen readers: choose a sector and a row, then toggle
 * its free seats, each a button that says its number and price; a concession category names its
 * document.
 */
export function SeatList({ model, sectors, lookup, selected, onToggle }: SeatListProps) {
  const { t } = useTranslation('scheme');
  const lang = useLang();
  const money = useFormatKopecks();
  const ids = { sector: useId(), row: useId(), category: useId() };
  const withSeats = useMemo(() => sectors.filter((s) => model.rows.some((r) => r.sectorId === s.sector_id)), [sectors, model]);
  const [sectorId, setSectorId] = useState<number | undefined>(withSeats[0]?.sector_id);
  const rows = useMemo(
    () =>
      model.rows
        .map((row, index) => ({ ...row, index }))
        .filter((row) => row.sectorId === sectorId)
        .sort((a, b) => a.row.localeCompare(b.row, undefined, { numeric: true })),
    [model, sectorId],
  );
  const [rowIndex, setRowIndex] = useState<number | undefined>(rows[0]?.index);
  const row = rows.find((r) => r.index === rowIndex) ?? rows[0];
  const seats = row ? Array.from({ length: row.count }, (_, i) => lookup(row.first + i)) : [];
  const categories = new Map<number, SchemePrice>();
  for (const seat of seats)
    for (const price of seat.prices) if (!categories.has(price.clientcategory_id)) categories.set(price.clientcategory_id, price);
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const chosenCategory = categoryId !== undefined && categories.has(categoryId) ? categoryId : [...categories.keys()][0];
  const visible = seats.filter((seat) => seat.free || selected.has(seat.index));

  return (
    <details className="seat-list">
      <summary>{t('list.title')}</summary>
      <div className="seat-list__filters">
        <label htmlFor={ids.sector}>{t('list.sector')}</label>
        <select
          id={ids.sector}
          value={sectorId ?? ''}
          onChange={(event) => {
            const next = Number(event.target.value);
            setSectorId(next);
            setRowIndex(undefined);
          }}
        >
          {withSeats.map((sector) => (
            <option key={sector.sector_id} value={sector.sector_id}>
              {pickLocalized(sector.name, lang)}
            </option>
          ))}
        </select>
        <label htmlFor={ids.row}>{t('list.row')}</label>
        <select id={ids.row} value={row?.index ?? ''} onChange={(event) => setRowIndex(Number(event.target.value))}>
          {rows.map((r) => (
            <option key={r.index} value={r.index}>
              {r.row}
            </option>
          ))}
        </select>
        {categories.size > 1 && (
          <>
            <label htmlFor={ids.category}>{t('list.category')}</label>
            <select id={ids.category} value={chosenCategory ?? ''} onChange={(event) => setCategoryId(Number(event.target.value))}>
              {[...categories.values()].map((price) => (
                <option key={price.clientcategory_id} value={price.clientcategory_id}>
                  {pickLocalized(price.category, lang)}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <ConcessionDocument
        document={chosenCategory === undefined ? undefined : categories.get(chosenCategory)?.document}
        className="seat-list__document"
      />
      {visible.length === 0 ? (
        <p className="scheme-note">{t('list.none')}</p>
      ) : (
        <ul className="seat-list__seats chip-list" aria-label={t('list.free')}>
          {visible.map((seat) => {
            const price = seat.prices.find((p) => p.clientcategory_id === chosenCategory) ?? seat.prices[0];
            const isChosen = selected.has(seat.index);
            return (
              <li key={seat.seatId}>
                <button
                  type="button"
                  className="seat-list__seat"
                  aria-pressed={isChosen}
                  aria-label={t('list.seatLabel', { seat: seat.seat, price: price ? money(toKopecks(price.price)) : '' })}
                  onClick={() => onToggle(seat.index, isChosen ? undefined : price)}
                >
                  {seat.seat}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </details>
  );
}

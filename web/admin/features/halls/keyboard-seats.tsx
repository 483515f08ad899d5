import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatState } from '../../../../contract/admin/halls-rules.ts';
import type { SeatModel } from '../../../lib/seat-map/seat-model.ts';

type KeyboardSeatsProps = {
  model: SeatModel;
  states: readonly SeatState[];
  sectorNames: ReadonlyMap<number, string>;
  selected: ReadonlySet<number>;
  onChange: (next: ReadonlySet<number>) => void;
};

/**
 * The seats of one row as checkboxes, the row picked by sector and row: the map's selection for
 * a keyboard or a screen reader, one row at a time so that a 20 000-seat hall stays light.
 */
export function KeyboardSeats({ model, states, sectorNames, selected, onChange }: KeyboardSeatsProps) {
  const { t } = useTranslation('admin-halls');
  const id = useId();
  const sectors = useMemo(() => [...new Set(model.rows.map((r) => r.sectorId))], [model]);
  const [sector, setSector] = useState(sectors[0] ?? 0);
  const rows = useMemo(
    () => model.rows.map((row, index) => ({ row, index })).filter(({ row }) => row.sectorId === sector),
    [model, sector],
  );
  const [rowIndex, setRowIndex] = useState(rows[0]?.index ?? 0);
  const row = model.rows[rowIndex]?.sectorId === sector ? model.rows[rowIndex] : rows[0]?.row;

  const toggle = (i: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(i);
    else next.delete(i);
    onChange(next);
  };

  return (
    <fieldset className="halls-keyboard">
      <legend>{t('blocks.keyboard')}</legend>
      <div className="admin-field">
        <label htmlFor={`${id}-sector`}>{t('blocks.sector')}</label>
        <select
          id={`${id}-sector`}
          value={sector}
          onChange={(e) => {
            const next = Number(e.currentTarget.value);
            setSector(next);
            setRowIndex(model.rows.findIndex((r) => r.sectorId === next));
          }}
        >
          {sectors.map((s) => (
            <option key={s} value={s}>
              {sectorNames.get(s) ?? s}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-row`}>{t('blocks.row')}</label>
        <select id={`${id}-row`} value={rowIndex} onChange={(e) => setRowIndex(Number(e.currentTarget.value))}>
          {rows.map(({ row: r, index }) => (
            <option key={index} value={index}>
              {r.row}
            </option>
          ))}
        </select>
      </div>
      {row ? (
        <fieldset className="halls-keyboard__seats">
          <legend>{t('blocks.rowSeats', { row: row.row })}</legend>
          {Array.from({ length: row.count }, (_, k) => row.first + k).map((i) => (
            <label key={i} className="halls-keyboard__seat">
              <input type="checkbox" checked={selected.has(i)} onChange={(e) => toggle(i, e.currentTarget.checked)} />
              {t('seat.withState', {
                name: t('seat.name', { sector: sectorNames.get(row.sectorId) ?? '', row: row.row, seat: model.labels[i] ?? '' }),
                state: t(`legend.${states[i] ?? 'free'}`),
              })}
            </label>
          ))}
        </fieldset>
      ) : null}
    </fieldset>
  );
}

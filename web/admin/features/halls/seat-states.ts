import { type SeatState, seatStateOf } from '../../../../contract/admin/halls-rules.ts';
import type { SeatMark } from '../../../lib/seat-map/seat-map-view.ts';
import type { SeatModel } from '../../../lib/seat-map/seat-model.ts';

/** The colour of each state on the map; a free seat keeps its zone's colour, as on the storefront. */
export const STATE_COLORS: Record<Exclude<SeatState, 'free'>, string> = {
  held: '#e9a23b',
  sold: '#8b909c',
  blocked: '#c62f45',
};

/**
 * The shape each state adds to its colour, on the map and in its legend: a free seat is a plain
 * circle in its zone's colour, which may be close to a state's colour, so no state relies on
 * colour alone (WCAG 1.4.1).
 */
export const STATE_MARKS: Record<Exclude<SeatState, 'free'>, SeatMark> = {
  held: 'ring',
  sold: 'dash',
  blocked: 'cross',
};

/** Each seat's state by its index in the model, from the answer's one letter per seat per row. */
export function statesOf(model: SeatModel, rows: readonly string[]): SeatState[] {
  const states: SeatState[] = new Array<SeatState>(model.count).fill('free');
  model.rows.forEach((row, r) => {
    const letters = rows[r] ?? '';
    for (let i = 0; i < row.count; i++) states[row.first + i] = seatStateOf(letters[i]);
  });
  return states;
}

export function countStates(states: readonly SeatState[]): Record<SeatState, number> {
  const counts: Record<SeatState, number> = { free: 0, held: 0, sold: 0, blocked: 0 };
  for (const state of states) counts[state] += 1;
  return counts;
}

/**
 * The selection after a click: alone, it replaces the selection (or clears a seat that was the
 * only one); with Shift, it toggles the seat in it.
 */
export function clickSelection(selected: ReadonlySet<number>, index: number, add: boolean): Set<number> {
  if (add) {
    const next = new Set(selected);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    return next;
  }
  return selected.size === 1 && selected.has(index) ? new Set() : new Set([index]);
}

/** Seat ids of the selected indices whose state is one of `states`. */
export function idsIn(model: SeatModel, selected: Iterable<number>, states: readonly SeatState[], stateOf: readonly SeatState[]): number[] {
  const out: number[] = [];
  for (const i of selected) if (states.includes(stateOf[i] ?? 'free')) out.push(model.ids[i] ?? 0);
  return out;
}

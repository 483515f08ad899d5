import type { Localized } from '../../../contract/lang.ts';
import type { SchemeMapResponse, SchemePrice, SchemeZone } from '../../../contract/scheme.ts';
import type { SeatModel } from '../../lib/seat-map/seat-model.ts';

/** Everything the tooltip, the list and the cart say about one seat. */
export type SeatInfo = {
  index: number;
  seatId: number;
  sector: Partial<Localized>;
  row: string;
  seat: string;
  zone: SchemeZone | undefined;
  prices: SchemePrice[];
  free: boolean;
};

export type SeatLookup = (index: number) => SeatInfo;

export function createSeatLookup(answer: SchemeMapResponse, model: SeatModel): SeatLookup {
  const sectors = new Map(answer.sectors.map((s) => [s.sector_id, s.name]));
  const zones = new Map(answer.zones.map((z) => [z.zone_id, z]));
  return (index) => {
    const row = model.rows[model.row[index] ?? 0];
    const zone = zones.get(model.zoneIds[model.zone[index] ?? 0] ?? 0);
    return {
      index,
      seatId: model.ids[index] ?? 0,
      sector: sectors.get(row?.sectorId ?? 0) ?? {},
      row: row?.row ?? '',
      seat: model.labels[index] ?? '',
      zone,
      prices: zone?.prices ?? [],
      free: model.free[index] === 1 && (zone?.prices.length ?? 0) > 0,
    };
  };
}

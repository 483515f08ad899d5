import { describe, expect, it } from 'vitest';
import { decodeSeatRow } from '../../contract/scheme.ts';
import { buildHallLayout, seatSpacing } from './hall-layout.ts';
import type { HallModel } from './seating.repository.ts';

const l = (ru: string) => ({ ru, en: ru });

function hall(overrides: Partial<HallModel> = {}): HallModel {
  const seats = [1, 2, 3].flatMap((row) =>
    [1, 2, 3, 4].map((n) => ({
      id: row * 100 + n,
      sector_id: 1,
      zone_id: 7,
      row_label: String(row),
      seat_label: String(n),
      x: 40 + n * 20,
      y: 60 + row * 25,
    })),
  );
  return {
    hall: { id: 1, name: l('Зал'), width: 200, height: 200, stage: { x: 50, y: 5, width: 100, height: 20, label: l('Сцена & <хор>') } },
    zones: [{ id: 7, name: l('Партер'), level_name: {}, color: '#e4572e' }],
    sectors: [{ id: 1, name: l('Партер'), sortnum: 1 }],
    seats,
    standingAreas: [{ id: 3, zone_id: 7, name: l('Танцпол'), capacity: 10, x: 20, y: 170, width: 160, height: 25 }],
    ...overrides,
  };
}

describe('buildHallLayout', () => {
  it('groups seats into rows and encodes them so that they decode to the hall model', () => {
    const layout = buildHallLayout(hall(), 'ru');
    expect(layout.rows.map((r) => r.row)).toEqual(['1', '2', '3']);
    const decoded = decodeSeatRow({ ...layout.rows[1]!, free: [1, 1, 1, 1] }); // eslint-disable-line @typescript-eslint/no-non-null-assertion -- three rows were just checked
    expect(decoded.ids).toEqual([201, 202, 203, 204]);
    expect(decoded.xs).toEqual([60, 80, 100, 120]);
    expect(decoded.ys).toEqual([110, 110, 110, 110]);
  });

  it('draws the stage, the sector and the standing area in the SVG, escaped, and no seats', () => {
    const { svg } = buildHallLayout(hall(), 'ru');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 200 200"/);
    expect(svg).toContain('Сцена &amp; &lt;хор&gt;');
    expect(svg).toContain('>Партер</text>');
    expect(svg).toContain('>Танцпол</text>');
    expect(svg.match(/<rect/g)?.length).toBe(4); // background, stage, sector box, standing area
  });
});

describe('seatSpacing', () => {
  it.each([
    { description: 'the distance between neighbours in a row', model: hall(), expected: 20 },
    { description: 'a fortieth of the hall when no two seats share a row', model: hall({ seats: [] }), expected: 5 },
  ])('is $description', ({ model, expected }) => {
    expect(seatSpacing(model)).toBe(expected);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFile } from '../../contract/catalog-file.ts';
import { loadDemoIfEmpty } from '../../demo/load.ts';
import { openTestDb } from '../../tests/harness.ts';
import type { Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { compactSeats, exportCatalog, fileDateTime } from './export.ts';
import { importCatalog } from './import.ts';
import { catalogFingerprint } from './test-support.ts';

const AT = new Date('2026-11-21T10:00:00Z');
const ZONE = 'Europe/Moscow';

let demo: Db;
let empty: Db;
beforeAll(async () => {
  demo = await openTestDb({ demoAt: AT });
  await migrate(demo);
  await loadDemoIfEmpty(demo, AT);
  empty = await openTestDb();
  await migrate(empty);
});
afterAll(async () => {
  await demo.close();
  await empty.close();
});

describe('the catalog export', () => {
  it('is a valid catalog file; imported into an empty database and exported again it is the same file', async () => {
    const first = await exportCatalog(demo, ZONE);
    expect(catalogFile.safeParse(first).success).toBe(true);
    expect(first.events?.length).toBeGreaterThan(5);
    await importCatalog(empty, first);
    const second = await exportCatalog(empty, ZONE);
    expect(second).toEqual(first);
    // The catalog tables agree too, not just what the export reads of them: stock starts the same
    // (the demo has no orders), seats sit at the same places.
    const [a, b] = [await catalogFingerprint(demo), await catalogFingerprint(empty)];
    for (const table of [
      'kinds',
      'main_menus',
      'sub_menus',
      'venues',
      'tags',
      'halls',
      'zones',
      'hall_sectors',
      'hall_seats',
      'standing_areas',
      'events',
      'event_tags',
      'categories',
      'sessions',
      'prices',
      'price_stock',
      'standing_stock',
      'subscription_items',
      'checkboxes',
      'rules_documents',
      'setup',
    ]) {
      expect(b[table], table).toBe(a[table]);
    }
  });

  it('writes seats of the demo halls as compact rows, not one by one', async () => {
    const file = await exportCatalog(demo, ZONE);
    const sectors = (file.halls ?? []).flatMap((h) => h.sectors ?? []);
    const explicit = sectors.reduce((n, s) => n + (s.seats?.length ?? 0), 0);
    const lines = sectors.reduce((n, s) => n + (s.rows?.length ?? 0), 0);
    const { rows } = await demo.query<{ n: number }>('select count(*)::int as n from hall_seats');
    expect(rows[0]?.n).toBeGreaterThan(20_000);
    expect(lines).toBeLessThan(1_000);
    expect(explicit).toBe(0);
  });
});

describe('compactSeats', () => {
  const seat = (id: number, row: string, label: string, x: number, y = 10, zone = 1) => ({
    id,
    sector_id: 1,
    zone_id: zone,
    row_label: row,
    seat_label: label,
    x,
    y,
  });
  it('joins evenly spaced, consecutively numbered seats into a row and keeps the rest apart', () => {
    const out = compactSeats([
      seat(1, '1', '1', 10),
      seat(2, '1', '2', 20.5),
      seat(3, '1', '3', 31),
      seat(4, '1', '5', 41.5),
      seat(5, '2', 'A', 0),
      seat(9, 'Ложа', '1', 3, 7),
    ]);
    expect(out.rows).toEqual([
      { label: '1', seatLabels: ['1', '2', '3', '5'], x: 10, y: 10, dx: 10.5, dy: 0, zoneId: 1, firstSeatId: 1 },
      { label: 'Ложа', seatCount: 1, firstSeatNumber: 1, x: 3, y: 7, dx: 0, dy: 0, zoneId: 1, firstSeatId: 9 },
    ]);
    expect(out.seats).toEqual([{ id: 5, row: '2', seat: 'A', x: 0, y: 10, zoneId: 1 }]);
  });
  it('splits a row where the zone or the spacing changes', () => {
    const out = compactSeats([seat(1, '1', '1', 10), seat(2, '1', '2', 20), seat(3, '1', '3', 30, 10, 2), seat(4, '1', '4', 45, 10, 2)]);
    expect((out.rows ?? []).map((r) => [r.firstSeatId, r.zoneId, 'seatCount' in r ? r.seatCount : r.seatLabels?.length])).toEqual([
      [1, 1, 2],
      [3, 2, 2],
    ]);
  });
});

describe('fileDateTime', () => {
  it('writes the venue zone offset', () => {
    expect(fileDateTime(new Date('2031-05-12T07:00:00Z'), 'Europe/Moscow')).toBe('2031-05-12T10:00:00+03:00');
    expect(fileDateTime(new Date('2031-05-12T07:00:00Z'), 'UTC')).toBe('2031-05-12T07:00:00Z');
  });
});

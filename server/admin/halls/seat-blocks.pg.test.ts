import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../tests/harness.ts';
import { exportCatalog } from '../../catalog/export.ts';
import { importCatalog } from '../../catalog/import.ts';
import { type SchemeFixture, insertSchemeEvent, schemeOrderBody } from '../../seating/scheme-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so a block and a hold never overlap there.
let t: TestApp;
let f: SchemeFixture;
let manager: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  f = await insertSchemeEvent(t.db, { at: t.clock.date(), rows: 4, perRow: 10 });
  manager = (await signedInAs(t, 'manager')).cookie;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.exec('delete from seat_blocks; update order_lines set released = true where seat_id is not null;');
});

const blocksUrl = () => `/api/admin/halls/sessions/${f.sessionId}/blocks`;

const remaining = async () =>
  (await t.db.query<{ remaining: number }>('select remaining from sessions where id = $1', [f.sessionId])).rows[0]?.remaining ?? Number.NaN;

const holdBody = (seatId: number, i: number) =>
  schemeOrderBody(f, [{ seat_id: seatId, price_id: f.stallsPriceId }], {
    email: `again${i}@example.com`,
    re_email: `again${i}@example.com`,
  });

describe("a block and a buyer's hold of the same seat at once (PostgreSQL)", () => {
  it('lets exactly one of them win, for every seat of 20 raced both ways', async () => {
    const seats = f.seatIds.slice(0, 20);
    const races = seats.map(async (seatId, i) => {
      const block = () => adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seatId], reason: 'technical' });
      const hold = () =>
        t.post(
          '/api/order/create-scheme',
          schemeOrderBody(f, [{ seat_id: seatId, price_id: f.stallsPriceId }], {
            email: `buyer${i}@example.com`,
            re_email: `buyer${i}@example.com`,
          }),
        );
      // Half the races start the block first, half the hold: neither order may matter.
      if (i % 2) {
        const [blocked, held] = await Promise.all([block(), hold()]);
        return { seatId, block: blocked, hold: held };
      }
      const [held, blocked] = await Promise.all([hold(), block()]);
      return { seatId, block: blocked, hold: held };
    });
    for (const race of await Promise.all(races)) {
      expect(race.block.statusCode).toBeLessThan(500);
      expect(race.hold.statusCode).toBeLessThan(500);
      const blocked = race.block.statusCode === 200;
      const held = race.hold.statusCode === 200;
      expect(blocked !== held, `seat ${race.seatId}: block ${race.block.body} / hold ${race.hold.body}`).toBe(true);
      if (!held) expect(race.hold.json()).toMatchObject({ errorCode: '-1011' });
      if (!blocked) expect(race.block.json()).toMatchObject({ errorCode: '-2300' });
      const rows = await t.db.query<{ blocks: number; lines: number }>(
        `select (select count(*)::int from seat_blocks where session_id = $1 and seat_id = $2) as blocks,
                (select count(*)::int from order_lines where session_id = $1 and seat_id = $2 and not released) as lines`,
        [f.sessionId, race.seatId],
      );
      expect(rows.rows[0]).toEqual({ blocks: blocked ? 1 : 0, lines: held ? 1 : 0 });
    }
  });

  it('takes exactly one place per seat from the session, whoever wins, and gives a place back per seat unblocked while buyers race for it', async () => {
    const seats = f.seatIds.slice(0, 12);
    const before = await remaining();
    const first = await Promise.all(
      seats.map((seatId, i) =>
        Promise.all([
          adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seatId], reason: 'guest' }),
          t.post('/api/order/create-scheme', holdBody(seatId, i)),
        ]),
      ),
    );
    for (const [block, hold] of first) expect([block.statusCode, hold.statusCode].sort()).toEqual([200, 409]);
    expect(await remaining()).toBe(before - seats.length);

    const blocked = seats.filter((_, i) => first[i]?.[0].statusCode === 200);
    expect(blocked.length).toBeGreaterThan(0);
    // Staff give the blocked seats back one by one while a buyer tries each of them at once: a hold
    // that came before the unblock is refused, one after it wins; places left match either way.
    const second = await Promise.all(
      blocked.map((seatId, i) =>
        Promise.all([
          adminCall(t, 'DELETE', blocksUrl(), manager, { seatIds: [seatId] }),
          t.post('/api/order/create-scheme', holdBody(seatId, 100 + i)),
        ]),
      ),
    );
    for (const [unblock] of second) expect(unblock.statusCode, unblock.body).toBe(200);
    const heldAgain = second.filter(([, hold]) => hold.statusCode === 200).length;
    for (const [, hold] of second) expect([200, 409]).toContain(hold.statusCode);
    expect(await remaining()).toBe(before - seats.length + blocked.length - heldAgain);
    const { rows } = await t.db.query<{ blocks: number; lines: number }>(
      `select (select count(*)::int from seat_blocks where session_id = $1) as blocks,
              (select count(*)::int from order_lines where session_id = $1 and seat_id = any($2::int[]) and not released) as lines`,
      [f.sessionId, seats],
    );
    expect(rows[0]).toEqual({ blocks: 0, lines: seats.length - blocked.length + heldAgain });
  });

  it('holds no seat of a block of many that wins, and blocks none of an order that wins', async () => {
    const seats = f.seatIds.slice(20, 30);
    const before = await remaining();
    const [block, hold] = await Promise.all([
      adminCall(t, 'POST', blocksUrl(), manager, { seatIds: seats, reason: 'guest' }),
      t.post(
        '/api/order/create-scheme',
        schemeOrderBody(
          f,
          [seats[9], seats[0]].map((seatId) => ({ seat_id: seatId as number, price_id: f.balconyPriceId })),
          { email: 'many@example.com', re_email: 'many@example.com' },
        ),
      ),
    ]);
    expect([block.statusCode, hold.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const { rows } = await t.db.query<{ blocks: number; lines: number }>(
      `select (select count(*)::int from seat_blocks where seat_id = any($1::int[])) as blocks,
              (select count(*)::int from order_lines where seat_id = any($1::int[]) and not released) as lines`,
      [seats],
    );
    expect(rows[0]).toEqual(block.statusCode === 200 ? { blocks: 10, lines: 0 } : { blocks: 0, lines: 2 });
    expect(await remaining()).toBe(before - (block.statusCode === 200 ? 10 : 2));
  });

  // Last: it takes a row of seats out of the hall.
  it('keeps the places left exact when a catalog import takes out seats while staff block them', async () => {
    const file = await exportCatalog(t.db, 'Europe/Moscow');
    const hall = file.halls?.find((h) => h.id === f.hallId);
    const balcony = hall?.sectors?.find((sector) => sector.id === 9102);
    const lastRow = balcony?.rows?.at(-1);
    if (!balcony?.rows || !lastRow) throw new Error('the fixture hall has a balcony written in rows');
    balcony.rows = balcony.rows.slice(0, -1);
    const removed = f.seatIds.slice(-10);
    const kept = f.seatIds.slice(20, 25);
    const before = await remaining();
    const [imported, ...blocks] = await Promise.all([
      importCatalog(t.db, file).then(
        () => 'imported',
        (error: unknown) => String(error),
      ),
      ...[...removed, ...kept].map((seatId) => adminCall(t, 'POST', blocksUrl(), manager, { seatIds: [seatId], reason: 'technical' })),
    ]);
    expect(imported).toBe('imported');
    // A block before the import lost its seat with it; one after it finds no such seat in the hall.
    for (const block of blocks) expect([200, 400], block.body).toContain(block.statusCode);
    const { rows } = await t.db.query<{ blocks: number; seats: number; capacity: number }>(
      `select (select count(*)::int from seat_blocks where session_id = $1) as blocks,
              (select count(*)::int from hall_seats where id = any($2::int[])) as seats,
              (select capacity from sessions where id = $1) as capacity`,
      [f.sessionId, removed],
    );
    expect(rows[0]).toMatchObject({ blocks: kept.length, seats: 0, capacity: 45 });
    expect(await remaining()).toBe(before - kept.length);
  });
});

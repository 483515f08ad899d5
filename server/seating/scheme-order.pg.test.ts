import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStandingCartId } from '../../contract/scheme.ts';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { type SchemeFixture, insertSchemeEvent, schemeOrderBody } from './scheme-test-kit.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so rows never contend there.
let t: TestApp;
let f: SchemeFixture;
beforeEach(async () => {
  t = await createTestApp({ demo: false });
  f = await insertSchemeEvent(t.db, { at: t.clock.date(), rows: 2, perRow: 10, standing: 7 });
});
afterEach(() => t.close());

describe('POST /api/order/create-scheme under concurrency (PostgreSQL)', () => {
  it('leaves each of 10 seats in at most one order when 200 buyers race for them', async () => {
    const seats = f.seatIds.slice(0, 10);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const pick = [...new Set([seats[i % 10] as number, seats[(i * 7 + 3) % 10] as number])];
        return t.post(
          '/api/order/create-scheme',
          schemeOrderBody(
            f,
            pick.map((seatId) => ({ seat_id: seatId, price_id: f.stallsPriceId })),
          ),
        );
      }),
    );
    for (const res of results) {
      expect(res.statusCode).toBeLessThan(500);
      if (res.statusCode !== 200) expect(res.json()).toMatchObject({ errorCode: '-1011', errorText: 'Место недоступно' });
    }
    const { rows } = await t.db.query<{ seat_id: number; holders: number }>(
      'select seat_id, count(*)::int as holders from order_lines where seat_id is not null and not released group by seat_id',
    );
    for (const row of rows) expect(row.holders).toBe(1);
    // An order holds all of its seats or none: the seats held are exactly those of the winners.
    const winners = results.filter((res) => res.statusCode === 200).length;
    expect(winners).toBeGreaterThan(0);
    const lines = await t.db.query<{ orders: number; seats: number }>(
      'select count(distinct order_id)::int as orders, count(*)::int as seats from order_lines',
    );
    expect(lines.rows[0]?.orders).toBe(winners);
    expect(lines.rows[0]?.seats).toBe(rows.length);
    const session = await t.db.query<{ remaining: number }>('select remaining from sessions where id = $1', [f.sessionId]);
    expect(session.rows[0]?.remaining).toBe(27 - rows.length);
  });

  it('sells no more standing places than the area holds when 60 buyers race for 7', async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.post(
          '/api/order/create-scheme',
          schemeOrderBody(f, [
            { seat_id: makeStandingCartId(f.standingAreaId, f.standingCategoryId, `a${i}`), price_id: f.standingPriceId },
            ...(i % 2
              ? [{ seat_id: makeStandingCartId(f.standingAreaId, f.standingCategoryId, `b${i}`), price_id: f.standingPriceId }]
              : []),
          ]),
        ),
      ),
    );
    for (const res of results) expect([200, 409]).toContain(res.statusCode);
    const { rows } = await t.db.query<{ sold: number; remaining: number }>(
      `select (select coalesce(sum(quantity), 0) from order_lines where standing_area_id = $1 and not released)::int as sold,
              (select remaining from standing_stock where session_id = $2 and standing_area_id = $1) as remaining`,
      [f.standingAreaId, f.sessionId],
    );
    expect(rows[0]?.sold).toBeLessThanOrEqual(7);
    expect((rows[0]?.sold ?? 0) + (rows[0]?.remaining ?? 0)).toBe(7);
    expect(rows[0]?.sold).toBeGreaterThanOrEqual(6); // only a remainder smaller than 2 can stay unsold
  });
});

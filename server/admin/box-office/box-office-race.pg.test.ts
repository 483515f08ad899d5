import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../tests/harness.ts';
import { insertQuantityCatalog, ordinaryOrderBody, sessionWhen } from '../../quantity-order/quantity-fixtures.ts';
import { type SchemeFixture, insertSchemeEvent, schemeOrderBody } from '../../seating/scheme-test-kit.ts';
import { adminCall, signedInAs } from '../staff/staff-test-kit.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so rows never contend there.
let t: TestApp;
let cashier: string;
beforeEach(async () => {
  t = await createTestApp({ demo: false });
  cashier = (await signedInAs(t, 'cashier')).cookie;
  await t.csrfToken();
});
afterEach(() => t.close());

const deskSale = (body: Record<string, unknown>) => adminCall(t, 'POST', '/api/admin/desk/sales', cashier, body);
const codeOf = (response: { json: () => unknown }) => (response.json() as { errorCode: string }).errorCode;

describe('the box office and the web racing for the same places (PostgreSQL)', () => {
  it('gives the last place to exactly one of a desk sale and a web order, round after round', async () => {
    await insertQuantityCatalog(t.db, { capacity: 20 });
    const when = await sessionWhen(t.db, 9200);
    const desk = { sessionId: 9200, lines: [{ priceId: 9200, quantity: 1 }], payment: { kind: 'cash' }, expectedTotal: 50000 };
    let deskWins = 0;
    for (let round = 0; round < 12; round += 1) {
      await t.db.query('update sessions set remaining = 1 where id = 9200');
      const [bySite, atDesk] = await Promise.all([t.post('/api/order/create', ordinaryOrderBody(when, round)), deskSale(desk)]);
      expect(bySite.statusCode).toBeLessThan(500);
      expect(atDesk.statusCode, atDesk.body).toBeLessThan(500);
      const won = [codeOf(bySite), codeOf(atDesk)].filter((code) => code === '0');
      expect(won, `${bySite.body} ${atDesk.body}`).toHaveLength(1);
      expect([codeOf(bySite), codeOf(atDesk)]).toContain('-1010');
      if (codeOf(atDesk) === '0') deskWins += 1;
      const { rows } = await t.db.query<{ remaining: number }>('select remaining from sessions where id = 9200');
      expect(rows[0]?.remaining).toBe(0);
    }
    // Every winner holds exactly its one place, and only desk winners are paid at once.
    const { rows } = await t.db.query<{ orders: number; tickets: number; desk_paid: number }>(
      `select count(*)::int as orders, (select count(*)::int from tickets) as tickets,
              count(*) filter (where channel = 'desk' and status = 30)::int as desk_paid from orders`,
    );
    expect(rows[0]).toEqual({ orders: 12, tickets: 12, desk_paid: deskWins });
  });

  it('sells no more than the 20 places left to 40 desk sales and 40 web orders at once', async () => {
    await insertQuantityCatalog(t.db, { capacity: 20 });
    const when = await sessionWhen(t.db, 9200);
    const desk = { sessionId: 9200, lines: [{ priceId: 9200, quantity: 1 }], payment: { kind: 'card' }, expectedTotal: 50000 };
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => (i % 2 === 0 ? deskSale(desk) : t.post('/api/order/create', ordinaryOrderBody(when, 100 + i)))),
    );
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect(answers.map(codeOf).filter((c) => c === '0')).toHaveLength(20);
    const { rows } = await t.db.query<{ remaining: number; sold: number }>(
      `select (select remaining from sessions where id = 9200) as remaining,
              (select coalesce(sum(quantity), 0)::int from order_lines where session_id = 9200) as sold`,
    );
    expect(rows[0]).toEqual({ remaining: 0, sold: 20 });
  });

  it('leaves each seat to exactly one of a desk sale and a web order racing for it', async () => {
    const f: SchemeFixture = await insertSchemeEvent(t.db, { at: t.clock.date(), rows: 2, perRow: 10, standing: 2 });
    const seats = f.seatIds.slice(0, 10);
    const answers = await Promise.all(
      seats.flatMap((seatId) => [
        t.post('/api/order/create-scheme', schemeOrderBody(f, [{ seat_id: seatId, price_id: f.stallsPriceId }])),
        deskSale({
          sessionId: f.sessionId,
          seats: [{ seatId, priceId: f.stallsPriceId }],
          payment: { kind: 'cash' },
          expectedTotal: 200000,
        }),
      ]),
    );
    for (let i = 0; i < seats.length; i += 1) {
      const pair = [answers[2 * i], answers[2 * i + 1]];
      const codes = pair.map((a) => (a ? codeOf(a) : 'none'));
      expect(
        codes.filter((c) => c === '0'),
        codes.join(' '),
      ).toHaveLength(1);
      expect(codes).toContain('-1011');
    }
    const { rows } = await t.db.query<{ seat_id: number; holders: number }>(
      'select seat_id, count(*)::int as holders from order_lines where seat_id is not null and not released group by seat_id',
    );
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row.holders).toBe(1);
  });
});

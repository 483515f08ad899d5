import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/harness.ts';
import { insertQuantityCatalog, ordinaryOrderBody, sessionWhen } from '../quantity-order/quantity-fixtures.ts';
import { type SchemeFixture, insertSchemeEvent, schemeOrderBody } from '../seating/scheme-test-kit.ts';
import { adminCall, signedInAs } from '../admin/staff/staff-test-kit.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so rows never contend there.
let t: TestApp;
let manager: string;
beforeEach(async () => {
  t = await createTestApp({ demo: false });
  manager = (await signedInAs(t, 'manager')).cookie;
  await t.csrfToken();
});
afterEach(() => t.close());

/** The web order of two places: the fixture's body with its one line's quantity at 2. */
const twoPlaces = (body: ReturnType<typeof ordinaryOrderBody>) => ({ ...body, data: body.data.map((line) => ({ ...line, quantity: 2 })) });
const codeOf = (response: { json: () => unknown }) => (response.json() as { errorCode: string }).errorCode;
const reserve = (body: Record<string, unknown>) =>
  adminCall(t, 'POST', '/api/admin/groups', manager, {
    organisation: { name: 'Школа № 1', inn: '7736050003' },
    leader: { name: 'Анна Иванова', phone: '+79161234567', email: 'leader@school.test' },
    payer: 'organisation',
    ticketMode: 'per-person',
    payUntil: new Date(t.clock.now() + 3_600_000).toISOString(),
    ...body,
  });

describe('a group reservation and the web racing for the same places (PostgreSQL)', () => {
  it('gives the last places to exactly one of a group and a web order, round after round', async () => {
    await insertQuantityCatalog(t.db, { capacity: 40 });
    const when = await sessionWhen(t.db, 9200);
    let groupWins = 0;
    for (let round = 0; round < 10; round += 1) {
      await t.db.query('update sessions set remaining = 2 where id = 9200');
      const [bySite, group] = await Promise.all([
        t.post('/api/order/create', twoPlaces(ordinaryOrderBody(when, round))),
        reserve({ sessionId: 9200, lines: [{ priceId: 9200, quantity: 2 }] }),
      ]);
      expect(bySite.statusCode, bySite.body).toBeLessThan(500);
      expect(group.statusCode, group.body).toBeLessThan(500);
      const codes = [codeOf(bySite), codeOf(group)];
      expect(
        codes.filter((c) => c === '0'),
        codes.join(' '),
      ).toHaveLength(1);
      expect(codes).toContain('-1010');
      if (codeOf(group) === '0') groupWins += 1;
      const { rows } = await t.db.query<{ remaining: number }>('select remaining from sessions where id = 9200');
      expect(rows[0]?.remaining).toBe(0);
    }
    const { rows } = await t.db.query<{ groups: number; lines: number }>(
      `select (select count(*)::int from group_bookings) as groups,
              (select coalesce(sum(quantity), 0)::int from order_lines where session_id = 9200) as lines`,
    );
    expect(rows[0]).toEqual({ groups: groupWins, lines: 20 });
  });

  it('leaves each seat to exactly one of a group and a web order racing for it', async () => {
    const f: SchemeFixture = await insertSchemeEvent(t.db, { at: t.clock.date(), rows: 2, perRow: 10, standing: 2 });
    const seats = f.seatIds.slice(0, 8);
    const answers = await Promise.all(
      seats.flatMap((seatId) => [
        t.post('/api/order/create-scheme', schemeOrderBody(f, [{ seat_id: seatId, price_id: f.stallsPriceId }])),
        reserve({ sessionId: f.sessionId, seats: [{ seatId, priceId: f.stallsPriceId }] }),
      ]),
    );
    for (let i = 0; i < seats.length; i += 1) {
      const codes = [answers[2 * i], answers[2 * i + 1]].map((a) => (a ? codeOf(a) : 'none'));
      expect(
        codes.filter((c) => c === '0'),
        codes.join(' '),
      ).toHaveLength(1);
      expect(codes).toContain('-1011');
    }
    const { rows } = await t.db.query<{ holders: number }>(
      'select count(*)::int as holders from order_lines where seat_id is not null and not released group by seat_id',
    );
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row.holders).toBe(1);
  });

  it('takes distinct invoice numbers for groups reserved at once', async () => {
    await insertQuantityCatalog(t.db, { capacity: 40 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => reserve({ sessionId: 9200, lines: [{ priceId: 9200, quantity: 1 }] })),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const numbers = answers.map((a) => (a.json() as { group: { invoiceNumber: string } }).group.invoiceNumber);
    expect(new Set(numbers).size).toBe(8);
  });
});

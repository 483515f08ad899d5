import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../db/client.ts';
import { createOrderBatcher } from './order-batcher.ts';
import { openMiniCatalogDb, remaining, soldPlaces, testOrder } from './order-test-kit.ts';
import { CatalogMoved, placeOrder } from './orders.service.ts';

// On both databases (api: PGlite, api-pg: PostgreSQL).
let db: Db;
beforeEach(async () => {
  db = await openMiniCatalogDb({ capacity: 20, priceLimit: 2 });
});
afterEach(() => db.close());

type Written = { id: number; hash: string; number: number; subtotal: number; service_fee: number; total: number };

async function written(orderId: number) {
  const order = await db.query<Written>('select id, hash, number, subtotal, service_fee, total from orders where id = $1', [orderId]);
  const lines = await db.query<{ id: number; order_id: number; quantity: number; price_id: number; amount: number; fee_amount: number }>(
    'select id, order_id, quantity, price_id, amount, fee_amount from order_lines where order_id = $1 order by id',
    [orderId],
  );
  const tickets = await db.query<{ order_id: number; order_line_id: number; hash: string }>(
    'select order_id, order_line_id, hash from tickets where order_id = $1 order by id',
    [orderId],
  );
  return { order: order.rows[0], lines: lines.rows, tickets: tickets.rows };
}

describe('order batcher', () => {
  it('places a lone order at once, alone, as placeOrder writes it', async () => {
    const batcher = createOrderBatcher(db, { lanes: 2, maxBatch: 20 });
    const placed = await batcher.place(testOrder([{ quantity: 2 }, { priceId: 9001, unitPrice: 30000, unitFee: 0 }]));
    expect(batcher.stats()).toEqual({ calls: 1, orders: 1, together: 0, fellBack: 0 });

    const viaCore = await placeOrder(db, testOrder([{ quantity: 2 }, { priceId: 9001, unitPrice: 30000, unitFee: 0 }]));
    const [a, b] = [await written(placed.id), await written(viaCore.id)];
    expect(a.order).toMatchObject({ hash: placed.hash, number: placed.number, subtotal: 130000, service_fee: 6000, total: 136000 });
    expect(a.order).toMatchObject({ subtotal: b.order?.subtotal, service_fee: b.order?.service_fee, total: b.order?.total });
    expect(a.lines.map((l) => [l.price_id, l.quantity, l.amount, l.fee_amount])).toEqual(
      b.lines.map((l) => [l.price_id, l.quantity, l.amount, l.fee_amount]),
    );
    expect(a.tickets.map((t) => t.order_line_id)).toEqual([a.lines[0]?.id, a.lines[0]?.id, a.lines[1]?.id]);
    expect(await remaining(db)).toMatchObject({ session: 14, price: 0 });
  });

  it('sends the orders that arrive while every lane is busy together, each with its own lines and tickets', async () => {
    const batcher = createOrderBatcher(db, { lanes: 1, maxBatch: 20 });
    const quantities = [1, 2, 3, 1, 2, 1, 1, 2, 1, 1];
    const placed = await Promise.all(quantities.map((quantity) => batcher.place(testOrder([{ quantity }]))));

    // The first went alone at once; the nine that came while it ran went in one call.
    expect(batcher.stats()).toEqual({ calls: 2, orders: 10, together: 9, fellBack: 0 });
    expect(new Set(placed.map((p) => p.hash)).size).toBe(10);
    expect(new Set(placed.map((p) => p.number)).size).toBe(10);
    const ticketHashes = new Set<string>();
    for (const [i, p] of placed.entries()) {
      const { order, lines, tickets } = await written(p.id);
      const quantity = quantities[i] as number;
      expect(order).toMatchObject({ hash: p.hash, number: p.number, subtotal: 50000 * quantity, service_fee: 3000 * quantity });
      expect(lines).toEqual([expect.objectContaining({ order_id: p.id, quantity, amount: 50000 * quantity, fee_amount: 3000 * quantity })]);
      expect(tickets).toHaveLength(quantity);
      for (const t of tickets) {
        expect(t).toMatchObject({ order_id: p.id, order_line_id: lines[0]?.id });
        ticketHashes.add(t.hash);
      }
    }
    expect(ticketHashes.size).toBe(15);
    expect(await soldPlaces(db)).toBe(15);
    expect((await remaining(db)).session).toBe(5);
  });

  it('places each order alone when the ones sent together need more than is left, so every order that fits is sold', async () => {
    const batcher = createOrderBatcher(db, { lanes: 1, maxBatch: 20 });
    await placeOrder(db, testOrder([{ quantity: 15 }]));
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => batcher.place(testOrder([{ quantity: 1 }]))));

    expect(batcher.stats()).toMatchObject({ calls: 2, together: 0, fellBack: 7 });
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.reason).toMatchObject({ code: '-1010' });
    expect(await soldPlaces(db)).toBe(20);
    expect((await remaining(db)).session).toBe(0);
    // A refused order left nothing behind.
    expect((await db.query('select 1 from orders')).rows).toHaveLength(6);
    expect((await db.query('select 1 from tickets')).rows).toHaveLength(20);
  });

  it('decides a limited price, the group slots and a standing area alone too when they run short together', async () => {
    const batcher = createOrderBatcher(db, { lanes: 1, maxBatch: 20 });
    const orders = [
      testOrder([{ quantity: 1 }]),
      testOrder([{ priceId: 9001, unitPrice: 30000, unitFee: 0 }]),
      testOrder([{ priceId: 9001, unitPrice: 30000, unitFee: 0 }]),
      testOrder([{ priceId: 9001, unitPrice: 30000, unitFee: 0 }]),
      testOrder([{ isGroup: true, quantity: 2 }]),
      testOrder([{ isGroup: true, quantity: 2 }]),
      testOrder([{ standingAreaId: 9000, quantity: 3 }]),
      testOrder([{ standingAreaId: 9000, quantity: 3 }]),
    ];
    const results = await Promise.allSettled(orders.map((o) => batcher.place(o)));
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    expect(batcher.stats()).toMatchObject({ fellBack: 7 });
    expect(await remaining(db)).toEqual({ session: 20 - 1 - 2 - 3, group: 1, standing: 2, price: 0 });
  });

  it('places a seat order alone even while the lanes are busy, so two buyers of one seat cannot undo each other', async () => {
    const batcher = createOrderBatcher(db, { lanes: 1, maxBatch: 20 });
    const results = await Promise.allSettled([
      batcher.place(testOrder([{ quantity: 1 }])),
      batcher.place(testOrder([{ seatId: 9001 }])),
      batcher.place(testOrder([{ seatId: 9001 }])),
      batcher.place(testOrder([{ seatId: 9002 }])),
      batcher.place(testOrder([{ quantity: 1 }])),
    ]);
    // The two buyers of seat 9001 go to the database at once: one of them gets it.
    const [a, b, c, d, e] = results;
    expect([a, d, e].map((r) => r?.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect([b, c].map((r) => r?.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(([b, c].find((r) => r?.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: '-1011' });
    // The two seatless orders went through the lanes; the seat orders did not.
    expect(batcher.stats()).toMatchObject({ orders: 2 });
    expect(await soldPlaces(db)).toBe(4);
  });

  it('places the others when one order of a call is refused by the database itself', async () => {
    const batcher = createOrderBatcher(db, { lanes: 1, maxBatch: 20 });
    const results = await Promise.allSettled([
      batcher.place(testOrder([{ quantity: 1 }])),
      batcher.place(testOrder([{ quantity: 1 }])),
      batcher.place(testOrder([{ priceId: 424242 }])), // no such price: a foreign key violation
      batcher.place(testOrder([{ quantity: 1 }])),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: '23503' });
    expect(await soldPlaces(db)).toBe(3);
    expect((await remaining(db)).session).toBe(17);
  });

  // The statement ran and committed, and then its answer was lost: placing the orders again would
  // sell their places twice.
  it.each([
    {
      description: 'the connection broke (SQLSTATE class 08)',
      lost: () => Object.assign(new Error('connection failure'), { code: '08006' }),
    },
    { description: 'the server went down (57P01)', lost: () => Object.assign(new Error('terminating connection'), { code: '57P01' }) },
    { description: 'an error with no SQLSTATE', lost: () => new Error('Connection terminated unexpectedly') },
  ])('does not send orders again when a call of several may have been written: $description', async ({ lost }) => {
    const answerLost: Queryable = {
      query: async (sql, params) => {
        const result = await db.query(sql, params);
        if (sql.includes('place_orders(')) throw lost();
        return result as never;
      },
      exec: (sql) => db.exec(sql),
    };
    const batcher = createOrderBatcher(answerLost, { lanes: 1, maxBatch: 20 });
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => batcher.place(testOrder([{ quantity: 1 }]))));

    // The first went alone and was answered; the three sent together got the error, and were not placed again.
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    for (const r of results.slice(1)) expect((r as PromiseRejectedResult).reason).toMatchObject({ message: lost().message });
    expect(batcher.stats()).toMatchObject({ calls: 2, together: 0, fellBack: 0 });
    expect(await soldPlaces(db)).toBe(4);
    expect((await db.query('select 1 from orders')).rows).toHaveLength(4);
  });

  it('refuses orders priced at another catalog version, alone or together, writing nothing', async () => {
    const { rows } = await db.query<{ version: number }>('select version from catalog_version where id = 1');
    const now = Number(rows[0]?.version);
    const batcher = createOrderBatcher(db, { lanes: 1, maxBatch: 20 });
    const at = (catalogVersion: number) => ({ ...testOrder([{ quantity: 1 }]), catalogVersion });
    const results = await Promise.allSettled([
      batcher.place(at(now - 1)),
      batcher.place(at(now)),
      batcher.place(at(now - 1)),
      batcher.place(at(now)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled']);
    for (const r of [results[0], results[2]]) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(CatalogMoved);
    await expect(placeOrder(db, at(now + 1))).rejects.toBeInstanceOf(CatalogMoved);
    expect(await soldPlaces(db)).toBe(2);
    expect((await db.query('select 1 from orders')).rows).toHaveLength(2);
  });

  it('refuses an order for a sold-out session before writing anything', async () => {
    await placeOrder(db, testOrder([{ quantity: 20 }]));
    const rowsWritten = async () =>
      (
        await db.query<{ n: number }>(
          'select (select count(*) from orders) + (select count(*) from order_lines) + (select count(*) from tickets) as n',
        )
      ).rows[0]?.n;
    const before = await rowsWritten();
    await expect(placeOrder(db, testOrder([{ quantity: 1 }]))).rejects.toMatchObject({ code: '-1010' });
    await expect(placeOrder(db, testOrder([{ isGroup: true, quantity: 4 }]))).rejects.toMatchObject({
      code: '-1010',
      details: { pool: 'group' },
    });
    expect(await rowsWritten()).toBe(before);
    // Not even a row written and undone: the orders' identity did not move.
    const drawn = (await db.query<{ last: number }>('select last_value as last from orders_id_seq')).rows[0]?.last;
    expect(drawn).toBe((await db.query<{ id: number }>('select max(id) as id from orders')).rows[0]?.id);
  });
});

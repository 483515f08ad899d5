import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { openMiniCatalogDb, remaining, testOrder } from './order-test-kit.ts';
import { placeOrder, releaseOrder, returnLinePlaces } from './orders.service.ts';

let db: Db;
beforeEach(async () => {
  db = await openMiniCatalogDb({ capacity: 20, standing: 5, priceLimit: 4 });
});
afterEach(() => db.close());

const counts = async () => {
  const { rows } = await db.query<{ orders: number; lines: number; tickets: number }>(
    'select (select count(*) from orders) as orders, (select count(*) from order_lines) as lines, (select count(*) from tickets) as tickets',
  );
  return rows[0];
};

describe('placeOrder', () => {
  it('reserves the places and writes the order with its totals and one ticket per place', async () => {
    const placed = await db.transaction((tx) =>
      placeOrder(tx, testOrder([{ quantity: 3 }, { priceId: 9001, quantity: 2, unitPrice: 30000, unitFee: 0 }])),
    );
    expect(placed.hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const { rows } = await db.query<{ subtotal: number; service_fee: number; total: number }>(
      'select subtotal, service_fee, total from orders where id = $1',
      [placed.id],
    );
    expect(rows[0]).toEqual({ subtotal: 210000, service_fee: 9000, total: 219000 });
    expect(await counts()).toEqual({ orders: 1, lines: 2, tickets: 5 });
    expect(await remaining(db)).toMatchObject({ session: 15, price: 2 });
  });

  it.each([
    { description: 'more places than the session has', lines: [{ quantity: 21 }] },
    { description: 'more of a limited price than is left', lines: [{ priceId: 9001, quantity: 5 }] },
    { description: 'more standing places than the area holds', lines: [{ standingAreaId: 9000, quantity: 6 }] },
    { description: 'more group tickets than the session has group slots', lines: [{ isGroup: true, quantity: 4 }] },
  ])('refuses $description and changes nothing', async ({ lines }) => {
    const before = await remaining(db);
    await expect(db.transaction((tx) => placeOrder(tx, testOrder(lines)))).rejects.toBeInstanceOf(BusinessError);
    expect(await remaining(db)).toEqual(before);
    expect(await counts()).toEqual({ orders: 0, lines: 0, tickets: 0 });
  });

  it('refuses a seat another order holds, and holds nothing of the second order', async () => {
    await db.transaction((tx) => placeOrder(tx, testOrder([{ seatId: 9001 }])));
    const before = await remaining(db);
    const attempt = db.transaction((tx) => placeOrder(tx, testOrder([{ seatId: 9002 }, { seatId: 9001 }])));
    await expect(attempt).rejects.toMatchObject({ code: '-1011' });
    expect(await remaining(db)).toEqual(before);
    expect(await counts()).toEqual({ orders: 1, lines: 1, tickets: 1 });
  });
});

describe('releaseOrder', () => {
  it('puts every place back on sale exactly once', async () => {
    const placed = await db.transaction((tx) =>
      placeOrder(tx, testOrder([{ quantity: 2 }, { seatId: 9003 }, { standingAreaId: 9000, quantity: 2 }, { priceId: 9001, quantity: 1 }])),
    );
    expect(await remaining(db)).toMatchObject({ session: 14, standing: 3, price: 3 });
    expect(await db.transaction((tx) => releaseOrder(tx, placed.id, new Date(), 'expired'))).toBe(true);
    expect(await db.transaction((tx) => releaseOrder(tx, placed.id, new Date(), 'expired'))).toBe(false);
    expect(await remaining(db)).toMatchObject({ session: 20, standing: 5, price: 4 });
    const { rows } = await db.query<{ status: number }>('select status from orders where id = $1', [placed.id]);
    expect(rows[0]?.status).toBe(90);
    // The seat is free again for another order.
    await expect(db.transaction((tx) => placeOrder(tx, testOrder([{ seatId: 9003 }])))).resolves.toBeDefined();
  });
});

describe('returnLinePlaces', () => {
  const lineIds = async (orderId: number) =>
    (await db.query<{ id: number }>('select id from order_lines where order_id = $1 order by id', [orderId])).rows.map((r) => r.id);

  it('gives back some places of a quantity line, records them, and a later release gives back only the rest', async () => {
    const placed = await db.transaction((tx) =>
      placeOrder(
        tx,
        testOrder([
          { standingAreaId: 9000, quantity: 3 },
          { priceId: 9001, quantity: 2 },
        ]),
      ),
    );
    const [standingLine, limitedLine] = await lineIds(placed.id);
    expect(await remaining(db)).toMatchObject({ session: 15, standing: 2, price: 2 });

    expect(await db.transaction((tx) => returnLinePlaces(tx, standingLine as number, 1))).toBe(true);
    expect(await db.transaction((tx) => returnLinePlaces(tx, limitedLine as number, 2))).toBe(true);
    expect(await remaining(db)).toMatchObject({ session: 18, standing: 3, price: 4 });
    const { rows } = await db.query<{ returned_quantity: number; released: boolean }>(
      'select returned_quantity, released from order_lines where order_id = $1 order by id',
      [placed.id],
    );
    expect(rows).toEqual([
      { returned_quantity: 1, released: false },
      { returned_quantity: 2, released: true },
    ]);

    // More than the line has left is refused and gives back nothing.
    expect(await db.transaction((tx) => returnLinePlaces(tx, standingLine as number, 3))).toBe(false);
    expect(await db.transaction((tx) => returnLinePlaces(tx, limitedLine as number, 1))).toBe(false);
    expect(await remaining(db)).toMatchObject({ session: 18, standing: 3, price: 4 });

    expect(await db.transaction((tx) => releaseOrder(tx, placed.id, new Date(), 'test'))).toBe(true);
    expect(await remaining(db)).toMatchObject({ session: 20, standing: 5, price: 4 });
  });

  it('frees a returned seat for another order', async () => {
    const placed = await db.transaction((tx) => placeOrder(tx, testOrder([{ seatId: 9004 }])));
    await expect(db.transaction((tx) => placeOrder(tx, testOrder([{ seatId: 9004 }])))).rejects.toBeInstanceOf(BusinessError);
    const [line] = await lineIds(placed.id);
    expect(await db.transaction((tx) => returnLinePlaces(tx, line as number, 1))).toBe(true);
    await expect(db.transaction((tx) => placeOrder(tx, testOrder([{ seatId: 9004 }])))).resolves.toBeDefined();
  });
});

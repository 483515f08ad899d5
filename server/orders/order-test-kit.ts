import { insertMiniCatalog } from '../../tests/fixtures.ts';
import { openTestDb } from '../../tests/harness.ts';
import type { Db, Queryable } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { type NewOrder, type NewOrderLine } from './orders.service.ts';
import { OrderStatus } from '../../contract/order-status.ts';

/** An order of the mini catalog (tests/fixtures.ts) with the given lines, for order-core tests. */
export function testOrder(lines: Partial<NewOrderLine>[], at = new Date()): NewOrder {
  return {
    eventId: 9000,
    status: OrderStatus.confirmed,
    lang: 'ru',
    createdAt: at,
    reservedUntil: new Date(at.getTime() + 15 * 60_000),
    buyer: { name: 'Иван Петров', surname: '', firstName: '', patronymic: '', phone: '+79990000000', email: 'a@b.cd' },
    pushkinCard: false,
    isSubscription: false,
    crmClientId: null,
    checkboxes: [],
    lines: lines.map((line) => ({
      sessionId: 9000,
      priceId: 9000,
      categoryId: 9000,
      zoneId: 9000,
      seatId: null,
      standingAreaId: null,
      subscriptionEventId: null,
      isGroup: false,
      quantity: 1,
      unitPrice: 50000,
      unitFee: 3000,
      ...line,
    })),
  };
}

export async function remaining(db: Queryable) {
  const { rows } = await db.query<{ remaining: number; group_remaining: number }>(
    'select remaining, group_remaining from sessions where id = 9000',
  );
  const standing = await db.query<{ remaining: number }>('select remaining from standing_stock where session_id = 9000');
  const price = await db.query<{ remaining: number }>('select remaining from price_stock where session_id = 9000');
  return {
    session: rows[0]?.remaining,
    group: rows[0]?.group_remaining,
    standing: standing.rows[0]?.remaining,
    price: price.rows[0]?.remaining,
  };
}

/** The current project's test database (PGlite or PostgreSQL), migrated, with the mini catalog (tests/fixtures.ts). */
export async function openMiniCatalogDb(options?: Parameters<typeof insertMiniCatalog>[1]): Promise<Db> {
  const db = await openTestDb();
  await migrate(db);
  await insertMiniCatalog(db, options);
  return db;
}

/** Places of the mini catalog's session 9000 held by order lines. */
export async function soldPlaces(db: Queryable): Promise<number | undefined> {
  const { rows } = await db.query<{ sold: number }>('select coalesce(sum(quantity), 0) as sold from order_lines where session_id = 9000');
  return rows[0]?.sold;
}

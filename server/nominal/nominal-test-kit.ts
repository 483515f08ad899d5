import { insertMiniCatalog } from '../../tests/fixtures.ts';
import type { Queryable } from '../db/client.ts';
import type { Db } from '../db/client.ts';
import { testOrder } from '../orders/order-test-kit.ts';
import { placeOrder } from '../orders/orders.service.ts';
import { OrderStatus } from '../../contract/order-status.ts';

/**
 * The mini catalog of tests/fixtures.ts with its event turned into a named-ticket event that asks
 * for everything (age as a birth date, middle name, document, country, region), a required and an
 * optional consent.
 */
export async function insertNamedTicketCatalog(db: Queryable, flags: { needAge?: 0 | 1 | 2; needMiddleName?: boolean } = {}) {
  const ids = await insertMiniCatalog(db, { capacity: 1000 });
  await db.query(
    `update events set named_tickets = true, need_age = $2, need_middle_name = $3, need_document = true,
       need_country = true, need_region = true where id = $1`,
    [ids.eventId, flags.needAge ?? 2, flags.needMiddleName ?? true],
  );
  const l = (ru: string) => JSON.stringify({ ru, en: ru, kz: ru, ch: ru });
  await db.query(
    `insert into checkboxes (id, scope, event_id, sortnum, name, required) values
       (9001, 'nominal', $1, 1, $2::jsonb, true),
       (9002, 'nominal', null, 2, $3::jsonb, false),
       (9003, 'order', $1, 3, $4::jsonb, true)`,
    [ids.eventId, l('Согласен на обработку персональных данных'), l('Хочу получать новости'), l('Флажок формы заказа')],
  );
  return ids;
}

/** Places an order of `quantity` tickets on the named-ticket fixture, awaiting its holders (10). */
export async function placeNamedOrder(db: Db, at: Date, quantity = 2, status: number = OrderStatus.reserved) {
  return db.transaction((tx) => placeOrder(tx, { ...testOrder([{ quantity }], at), status }));
}

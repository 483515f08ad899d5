import type { Queryable } from '../server/db/client.ts';

const l = (ru: string) => JSON.stringify({ ru, en: ru, kz: ru, ch: ru });

/**
 * A tiny catalog for tests of the order core, independent of the demo: one event with one
 * session of `capacity` places, a limited price, and a hall of 10 seats with a standing area.
 * Ids start at 9000 so they never meet the demo's.
 */
export async function insertMiniCatalog(db: Queryable, options: { capacity?: number; standing?: number; priceLimit?: number } = {}) {
  const capacity = options.capacity ?? 20;
  const standing = options.standing ?? 5;
  await db.exec(`
    insert into kinds (id, name) values (9000, '${l('Тест')}');
    insert into venues (id, name, address) values (9000, '${l('Зал')}', '${l('Адрес')}');
    insert into halls (id, venue_id, name, width, height) values (9000, 9000, '${l('Зал')}', 100, 100);
    insert into zones (id, hall_id, name, color) values (9000, 9000, '${l('Партер')}', '#ff0000');
    insert into hall_sectors (id, hall_id, name) values (9000, 9000, '${l('Партер')}');
    insert into hall_seats (id, hall_id, sector_id, zone_id, row_label, seat_label, x, y)
      select 9000 + n, 9000, 9000, 9000, '1', n::text, n * 10, 10 from generate_series(1, 10) n;
    insert into standing_areas (id, hall_id, zone_id, name, capacity) values (9000, 9000, 9000, '${l('Танцпол')}', ${standing});
    insert into events (id, hash, kind_id, venue_id, hall_id, name) values (9000, 'test-event-9000', 9000, 9000, 9000, '${l('Событие')}');
    insert into sessions (id, event_id, starts_at, capacity, remaining, group_capacity, group_remaining)
      values (9000, 9000, now() + interval '7 days', ${capacity}, ${capacity}, 3, 3);
    insert into categories (id, event_id, name) values (9000, 9000, '${l('Взрослый')}');
    insert into prices (id, event_id, category_id, zone_id, amount, service_fee, quantity_limit)
      values (9000, 9000, 9000, 9000, 50000, 3000, null),
             (9001, 9000, 9000, 9000, 30000, 0, ${options.priceLimit ?? 'null'});
    insert into standing_stock (session_id, standing_area_id, remaining) values (9000, 9000, ${standing});
  `);
  if (options.priceLimit !== undefined) {
    await db.query('insert into price_stock (session_id, price_id, remaining) values (9000, 9001, $1)', [options.priceLimit]);
  }
  return {
    eventId: 9000,
    sessionId: 9000,
    priceId: 9000,
    limitedPriceId: 9001,
    categoryId: 9000,
    zoneId: 9000,
    seatIds: Array.from({ length: 10 }, (_, i) => 9001 + i),
    standingAreaId: 9000,
  };
}

import type { Queryable } from '../db/client.ts';

const l = (ru: string, en = ru) => JSON.stringify({ ru, en, kz: ru, ch: en });

export type SchemeFixture = {
  eventId: number;
  hash: string;
  hallId: number;
  sessionId: number;
  laterSessionId: number;
  /** Seats of the first row of the stalls (zone A), then the balcony (zone B). */
  seatIds: number[];
  stallsPriceId: number;
  stallsChildPriceId: number;
  balconyPriceId: number;
  standingPriceId: number;
  standingAreaId: number;
  standingCategoryId: number;
  adultCategoryId: number;
};

/**
 * A seated event for scheme tests, independent of the demo: a hall of `rows` x `perRow` seats in
 * two sectors (stalls in zone A at 2 000 ₽ + 150 ₽ fee, or 1 000 ₽ for a child; balcony in zone B
 * at 1 200 ₽ + 10 %), a dance floor of `standing` places in zone C at 800 ₽ + 50 ₽, and two
 * sessions. Ids start at 9100 (the order-core fixture uses 9000).
 */
export async function insertSchemeEvent(
  db: Queryable,
  options: { rows?: number; perRow?: number; standing?: number; namedTickets?: boolean; orderLimit?: number; at?: Date } = {},
): Promise<SchemeFixture> {
  const rows = options.rows ?? 4;
  const perRow = options.perRow ?? 10;
  const standing = options.standing ?? 5;
  const seats = rows * perRow;
  const at = options.at ?? new Date();
  const half = Math.ceil(rows / 2);
  await db.exec(`
    insert into kinds (id, name) values (9100, '${l('Концерты')}');
    insert into venues (id, name, address) values (9100, '${l('Дворец')}', '${l('Невский, 1')}');
    insert into halls (id, venue_id, name, width, height, stage)
      values (9100, 9100, '${l('Большой зал')}', ${perRow * 30 + 60}, ${rows * 30 + 200},
              '{"x": 30, "y": 10, "width": ${perRow * 30}, "height": 40, "label": ${l('Сцена', 'Stage')}}');
    insert into zones (id, hall_id, name, color) values
      (9101, 9100, '${l('Партер')}', '#e4572e'), (9102, 9100, '${l('Балкон')}', '#29335c'), (9103, 9100, '${l('Танцпол')}', '#17bebb');
    insert into hall_sectors (id, hall_id, name, sortnum) values
      (9101, 9100, '${l('Партер', 'Stalls')}', 1), (9102, 9100, '${l('Балкон', 'Balcony')}', 2);
    insert into hall_seats (id, hall_id, sector_id, zone_id, row_label, seat_label, x, y)
      select 100000 + n, 9100,
             case when (n - 1) / ${perRow} < ${half} then 9101 else 9102 end,
             case when (n - 1) / ${perRow} < ${half} then 9101 else 9102 end,
             (((n - 1) / ${perRow}) + 1)::text, (((n - 1) % ${perRow}) + 1)::text,
             45 + ((n - 1) % ${perRow}) * 30, 80 + ((n - 1) / ${perRow}) * 30
        from generate_series(1, ${seats}) n;
    insert into standing_areas (id, hall_id, zone_id, name, capacity, x, y, width, height)
      values (9101, 9100, 9103, '${l('Танцпол', 'Dance floor')}', ${standing}, 30, ${rows * 30 + 100}, ${perRow * 30}, 80);
    insert into events (id, hash, kind_id, venue_id, hall_id, name, use_seat_map, named_tickets, order_limit, age_from)
      values (9100, 'scheme-event-9100', 9100, 9100, 9100, '${l('Концерт', 'Concert')}', true, ${options.namedTickets ? 'true' : 'false'},
              ${options.orderLimit ?? 10}, 12);
    insert into categories (id, event_id, name, sortnum) values
      (9101, 9100, '${l('Взрослый', 'Adult')}', 1), (9102, 9100, '${l('Детский', 'Child')}', 2);
    insert into prices (id, event_id, category_id, zone_id, amount, service_fee, service_fee_kind) values
      (9101, 9100, 9101, 9101, 200000, 15000, 1),
      (9102, 9100, 9102, 9101, 100000, 15000, 1),
      (9103, 9100, 9101, 9102, 120000, 1000, 2),
      (9104, 9100, 9101, 9103, 80000, 5000, 1);
  `);
  await db.query(
    `insert into sessions (id, event_id, starts_at, capacity, remaining) values
       (9101, 9100, $1, $3, $3), (9102, 9100, $2, $3, $3)`,
    [new Date(at.getTime() + 3 * 86_400_000), new Date(at.getTime() + 4 * 86_400_000), seats + standing],
  );
  await db.exec(`
    insert into standing_stock (session_id, standing_area_id, remaining) values (9101, 9101, ${standing}), (9102, 9101, ${standing});
  `);
  return {
    eventId: 9100,
    hash: 'scheme-event-9100',
    hallId: 9100,
    sessionId: 9101,
    laterSessionId: 9102,
    seatIds: Array.from({ length: seats }, (_, i) => 100001 + i),
    stallsPriceId: 9101,
    stallsChildPriceId: 9102,
    balconyPriceId: 9103,
    standingPriceId: 9104,
    standingAreaId: 9101,
    standingCategoryId: 9101,
    adultCategoryId: 9101,
  };
}

/** A valid create-scheme body for the fixture, with the given cart. */
export function schemeOrderBody(
  f: SchemeFixture,
  tickets: { seat_id: number | string; price_id: number }[],
  extra: Record<string, unknown> = {},
) {
  return {
    fio: 'Иван Петров',
    phone: '+7 999 901-02-03',
    email: 'ivan@example.com',
    re_email: 'ivan@example.com',
    action_id: f.eventId,
    calendarId: f.sessionId,
    lang: 'ru',
    checkboxList: [],
    tickets: tickets.map((t) => ({ ...t, quantity: 1, calendar_id: f.sessionId })),
    ...extra,
  };
}

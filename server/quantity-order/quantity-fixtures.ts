import type { Queryable } from '../db/client.ts';

const l = (ru: string, en = ru) => JSON.stringify({ ru, en, kz: ru, ch: en });

/**
 * A catalog for the quantity-order tests, independent of the demo (ids from 9200):
 * - 9200 an ordinary timed event (limit 5 per order, 2 group tickets per order) with sessions
 *   9200 (20 places, 3 group slots) and 9201 (10 places); categories adult (9200, fee 30 ₽),
 *   child (9201, needprice 2, ordinary card only), group (9202, passagequant 25), Pushkin card
 *   only (9203), a limited category (9205, 3 per session) and a subscription price (9204);
 *   a required checkbox 9200 and an optional one 9201;
 * - 9201 a free event; 9202 a named-ticket event; 9203 a subscription whose composition is
 *   event 9200; 9204 a Pushkin-card-only event;
 * - CRM client 9200 holding subscription 9203 with 3 visits left.
 */
export async function insertQuantityCatalog(db: Queryable, options: { capacity?: number } = {}) {
  const capacity = options.capacity ?? 20;
  const at = (days: number) => `date_trunc('day', now()) + interval '${days} days 11 hours'`;
  await db.exec(`
    insert into kinds (id, name) values (9200, '${l('Музей', 'Museum')}');
    insert into venues (id, name, address) values (9200, '${l('Главное здание', 'Main building')}', '${l('ул. Тестовая, 1')}');
    insert into events (id, hash, kind_id, venue_id, name, note, order_limit, group_limit, price_rows, use_pushkin_card, use_ordinary_card, age_from)
      values (9200, 'test-qty-ordinary', 9200, 9200, '${l('Постоянная экспозиция', 'Permanent exhibition')}', '${l('Вход по билетам')}', 5, 2, 2, true, true, 6);
    insert into events (id, hash, kind_id, venue_id, name, is_free) values (9201, 'test-qty-free', 9200, 9200, '${l('День открытых дверей')}', true);
    insert into events (id, hash, kind_id, venue_id, name, named_tickets) values (9202, 'test-qty-named', 9200, 9200, '${l('Именная экскурсия')}', true);
    insert into events (id, hash, kind_id, venue_id, name, is_subscription) values (9203, 'test-qty-sub', 9200, 9200, '${l('Абонемент')}', true);
    insert into events (id, hash, kind_id, venue_id, name, use_pushkin_card, use_ordinary_card) values (9204, 'test-qty-pushkin', 9200, 9200, '${l('Лекция')}', true, false);

    insert into sessions (id, event_id, starts_at, capacity, remaining, group_capacity, group_remaining) values
      (9200, 9200, ${at(7)}, ${capacity}, ${capacity}, 3, 3),
      (9201, 9200, ${at(8)}, 10, 10, 0, 0),
      (9210, 9201, ${at(7)}, 50, 50, 0, 0),
      (9220, 9202, ${at(7)}, 10, 10, 0, 0),
      (9230, 9203, ${at(7)}, 10, 10, 0, 0),
      (9240, 9204, ${at(7)}, 10, 10, 0, 0);

    insert into categories (id, event_id, sortnum, name) values
      (9200, 9200, 1, '${l('Взрослый', 'Adult')}'), (9201, 9200, 2, '${l('Детский', 'Child')}'),
      (9202, 9200, 3, '${l('Групповая экскурсия', 'Group excursion')}'), (9203, 9200, 4, '${l('Пушкинская карта', 'Pushkin card')}'),
      (9204, 9200, 5, '${l('Льготный', 'Reduced')}'),
      (9210, 9201, 1, '${l('Входной', 'Entry')}'), (9220, 9202, 1, '${l('Именной', 'Named')}'),
      (9230, 9203, 1, '${l('Абонемент', 'Subscription')}'), (9240, 9204, 1, '${l('Пушкинская карта', 'Pushkin card')}');

    insert into prices (id, event_id, category_id, amount, service_fee, service_fee_kind, min_quantity, group_passes, pushkin, for_subscription, quantity_limit) values
      (9200, 9200, 9200, 50000, 3000, 1, 0, 0, 0, false, null),
      (9201, 9200, 9201, 20000, 0, 1, 2, 0, 2, false, null),
      (9202, 9200, 9202, 300000, 1000, 2, 0, 25, 2, false, null),
      (9203, 9200, 9203, 45000, 0, 1, 0, 0, 1, false, null),
      (9204, 9200, 9200, 0, 0, 1, 0, 0, 0, true, null),
      (9205, 9200, 9204, 10000, 0, 1, 0, 0, 2, false, 3),
      (9210, 9201, 9210, 0, 0, 1, 0, 0, 0, false, null),
      (9220, 9202, 9220, 40000, 0, 1, 0, 0, 0, false, null),
      (9230, 9203, 9230, 150000, 0, 1, 0, 0, 0, true, null),
      (9240, 9204, 9240, 60000, 0, 1, 0, 0, 1, false, null);
    insert into price_stock (session_id, price_id, remaining) values (9200, 9205, 3), (9201, 9205, 3);

    insert into subscription_items (subscription_event_id, event_id, sortnum) values (9203, 9200, 1);

    insert into checkboxes (id, scope, event_id, sortnum, name, required) values
      (9200, 'order', 9200, 1, '${l('Согласен с правилами посещения', 'I accept the visiting rules')}', true),
      (9201, 'order', 9200, 2, '${l('Подписаться на новости', 'Subscribe to news')}', false);

    insert into crm_clients (id, type_id, type_name, card_code, first_name, last_name, middle_name, phone, email)
      values (9200, 1, 'Член клуба', 'CARD-9200', 'Анна', 'Смирнова', 'Петровна', '+79990001122', 'anna@example.com');
    insert into crm_subscriptions (client_id, subscription_event_id, remaining) values (9200, 9203, 3);
  `);
}

/** The day (dd.mm.yyyy) and time (HH:MM) of a session as the page sends them. */
export async function sessionWhen(db: Queryable, sessionId: number, tz = 'Europe/Moscow'): Promise<{ day: string; time: string }> {
  const { rows } = await db.query<{ day: string; time: string }>(
    `select to_char(starts_at at time zone $2, 'DD.MM.YYYY') as day, to_char(starts_at at time zone $2, 'HH24:MI') as time
       from sessions where id = $1`,
    [sessionId, tz],
  );
  const row = rows[0];
  if (!row) throw new Error(`no session ${sessionId}`);
  return row;
}

/** Free places of a session and of its group slots, and of the limited price 9205 there. */
export async function stockOf(db: Queryable, sessionId: number) {
  const { rows } = await db.query<{ remaining: number; group_remaining: number }>(
    'select remaining, group_remaining from sessions where id = $1',
    [sessionId],
  );
  const limited = await db.query<{ remaining: number }>('select remaining from price_stock where session_id = $1 and price_id = 9205', [
    sessionId,
  ]);
  const orders = await db.query<{ n: number }>('select count(*)::int as n from orders');
  return { places: rows[0]?.remaining, group: rows[0]?.group_remaining, limited: limited.rows[0]?.remaining, orders: orders.rows[0]?.n };
}

/** A valid ordinary order of the fixture's session for buyer i: one place, distinct phone and e-mail. */
export function ordinaryOrderBody(when: { day: string; time: string }, i: number, lang = 'ru') {
  return {
    hash: 'test-qty-ordinary',
    lang,
    data: [{ ...when, actionId: 9200, categoryId: 9200, zoneId: 0, quantity: 1, sum: 0, seatId: 0 }],
    fio: 'Покупатель Номер',
    phone: `+7 999 000 ${String(i).padStart(4, '0')}`,
    email: `buyer${i}@example.com`,
    re_email: `buyer${i}@example.com`,
    checkboxList: [{ id: 9200, checked: true }],
  };
}

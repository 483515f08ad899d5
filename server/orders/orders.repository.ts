import type { Queryable } from '../db/client.ts';

export type OrderRow = {
  id: number;
  hash: string;
  number: number;
  event_id: number;
  status: number;
  lang: string;
  created_at: Date;
  reserved_until: Date;
  paid_at: Date | null;
  canceled_at: Date | null;
  released_at: Date | null;
  buyer_name: string;
  buyer_surname: string;
  buyer_first_name: string;
  buyer_patronymic: string;
  phone: string;
  email: string;
  pushkin_card: boolean;
  is_subscription: boolean;
  subtotal: number;
  service_fee: number;
  discount: number;
  total: number;
};

export type OrderLineRow = {
  id: number;
  order_id: number;
  session_id: number;
  price_id: number;
  category_id: number;
  zone_id: number | null;
  seat_id: number | null;
  standing_area_id: number | null;
  subscription_event_id: number | null;
  is_group: boolean;
  quantity: number;
  unit_price: number;
  unit_fee: number;
  amount: number;
  fee_amount: number;
  released: boolean;
};

export type InsertOrder = {
  hash: string;
  eventId: number;
  status: number;
  lang: string;
  createdAt: Date;
  reservedUntil: Date;
  buyer: { name: string; surname: string; firstName: string; patronymic: string; phone: string; email: string };
  pushkinCard: boolean;
  isSubscription: boolean;
  crmClientId: number | null;
  checkboxes: unknown;
  totals: { subtotal: number; serviceFee: number; discount: number; total: number };
};

export async function insertOrderRow(tx: Queryable, o: InsertOrder): Promise<{ id: number; number: number }> {
  const { rows } = await tx.query<{ id: number; number: number }>(
    `insert into orders (hash, event_id, status, lang, created_at, reserved_until, buyer_name, buyer_surname,
       buyer_first_name, buyer_patronymic, phone, email, pushkin_card, is_subscription, crm_client_id,
       subtotal, service_fee, discount, total, checkboxes)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20)
     returning id, number`,
    [
      o.hash, o.eventId, o.status, o.lang, o.createdAt, o.reservedUntil, o.buyer.name, o.buyer.surname,
      o.buyer.firstName, o.buyer.patronymic, o.buyer.phone, o.buyer.email, o.pushkinCard, o.isSubscription,
      o.crmClientId, o.totals.subtotal, o.totals.serviceFee, o.totals.discount, o.totals.total, JSON.stringify(o.checkboxes),
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into orders returned no row');
  return row;
}

export type InsertLine = {
  sessionId: number;
  priceId: number;
  categoryId: number;
  zoneId: number | null;
  seatId: number | null;
  standingAreaId: number | null;
  subscriptionEventId: number | null;
  isGroup: boolean;
  quantity: number;
  unitPrice: number;
  unitFee: number;
};

/** Inserts the lines of one order with one statement; answers their ids in the given order. */
export async function insertOrderLines(tx: Queryable, orderId: number, lines: readonly InsertLine[]): Promise<number[]> {
  // Ids are drawn from the sequence first, so each line's id is known without matching rows back.
  const { rows: idRows } = await tx.query<{ id: number }>(
    `select nextval(pg_get_serial_sequence('order_lines', 'id'))::int as id from generate_series(1, $1)`,
    [lines.length],
  );
  const ids = idRows.map((r) => r.id);
  const payload = lines.map((l, index) => ({
    id: ids[index],
    session_id: l.sessionId,
    price_id: l.priceId,
    category_id: l.categoryId,
    zone_id: l.zoneId,
    seat_id: l.seatId,
    standing_area_id: l.standingAreaId,
    subscription_event_id: l.subscriptionEventId,
    is_group: l.isGroup,
    quantity: l.quantity,
    unit_price: l.unitPrice,
    unit_fee: l.unitFee,
  }));
  await tx.query(
    `insert into order_lines (id, order_id, session_id, price_id, category_id, zone_id, seat_id, standing_area_id,
       subscription_event_id, is_group, quantity, unit_price, unit_fee, amount, fee_amount)
     select id, $1, session_id, price_id, category_id, zone_id, seat_id, standing_area_id, subscription_event_id,
       is_group, quantity, unit_price, unit_fee, quantity * unit_price, quantity * unit_fee
     from jsonb_to_recordset($2::jsonb) as x(id int, session_id int, price_id int, category_id int, zone_id int,
       seat_id int, standing_area_id int, subscription_event_id int, is_group boolean, quantity int,
       unit_price int, unit_fee int)
     order by seat_id nulls first`,
    [orderId, JSON.stringify(payload)],
  );
  return ids;
}

/** One ticket per place, each with its own random hash (tickethash_id). */
export async function insertTickets(tx: Queryable, orderId: number, tickets: readonly { lineId: number; hash: string }[]) {
  if (tickets.length === 0) return;
  await tx.query(
    `insert into tickets (order_id, order_line_id, hash)
     select $1, line_id, hash from jsonb_to_recordset($2::jsonb) as x(line_id int, hash text)`,
    [orderId, JSON.stringify(tickets.map((t) => ({ line_id: t.lineId, hash: t.hash })))],
  );
}

export async function findOrderByHash(db: Queryable, hash: string): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow>('select * from orders where hash = $1', [hash]);
  return rows[0];
}

export async function findOrderLines(db: Queryable, orderId: number): Promise<OrderLineRow[]> {
  const { rows } = await db.query<OrderLineRow>('select * from order_lines where order_id = $1 order by id', [orderId]);
  return rows;
}

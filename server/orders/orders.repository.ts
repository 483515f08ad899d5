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

/** An order row as placeOrder writes it (through the place_order function of migration 0700). */
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

export async function findOrderByHash(db: Queryable, hash: string): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow>('select * from orders where hash = $1', [hash]);
  return rows[0];
}

export async function findOrderLines(db: Queryable, orderId: number): Promise<OrderLineRow[]> {
  const { rows } = await db.query<OrderLineRow>('select * from order_lines where order_id = $1 order by id', [orderId]);
  return rows;
}

/** The order, locked for the caller's transaction: the lock that serialises everything that changes one order. */
export async function lockOrderByHash(tx: Queryable, hash: string): Promise<OrderRow | undefined> {
  const { rows } = await tx.query<OrderRow>('select * from orders where hash = $1 for update', [hash]);
  return rows[0];
}

export async function lockOrderById(tx: Queryable, id: number): Promise<OrderRow | undefined> {
  const { rows } = await tx.query<OrderRow>('select * from orders where id = $1 for update', [id]);
  return rows[0];
}

export async function findOrderById(db: Queryable, id: number): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow>('select * from orders where id = $1', [id]);
  return rows[0];
}

/** Marks a confirmed, unreleased order paid (status 30); answers false when it was not payable. */
export async function markOrderPaid(tx: Queryable, id: number, at: Date): Promise<boolean> {
  const { rowCount } = await tx.query(`update orders set status = 30, paid_at = $2 where id = $1 and status = 20 and released_at is null`, [id, at]);
  return rowCount > 0;
}

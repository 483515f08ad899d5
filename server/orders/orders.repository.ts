import type { Queryable } from '../db/client.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { UNPAID } from './order-status-sql.ts';

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
  cancel_reason: string | null;
  /** What a member of staff wrote when cancelling the order at the desk. */
  staff_cancel_reason: string | null;
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
  services_total: number;
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

/** Marks a confirmed, unreleased order paid; answers false when it was not payable. */
export async function markOrderPaid(tx: Queryable, id: number, at: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update orders set status = ${OrderStatus.paid}, paid_at = $2 where id = $1 and status = ${OrderStatus.confirmed} and released_at is null`,
    [id, at],
  );
  return rowCount > 0;
}

/** Marks an order as sold at the box office by the member of staff (their name kept as it was then). */
export async function markOrderSoldAtDesk(tx: Queryable, id: number, staff: { id: number; name: string }): Promise<void> {
  await tx.query(`update orders set channel = 'desk', sold_by = $2, sold_by_name = $3 where id = $1`, [id, staff.id, staff.name]);
}

/** What an order's total is computed from: its lines' subtotal, service fee and attached services, and the total it has now. */
export async function findOrderTotalsBase(
  tx: Queryable,
  id: number,
): Promise<{ subtotal: number; service_fee: number; services: number; total: number } | undefined> {
  const { rows } = await tx.query<{ subtotal: number; service_fee: number; services: number; total: number }>(
    `select o.subtotal, o.service_fee, o.total,
       coalesce((select sum(amount) from order_services s where s.order_id = o.id), 0)::int as services
     from orders o where o.id = $1`,
    [id],
  );
  return rows[0];
}

export async function setOrderTotals(tx: Queryable, id: number, t: { services: number; discount: number; total: number }): Promise<void> {
  await tx.query('update orders set services_total = $2, discount = $3, total = $4 where id = $1', [id, t.services, t.discount, t.total]);
}

/** Places one order, its lines and tickets through the place_order function (stock is taken there). */
export async function callPlaceOrder(
  tx: Queryable,
  order: { row: unknown; lines: unknown; ticketHashes: readonly string[] },
): Promise<{ order_id: number; order_number: number } | undefined> {
  const { rows } = await tx.query<{ order_id: number; order_number: number }>(
    'select order_id, order_number from place_order($1::jsonb, $2::jsonb, $3::text[])',
    [JSON.stringify(order.row), JSON.stringify(order.lines), order.ticketHashes],
  );
  return rows[0];
}

/** Places several seatless orders in one statement through the place_orders function, all or none. */
export async function callPlaceOrders(
  db: Queryable,
  orders: readonly unknown[],
  lines: readonly unknown[],
): Promise<{ order_hash: string; order_id: number; order_number: number }[]> {
  const { rows } = await db.query<{ order_hash: string; order_id: number; order_number: number }>(
    'select order_hash, order_id, order_number from place_orders($1::jsonb, $2::jsonb)',
    [JSON.stringify(orders), JSON.stringify(lines)],
  );
  return rows;
}

/** Marks an order released (and canceled unless paid); only the first of several callers gets true. */
export async function claimOrderRelease(tx: Queryable, id: number, at: Date, reason: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update orders set released_at = $2, status = case when status = ${OrderStatus.paid} then status else ${OrderStatus.canceled} end,
       canceled_at = case when status = ${OrderStatus.paid} then canceled_at else $2 end, cancel_reason = coalesce(cancel_reason, $3)
     where id = $1 and released_at is null`,
    [id, at, reason],
  );
  return rowCount > 0;
}

/** A line released (wholly or in part) as its stock needs it back. */
export type ReleasedLine = {
  session_id: number;
  price_id: number;
  is_group: boolean;
  quantity: number;
  standing_area_id: number | null;
  limited: boolean;
  /** The subscription the line's places were taken by (its visits were spent), and whose client spent them. */
  subscription_event_id: number | null;
  crm_client_id: number | null;
};

/** What a released line's row says beyond its own columns: whether its price is limited, and who spent visits on it. */
const RELEASED_EXTRAS = `exists (select 1 from prices p where p.id = l.price_id and p.quantity_limit is not null) as limited,
       l.subscription_event_id, (select o.crm_client_id from orders o where o.id = l.order_id) as crm_client_id`;

/**
 * Records `count` places of a line as returned; the line counts as released once all its places
 * went back. Nothing (an empty answer) when the line has fewer places left than `count`.
 */
export async function markLinePlacesReturned(tx: Queryable, lineId: number, count: number): Promise<ReleasedLine[]> {
  const { rows } = await tx.query<ReleasedLine>(
    `update order_lines l set returned_quantity = returned_quantity + $2,
       released = (returned_quantity + $2 = quantity)
     where id = $1 and not released and returned_quantity + $2 <= quantity
     returning session_id, price_id, is_group, $2::int as quantity, standing_area_id, ${RELEASED_EXTRAS}`,
    [lineId, count],
  );
  return rows;
}

/** Marks unreleased lines released (all of an order's, or the given ones) with the places each still held. */
export async function markLinesReleased(
  tx: Queryable,
  which: { orderId: number } | { lineIds: readonly number[] },
): Promise<ReleasedLine[]> {
  // Places a return already gave back are not given back again.
  const { rows } = await tx.query<ReleasedLine>(
    `update order_lines l set released = true
     where ${'orderId' in which ? 'order_id = $1' : 'id = any($1::int[])'} and not released
     returning session_id, price_id, is_group, quantity - returned_quantity as quantity, standing_area_id, ${RELEASED_EXTRAS}`,
    ['orderId' in which ? which.orderId : which.lineIds],
  );
  return rows;
}

/** Unpaid, unreleased orders whose reserve ran out at `at`, oldest first, locked and skipped when another worker holds them. */
export async function lockExpiredOrderIds(tx: Queryable, at: Date, limit: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `select id from orders
       where status in (${UNPAID}) and released_at is null and reserved_until <= $1
       order by reserved_until, id limit $2
       for update skip locked`,
    [at, limit],
  );
  return rows.map((r) => r.id);
}

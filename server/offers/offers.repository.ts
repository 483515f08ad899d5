import type { Queryable } from '../db/client.ts';

export type OfferRow = {
  id: number;
  package_id: number;
  event_id: number | null;
  name: Record<string, string>;
  description: Record<string, string>;
  amount: number;
  per_order_limit: number;
  seat_tied: boolean;
  stock: number | null;
  sortnum: number;
};

export type OrderServiceRow = {
  id: number;
  order_id: number;
  parent_line_id: number;
  offer_id: number;
  package_id: number;
  amount: number;
  can_delete: boolean;
  name: Record<string, string>;
  /** Return status, as for tickets (ReturnStatus). */
  status: number;
};

/** Active offers for an event (its own and those offered with every event). */
export async function findOffersForEvent(db: Queryable, eventId: number): Promise<OfferRow[]> {
  const { rows } = await db.query<OfferRow>(
    `select id, package_id, event_id, name, description, amount, per_order_limit, seat_tied, stock, sortnum
     from special_offers where is_active and (event_id is null or event_id = $1) order by sortnum, id`,
    [eventId],
  );
  return rows;
}

export async function findOrderServices(db: Queryable, orderId: number): Promise<OrderServiceRow[]> {
  const { rows } = await db.query<OrderServiceRow>(
    `select s.id, s.order_id, s.parent_line_id, s.offer_id, s.package_id, s.amount, s.can_delete, o.name, s.status
     from order_services s join special_offers o on o.id = s.offer_id where s.order_id = $1 order by s.id`,
    [orderId],
  );
  return rows;
}

/** Takes n from an offer's stock; false when not enough is left (a null stock never runs out). */
export async function takeOfferStock(tx: Queryable, offerId: number, n: number): Promise<boolean> {
  const { rowCount } = await tx.query('update special_offers set stock = stock - $2 where id = $1 and stock is not null and stock >= $2', [
    offerId,
    n,
  ]);
  if (rowCount > 0) return true;
  const { rows } = await tx.query<{ stock: number | null }>('select stock from special_offers where id = $1', [offerId]);
  return rows[0] !== undefined && rows[0].stock === null;
}

export async function giveOfferStock(tx: Queryable, offerId: number, n: number): Promise<void> {
  await tx.query('update special_offers set stock = stock + $2 where id = $1 and stock is not null', [offerId, n]);
}

export async function insertOrderServices(
  tx: Queryable,
  orderId: number,
  items: readonly { parentLineId: number; offerId: number; packageId: number; amount: number }[],
  at: Date,
): Promise<void> {
  await tx.query(
    `insert into order_services (order_id, parent_line_id, offer_id, package_id, amount, created_at)
     select $1, parent_line_id, offer_id, package_id, amount, $3
     from jsonb_to_recordset($2::jsonb) as x(parent_line_id int, offer_id int, package_id int, amount int)`,
    [
      orderId,
      JSON.stringify(
        items.map((i) => ({ parent_line_id: i.parentLineId, offer_id: i.offerId, package_id: i.packageId, amount: i.amount })),
      ),
      at,
    ],
  );
}

/** Deletes a service of the order that may be deleted (can_delete); undefined when none such. */
export async function deleteOrderService(tx: Queryable, id: number, orderId: number): Promise<OrderServiceRow | undefined> {
  const { rows } = await tx.query<OrderServiceRow>(
    'delete from order_services where id = $1 and order_id = $2 and can_delete returning *',
    [id, orderId],
  );
  return rows[0];
}

export async function orderServiceExists(tx: Queryable, id: number, orderId: number): Promise<boolean> {
  const { rows } = await tx.query('select 1 from order_services where id = $1 and order_id = $2', [id, orderId]);
  return rows.length > 0;
}

/** Marks a released order's services released, once; answers how many of each offer went back. */
export async function releaseServicesOfOrder(tx: Queryable, orderId: number): Promise<{ offer_id: number; n: number }[]> {
  const { rows } = await tx.query<{ offer_id: number; n: number }>(
    `with released as (update order_services set released = true where order_id = $1 and not released returning offer_id)
     select offer_id, count(*)::int as n from released group by offer_id`,
    [orderId],
  );
  return rows;
}

import type { Queryable } from '../db/client.ts';

/** A place of an order as a fiscal receipt names it. */
export type ReceiptPlaceRow = {
  ticket_id: number | null;
  line_id: number;
  event_name: Record<string, string>;
  starts_at: Date;
  has_time: boolean;
  category_name: Record<string, string>;
  row_label: string | null;
  seat_label: string | null;
  area_name: Record<string, string> | null;
  unit_price: number;
  unit_fee: number;
};

export type ReceiptOrderRow = { id: number; email: string; phone: string; total: number; discount: number };

export type ReceiptServiceRow = { parent_line_id: number; name: Record<string, string>; amount: number };

/** The order a payment (by our reference) pays. */
export async function findReceiptOrderOfPayment(db: Queryable, merchantRef: string): Promise<ReceiptOrderRow | undefined> {
  const { rows } = await db.query<ReceiptOrderRow>(
    `select o.id, o.email, o.phone, o.total, o.discount from payments p join orders o on o.id = p.order_id where p.public_id = $1`,
    [merchantRef],
  );
  return rows[0];
}

/** The order a refund (by its idempotency key) gives money back for, and the return request behind it. */
export async function findReceiptOrderOfRefund(
  db: Queryable,
  idempotencyKey: string,
): Promise<(ReceiptOrderRow & { return_request_id: number | null }) | undefined> {
  const { rows } = await db.query<ReceiptOrderRow & { return_request_id: number | null }>(
    `select o.id, o.email, o.phone, o.total, o.discount, rr.id as return_request_id
     from refunds r join payments p on p.id = r.payment_id join orders o on o.id = p.order_id
     left join return_requests rr on rr.refund_id = r.id
     where r.idempotency_key = $1`,
    [idempotencyKey],
  );
  return rows[0];
}

/**
 * Every place of an order, one row per ticket (a quantity line without tickets yet counts as
 * quantity rows). With a return request: only the tickets it gives back.
 */
export async function findReceiptPlaces(db: Queryable, orderId: number, returnRequestId: number | null = null): Promise<ReceiptPlaceRow[]> {
  const { rows } = await db.query<ReceiptPlaceRow>(
    `select t.id as ticket_id, l.id as line_id, e.name as event_name, s.starts_at, s.has_time, c.name as category_name,
            hs.row_label, hs.seat_label, sa.name as area_name, l.unit_price, l.unit_fee
     from order_lines l
     join sessions s on s.id = l.session_id
     join events e on e.id = s.event_id
     join categories c on c.id = l.category_id
     left join hall_seats hs on hs.id = l.seat_id
     left join standing_areas sa on sa.id = l.standing_area_id
     left join lateral (
       select t.id from tickets t where t.order_line_id = l.id
       union all
       select null::integer from generate_series(1, l.quantity) g
       where not exists (select 1 from tickets t2 where t2.order_line_id = l.id)
     ) t on true
     where l.order_id = $1
       and ($2::integer is null or t.id in (select ticket_id from return_request_tickets where request_id = $2))
     order by l.id, t.id`,
    [orderId, returnRequestId],
  );
  return rows;
}

/** The special offers (services) added to an order. */
export async function findReceiptServices(db: Queryable, orderId: number): Promise<ReceiptServiceRow[]> {
  const { rows } = await db.query<ReceiptServiceRow>(
    `select os.parent_line_id, so.name, os.amount from order_services os join special_offers so on so.id = os.offer_id
     where os.order_id = $1 order by os.id`,
    [orderId],
  );
  return rows;
}

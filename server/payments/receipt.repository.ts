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

/** The order a payment pays, and the exchange whose difference it pays (null: the order's own payment). */
export type ReceiptPaidOrderRow = ReceiptOrderRow & { exchange_id: number | null };

/** The payment that paid an order through an acquirer, with the mode of its sale receipt (closing receipts). */
export type ReceiptPaymentRow = {
  id: number;
  public_id: string;
  provider: string;
  provider_ref: string | null;
  amount: number;
  sale_mode: string | null;
};

export async function findReceiptOrderById(db: Queryable, orderId: number): Promise<ReceiptOrderRow | undefined> {
  const { rows } = await db.query<ReceiptOrderRow>('select id, email, phone, total, discount from orders where id = $1', [orderId]);
  return rows[0];
}

export async function findReceiptPayment(db: Queryable, paymentId: number): Promise<ReceiptPaymentRow | undefined> {
  const { rows } = await db.query<ReceiptPaymentRow>(
    `select p.id, p.public_id, p.provider, p.provider_ref, p.amount, sr.payment_mode as sale_mode
     from payments p left join sale_receipts sr on sr.payment_id = p.id where p.id = $1`,
    [paymentId],
  );
  return rows[0];
}

export type ReceiptServiceRow = { id: number; parent_line_id: number; name: Record<string, string>; amount: number };

/** The order a payment (by our reference) pays. */
export async function findReceiptOrderOfPayment(db: Queryable, merchantRef: string): Promise<ReceiptPaidOrderRow | undefined> {
  const { rows } = await db.query<ReceiptPaidOrderRow>(
    `select o.id, o.email, o.phone, o.total, o.discount, p.exchange_id
       from payments p join orders o on o.id = p.order_id where p.public_id = $1`,
    [merchantRef],
  );
  return rows[0];
}

/** The order a refund (by its idempotency key) gives money back for, and the return request behind it. */
export type ReceiptRefundRow = ReceiptOrderRow & {
  return_request_id: number | null;
  payment_id: number;
  payment_amount: number;
  /** The sale receipt's payment mode, when our sale receipt went with the payment. */
  sale_mode: string | null;
  /** A lower price's difference of an exchange: the tickets it gave up. */
  exchange_old_ticket_ids: number[] | null;
};

export async function findReceiptOrderOfRefund(db: Queryable, idempotencyKey: string): Promise<ReceiptRefundRow | undefined> {
  const { rows } = await db.query<ReceiptRefundRow>(
    `select o.id, o.email, o.phone, o.total, o.discount, rr.id as return_request_id,
            p.id as payment_id, p.amount as payment_amount, sr.payment_mode as sale_mode, x.old_ticket_ids as exchange_old_ticket_ids
     from refunds r join payments p on p.id = r.payment_id join orders o on o.id = p.order_id
     left join return_requests rr on rr.refund_id = r.id
     left join order_exchanges x on x.refund_id = r.id
     left join sale_receipts sr on sr.payment_id = p.id
     where r.idempotency_key = $1`,
    [idempotencyKey],
  );
  return rows[0];
}

/**
 * Every place of an order, one row per ticket (a quantity line without tickets yet counts as
 * quantity rows). With a return request: only the tickets it gives back. The lines an exchange
 * added are not what the order's own payment sold: they are left out, unless `exchangeId` asks
 * for exactly that exchange's (what its difference's payment sells).
 */
export async function findReceiptPlaces(
  db: Queryable,
  orderId: number,
  returnRequestId: number | null = null,
  exchangeId: number | null = null,
): Promise<ReceiptPlaceRow[]> {
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
       and case when $3::integer is null
                then not exists (select 1 from order_exchanges x where x.order_id = l.order_id and l.id = any(x.new_line_ids))
                else exists (select 1 from order_exchanges x where x.id = $3 and l.id = any(x.new_line_ids)) end
     order by l.id, t.id`,
    [orderId, returnRequestId, exchangeId],
  );
  return rows;
}

/** The special offers (services) added to an order. */
export async function findReceiptServices(db: Queryable, orderId: number): Promise<ReceiptServiceRow[]> {
  const { rows } = await db.query<ReceiptServiceRow>(
    `select os.id, os.parent_line_id, so.name, os.amount from order_services os join special_offers so on so.id = os.offer_id
     where os.order_id = $1 order by os.id`,
    [orderId],
  );
  return rows;
}

/** What a return request gives back, each ticket with the fee part of its refund (null: not kept). */
export async function findReturnedAmounts(
  db: Queryable,
  returnRequestId: number,
): Promise<{ tickets: { ticket_id: number; amount: number; fee: number | null }[]; services: { service_id: number; amount: number }[] }> {
  const [tickets, services] = await Promise.all([
    db.query<{ ticket_id: number; amount: number; fee: number | null }>(
      'select ticket_id, amount, fee from return_request_tickets where request_id = $1 order by ticket_id',
      [returnRequestId],
    ),
    db.query<{ service_id: number; amount: number }>(
      'select service_id, amount from return_request_services where request_id = $1 order by service_id',
      [returnRequestId],
    ),
  ]);
  return { tickets: tickets.rows, services: services.rows };
}

/** Notes the payment mode of the sale receipt sent with a payment (by our reference); the first one sent stays. */
export async function recordSaleReceipt(db: Queryable, merchantRef: string, paymentMode: string, at: Date): Promise<void> {
  await db.query(
    `insert into sale_receipts (payment_id, payment_mode, created_at) select id, $2, $3 from payments where public_id = $1
     on conflict (payment_id) do nothing`,
    [merchantRef, paymentMode, at],
  );
}

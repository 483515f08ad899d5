import type { SearchKeys } from '../../../contract/admin/orders-rules.ts';
import type { Queryable } from '../../db/client.ts';
import type { OrderRow } from '../../orders/orders.repository.ts';

type Texts = Record<string, string>;

export type OrderHitRow = Pick<
  OrderRow,
  'id' | 'number' | 'status' | 'created_at' | 'paid_at' | 'buyer_name' | 'email' | 'phone' | 'total'
> & {
  event_name: Texts;
  tickets: number;
};

/** LIKE's own characters in a visitor's text match themselves. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Orders matching any of the search keys, newest first, after the keyset cursor (created_at, id)
 * and at most `limit` of them. Every key is one index range scan (migration 0860); an empty
 * search lists the newest orders.
 */
export async function searchOrders(
  db: Queryable,
  keys: SearchKeys | null,
  page: { limit: number; after: { createdAt: Date; id: number } | null },
): Promise<OrderHitRow[]> {
  const params: unknown[] = [page.after?.createdAt ?? null, page.after?.id ?? null, page.limit];
  const branches: string[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    branches.push(sql.replaceAll('$?', `$${params.length}`));
  };
  if (keys) {
    if (keys.orderNumber !== null) add('select id from orders where number = $?::int', keys.orderNumber);
    if (keys.ticketCode !== null) add('select order_id as id from tickets where code = $?', keys.ticketCode);
    for (const digits of keys.phonePrefixes)
      add(`select id from orders where regexp_replace(phone, '\\D', '', 'g') like $?`, likePrefix(digits));
    if (keys.text !== null) add('select id from orders where desk_fold(email) like $?', likePrefix(keys.text));
    for (const name of keys.names) {
      const prefix = likePrefix(name);
      add('select id from orders where desk_fold(buyer_name) like $?', prefix);
      add(
        `select order_id as id from tickets
         where holder is not null and desk_fold(coalesce(holder->>'surname', '') || ' ' || coalesce(holder->>'name', '')) like $?`,
        prefix,
      );
    }
    if (branches.length === 0) return [];
  }
  const source = keys ? `(select distinct id from (${branches.join(' union all ')}) k) hits join orders o on o.id = hits.id` : 'orders o';
  const { rows } = await db.query<OrderHitRow>(
    `select o.id, o.number, o.status, o.created_at, o.paid_at, o.buyer_name, o.email, o.phone, o.total, e.name as event_name,
       (select count(*)::int from tickets t where t.order_id = o.id) as tickets
     from ${source}
     join events e on e.id = o.event_id
     where $1::timestamptz is null or (o.created_at, o.id) < ($1::timestamptz, $2::int)
     order by o.created_at desc, o.id desc
     limit $3`,
    params,
  );
  return rows;
}

export type DeskOrderRow = Pick<
  OrderRow,
  | 'id'
  | 'hash'
  | 'number'
  | 'status'
  | 'lang'
  | 'created_at'
  | 'reserved_until'
  | 'paid_at'
  | 'canceled_at'
  | 'cancel_reason'
  | 'staff_cancel_reason'
  | 'buyer_name'
  | 'phone'
  | 'email'
  | 'pushkin_card'
  | 'subtotal'
  | 'service_fee'
  | 'services_total'
  | 'discount'
  | 'total'
  | 'event_id'
> & { event_name: Texts };

/** Keeps the words a member of staff gave for cancelling the order, shown on its desk page. */
export async function recordStaffCancelReason(tx: Queryable, orderId: number, reason: string): Promise<void> {
  await tx.query('update orders set staff_cancel_reason = $2 where id = $1', [orderId, reason]);
}

/** Corrects the buyer's e-mail of an order: later mails of the order go to it. */
export async function updateOrderEmail(tx: Queryable, orderId: number, email: string): Promise<void> {
  await tx.query('update orders set email = $2 where id = $1', [orderId, email]);
}

export async function findDeskOrder(db: Queryable, id: number, lock = false): Promise<DeskOrderRow | undefined> {
  const { rows } = await db.query<DeskOrderRow>(
    `select o.id, o.hash, o.number, o.status, o.lang, o.created_at, o.reserved_until, o.paid_at, o.canceled_at, o.cancel_reason, o.staff_cancel_reason,
       o.buyer_name, o.phone, o.email, o.pushkin_card, o.subtotal, o.service_fee, o.services_total, o.discount, o.total,
       o.event_id, e.name as event_name
     from orders o join events e on e.id = o.event_id where o.id = $1${lock ? ' for update of o' : ''}`,
    [id],
  );
  return rows[0];
}

export type DeskLineRow = {
  id: number;
  session_id: number;
  starts_at: Date;
  category_name: Texts;
  quantity: number;
  returned_quantity: number;
  unit_price: number;
  unit_fee: number;
  amount: number;
  fee_amount: number;
  is_group: boolean;
  seat: string | null;
  standing_name: Texts | null;
  released: boolean;
};

export async function findDeskLines(db: Queryable, orderId: number): Promise<DeskLineRow[]> {
  const { rows } = await db.query<DeskLineRow>(
    `select l.id, l.session_id, s.starts_at, c.name as category_name, l.quantity, l.returned_quantity, l.unit_price, l.unit_fee,
       l.amount, l.fee_amount, l.is_group, l.released,
       case when hs.id is null then null else concat_ws(' / ', sec.name->>'ru', nullif(hs.row_label, ''), hs.seat_label) end as seat,
       sa.name as standing_name
     from order_lines l
     join sessions s on s.id = l.session_id
     join categories c on c.id = l.category_id
     left join hall_seats hs on hs.id = l.seat_id
     left join hall_sectors sec on sec.id = hs.sector_id
     left join standing_areas sa on sa.id = l.standing_area_id
     where l.order_id = $1 order by l.id`,
    [orderId],
  );
  return rows;
}

export type DeskTicketRow = { id: number; line_id: number; code: string | null; status: number; holder: Record<string, unknown> | null };

export async function findDeskTickets(db: Queryable, orderId: number): Promise<DeskTicketRow[]> {
  const { rows } = await db.query<DeskTicketRow>(
    'select id, order_line_id as line_id, code, status, holder from tickets where order_id = $1 order by id',
    [orderId],
  );
  return rows;
}

export type DeskPaymentRow = {
  id: number;
  method_name: Texts;
  kind: string;
  provider: string;
  status: string;
  amount: number;
  refunded_amount: number;
  decline_reason: string | null;
  created_at: Date;
  finished_at: Date | null;
};

export async function findDeskPayments(db: Queryable, orderId: number): Promise<DeskPaymentRow[]> {
  const { rows } = await db.query<DeskPaymentRow>(
    `select p.id, m.name as method_name, p.kind, p.provider, p.status, p.amount, p.refunded_amount, p.decline_reason, p.created_at, p.finished_at
     from payments p join payment_methods m on m.id = p.method_id where p.order_id = $1 order by p.id`,
    [orderId],
  );
  return rows;
}

export type DeskRefundRow = {
  id: number;
  amount: number;
  status: string;
  created_at: Date;
  done_at: Date | null;
  last_error: string | null;
  request_id: number | null;
  ticket_ids: number[] | null;
  staff_id: number | null;
  staff_percent: number | null;
  staff_reason: string | null;
  reason_name: Texts | null;
};

/** The order's refunds, each with the return request that asked for it (none for an automatic refund). */
export async function findDeskRefunds(db: Queryable, orderId: number): Promise<DeskRefundRow[]> {
  const { rows } = await db.query<DeskRefundRow>(
    `select r.id, r.amount, r.status, r.created_at, r.done_at, r.last_error,
       q.id as request_id, q.staff_id, q.staff_percent, q.staff_reason, rr.name as reason_name,
       (select array_agg(t.ticket_id order by t.ticket_id) from return_request_tickets t where t.request_id = q.id) as ticket_ids
     from refunds r
     join payments p on p.id = r.payment_id
     left join return_requests q on q.refund_id = r.id
     left join return_reasons rr on rr.id = q.reason_id
     where p.order_id = $1 order by r.id`,
    [orderId],
  );
  return rows;
}

export type DeskMailRow = {
  id: number;
  to_address: string;
  subject: string;
  created_at: Date;
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
};

export async function findDeskMails(db: Queryable, orderId: number): Promise<DeskMailRow[]> {
  const { rows } = await db.query<DeskMailRow>(
    'select id, to_address, subject, created_at, sent_at, attempts, last_error from mail_outbox where order_id = $1 order by id',
    [orderId],
  );
  return rows;
}

export type DeskNoteRow = { id: number; staff_id: number | null; staff_name: string; body: string; created_at: Date };

export async function findDeskNotes(db: Queryable, orderId: number): Promise<DeskNoteRow[]> {
  const { rows } = await db.query<DeskNoteRow>(
    'select id, staff_id, staff_name, body, created_at from order_notes where order_id = $1 order by id',
    [orderId],
  );
  return rows;
}

export async function insertNote(
  tx: Queryable,
  note: { orderId: number; staffId: number; staffName: string; body: string; at: Date },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'insert into order_notes (order_id, staff_id, staff_name, body, created_at) values ($1, $2, $3, $4, $5) returning id',
    [note.orderId, note.staffId, note.staffName, note.body, note.at],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into order_notes returned no row');
  return id;
}

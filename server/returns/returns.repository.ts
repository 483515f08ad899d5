import type { Queryable } from '../db/client.ts';
import type { OrderRow } from '../orders/orders.repository.ts';
import type { RefundPolicy } from './refund-policy.ts';
import { ReturnStatus } from '../../contract/order-status.ts';

type Texts = Record<string, string>;

/** An order with what a return needs of it, optionally locked for the rest of the transaction. */
export type ReturnOrderRow = Pick<
  OrderRow,
  | 'id'
  | 'hash'
  | 'number'
  | 'status'
  | 'lang'
  | 'created_at'
  | 'buyer_name'
  | 'email'
  | 'phone'
  | 'event_id'
  | 'subtotal'
  | 'services_total'
  | 'discount'
  | 'total'
>;

export async function findReturnOrderById(db: Queryable, id: number, lock = false): Promise<ReturnOrderRow | undefined> {
  const { rows } = await db.query<{ hash: string }>('select hash from orders where id = $1', [id]);
  return rows[0] ? findReturnOrder(db, rows[0].hash, lock) : undefined;
}

/** Marks a request confirmed, with the refund it asked for and the bonuses it moved. */
export async function markRequestConfirmed(
  tx: Queryable,
  r: { id: number; at: Date; refundId: number | null; bonusesRestored: number; bonusesRevoked: number },
): Promise<void> {
  await tx.query(
    'update return_requests set confirmed_at = $2, refund_id = $3, bonuses_restored = $4, bonuses_revoked = $5 where id = $1',
    [r.id, r.at, r.refundId, r.bonusesRestored, r.bonusesRevoked],
  );
}

const RETURN_ORDER_COLUMNS =
  'id, hash, number, status, lang, created_at, buyer_name, email, phone, event_id, subtotal, services_total, discount, total';

/** The orders of these ids, as findReturnOrder reads one (no lock). */
export async function findReturnOrdersByIds(db: Queryable, ids: readonly number[]): Promise<ReturnOrderRow[]> {
  const { rows } = await db.query<ReturnOrderRow>(`select ${RETURN_ORDER_COLUMNS} from orders where id = any($1::int[])`, [ids]);
  return rows;
}

export async function findReturnOrder(db: Queryable, hash: string, lock = false): Promise<ReturnOrderRow | undefined> {
  const { rows } = await db.query<ReturnOrderRow>(
    `select ${RETURN_ORDER_COLUMNS} from orders where hash = $1${lock ? ' for update' : ''}`,
    [hash],
  );
  return rows[0];
}

/** One ticket of the order with its line, session, event settings and the place it holds. */
export type ReturnTicketRow = {
  id: number;
  order_id: number;
  status: number;
  holder: Record<string, unknown> | null;
  line_id: number;
  session_id: number;
  unit_price: number;
  unit_fee: number;
  is_group: boolean;
  group_passes: number;
  starts_at: Date;
  has_time: boolean;
  allow_return: boolean;
  refund_policy: RefundPolicy;
  refund_service_fee: boolean;
  return_hours_before: number;
  event_name: Texts;
  category_name: Texts;
  zone_name: Texts | null;
  level_name: Texts | null;
  row_label: string | null;
  seat_label: string | null;
  sector_name: Texts | null;
  standing_name: Texts | null;
  /** The reason of the ticket's latest return request, 0 when none. */
  reason_id: number;
  /** The refund that request fixed for this ticket, null when none. */
  request_amount: number | null;
  /** When the door admitted the ticket; null while unused. */
  checked_in_at: Date | null;
  /** A postponed session's full-return deadline (every ticket returned in full until then); null when none. */
  full_return_until: Date | null;
};

/** Callers that change tickets hold the order's row lock, which serialises every return of the order. */
/** The tickets of the given orders with their lines, sessions, event settings and places (ReturnTicketRow). */
const RETURN_TICKETS_SQL = `select t.id, t.order_id, t.status, t.holder, l.id as line_id, l.session_id, l.unit_price, l.unit_fee, l.is_group,
       p.group_passes, s.starts_at, s.has_time, e.allow_return, e.refund_policy, e.refund_service_fee, e.return_hours_before,
       e.name as event_name, c.name as category_name, z.name as zone_name, z.level_name,
       hs.row_label, hs.seat_label, sec.name as sector_name, sa.name as standing_name,
       coalesce(lr.reason_id, 0) as reason_id, lr.amount as request_amount, ci.checked_in_at, s.full_return_until
     from tickets t
     left join checkins ci on ci.ticket_id = t.id
     left join lateral (
       select r.reason_id, rt.amount from return_request_tickets rt join return_requests r on r.id = rt.request_id
       where rt.ticket_id = t.id order by r.id desc limit 1
     ) lr on true
     join order_lines l on l.id = t.order_line_id
     join prices p on p.id = l.price_id
     join sessions s on s.id = l.session_id
     join events e on e.id = coalesce(l.subscription_event_id, s.event_id)
     join categories c on c.id = l.category_id
     left join zones z on z.id = l.zone_id
     left join hall_seats hs on hs.id = l.seat_id
     left join hall_sectors sec on sec.id = hs.sector_id
     left join standing_areas sa on sa.id = l.standing_area_id
     where t.order_id = any($1::int[])
     order by s.starts_at, s.id, t.id`;

export async function findReturnTickets(db: Queryable, orderId: number): Promise<ReturnTicketRow[]> {
  const { rows } = await db.query<ReturnTicketRow>(RETURN_TICKETS_SQL, [[orderId]]);
  return rows;
}

/** findReturnTickets of many orders in one query (a session's cancellation prices all its orders). */
export async function findReturnTicketsOfOrders(db: Queryable, orderIds: readonly number[]): Promise<ReturnTicketRow[]> {
  const { rows } = await db.query<ReturnTicketRow>(RETURN_TICKETS_SQL, [orderIds]);
  return rows;
}

export async function findReturnReasons(db: Queryable): Promise<{ id: number; name: Texts; description: Texts }[]> {
  const { rows } = await db.query<{ id: number; name: Texts; description: Texts }>(
    'select id, name, description from return_reasons where is_active order by sortnum, id',
  );
  return rows;
}

export async function reasonExists(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from return_reasons where id = $1 and is_active', [id]);
  return rows.length > 0;
}

/** The venue's notice for returns: the event's (or every event's) first checkbox of the return scope. */
export async function findReturnNotice(db: Queryable, eventId: number): Promise<Texts | undefined> {
  const { rows } = await db.query<{ name: Texts }>(
    `select name from checkboxes where scope = 'return' and (event_id = $1 or event_id is null)
     order by (event_id is null), sortnum, id limit 1`,
    [eventId],
  );
  return rows[0]?.name;
}

export type ReturnRequestRow = {
  id: number;
  order_id: number;
  reason_id: number;
  lang: string;
  amount: number;
  share: number;
  created_at: Date;
  expires_at: Date;
  confirmed_at: Date | null;
  lapsed_at: Date | null;
  refund_id: number | null;
};

export async function insertReturnRequest(
  tx: Queryable,
  r: {
    orderId: number;
    reasonId: number;
    /** The e-mail link's token hash; null for a refund made by staff, confirmed at once. */
    tokenSha256: string | null;
    lang: string;
    amount: number;
    share: number;
    at: Date;
    expiresAt: Date;
    /** Each ticket's refund, and the part of it that is the ticket's service fee. */
    tickets: readonly { id: number; amount: number; fee: number }[];
    /** Who on staff made it, and the share they set by hand instead of the policy's (with its reason). */
    staff?: { id: number; percent: number | null; reason: string };
  },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into return_requests (order_id, reason_id, token_sha256, lang, amount, share, created_at, expires_at, staff_id, staff_percent, staff_reason)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      r.orderId,
      r.reasonId,
      r.tokenSha256,
      r.lang,
      r.amount,
      r.share,
      r.at,
      r.expiresAt,
      r.staff?.id ?? null,
      r.staff?.percent ?? null,
      r.staff?.reason ?? null,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into return_requests returned no row');
  await tx.query(
    `insert into return_request_tickets (request_id, ticket_id, amount, fee)
     select $1, ticket_id, amount, fee from jsonb_to_recordset($2::jsonb) as x(ticket_id int, amount int, fee int)`,
    [id, JSON.stringify(r.tickets.map((t) => ({ ticket_id: t.id, amount: t.amount, fee: t.fee })))],
  );
  return id;
}

/** The request a confirmation token belongs to (any state), locked when asked. */
export async function findRequestByToken(
  db: Queryable,
  orderId: number,
  tokenSha256: string,
  lock = false,
): Promise<ReturnRequestRow | undefined> {
  const { rows } = await db.query<ReturnRequestRow>(
    `select id, order_id, reason_id, lang, amount, share, created_at, expires_at, confirmed_at, lapsed_at, refund_id
     from return_requests where order_id = $1 and token_sha256 = $2${lock ? ' for update' : ''}`,
    [orderId, tokenSha256],
  );
  return rows[0];
}

export async function findRequestById(db: Queryable, id: number): Promise<ReturnRequestRow | undefined> {
  const { rows } = await db.query<ReturnRequestRow>(
    `select id, order_id, reason_id, lang, amount, share, created_at, expires_at, confirmed_at, lapsed_at, refund_id
     from return_requests where id = $1`,
    [id],
  );
  return rows[0];
}

export async function findRequestTickets(db: Queryable, requestId: number): Promise<{ ticket_id: number; amount: number }[]> {
  const { rows } = await db.query<{ ticket_id: number; amount: number }>(
    'select ticket_id, amount from return_request_tickets where request_id = $1 order by ticket_id',
    [requestId],
  );
  return rows;
}

/**
 * Locks tickets about to be returned. The door reads a ticket under a share lock before
 * admitting it, so a return and an admission of one ticket are serialised: whichever commits
 * second sees the other (a returned ticket is refused at the door; an admitted one is not
 * returned to the visitor).
 */
export async function lockTickets(tx: Queryable, ids: readonly number[]): Promise<void> {
  await tx.query('select id from tickets where id = any($1::int[]) order by id for update', [ids]);
}

/** Moves tickets from one return status to another; answers how many moved. */
export async function moveTickets(tx: Queryable, ids: readonly number[], from: number, to: number): Promise<number> {
  const result = await tx.query('update tickets set status = $3 where id = any($1::int[]) and status = $2', [ids, from, to]);
  return result.rowCount;
}

/**
 * Requests whose link expired unconfirmed lapse: their tickets become returnable again,
 * so a visitor who missed the e-mail can ask again.
 */
export async function lapseExpiredRequests(tx: Queryable, orderId: number, at: Date): Promise<void> {
  await lapseRequests(tx, orderId, at, true);
}

/**
 * Every unconfirmed request of the order lapses at once (a session cancellation settles its
 * tickets itself): their tickets and services become returnable again.
 */
export async function lapseOpenRequests(tx: Queryable, orderId: number, at: Date): Promise<void> {
  await lapseRequests(tx, orderId, at, false);
}

async function lapseRequests(tx: Queryable, orderId: number, at: Date, onlyExpired: boolean): Promise<void> {
  const { rows } = await tx.query<{ id: number }>(
    `update return_requests set lapsed_at = $2
     where order_id = $1 and confirmed_at is null and lapsed_at is null${onlyExpired ? ' and expires_at <= $2' : ''} returning id`,
    [orderId, at],
  );
  if (rows.length === 0) return;
  await tx.query(
    `update tickets set status = ${ReturnStatus.returnable} where status = ${ReturnStatus.requested}
       and id in (select ticket_id from return_request_tickets where request_id = any($1::int[]))`,
    [rows.map((r) => r.id)],
  );
  await moveRequestServices(
    tx,
    rows.map((r) => r.id),
    ReturnStatus.requested,
    ReturnStatus.returnable,
  );
}

/** Tickets and services whose refund the acquirer has since carried out move from refunding to refunded. */
export async function settleDoneRefunds(tx: Queryable, orderId: number): Promise<void> {
  await tx.query(
    `update tickets set status = ${ReturnStatus.refunded} where status = ${ReturnStatus.refunding} and order_id = $1
       and id in (select rt.ticket_id from return_request_tickets rt
                  join return_requests r on r.id = rt.request_id
                  join refunds f on f.id = r.refund_id
                  where r.order_id = $1 and f.status = 'done')`,
    [orderId],
  );
  await tx.query(
    `update order_services set status = ${ReturnStatus.refunded} where status = ${ReturnStatus.refunding} and order_id = $1
       and id in (select rs.service_id from return_request_services rs
                  join return_requests r on r.id = rs.request_id
                  join refunds f on f.id = r.refund_id
                  where r.order_id = $1 and f.status = 'done')`,
    [orderId],
  );
}

/**
 * The payment that paid the order, the one refunds go back through. A second success for an
 * already paid order was refunded whole at once, so it never has anything left to refund.
 */
export async function findPaidPayment(
  db: Queryable,
  orderId: number,
): Promise<{ id: number; amount: number; refunded_amount: number } | undefined> {
  const { rows } = await db.query<{ id: number; amount: number; refunded_amount: number }>(
    `select id, amount, refunded_amount from payments
     where order_id = $1 and status = 'succeeded' and decline_reason is null and refunded_amount < amount
     order by finished_at, id limit 1`,
    [orderId],
  );
  return rows[0];
}

/** One attached service of the order (toping) with what a return needs of it. */
export type ReturnServiceRow = {
  id: number;
  order_id: number;
  parent_line_id: number;
  offer_id: number;
  seat_tied: boolean;
  amount: number;
  status: number;
  name: Texts;
  /** The refund the service's latest return request fixed, null when none. */
  request_amount: number | null;
};

const RETURN_SERVICES_SQL = `select s.id, s.order_id, s.parent_line_id, s.offer_id, o.seat_tied, s.amount, s.status, o.name, lr.amount as request_amount
     from order_services s join special_offers o on o.id = s.offer_id
     left join lateral (
       select rs.amount from return_request_services rs where rs.service_id = s.id order by rs.request_id desc limit 1
     ) lr on true
     where s.order_id = any($1::int[]) order by s.id`;

export async function findReturnServices(db: Queryable, orderId: number): Promise<ReturnServiceRow[]> {
  const { rows } = await db.query<ReturnServiceRow>(RETURN_SERVICES_SQL, [[orderId]]);
  return rows;
}

/** findReturnServices of many orders in one query. */
export async function findReturnServicesOfOrders(db: Queryable, orderIds: readonly number[]): Promise<ReturnServiceRow[]> {
  const { rows } = await db.query<ReturnServiceRow>(RETURN_SERVICES_SQL, [orderIds]);
  return rows;
}

export async function insertRequestServices(
  tx: Queryable,
  requestId: number,
  services: readonly { id: number; amount: number }[],
): Promise<void> {
  if (services.length === 0) return;
  await tx.query(
    `insert into return_request_services (request_id, service_id, amount)
     select $1, service_id, amount from jsonb_to_recordset($2::jsonb) as x(service_id int, amount int)`,
    [requestId, JSON.stringify(services.map((s) => ({ service_id: s.id, amount: s.amount })))],
  );
}

export async function findRequestServices(
  db: Queryable,
  requestId: number,
): Promise<{ service_id: number; offer_id: number; amount: number }[]> {
  const { rows } = await db.query<{ service_id: number; offer_id: number; amount: number }>(
    `select rs.service_id, s.offer_id, rs.amount from return_request_services rs join order_services s on s.id = rs.service_id
     where rs.request_id = $1 order by rs.service_id`,
    [requestId],
  );
  return rows;
}

/** Moves the services of a request from one return status to another; answers how many moved. */
export async function moveRequestServices(tx: Queryable, requestIds: readonly number[], from: number, to: number): Promise<number> {
  const result = await tx.query(
    `update order_services set status = $3 where status = $2
       and id in (select service_id from return_request_services where request_id = any($1::int[]))`,
    [requestIds, from, to],
  );
  return result.rowCount;
}

/** The order's bonus movements so far: spent and accrued on payment, restored and revoked by returns. */
export async function findLoyaltyMovements(
  db: Queryable,
  orderId: number,
): Promise<{ cardId: number | null; spent: number; accrued: number; restored: number; revoked: number }> {
  const { rows } = await db.query<{ card_id: number; kind: string; bonuses: number }>(
    'select card_id, kind, (bonuses + shortfall)::int as bonuses from loyalty_transactions where order_id = $1',
    [orderId],
  );
  const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.bonuses, 0);
  return {
    cardId: rows[0]?.card_id ?? null,
    spent: sum('spend'),
    accrued: sum('accrue'),
    restored: sum('restore'),
    revoked: sum('revoke'),
  };
}

/** The share and refunds of the order's confirmed returns, the base of the cumulative bonus rules. */
export async function findConfirmedReturns(db: Queryable, orderId: number): Promise<{ share: number; refunded: number }> {
  const { rows } = await db.query<{ share: number; refunded: number }>(
    `select coalesce(sum(share), 0)::int as share, coalesce(sum(amount), 0)::int as refunded
     from return_requests where order_id = $1 and confirmed_at is not null`,
    [orderId],
  );
  return rows[0] ?? { share: 0, refunded: 0 };
}

/**
 * Gives back bonuses (restore) or takes accrued ones back (revoke) on the card, once per request
 * and kind. A revoke takes at most the card's balance: the balance never goes below zero, and
 * what the visitor already spent is recorded as the shortfall and not taken.
 */
export async function moveReturnBonuses(
  tx: Queryable,
  m: { cardId: number; orderId: number; requestId: number; kind: 'restore' | 'revoke'; bonuses: number; at: Date },
): Promise<number> {
  if (m.bonuses <= 0) return 0;
  const { rows } = await tx.query<{ balance: number }>('select balance from loyalty_cards where id = $1 for update', [m.cardId]);
  const balance = rows[0]?.balance ?? 0;
  const moved = m.kind === 'restore' ? m.bonuses : Math.min(m.bonuses, balance);
  const inserted = await tx.query(
    `insert into loyalty_transactions (card_id, order_id, kind, bonuses, shortfall, created_at, return_request_id)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
    [m.cardId, m.orderId, m.kind, moved, m.bonuses - moved, m.at, m.requestId],
  );
  if (inserted.rowCount === 0) return 0;
  await tx.query('update loyalty_cards set balance = balance + $2 where id = $1', [m.cardId, m.kind === 'restore' ? moved : -moved]);
  return moved;
}

import type { Queryable } from '../../db/client.ts';

/** An order as an exchange reads it, locked for the exchange's transaction. */
export type ExchangeOrderRow = {
  id: number;
  hash: string;
  number: number;
  status: number;
  lang: string;
  email: string;
  event_id: number;
  pushkin_card: boolean;
  channel: string;
  subtotal: number;
  services_total: number;
  discount: number;
  total: number;
};

export async function lockExchangeOrder(tx: Queryable, orderId: number): Promise<ExchangeOrderRow | undefined> {
  return findExchangeOrder(tx, orderId, true);
}

export async function findExchangeOrder(db: Queryable, orderId: number, lock = false): Promise<ExchangeOrderRow | undefined> {
  const { rows } = await db.query<ExchangeOrderRow>(
    `select id, hash, number, status, lang, email, event_id, pushkin_card, channel, subtotal, services_total, discount, total
       from orders where id = $1${lock ? ' for update' : ''}`,
    [orderId],
  );
  return rows[0];
}

export async function findExchangeOrderByHash(db: Queryable, hash: string): Promise<ExchangeOrderRow | undefined> {
  const { rows } = await db.query<ExchangeOrderRow>(
    `select id, hash, number, status, lang, email, event_id, pushkin_card, channel, subtotal, services_total, discount, total
       from orders where hash = $1`,
    [hash],
  );
  return rows[0];
}

/** The event of an exchange's order: what decides how its new places are chosen. */
export type ExchangeEventRow = {
  id: number;
  hash: string;
  hall_id: number | null;
  use_seat_map: boolean;
  name: Record<string, string>;
  is_published: boolean;
  sale_starts_at: Date | null;
  /** Buyers may exchange themselves until so many hours before their session; null: they may not. */
  self_exchange_hours_before: number | null;
};

export async function findExchangeEvent(db: Queryable, eventId: number): Promise<ExchangeEventRow | undefined> {
  const { rows } = await db.query<ExchangeEventRow>(
    `select id, hash, hall_id, use_seat_map, name, is_published, sale_starts_at, self_exchange_hours_before
       from events where id = $1`,
    [eventId],
  );
  return rows[0];
}

export type ExchangeSessionRow = {
  id: number;
  event_id: number;
  starts_at: Date;
  has_time: boolean;
  is_cancelled: boolean;
  remaining: number;
};

export async function findExchangeSession(db: Queryable, sessionId: number): Promise<ExchangeSessionRow | undefined> {
  const { rows } = await db.query<ExchangeSessionRow>(
    'select id, event_id, starts_at, has_time, is_cancelled, remaining from sessions where id = $1',
    [sessionId],
  );
  return rows[0];
}

/** The event's sessions still to come and not cancelled, by start: the exchange form's choices. */
export async function findExchangeSessions(db: Queryable, eventId: number, after: Date): Promise<ExchangeSessionRow[]> {
  const { rows } = await db.query<ExchangeSessionRow>(
    `select id, event_id, starts_at, has_time, is_cancelled, remaining from sessions
      where event_id = $1 and not is_cancelled and starts_at > $2 order by starts_at, id`,
    [eventId, after],
  );
  return rows;
}

/** The order's card or SBP payment that took its money online (the difference is refunded or charged through its acquirer). */
export async function findOnlinePayment(
  db: Queryable,
  orderId: number,
): Promise<{ id: number; method_id: number; provider: string; kind: string; amount: number; refunded_amount: number } | undefined> {
  const { rows } = await db.query<{
    id: number;
    method_id: number;
    provider: string;
    kind: string;
    amount: number;
    refunded_amount: number;
  }>(
    `select id, method_id, provider, kind, amount, refunded_amount from payments
      where order_id = $1 and status = 'succeeded' and decline_reason is null and exchange_id is null
      order by finished_at, id limit 1`,
    [orderId],
  );
  return rows[0];
}

/**
 * Adds lines and their tickets to a paid order and takes their stock (add_order_lines, migration
 * 1430), with the order path's guards: the seat index and seat blocks (23505), a pool run out (SF001).
 */
export async function addOrderLines(
  tx: Queryable,
  p: { orderId: number; lines: readonly unknown[]; ticketHashes: readonly string[]; ticketStatus: number },
): Promise<{ lineIds: number[]; ticketIds: number[] }> {
  const { rows } = await tx.query<{ line_ids: number[]; ticket_ids: number[] }>(
    'select line_ids, ticket_ids from add_order_lines($1::int, $2::jsonb, $3::text[], $4::int)',
    [p.orderId, JSON.stringify(p.lines), p.ticketHashes, p.ticketStatus],
  );
  const row = rows[0];
  if (!row) throw new Error('add_order_lines returned no row');
  return { lineIds: row.line_ids, ticketIds: row.ticket_ids };
}

/** Gives each new ticket the named holder of the ticket it replaces (a named ticket stays named). */
export async function copyHolders(tx: Queryable, pairs: readonly { from: number; to: number }[]): Promise<void> {
  await tx.query(
    `update tickets t set holder = o.holder
       from unnest($1::int[], $2::int[]) as p(from_id, to_id) join tickets o on o.id = p.from_id
      where t.id = p.to_id and o.holder is not null`,
    [pairs.map((p) => p.from), pairs.map((p) => p.to)],
  );
}

export type ExchangeRow = {
  id: number;
  order_id: number;
  made_by: 'staff' | 'buyer';
  old_ticket_ids: number[];
  new_ticket_ids: number[];
  new_line_ids: number[];
  old_amount: number;
  new_amount: number;
  status: 'done' | 'awaiting-payment' | 'lapsed';
  refund_id: number | null;
  pay_until: Date | null;
  created_at: Date;
  done_at: Date | null;
};

export async function insertExchange(
  tx: Queryable,
  x: {
    orderId: number;
    staff: { id: number; name: string } | null;
    madeBy: 'staff' | 'buyer';
    oldTicketIds: readonly number[];
    newTicketIds: readonly number[];
    newLineIds: readonly number[];
    oldAmount: number;
    newAmount: number;
    status: 'done' | 'awaiting-payment';
    payTokenSha256: string | null;
    payUntil: Date | null;
    at: Date;
  },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into order_exchanges (order_id, staff_id, staff_name, made_by, old_ticket_ids, new_ticket_ids, new_line_ids,
        old_amount, new_amount, status, pay_token_sha256, pay_until, created_at, done_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text, $11, $12, $13::timestamptz, case when $10::text = 'done' then $13::timestamptz end)
     returning id`,
    [
      x.orderId,
      x.staff?.id ?? null,
      x.staff?.name ?? '',
      x.madeBy,
      x.oldTicketIds,
      x.newTicketIds,
      x.newLineIds,
      x.oldAmount,
      x.newAmount,
      x.status,
      x.payTokenSha256,
      x.payUntil,
      x.at,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into order_exchanges returned no row');
  return id;
}

export async function setExchangeRefund(tx: Queryable, id: number, refundId: number): Promise<void> {
  await tx.query('update order_exchanges set refund_id = $2 where id = $1', [id, refundId]);
}

/** Whether the order has an exchange waiting for its difference. */
export async function hasWaitingExchange(db: Queryable, orderId: number): Promise<boolean> {
  const { rows } = await db.query(`select 1 from order_exchanges where order_id = $1 and status = 'awaiting-payment'`, [orderId]);
  return rows.length > 0;
}

export async function findExchange(db: Queryable, id: number, lock = false): Promise<ExchangeRow | undefined> {
  const { rows } = await db.query<ExchangeRow>(`select * from order_exchanges where id = $1${lock ? ' for update' : ''}`, [id]);
  return rows[0];
}

export async function findExchangeByToken(db: Queryable, tokenSha256: string): Promise<ExchangeRow | undefined> {
  const { rows } = await db.query<ExchangeRow>('select * from order_exchanges where pay_token_sha256 = $1', [tokenSha256]);
  return rows[0];
}

/** Settles a waiting exchange (paid: done; not paid in time: lapsed); answers whether this call did. */
export async function settleWaitingExchange(tx: Queryable, id: number, to: 'done' | 'lapsed', at: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update order_exchanges set status = $2, done_at = $3 where id = $1 and status = 'awaiting-payment'`,
    [id, to, at],
  );
  return rowCount === 1;
}

/** Waiting exchanges whose time to pay is over (each is then lapsed under its order's row lock, once). */
export async function findDueExchanges(db: Queryable, at: Date, limit: number): Promise<{ id: number; order_id: number }[]> {
  const { rows } = await db.query<{ id: number; order_id: number }>(
    `select id, order_id from order_exchanges where status = 'awaiting-payment' and pay_until <= $1 order by pay_until, id limit $2`,
    [at, limit],
  );
  return rows;
}

/** How many places each line still holds (a lapsed exchange gives back exactly those). */
export async function findLineQuantities(tx: Queryable, ids: readonly number[]): Promise<{ id: number; left: number }[]> {
  const { rows } = await tx.query<{ id: number; left: number }>(
    'select id, quantity - returned_quantity as left from order_lines where id = any($1::int[]) and not released order by id',
    [ids],
  );
  return rows;
}

/** The tickets' lines and return statuses. */
export async function findTicketStates(
  tx: Queryable,
  ids: readonly number[],
): Promise<{ id: number; order_line_id: number; status: number }[]> {
  const { rows } = await tx.query<{ id: number; order_line_id: number; status: number }>(
    'select id, order_line_id, status from tickets where id = any($1::int[]) order by id',
    [ids],
  );
  return rows;
}

/** The session and event of an order line: what an exchange's e-mail names. */
export async function findExchangeSessionOfLine(
  db: Queryable,
  lineId: number,
): Promise<{ event_name: Record<string, string>; starts_at: Date; has_time: boolean } | undefined> {
  const { rows } = await db.query<{ event_name: Record<string, string>; starts_at: Date; has_time: boolean }>(
    `select e.name as event_name, s.starts_at, s.has_time
       from order_lines l join sessions s on s.id = l.session_id join events e on e.id = s.event_id where l.id = $1`,
    [lineId],
  );
  return rows[0];
}

/** Drops the tickets of a lapsed exchange (never issued, never admitted): its lines stay, released. */
export async function deleteAwaitingTickets(tx: Queryable, ids: readonly number[], status: number): Promise<number> {
  const { rowCount } = await tx.query('delete from tickets where id = any($1::int[]) and status = $2', [ids, status]);
  return rowCount;
}

/** The order's exchanges, newest first, for the order's page. */
export async function findOrderExchanges(db: Queryable, orderId: number): Promise<ExchangeRow[]> {
  const { rows } = await db.query<ExchangeRow>('select * from order_exchanges where order_id = $1 order by id desc', [orderId]);
  return rows;
}

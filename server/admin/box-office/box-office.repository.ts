import type { Queryable } from '../../db/client.ts';

type Text = Record<string, string>;

/** A session as the cashier's list shows it, with its event's flags. */
export type DeskSessionRow = {
  id: number;
  event_id: number;
  event_hash: string;
  event_name: Text;
  starts_at: Date;
  has_time: boolean;
  is_cancelled: boolean;
  remaining: number;
  use_seat_map: boolean;
  named_tickets: boolean;
  use_pushkin_card: boolean;
  use_ordinary_card: boolean;
  order_limit: number;
  hall_id: number | null;
  is_subscription: boolean;
  /** The session's day in the venue's time zone (YYYY-MM-DD). */
  venue_day: string;
};

const SESSION_COLUMNS = `s.id, s.event_id, e.hash as event_hash, e.name as event_name, s.starts_at, s.has_time, s.is_cancelled,
  s.remaining, e.use_seat_map, e.named_tickets, e.use_pushkin_card, e.use_ordinary_card, e.order_limit, e.hall_id, e.is_subscription,
  to_char(s.starts_at at time zone $1, 'YYYY-MM-DD') as venue_day`;

/**
 * Sessions the desk sells: not cancelled, of a published event, from the venue's `today` on, in
 * time order (so today's come first); `q` matches the event's name in any language, case-folded
 * as the orders desk folds it.
 */
export async function findDeskSessions(
  db: Queryable,
  p: { timeZone: string; today: string; q: string; limit: number },
): Promise<DeskSessionRow[]> {
  const { rows } = await db.query<DeskSessionRow>(
    `select ${SESSION_COLUMNS}
       from sessions s join events e on e.id = s.event_id
      where not s.is_cancelled and e.is_published
        and (s.starts_at at time zone $1)::date >= $2::date
        and ($3 = '' or desk_fold(e.name::text) like '%' || desk_fold($3) || '%')
      order by s.starts_at, s.id
      limit $4`,
    [p.timeZone, p.today, p.q, p.limit],
  );
  return rows;
}

export async function findDeskSession(db: Queryable, timeZone: string, sessionId: number): Promise<DeskSessionRow | undefined> {
  const { rows } = await db.query<DeskSessionRow>(
    `select ${SESSION_COLUMNS} from sessions s join events e on e.id = s.event_id where s.id = $2`,
    [timeZone, sessionId],
  );
  return rows[0];
}

/** Places left at each limited price of a session. */
export async function findPriceStock(db: Queryable, sessionId: number): Promise<Map<number, number>> {
  const { rows } = await db.query<{ price_id: number; remaining: number }>(
    'select price_id, remaining from price_stock where session_id = $1',
    [sessionId],
  );
  return new Map(rows.map((r) => [r.price_id, r.remaining]));
}

/** One part of a desk sale's money. */
export type NewDeskPayment = {
  orderId: number;
  method: 'cash' | 'card' | 'pushkin';
  amount: number;
  tendered: number | null;
  rrn: string | null;
  cardLast4: string | null;
  holderName: string | null;
  staffId: number;
  at: Date;
  /** The register and shift the money was taken in (null: a sale that named no register). */
  register?: string | null;
  shiftId?: number | null;
};

export async function insertDeskPayment(tx: Queryable, p: NewDeskPayment): Promise<void> {
  await tx.query(
    `insert into desk_payments (order_id, method, amount, tendered, rrn, card_last4, holder_name, staff_id, created_at, register, shift_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [p.orderId, p.method, p.amount, p.tendered, p.rrn, p.cardLast4, p.holderName, p.staffId, p.at, p.register ?? null, p.shiftId ?? null],
  );
}

export type HolderFlagsRow = {
  need_age: number;
  need_middle_name: boolean;
  need_document: boolean;
  need_country: boolean;
  need_region: boolean;
};

/** What a named-ticket event asks of each holder (the storefront's flags). */
export async function findHolderFlags(db: Queryable, eventId: number): Promise<HolderFlagsRow | undefined> {
  const { rows } = await db.query<HolderFlagsRow>(
    'select need_age, need_middle_name, need_document, need_country, need_region from events where id = $1',
    [eventId],
  );
  return rows[0];
}

/** An order's tickets with the place each holds (its line's price, its seat), in the order they were issued. */
export async function findSoldTickets(db: Queryable, orderId: number): Promise<{ id: number; price_id: number; seat_id: number | null }[]> {
  const { rows } = await db.query<{ id: number; price_id: number; seat_id: number | null }>(
    `select t.id, l.price_id, l.seat_id from tickets t join order_lines l on l.id = t.order_line_id
      where t.order_id = $1 order by l.id, t.id`,
    [orderId],
  );
  return rows;
}

/** The named-ticket consents a desk sale's holder gave, kept with the order as the storefront keeps them. */
export async function saveDeskConsents(tx: Queryable, orderId: number, consents: unknown, at: Date): Promise<void> {
  await tx.query('update orders set nominal_consents = $2::jsonb, confirmed_at = $3 where id = $1', [
    orderId,
    JSON.stringify(consents),
    at,
  ]);
}

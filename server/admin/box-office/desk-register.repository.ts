import type { Queryable } from '../../db/client.ts';

export type DeskShiftRow = {
  id: number;
  register: string;
  opened_at: Date;
  opened_by_name: string;
  closed_at: Date | null;
};

export type DeskTaskRow = {
  id: number;
  register: string;
  shift_id: number | null;
  kind: string;
  order_id: number | null;
  order_number: number | null;
  driver: string;
  uuid: string;
  request: Record<string, unknown>;
  total: number;
  state: 'pending' | 'sent' | 'done' | 'failed';
  attempts: number;
  error: string | null;
  fiscal_sign: string | null;
  fiscal_number: string | null;
  printed_elsewhere: boolean;
  /** The refused task this one is the correction receipt of; the correction that made up for this one. */
  corrects: number | null;
  corrected_by: number | null;
  created_at: Date;
};

const SHIFT = 'id, register, opened_at, opened_by_name, closed_at';
const TASK = `t.id, t.register, t.shift_id, t.kind, t.order_id, o.number as order_number, t.driver, t.uuid, t.request, t.total, t.state,
  t.attempts, t.error, t.fiscal_sign, t.fiscal_number, t.printed_elsewhere, t.corrects, t.corrected_by, t.created_at`;

/** The register's open shift; `lock` takes its row for the caller's transaction. */
export async function findOpenShift(db: Queryable, register: string, lock = false): Promise<DeskShiftRow | undefined> {
  const { rows } = await db.query<DeskShiftRow>(
    `select ${SHIFT} from desk_shifts where register = $1 and closed_at is null${lock ? ' for update' : ''}`,
    [register],
  );
  return rows[0];
}

export async function findShift(db: Queryable, id: number): Promise<DeskShiftRow | undefined> {
  const { rows } = await db.query<DeskShiftRow>(`select ${SHIFT} from desk_shifts where id = $1`, [id]);
  return rows[0];
}

/** Opens a shift unless one is open on the register (the partial unique index decides a race); undefined when one was. */
export async function insertShift(
  tx: Queryable,
  p: { register: string; staff: { id: number; name: string }; at: Date },
): Promise<DeskShiftRow | undefined> {
  const { rows } = await tx.query<DeskShiftRow>(
    `insert into desk_shifts (register, opened_at, opened_by, opened_by_name) values ($1, $2, $3, $4)
     on conflict (register) where closed_at is null do nothing
     returning ${SHIFT}`,
    [p.register, p.at, p.staff.id, p.staff.name],
  );
  return rows[0];
}

export async function closeShift(
  tx: Queryable,
  p: { id: number; staff: { id: number; name: string }; at: Date },
): Promise<DeskShiftRow | undefined> {
  const { rows } = await tx.query<DeskShiftRow>(
    `update desk_shifts set closed_at = $2, closed_by = $3, closed_by_name = $4 where id = $1 and closed_at is null returning ${SHIFT}`,
    [p.id, p.at, p.staff.id, p.staff.name],
  );
  return rows[0];
}

export async function insertCashMove(
  tx: Queryable,
  p: { shiftId: number; kind: 'in' | 'out'; amount: number; staffId: number; at: Date },
): Promise<void> {
  await tx.query('insert into desk_cash_moves (shift_id, kind, amount, staff_id, created_at) values ($1, $2, $3, $4, $5)', [
    p.shiftId,
    p.kind,
    p.amount,
    p.staffId,
    p.at,
  ]);
}

export type NewDeskTask = {
  register: string;
  shiftId: number | null;
  kind: string;
  orderId: number | null;
  driver: string;
  uuid: string;
  request: Record<string, unknown>;
  total: number;
  at: Date;
  /** A correction receipt: the refused task it makes up for. */
  corrects?: number | null;
};

export async function insertTask(tx: Queryable, p: NewDeskTask): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into desk_receipt_tasks (register, shift_id, kind, order_id, driver, uuid, request, total, created_at, updated_at, corrects)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10) returning id`,
    [p.register, p.shiftId, p.kind, p.orderId, p.driver, p.uuid, JSON.stringify(p.request), p.total, p.at, p.corrects ?? null],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('a receipt task was not stored');
  return id;
}

export async function findTask(db: Queryable, id: number, lock = false): Promise<DeskTaskRow | undefined> {
  const { rows } = await db.query<DeskTaskRow>(
    `select ${TASK} from desk_receipt_tasks t left join orders o on o.id = t.order_id where t.id = $1${lock ? ' for update of t' : ''}`,
    [id],
  );
  return rows[0];
}

/** The register's tasks not done (oldest first: the register prints in order), then the last `done` ones. */
export async function findRegisterTasks(db: Queryable, register: string, done: number): Promise<DeskTaskRow[]> {
  const { rows } = await db.query<DeskTaskRow>(
    `(select ${TASK} from desk_receipt_tasks t left join orders o on o.id = t.order_id where t.register = $1 and t.state <> 'done' order by t.id)
     union all
     (select ${TASK} from desk_receipt_tasks t left join orders o on o.id = t.order_id where t.register = $1 and t.state = 'done' order by t.id desc limit $2)`,
    [register, done],
  );
  return rows;
}

/** A refused task made up for by its correction receipt: done, naming the correction; false when it was not refused. */
export async function markCorrected(tx: Queryable, p: { id: number; correction: number; at: Date }): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update desk_receipt_tasks set state = 'done', corrected_by = $2, updated_at = $3 where id = $1 and state = 'failed' and corrected_by is null`,
    [p.id, p.correction, p.at],
  );
  return (rowCount ?? 0) === 1;
}

/** Moves a task from one of the states to another, with the fields given; false when its state was not one of them. */
export async function moveTask(
  tx: Queryable,
  p: {
    id: number;
    from: readonly string[];
    to: string;
    at: Date;
    attempt?: boolean;
    error?: string | null;
    fiscalSign?: string | null;
    fiscalNumber?: string | null;
    elsewhere?: boolean;
    uuid?: string;
  },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update desk_receipt_tasks set state = $3, updated_at = $4, attempts = attempts + $5,
       error = case when $6::boolean then $7 else error end,
       fiscal_sign = coalesce($8, fiscal_sign), fiscal_number = coalesce($9, fiscal_number),
       printed_elsewhere = printed_elsewhere or $10, uuid = coalesce($11, uuid)
     where id = $1 and state = any($2::text[])`,
    [
      p.id,
      p.from,
      p.to,
      p.at,
      p.attempt ? 1 : 0,
      p.error !== undefined,
      p.error ?? null,
      p.fiscalSign ?? null,
      p.fiscalNumber ?? null,
      p.elsewhere ?? false,
      p.uuid ?? null,
    ],
  );
  return (rowCount ?? 0) === 1;
}

export type ShiftFigures = {
  sales: { method: string; amount: number }[];
  refunds: { method: string; amount: number }[];
  moves: { kind: string; amount: number }[];
  pending: number;
};

/** The money of a shift: sales and refunds by method, cash put in and taken out, tasks not printed. */
export async function findShiftFigures(db: Queryable, shiftId: number): Promise<ShiftFigures> {
  const [sales, refunds, moves, pending] = await Promise.all([
    db.query<{ method: string; amount: number }>(
      'select method, sum(amount)::int as amount from desk_payments where shift_id = $1 group by 1',
      [shiftId],
    ),
    db.query<{ method: string; amount: number }>(
      'select method, sum(amount)::int as amount from desk_refunds where shift_id = $1 group by 1',
      [shiftId],
    ),
    db.query<{ kind: string; amount: number }>(
      'select kind, sum(amount)::int as amount from desk_cash_moves where shift_id = $1 group by 1',
      [shiftId],
    ),
    db.query<{ n: number }>("select count(*)::int as n from desk_receipt_tasks where shift_id = $1 and state <> 'done'", [shiftId]),
  ]);
  return { sales: sales.rows, refunds: refunds.rows, moves: moves.rows, pending: pending.rows[0]?.n ?? 0 };
}

export async function insertDeskRefund(
  tx: Queryable,
  p: {
    orderId: number;
    requestId: number;
    method: 'cash' | 'card' | 'pushkin';
    amount: number;
    register: string;
    shiftId: number;
    staffId: number;
    reason: string;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into desk_refunds (order_id, return_request_id, method, amount, register, shift_id, staff_id, reason, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [p.orderId, p.requestId, p.method, p.amount, p.register, p.shiftId, p.staffId, p.reason, p.at],
  );
}

/** The ticket a code names, with its order. */
export async function findTicketByCode(db: Queryable, code: string): Promise<{ ticket_id: number; order_id: number } | undefined> {
  const { rows } = await db.query<{ ticket_id: number; order_id: number }>(
    'select id as ticket_id, order_id from tickets where code = $1',
    [code],
  );
  return rows[0];
}

/** The first ticket of the order with this number (the desk's return search takes a number as well as a code). */
export async function findTicketByOrderNumber(
  db: Queryable,
  orderNumber: number,
): Promise<{ ticket_id: number; order_id: number } | undefined> {
  const { rows } = await db.query<{ ticket_id: number; order_id: number }>(
    'select t.id as ticket_id, t.order_id from orders o join tickets t on t.order_id = o.id where o.number = $1 order by t.id limit 1',
    [orderNumber],
  );
  return rows[0];
}

/** What an order's desk sale took, by method (cash, the card terminal, the Pushkin-card terminal). */
export async function findDeskPaymentParts(
  db: Queryable,
  orderId: number,
): Promise<{ method: 'cash' | 'card' | 'pushkin'; amount: number }[]> {
  const { rows } = await db.query<{ method: 'cash' | 'card' | 'pushkin'; amount: number }>(
    'select method, sum(amount)::int as amount from desk_payments where order_id = $1 group by method order by method',
    [orderId],
  );
  return rows;
}

export type DeskOrderTicketRow = {
  id: number;
  code: string | null;
  status: number;
  checked_in_at: Date | null;
  row_label: string | null;
  seat_label: string | null;
  category_name: Record<string, string> | null;
};

export async function findOrderForReturn(db: Queryable, orderId: number) {
  const order = await db.query<{ id: number; number: number; channel: 'web' | 'desk'; total: number; status: number }>(
    'select id, number, channel, total, status from orders where id = $1',
    [orderId],
  );
  const paid = await db.query<{ method: 'cash' | 'card' | 'pushkin' }>(
    'select distinct method from desk_payments where order_id = $1 order by method',
    [orderId],
  );
  return order.rows[0] ? { ...order.rows[0], paidWith: paid.rows.map((r) => r.method) } : undefined;
}

import type { Queryable } from '../../db/client.ts';
import { UNPAID } from '../../orders/order-status-sql.ts';
import type { LoyaltyState, MovementKind } from '../../../contract/admin/loyalty-rules.ts';

// Bonuses unpaid orders still holding their places have chosen to spend: the storefront counts
// them out of what another order may take, and payment takes them from the balance.
const HELD = `(select coalesce(sum(d.bonuses), 0)::int from order_discounts d join orders o on o.id = d.order_id
  where d.card_id = c.id and o.status in (${UNPAID}) and o.released_at is null)`;

export type CardRow = {
  id: number;
  code: string;
  holder_name: string;
  email: string;
  balance: number;
  held: number;
  accrual_percent: number;
  is_blocked: boolean;
  crm_client_id: number | null;
  created_at: Date | null;
  revision: number;
  updated_at: Date | null;
  updated_by_name: string | null;
};

const CARD_COLUMNS = `c.id, c.code, c.holder_name, c.email, c.balance, ${HELD} as held, c.accrual_percent, c.is_blocked, c.crm_client_id,
  c.created_at, c.revision, c.updated_at, s.name as updated_by_name`;
const CARD_FROM = 'loyalty_cards c left join staff s on s.id = c.updated_by';

export type CardFilter = { code: string; last: string | null; text: string | null; state: LoyaltyState };

function cardWhere(filter: CardFilter): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.code) {
    const keys = [`c.code = ${param(filter.code)}`];
    if (filter.last) keys.push(`right(c.code, 4) = ${param(filter.last)}`);
    if (filter.text) {
      const folded = param(filter.text.replace(/[\\%_]/g, '\\$&'));
      // The e-mail's beginning is a range scan of its index; a name is matched at the beginning
      // of any of its words ('Петрова' finds 'Анна Петрова'), which reads every card's name:
      // cheap at the size of a venue's card base.
      keys.push(`desk_fold(c.email) like desk_fold(${folded}) || '%' escape '\\'`);
      keys.push(`(' ' || desk_fold(c.holder_name)) like '% ' || desk_fold(${folded}) || '%' escape '\\'`);
    }
    where.push(`(${keys.join(' or ')})`);
  }
  if (filter.state === 'active') where.push('not c.is_blocked');
  if (filter.state === 'blocked') where.push('c.is_blocked');
  return { sql: where.length ? `where ${where.join(' and ')}` : '', params };
}

/** A page of cards, newest first, with the number of all that match. */
export async function findCards(
  q: Queryable,
  filter: CardFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: CardRow[]; total: number }> {
  const { sql, params } = cardWhere(filter);
  const [list, count] = await Promise.all([
    q.query<CardRow>(
      `select ${CARD_COLUMNS} from ${CARD_FROM} ${sql} order by c.id desc limit ${page.limit} offset ${page.offset}`,
      params,
    ),
    q.query<{ n: number }>(`select count(*)::int as n from loyalty_cards c ${sql}`, params),
  ]);
  return { rows: list.rows, total: count.rows[0]?.n ?? 0 };
}

export async function findCard(q: Queryable, id: number): Promise<CardRow | undefined> {
  const { rows } = await q.query<CardRow>(`select ${CARD_COLUMNS} from ${CARD_FROM} where c.id = $1`, [id]);
  return rows[0];
}

/**
 * Locks the card's row for the rest of the transaction. The storefront locks it too before it
 * lets an order choose bonuses, and payment's spend updates it, so what orders hold cannot grow
 * and the balance cannot move until this transaction ends.
 */
export async function lockCard(tx: Queryable, id: number): Promise<boolean> {
  const { rows } = await tx.query('select 1 from loyalty_cards where id = $1 for update', [id]);
  return rows.length > 0;
}

export type CardValues = { holderName: string; email: string; accrualPercent: number; blocked: boolean };

/** A new card; undefined when its number is taken (a save racing this one may have taken it). */
export async function insertCard(
  tx: Queryable,
  v: CardValues & { code: string; balance: number },
  by: { staffId: number; at: Date },
): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into loyalty_cards (code, holder_name, email, accrual_percent, is_blocked, balance, updated_by, updated_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8) on conflict (code) do nothing returning id`,
    [v.code, v.holderName, v.email, v.accrualPercent, v.blocked, v.balance, by.staffId, by.at],
  );
  return rows[0]?.id;
}

/** Saves the card's form, moves its revision and names who saved it (the balance is not touched). */
export async function updateCard(tx: Queryable, id: number, v: CardValues, by: { staffId: number; at: Date }): Promise<void> {
  await tx.query(
    `update loyalty_cards set holder_name = $2, email = $3, accrual_percent = $4, is_blocked = $5,
       revision = revision + 1, updated_by = $6, updated_at = $7 where id = $1`,
    [id, v.holderName, v.email, v.accrualPercent, v.blocked, by.staffId, by.at],
  );
}

/**
 * Moves the balance by `delta` unless a debit leaves less than the bonuses unpaid orders hold (and
 * so below zero): one statement, on the row the caller locked. A credit always lands: a return
 * that took back accrued bonuses may have left the balance below what orders hold, and adding
 * only narrows that gap. Answers the new balance, or undefined when refused.
 */
export async function applyCorrection(tx: Queryable, id: number, delta: number): Promise<number | undefined> {
  const { rows } = await tx.query<{ balance: number }>(
    `update loyalty_cards c set balance = c.balance + $2 where c.id = $1 and ($2 > 0 or c.balance + $2 >= ${HELD}) returning c.balance`,
    [id, delta],
  );
  return rows[0]?.balance;
}

export type MovementRow = {
  id: number;
  kind: MovementKind;
  bonuses: number;
  shortfall: number;
  created_at: Date;
  order_id: number | null;
  order_number: number | null;
  staff_name: string | null;
  reason: string | null;
};

const MOVEMENT_COLUMNS = `t.id, t.kind, t.bonuses, t.shortfall, t.created_at, t.order_id, o.number as order_number, s.name as staff_name, t.reason`;
const MOVEMENT_FROM = 'loyalty_transactions t left join orders o on o.id = t.order_id left join staff s on s.id = t.staff_id';

/** A movement staff made: the opening balance or a correction. */
export async function insertStaffMovement(
  tx: Queryable,
  m: { cardId: number; kind: 'open' | 'credit' | 'debit'; bonuses: number; staffId: number; reason: string | null; at: Date },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into loyalty_transactions (card_id, kind, bonuses, staff_id, reason, created_at) values ($1, $2, $3, $4, $5, $6) returning id`,
    [m.cardId, m.kind, m.bonuses, m.staffId, m.reason, m.at],
  );
  return rows[0]?.id as number;
}

export async function findMovement(q: Queryable, id: number): Promise<MovementRow | undefined> {
  const { rows } = await q.query<MovementRow>(`select ${MOVEMENT_COLUMNS} from ${MOVEMENT_FROM} where t.id = $1`, [id]);
  return rows[0];
}

/** The card's movements newest first, `limit` of them, older than the movement `before` when given. */
export async function findMovements(q: Queryable, cardId: number, before: number | undefined, limit: number): Promise<MovementRow[]> {
  const params: unknown[] = [cardId, limit];
  let older = '';
  if (before !== undefined) {
    params.push(before);
    older = 'and (t.created_at, t.id) < (select b.created_at, b.id from loyalty_transactions b where b.id = $3)';
  }
  const { rows } = await q.query<MovementRow>(
    `select ${MOVEMENT_COLUMNS} from ${MOVEMENT_FROM} where t.card_id = $1 ${older} order by t.created_at desc, t.id desc limit $2`,
    params,
  );
  return rows;
}

export type CardOrderRow = {
  id: number;
  number: number;
  status: number;
  created_at: Date;
  total: number;
  bonuses: number;
  charged_bonus: number;
};

/** Orders the card was attached to, newest first, `limit` of them, older than the order `before` when given. */
export async function findCardOrders(q: Queryable, cardId: number, before: number | undefined, limit: number): Promise<CardOrderRow[]> {
  const params: unknown[] = [cardId, limit];
  if (before !== undefined) params.push(before);
  const { rows } = await q.query<CardOrderRow>(
    `select o.id, o.number, o.status, o.created_at, o.total, d.bonuses, d.charged_bonus
     from order_discounts d join orders o on o.id = d.order_id
     where d.card_id = $1 ${before !== undefined ? 'and o.id < $3' : ''} order by o.id desc limit $2`,
    params,
  );
  return rows;
}

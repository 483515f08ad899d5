import type { Queryable } from '../db/client.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { UNPAID } from '../orders/order-status-sql.ts';

export type CardRow = {
  id: number;
  code: string;
  is_blocked: boolean;
  balance: number;
  accrual_percent: number;
  email: string;
  crm_client_id: number | null;
};

export type PromoCodeRow = {
  id: number;
  usage_limit: number | null;
  event_id: number | null;
  valid_from: Date | null;
  valid_until: Date | null;
};

/** Wrong codes since `since`, of an order or of a client address, and the oldest of them (null: none). */
export async function countCodeFailuresSince(
  tx: Queryable,
  column: 'order_id' | 'client_ip',
  value: number | string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const { rows } = await tx.query<{ n: number; oldest: Date | string | null }>(
    `select count(*)::int as n, min(failed_at) as oldest from discount_code_failures where ${column} = $1 and failed_at > $2`,
    [value, since],
  );
  return { count: rows[0]?.n ?? 0, oldest: rows[0]?.oldest ? new Date(rows[0].oldest) : null };
}

/** Records a wrong code; tries older than `forgetBefore` no longer count and go at the same time, so the table stays small. */
export async function insertCodeFailure(
  tx: Queryable,
  f: { orderId: number; clientIp: string | null; at: Date; forgetBefore: Date },
): Promise<void> {
  await tx.query('delete from discount_code_failures where failed_at <= $1', [f.forgetBefore]);
  await tx.query('insert into discount_code_failures (order_id, failed_at, client_ip) values ($1, $2, $3)', [f.orderId, f.at, f.clientIp]);
}

/** The bonuses of a card that other unpaid, unreleased orders hold. */
export async function sumBonusesHeldElsewhere(tx: Queryable, cardId: number, exceptOrderId: number): Promise<number> {
  const { rows } = await tx.query<{ held: number }>(
    `select coalesce(sum(d.bonuses), 0)::int as held from order_discounts d join orders o on o.id = d.order_id
     where d.card_id = $1 and d.order_id <> $2 and o.status in (${UNPAID}) and o.released_at is null`,
    [cardId, exceptOrderId],
  );
  return rows[0]?.held ?? 0;
}

/** What is left to pay of an order before bonuses, in kopecks: subtotal and services less the promo discount. */
export async function findBonusRoom(tx: Queryable, orderId: number): Promise<number> {
  const { rows } = await tx.query<{ room: number }>(
    `select (o.subtotal + o.services_total - coalesce(d.promo_discount, 0)) as room
     from orders o left join order_discounts d on d.order_id = o.id where o.id = $1`,
    [orderId],
  );
  return rows[0]?.room ?? 0;
}

export async function ensureDiscountRow(tx: Queryable, orderId: number): Promise<void> {
  await tx.query('insert into order_discounts (order_id) values ($1) on conflict do nothing', [orderId]);
}

/** A wrong code undoes a discount call's work back to this savepoint and keeps only its count. */
export async function setCodesSavepoint(tx: Queryable): Promise<void> {
  await tx.query('savepoint discount_codes');
}

export async function rollbackToCodesSavepoint(tx: Queryable): Promise<void> {
  await tx.query('rollback to savepoint discount_codes');
}

export async function findOrderPromoCode(tx: Queryable, orderId: number): Promise<string> {
  const { rows } = await tx.query<{ code: string | null }>(
    'select p.code from order_discounts d left join promo_codes p on p.id = d.promo_code_id where d.order_id = $1',
    [orderId],
  );
  return rows[0]?.code ?? '';
}

export async function lockCardByCode(tx: Queryable, code: string): Promise<CardRow | undefined> {
  const { rows } = await tx.query<CardRow>('select * from loyalty_cards where code = $1 for update', [code]);
  return rows[0];
}

export async function isCardAttached(tx: Queryable, orderId: number, cardId: number): Promise<boolean> {
  const { rows } = await tx.query('select 1 from order_discounts where order_id = $1 and card_id = $2', [orderId, cardId]);
  return rows.length > 0;
}

/** The active promo code, locked: the lock serialises orders racing for the last use of a limited code. */
export async function lockActivePromoCode(tx: Queryable, code: string): Promise<PromoCodeRow | undefined> {
  const { rows } = await tx.query<PromoCodeRow>(
    'select id, usage_limit, event_id, valid_from, valid_until from promo_codes where code = $1 and is_active for update',
    [code],
  );
  return rows[0];
}

/** Orders other than this one that use the promo code: paid, or unpaid and still holding their places. */
export async function countPromoUses(tx: Queryable, promoId: number, exceptOrderId: number): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n from order_discounts d join orders o on o.id = d.order_id
         where d.promo_code_id = $1 and d.order_id <> $2 and (o.status = ${OrderStatus.paid} or (o.status in (${UNPAID}) and o.released_at is null))`,
    [promoId, exceptOrderId],
  );
  return rows[0]?.n ?? 0;
}

export async function setOrderPromoCode(tx: Queryable, orderId: number, promoId: number): Promise<void> {
  await tx.query('update order_discounts set promo_code_id = $2 where order_id = $1', [orderId, promoId]);
}

/** Attaches a card to the order; bonuses chosen for another card are dropped. */
export async function attachCard(tx: Queryable, orderId: number, cardId: number): Promise<void> {
  await tx.query('update order_discounts set card_id = $2, bonuses = case when card_id = $2 then bonuses else 0 end where order_id = $1', [
    orderId,
    cardId,
  ]);
}

export async function lockAttachedCard(tx: Queryable, orderId: number): Promise<CardRow | undefined> {
  const { rows } = await tx.query<CardRow>(
    'select c.* from loyalty_cards c join order_discounts d on d.card_id = c.id where d.order_id = $1 for update of c',
    [orderId],
  );
  return rows[0];
}

export async function setOrderBonuses(tx: Queryable, orderId: number, bonuses: number): Promise<void> {
  await tx.query('update order_discounts set bonuses = $2 where order_id = $1', [orderId, bonuses]);
}

export async function clearOrderDiscounts(tx: Queryable, orderId: number, clear: { promo: boolean; bonuses: boolean }): Promise<void> {
  await tx.query(
    `update order_discounts set
         promo_code_id = case when $2 then null else promo_code_id end, promo_discount = case when $2 then 0 else promo_discount end,
         bonuses = case when $3 then 0 else bonuses end, bonus_discount = case when $3 then 0 else bonus_discount end
       where order_id = $1`,
    [orderId, clear.promo, clear.bonuses],
  );
}

export type LoyaltySettlementRow = { card_id: number | null; bonuses: number; total: number; accrual_percent: number; is_blocked: boolean };

export async function findLoyaltySettlement(tx: Queryable, orderId: number): Promise<LoyaltySettlementRow | undefined> {
  const { rows } = await tx.query<LoyaltySettlementRow>(
    `select d.card_id, d.bonuses, o.total, c.accrual_percent, c.is_blocked
     from order_discounts d join orders o on o.id = d.order_id join loyalty_cards c on c.id = d.card_id
     where d.order_id = $1`,
    [orderId],
  );
  return rows[0];
}

/** Records an order's spend or accrual once (one of each per order); answers false when it was recorded before. */
export async function insertLoyaltyTransaction(
  tx: Queryable,
  t: { cardId: number; orderId: number; kind: 'spend' | 'accrue'; bonuses: number; at: Date },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `insert into loyalty_transactions (card_id, order_id, kind, bonuses, created_at) values ($1, $2, $3, $4, $5) on conflict do nothing`,
    [t.cardId, t.orderId, t.kind, t.bonuses, t.at],
  );
  return rowCount > 0;
}

export async function spendCardBalance(tx: Queryable, cardId: number, bonuses: number): Promise<void> {
  await tx.query('update loyalty_cards set balance = greatest(0, balance - $2) where id = $1', [cardId, bonuses]);
}

export async function accrueCardBalance(tx: Queryable, orderId: number, cardId: number, bonuses: number): Promise<void> {
  await tx.query('update loyalty_cards set balance = balance + $2 where id = $1', [cardId, bonuses]);
  await tx.query('update order_discounts set charged_bonus = $2 where order_id = $1', [orderId, bonuses]);
}

/** The order's discount row as the order view reads it (server/order-view reads it in its one query). */
export type DiscountViewRow = {
  promo: string | null;
  promo_discount: number;
  bonuses: number;
  bonus_discount: number;
  charged_bonus: number;
  card_id: number | null;
  code: string | null;
  is_blocked: boolean | null;
  balance: number | null;
  accrual_percent: number | null;
};

/** Reads DiscountViewRow; `$1` is the order id, or pass another expression (the order view's correlated subquery). */
export const discountViewSql = (orderId = '$1') =>
  `select p.code as promo, d.promo_discount, d.bonuses, d.bonus_discount, d.charged_bonus, c.id as card_id, c.code,
       c.is_blocked, c.balance, c.accrual_percent
     from order_discounts d left join promo_codes p on p.id = d.promo_code_id left join loyalty_cards c on c.id = d.card_id
     where d.order_id = ${orderId}`;

/** The order's promo code terms and bonuses chosen (undefined: the order has no discount row). */
export async function findOrderDiscountTerms(
  tx: Queryable,
  orderId: number,
): Promise<{ kind: string | null; value: number | null; bonuses: number } | undefined> {
  const { rows } = await tx.query<{ kind: string | null; value: number | null; bonuses: number }>(
    `select p.kind, p.value, d.bonuses from order_discounts d left join promo_codes p on p.id = d.promo_code_id where d.order_id = $1`,
    [orderId],
  );
  return rows[0];
}

export async function setDiscountAmounts(
  tx: Queryable,
  orderId: number,
  a: { promoDiscount: number; bonuses: number; bonusDiscount: number },
): Promise<void> {
  await tx.query('update order_discounts set promo_discount = $2, bonuses = $3, bonus_discount = $4 where order_id = $1', [
    orderId,
    a.promoDiscount,
    a.bonuses,
    a.bonusDiscount,
  ]);
}

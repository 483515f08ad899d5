import { OrderStatus } from '../../../contract/order-status.ts';
import type { Queryable } from '../../db/client.ts';
import type { OfferRow } from '../../offers/offers.repository.ts';
import { TICKET_VALID, UNPAID } from '../../orders/order-status-sql.ts';

// Orders that hold a code or a service now: paid, or unpaid and still holding their places.
const LIVE_ORDER = `(o.status = ${OrderStatus.paid} or (o.status in (${UNPAID}) and o.released_at is null))`;

export type PromoRow = {
  id: number;
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  valid_from: Date | null;
  valid_until: Date | null;
  usage_limit: number | null;
  event_id: number | null;
  event_name: string | null;
  is_active: boolean;
  batch_id: number | null;
  paid_uses: number;
  unpaid_uses: number;
  used: boolean;
  revision: number;
  updated_at: Date | null;
  updated_by_name: string | null;
};

const PROMO_COLUMNS = `p.id, p.code, p.kind, p.value, p.valid_from, p.valid_until, p.usage_limit, p.event_id, e.name->>'ru' as event_name,
  p.is_active, p.batch_id, p.revision, p.updated_at, s.name as updated_by_name,
  (select count(*)::int from order_discounts d join orders o on o.id = d.order_id where d.promo_code_id = p.id and o.status = ${OrderStatus.paid}) as paid_uses,
  (select count(*)::int from order_discounts d join orders o on o.id = d.order_id
     where d.promo_code_id = p.id and o.status in (${UNPAID}) and o.released_at is null) as unpaid_uses,
  exists (select 1 from order_discounts d where d.promo_code_id = p.id) as used`;
const PROMO_FROM = `promo_codes p left join events e on e.id = p.event_id left join staff s on s.id = p.updated_by`;

export type PromoFilter = {
  q?: string | undefined;
  eventId?: number | undefined;
  state: 'all' | 'active' | 'expired' | 'inactive';
  batchId?: number | undefined;
  at: Date;
};

function promoWhere(filter: PromoFilter): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('$?', `$${params.length}`));
  };
  // A beginning of the code: one range scan of the code's text_pattern_ops index.
  if (filter.q) add(`p.code like $? escape '\\'`, `${filter.q.replace(/[\\%_]/g, '\\$&')}%`);
  if (filter.eventId !== undefined) add('p.event_id = $?', filter.eventId);
  if (filter.batchId !== undefined) add('p.batch_id = $?', filter.batchId);
  if (filter.state === 'inactive') where.push('not p.is_active');
  if (filter.state === 'active') add('p.is_active and (p.valid_until is null or p.valid_until > $?)', filter.at);
  if (filter.state === 'expired') add('p.valid_until <= $?', filter.at);
  return { sql: where.length ? `where ${where.join(' and ')}` : '', params };
}

/** A page of codes, newest first, with the number of all that match. */
export async function findPromoCodes(
  q: Queryable,
  filter: PromoFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: PromoRow[]; total: number }> {
  const { sql, params } = promoWhere(filter);
  const [list, count] = await Promise.all([
    q.query<PromoRow>(
      `select ${PROMO_COLUMNS} from ${PROMO_FROM} ${sql} order by p.id desc limit ${page.limit} offset ${page.offset}`,
      params,
    ),
    q.query<{ n: number }>(`select count(*)::int as n from promo_codes p ${sql}`, params),
  ]);
  return { rows: list.rows, total: count.rows[0]?.n ?? 0 };
}

export async function findPromoCode(q: Queryable, id: number): Promise<PromoRow | undefined> {
  const { rows } = await q.query<PromoRow>(`select ${PROMO_COLUMNS} from ${PROMO_FROM} where p.id = $1`, [id]);
  return rows[0];
}

export async function promoCodeExists(q: Queryable, code: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await q.query('select 1 from promo_codes where code = $1 and id is distinct from $2', [code, exceptId]);
  return rows.length > 0;
}

export async function eventExists(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query('select 1 from events where id = $1', [id]);
  return rows.length > 0;
}

export type PromoValues = {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  validFrom: string | null;
  validUntil: string | null;
  usageLimit: number | null;
  eventId: number | null;
  active: boolean;
};

const promoParams = (v: Omit<PromoValues, 'code'>) => [v.kind, v.value, v.validFrom, v.validUntil, v.usageLimit, v.eventId, v.active];

/** A new code; undefined when the code is taken (a save racing this one may have taken it). */
export async function insertPromoCode(tx: Queryable, v: PromoValues, by: { staffId: number; at: Date }): Promise<number | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into promo_codes (code, kind, value, valid_from, valid_until, usage_limit, event_id, is_active, updated_by, updated_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) on conflict (code) do nothing returning id`,
    [v.code, ...promoParams(v), by.staffId, by.at],
  );
  return rows[0]?.id;
}

/** Saves a code's terms, moves its revision and names who saved it; false when the new code is taken. */
export async function updatePromoCode(tx: Queryable, id: number, v: PromoValues, by: { staffId: number; at: Date }): Promise<boolean> {
  if (await promoCodeExists(tx, v.code, id)) return false;
  await tx.query(
    `update promo_codes set code = $2, kind = $3, value = $4, valid_from = $5, valid_until = $6, usage_limit = $7, event_id = $8, is_active = $9,
       revision = revision + 1, updated_by = $10, updated_at = $11 where id = $1`,
    [id, v.code, ...promoParams(v), by.staffId, by.at],
  );
  return true;
}

export async function deletePromoCode(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from promo_codes where id = $1', [id]);
}

export async function nextBatchId(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(`select nextval('promo_code_batches') as id`);
  return Number(rows[0]?.id);
}

/** Inserts the batch's codes that are free; answers those taken (by the table or a concurrent batch). */
export async function insertBatchCodes(
  tx: Queryable,
  codes: readonly string[],
  v: Omit<PromoValues, 'code'>,
  batch: { batchId: number; staffId: number; at: Date },
): Promise<Set<string>> {
  const { rows } = await tx.query<{ code: string }>(
    `insert into promo_codes (code, kind, value, valid_from, valid_until, usage_limit, event_id, is_active, batch_id, updated_by, updated_at, created_at)
     select c, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11 from unnest($1::text[]) as c
     on conflict (code) do nothing returning code`,
    [codes, ...promoParams(v), batch.batchId, batch.staffId, batch.at],
  );
  const inserted = new Set(rows.map((r) => r.code));
  return new Set(codes.filter((c) => !inserted.has(c)));
}

/** Of these codes, those the table holds already. */
export async function takenCodes(q: Queryable, codes: readonly string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ code: string }>('select code from promo_codes where code = any($1::text[])', [codes]);
  return new Set(rows.map((r) => r.code));
}

export async function findBatchCodes(q: Queryable, batchId: number): Promise<PromoRow[]> {
  const { rows } = await q.query<PromoRow>(`select ${PROMO_COLUMNS} from ${PROMO_FROM} where p.batch_id = $1 order by p.id`, [batchId]);
  return rows;
}

/** A special offer as the storefront reads it, with what the desk shows of it besides. */
export type OfferAdminRow = OfferRow & {
  event_name: string | null;
  is_active: boolean;
  paid: number;
  unpaid: number;
  used: boolean;
  revision: number;
  updated_at: Date | null;
  updated_by_name: string | null;
};

// A service holds its place while it is not released and not given back by a return.
const HELD_SERVICE = `not sv.released and sv.status in (${TICKET_VALID})`;
const OFFER_COLUMNS = `f.id, f.package_id, f.event_id, e.name->>'ru' as event_name, f.name, f.description, f.amount, f.per_order_limit, f.seat_tied,
  f.stock, f.sortnum, f.is_active, f.revision, f.updated_at, s.name as updated_by_name,
  (select count(*)::int from order_services sv join orders o on o.id = sv.order_id where sv.offer_id = f.id and ${HELD_SERVICE} and o.status = ${OrderStatus.paid}) as paid,
  (select count(*)::int from order_services sv join orders o on o.id = sv.order_id
     where sv.offer_id = f.id and ${HELD_SERVICE} and o.status in (${UNPAID}) and o.released_at is null) as unpaid,
  exists (select 1 from order_services sv where sv.offer_id = f.id) as used`;
const OFFER_FROM = `special_offers f left join events e on e.id = f.event_id left join staff s on s.id = f.updated_by`;

export async function findOffers(q: Queryable): Promise<OfferAdminRow[]> {
  const { rows } = await q.query<OfferAdminRow>(`select ${OFFER_COLUMNS} from ${OFFER_FROM} order by f.sortnum, f.id`);
  return rows;
}

export async function findOffer(q: Queryable, id: number): Promise<OfferAdminRow | undefined> {
  const { rows } = await q.query<OfferAdminRow>(`select ${OFFER_COLUMNS} from ${OFFER_FROM} where f.id = $1`, [id]);
  return rows[0];
}

/**
 * Services of the offer that hold stock now, counted under the offer's row lock (taken by the
 * caller): the storefront takes and gives stock by updating that row, so none moves meanwhile.
 */
export async function countHeldServices(tx: Queryable, offerId: number): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n from order_services sv join orders o on o.id = sv.order_id where sv.offer_id = $1 and ${HELD_SERVICE} and ${LIVE_ORDER}`,
    [offerId],
  );
  return rows[0]?.n ?? 0;
}

export type OfferValues = {
  packageId: number | null;
  eventId: number | null;
  name: Record<string, string | undefined>;
  description: Record<string, string | undefined>;
  amount: number;
  perOrderLimit: number;
  seatTied: boolean;
  stock: number | null;
  sortnum: number;
  active: boolean;
};

const offerParams = (v: OfferValues) => [
  v.eventId,
  JSON.stringify(v.name),
  JSON.stringify(v.description),
  v.amount,
  v.perOrderLimit,
  v.seatTied,
  v.stock,
  v.sortnum,
  v.active,
];

/**
 * A new offer with the next free id (its price id on the storefront), taken under a lock of the
 * table's inserts so two creations never take the same one; its package is its own when none given.
 */
export async function insertOffer(tx: Queryable, v: OfferValues, by: { staffId: number; at: Date }): Promise<number> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('special_offers.insert'))`);
  const { rows } = await tx.query<{ id: number }>(
    `insert into special_offers (id, package_id, event_id, name, description, amount, per_order_limit, seat_tied, stock, sortnum, is_active, updated_by, updated_at)
     select n.id, coalesce($1, n.id), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12
     from (select coalesce(max(id), 0) + 1 as id from special_offers) n returning id`,
    [v.packageId, ...offerParams(v), by.staffId, by.at],
  );
  return rows[0]?.id as number;
}

export async function updateOffer(tx: Queryable, id: number, v: OfferValues, by: { staffId: number; at: Date }): Promise<void> {
  await tx.query(
    `update special_offers set package_id = coalesce($2, id), event_id = $3, name = $4, description = $5, amount = $6, per_order_limit = $7,
       seat_tied = $8, stock = $9, sortnum = $10, is_active = $11, revision = revision + 1, updated_by = $12, updated_at = $13 where id = $1`,
    [id, v.packageId, ...offerParams(v), by.staffId, by.at],
  );
}

export async function deleteOffer(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from special_offers where id = $1', [id]);
}

export type SubscriptionRow = {
  id: number;
  hash: string;
  name: Record<string, string>;
  revision: number;
  updated_at: Date | null;
  updated_by_name: string | null;
  has_orders: boolean;
  items: Array<{ eventId: number; name: Record<string, string>; sortnum: number; startsAt: string | null }>;
};

/** Subscription events with their composition in its order, and whether any order holds them. */
export async function findSubscriptions(q: Queryable): Promise<SubscriptionRow[]> {
  const { rows } = await q.query<SubscriptionRow>(
    `select e.id, e.hash, e.name, e.revision, e.updated_at, s.name as updated_by_name,
       (exists (select 1 from orders o where o.event_id = e.id) or exists (select 1 from order_lines l where l.subscription_event_id = e.id)) as has_orders,
       coalesce((select jsonb_agg(jsonb_build_object('eventId', i.event_id, 'name', t.name, 'sortnum', i.sortnum, 'startsAt', i.starts_at) order by i.sortnum, i.event_id)
                 from subscription_items i join events t on t.id = i.event_id where i.subscription_event_id = e.id), '[]'::jsonb) as items
     from events e left join staff s on s.id = e.updated_by where e.is_subscription order by e.sortnum, e.id`,
  );
  return rows;
}

/** How many coming sessions of each event the composition page offers as visit times. */
const VISIT_TIMES_PER_EVENT = 200;

/**
 * Events a subscription may include: those that are not subscriptions themselves, each with the
 * starts of its coming sessions that are not cancelled (the visit times the page offers).
 */
export async function findIncludableEvents(
  q: Queryable,
  now: Date,
): Promise<Array<{ id: number; name: Record<string, string>; sessions: string[] }>> {
  const { rows } = await q.query<{ id: number; name: Record<string, string>; sessions: string[] }>(
    `select e.id, e.name,
       coalesce((select array_agg(to_json(s.starts_at) #>> '{}' order by s.starts_at)
                 from (select starts_at from sessions where event_id = e.id and not is_cancelled and starts_at > $1 order by starts_at limit $2) s), '{}') as sessions
     from events e where not e.is_subscription order by e.sortnum, e.id`,
    [now, VISIT_TIMES_PER_EVENT],
  );
  return rows.map((r) => ({ ...r, sessions: r.sessions.map((at) => new Date(at).toISOString()) }));
}

export async function findEventNames(q: Queryable, ids: readonly number[]): Promise<Array<{ id: number; name: Record<string, string> }>> {
  const { rows } = await q.query<{ id: number; name: Record<string, string> }>(
    'select id, name from events where id = any($1::int[]) order by id',
    [ids],
  );
  return rows;
}

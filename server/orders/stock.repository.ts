import type { Queryable } from '../db/client.ts';

/** A pool of places a line draws from: the session, its group slots, a limited price, a standing area. */
export type StockNeed =
  | { pool: 'session'; sessionId: number; quantity: number }
  | { pool: 'group'; sessionId: number; quantity: number }
  | { pool: 'price'; sessionId: number; priceId: number; quantity: number }
  | { pool: 'standing'; sessionId: number; standingAreaId: number; quantity: number };

// Each take is one guarded UPDATE: the row lock serialises concurrent buyers and the
// `remaining >= n` guard (plus the CHECK remaining >= 0) makes a shortage fail instead of going negative.
const TAKE: Record<StockNeed['pool'], string> = {
  session: 'update sessions set remaining = remaining - $2 where id = $1 and not is_cancelled and remaining >= $2',
  group: 'update sessions set group_remaining = group_remaining - $2 where id = $1 and not is_cancelled and group_remaining >= $2',
  price: 'update price_stock set remaining = remaining - $3 where session_id = $1 and price_id = $2 and remaining >= $3',
  standing: 'update standing_stock set remaining = remaining - $3 where session_id = $1 and standing_area_id = $2 and remaining >= $3',
};

const GIVE: Record<StockNeed['pool'], string> = {
  session: 'update sessions set remaining = least(capacity - sold_outside, remaining + $2) where id = $1',
  group: 'update sessions set group_remaining = least(group_capacity, group_remaining + $2) where id = $1',
  price: 'update price_stock set remaining = remaining + $3 where session_id = $1 and price_id = $2',
  standing: 'update standing_stock set remaining = remaining + $3 where session_id = $1 and standing_area_id = $2',
};

function params(need: StockNeed): unknown[] {
  switch (need.pool) {
    case 'session':
    case 'group':
      return [need.sessionId, need.quantity];
    case 'price':
      return [need.sessionId, need.priceId, need.quantity];
    case 'standing':
      return [need.sessionId, need.standingAreaId, need.quantity];
  }
}

/**
 * Takes the places; answers false when the pool has fewer left than asked (nothing taken).
 * A price without its own limit has no price_stock row and always succeeds.
 */
export async function takeStock(tx: Queryable, need: StockNeed): Promise<boolean> {
  const result = await tx.query(TAKE[need.pool], params(need));
  if (result.rowCount > 0) return true;
  if (need.pool !== 'price') return false;
  const limited = await tx.query('select 1 from price_stock where session_id = $1 and price_id = $2', [need.sessionId, need.priceId]);
  return limited.rows.length === 0;
}

export async function giveStock(tx: Queryable, need: StockNeed): Promise<void> {
  await tx.query(GIVE[need.pool], params(need));
}

export function needKey(need: StockNeed): string {
  switch (need.pool) {
    case 'session':
    case 'group':
      return `${need.pool}:${need.sessionId}`;
    case 'price':
      return `price:${need.sessionId}:${need.priceId}`;
    case 'standing':
      return `standing:${need.sessionId}:${need.standingAreaId}`;
  }
}

const POOL_ORDER: Record<StockNeed['pool'], number> = { session: 0, group: 1, price: 2, standing: 3 };

/**
 * Sums needs on the same pool and sorts them in one global order, so two buyers always lock
 * rows in the same sequence and can never deadlock each other.
 */
export function mergeNeeds(needs: readonly StockNeed[]): StockNeed[] {
  const merged = new Map<string, StockNeed>();
  for (const need of needs) {
    const key = needKey(need);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + need.quantity } : { ...need });
  }
  return [...merged.values()].sort((a, b) => POOL_ORDER[a.pool] - POOL_ORDER[b.pool] || needKey(a).localeCompare(needKey(b)));
}

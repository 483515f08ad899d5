import type { Queryable } from '../db/client.ts';

/** A pool of places a line draws from: the session, its group slots, a limited price, a standing area. */
export type StockNeed =
  | { pool: 'session'; sessionId: number; quantity: number }
  | { pool: 'group'; sessionId: number; quantity: number }
  | { pool: 'price'; sessionId: number; priceId: number; quantity: number }
  | { pool: 'standing'; sessionId: number; standingAreaId: number; quantity: number };

// Takes are guarded UPDATEs inside the place_order function (migration 0700); giving back is one UPDATE each.
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

/** The second part of a stock row's key: the price or the standing area (0 for a session's own pools). */
const rowKey = (need: StockNeed) => (need.pool === 'price' ? need.priceId : need.pool === 'standing' ? need.standingAreaId : 0);

/**
 * Sums needs on the same pool and sorts them in one global order (pool, then session id, then
 * price or area id, as numbers: the order the place_order function of migration 0700 locks in),
 * so two buyers, or a buyer and a release, always lock rows in the same sequence and can never
 * deadlock each other.
 */
export function mergeNeeds(needs: readonly StockNeed[]): StockNeed[] {
  const merged = new Map<string, StockNeed>();
  for (const need of needs) {
    const key = needKey(need);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + need.quantity } : { ...need });
  }
  return [...merged.values()].sort((a, b) => POOL_ORDER[a.pool] - POOL_ORDER[b.pool] || a.sessionId - b.sessionId || rowKey(a) - rowKey(b));
}

import type { Db } from '../db/client.ts';
import { enableStockNotify, findSessionStockText, findSessionStockTextAndVersion } from './event.repository.ts';

/** The places left of some sessions, as the JSON text findSessionStockText answers. */
export type StockReader = {
  read(sessionIds: readonly number[]): Promise<string>;
  /**
   * PostgreSQL server only: the places left and the catalog version in one statement, for a caller
   * that holds the catalog part of some version and must know it is still current.
   */
  readWithVersion?(sessionIds: readonly number[]): Promise<{ version: number; stock: string }>;
};

/** Session sets kept at most; every stock change empties the cache anyway. */
const MAX_KEPT = 1000;

/**
 * The places left the event page shows, the one part of it that every order moves.
 *
 * On the embedded database (PGlite) nothing but this process writes, and a statement trigger
 * (migration 0880) announces every change of sessions or price_stock on the channel 'stock',
 * which PGlite delivers in this thread before the writing statement resolves: the places left
 * are kept in memory until the next announcement, so a sale, a release or an import shows on the
 * very next call. A read that was under way while a change landed is not kept. The trigger only
 * announces in a session that set `storefront.stock_notify`, which this one does.
 *
 * On a PostgreSQL server other instances sell too and no announcement reaches this process in
 * time, so the places left are read on every call: one statement over the primary keys, which
 * also reads the catalog version (one round trip where there were two).
 */
export async function createStockReader(db: Db): Promise<StockReader> {
  if (!db.listen)
    return { read: (ids) => findSessionStockText(db, ids), readWithVersion: (ids) => findSessionStockTextAndVersion(db, ids) };
  const kept = new Map<string, Promise<string>>();
  let generation = 0;
  await db.listen('stock', () => {
    generation += 1;
    kept.clear();
  });
  await enableStockNotify(db);
  return {
    read(ids) {
      const key = ids.join(',');
      const known = kept.get(key);
      if (known) return known;
      const seen = generation;
      const text = findSessionStockText(db, ids);
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(key, text);
      const forget = () => {
        if (kept.get(key) === text) kept.delete(key);
      };
      // A change announced while the read ran has already emptied the cache; a failed read is not kept.
      void text.then(() => seen === generation || forget(), forget);
      return text;
    },
  };
}

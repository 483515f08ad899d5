import type { Db } from '../server/db/client.ts';
import { importCatalogIn, lockCatalog } from '../server/catalog/import.ts';
import { buildDemoCatalog } from './catalog.ts';
import { loadPaymentExtras } from './extras-payment.ts';

/**
 * Fills a database that has no events with the demo catalog, dated from `now`, through the same
 * import a venue's own file goes through; answers whether it did. A venue that imported its
 * catalog (or turned DEMO off) never gets the demo. One transaction under the catalog import's
 * lock: of several instances starting together on one empty database (compose's two), one loads
 * the demo and the others then find it, rather than importing it again while the first already
 * takes orders (which the second import's new catalog version would refuse).
 */
export async function loadDemoIfEmpty(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockCatalog(tx);
    const { rows } = await tx.query<{ empty: boolean }>('select not exists (select 1 from events) as empty');
    if (!rows[0]?.empty) return false;
    await importCatalogIn(tx, buildDemoCatalog(now));
    // Special offers, promo codes and loyalty cards of the order page (payment issue).
    await loadPaymentExtras(tx, now);
    return true;
  });
}

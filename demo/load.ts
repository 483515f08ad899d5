import type { Db } from '../server/db/client.ts';
import { importCatalog } from '../server/catalog/import.ts';
import { buildDemoCatalog } from './catalog.ts';
import { loadPaymentExtras } from './extras-payment.ts';

/**
 * Fills a database that has no events with the demo catalog, dated from `now`, through the same
 * import a venue's own file goes through; answers whether it did. A venue that imported its
 * catalog (or turned DEMO off) never gets the demo.
 */
export async function loadDemoIfEmpty(db: Db, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>('select not exists (select 1 from events) as empty');
  if (!rows[0]?.empty) return false;
  await importCatalog(db, buildDemoCatalog(now));
  // Special offers, promo codes and loyalty cards of the order page (payment issue).
  await loadPaymentExtras(db, now);
  return true;
}

import type { Db } from '../server/db/client.ts';

/** Fills an empty database with the demo catalog; answers whether it did. (Being written.) */
export async function loadDemoIfEmpty(_db: Db, _now: Date): Promise<boolean> {
  return false;
}

import type { Db } from '../db/client.ts';
import { readCatalogVersion } from './catalog-write.repository.ts';

export { readCatalogVersion };

export type CatalogVersion = {
  /** The catalog version now: every catalog change (an import) moves it. */
  current(): Promise<number>;
};

/**
 * The catalog version the cached answers (afisha, event page) are keyed on.
 *
 * On the embedded database (PGlite) the database lives in this process and nothing else can write
 * it while the server runs, so the version is held in memory: a trigger (migration 0710) announces
 * every change of catalog_version with NOTIFY, which PGlite delivers in this thread before the
 * import's commit resolves, and the next call reads the version afresh. A read that was under way
 * while a change landed is not kept (the generation counter), so an import is visible on the next
 * call. On a PostgreSQL server other processes (another instance, the import CLI) change the
 * catalog, so the version is read on every call: one indexed single-row read.
 */
export async function createCatalogVersion(db: Db): Promise<CatalogVersion> {
  if (!db.listen) return { current: () => readCatalogVersion(db) };
  let known: number | undefined;
  let generation = 0;
  await db.listen('catalog_version', () => {
    generation += 1;
    known = undefined;
  });
  return {
    async current() {
      if (known !== undefined) return known;
      const seen = generation;
      const version = await readCatalogVersion(db);
      if (seen === generation) known = version;
      return version;
    },
  };
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../server/db/client.ts';
import { openTestDb } from '../tests/harness.ts';
import { loadDemoIfEmpty } from './load.ts';

// Real PostgreSQL only: PGlite runs one transaction at a time, so two loads never overlap there.
const NOW = new Date('2026-06-01T09:00:00Z');

let db: Db;
beforeEach(async () => {
  db = await openTestDb();
});
afterEach(() => db.close());

const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0]?.n;

describe('two instances starting together on one empty database (compose: app1 and app2, DEMO on)', () => {
  it('loads the demo once: one instance fills it, the other finds it filled', async () => {
    const versionBefore = await count('select version::int as n from catalog_version where id = 1');
    const results = await Promise.all([loadDemoIfEmpty(db, NOW), loadDemoIfEmpty(db, NOW)]);
    expect(results.toSorted()).toEqual([false, true]);
    const versionAfterBoth = await count('select version::int as n from catalog_version where id = 1');
    const events = await count('select count(*)::int as n from events');

    // What one load alone does, on a database of its own.
    const single = await openTestDb();
    try {
      const before = (await single.query<{ n: number }>('select version::int as n from catalog_version where id = 1')).rows[0]?.n;
      expect(await loadDemoIfEmpty(single, NOW)).toBe(true);
      const after = (await single.query<{ n: number }>('select version::int as n from catalog_version where id = 1')).rows[0]?.n;
      const singleEvents = (await single.query<{ n: number }>('select count(*)::int as n from events')).rows[0]?.n;
      expect(events).toBe(singleEvents);
      // The catalog version moved as much as one load moves it: no second import that would refuse orders priced in between.
      expect((versionAfterBoth ?? 0) - (versionBefore ?? 0)).toBe((after ?? 0) - (before ?? 0));
    } finally {
      await single.close();
    }
  }, 120_000);
});

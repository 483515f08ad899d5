import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK = 7_240_001;

/**
 * Applies the numbered SQL migrations that have not run yet, each in its own transaction.
 * An advisory lock keeps two instances starting together from applying one twice.
 * A failing migration throws, so the start stops; nothing after it is applied.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.query(`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(dir, file), 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const seen = await tx.query('select 1 from schema_migrations where name = $1', [file]);
      if (seen.rows.length > 0) return false;
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

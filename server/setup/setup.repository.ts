import type { Queryable } from '../db/client.ts';

export async function findStoredSetup(db: Queryable): Promise<unknown | undefined> {
  const { rows } = await db.query<{ data: unknown }>('select data from setup where id = 1');
  return rows[0]?.data;
}

/**
 * Stores the setup and moves its revision, so a back office form loaded before this save is
 * refused rather than undoing it. `staffId`: who saved it (null: a catalog import).
 */
export async function saveSetup(db: Queryable, data: unknown, staffId: number | null = null, at?: Date): Promise<number> {
  const { rows } = await db.query<{ revision: number }>(
    `insert into setup (id, data, updated_at, updated_by) values (1, $1, coalesce($3, now()), $2)
     on conflict (id) do update set data = excluded.data, updated_at = excluded.updated_at, updated_by = excluded.updated_by, revision = setup.revision + 1
     returning revision`,
    [JSON.stringify(data), staffId, at ?? null],
  );
  return rows[0]?.revision ?? 1;
}

export type SetupStamp = { revision: number; updated_at: Date | null; updated_by_name: string | null };

/** The setup's revision and who saved it last (0 when no setup was ever stored); `lock`: held until the transaction ends. */
export async function findSetupStamp(q: Queryable, lock = false): Promise<SetupStamp> {
  const { rows } = await q.query<SetupStamp>(
    `select t.revision, t.updated_at, s.name as updated_by_name from setup t left join staff s on s.id = t.updated_by where t.id = 1${lock ? ' for update of t' : ''}`,
  );
  return rows[0] ?? { revision: 0, updated_at: null, updated_by_name: null };
}

export type RulesRow = { id: number; slug: string; name: unknown; url: unknown; body: unknown };

export async function findRulesDocuments(db: Queryable): Promise<RulesRow[]> {
  const { rows } = await db.query<RulesRow>('select id, slug, name, url, body from rules_documents order by sortnum, id');
  return rows;
}

/** Throws when the database does not answer. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('select 1');
}

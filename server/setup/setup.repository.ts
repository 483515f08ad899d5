import type { Queryable } from '../db/client.ts';

export async function findStoredSetup(db: Queryable): Promise<unknown | undefined> {
  const { rows } = await db.query<{ data: unknown }>('select data from setup where id = 1');
  return rows[0]?.data;
}

export async function saveSetup(db: Queryable, data: unknown): Promise<void> {
  await db.query(
    `insert into setup (id, data, updated_at) values (1, $1, now())
     on conflict (id) do update set data = excluded.data, updated_at = now()`,
    [JSON.stringify(data)],
  );
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

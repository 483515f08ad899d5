import type { Queryable } from '../db/client.ts';

/** The stored secret; `candidate` is stored first when there is none, so every instance reads the same one. */
export async function findOrInsertSecret(db: Queryable, candidate: string): Promise<string | undefined> {
  await db.query('insert into app_secret (id, secret) values (1, $1) on conflict (id) do nothing', [candidate]);
  const { rows } = await db.query<{ secret: string }>('select secret from app_secret where id = 1');
  return rows[0]?.secret;
}

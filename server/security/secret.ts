import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';

/**
 * The server's signing secret: SECRET from the environment, or one generated on the first start
 * and kept in the database, so every instance on the same database signs alike.
 */
export async function loadSecret(db: Queryable, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db.query('insert into app_secret (id, secret) values (1, $1) on conflict (id) do nothing', [
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ secret: string }>('select secret from app_secret where id = 1');
  const row = rows[0];
  if (!row) throw new Error('app_secret is empty after insert');
  return row.secret;
}

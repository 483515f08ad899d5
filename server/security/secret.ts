import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { findOrInsertSecret } from './secret.repository.ts';

/**
 * The server's signing secret: SECRET from the environment, or one generated on the first start
 * and kept in the database, so every instance on the same database signs alike.
 */
export async function loadSecret(db: Queryable, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const secret = await findOrInsertSecret(db, randomBytes(32).toString('base64url'));
  if (secret === undefined) throw new Error('app_secret is empty after insert');
  return secret;
}

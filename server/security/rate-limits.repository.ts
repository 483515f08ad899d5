import type { Queryable } from '../db/client.ts';

/** Serialises the hits of one client on one bucket (a transaction-scoped advisory lock), on every instance. */
export async function lockRateKey(tx: Queryable, bucket: string, ip: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`rate:${bucket}:${ip}`]);
}

/** Forgets the client's hits older than the window (the table stays small), then counts the rest and finds the oldest. */
export async function recentHits(tx: Queryable, bucket: string, ip: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  await tx.query('delete from rate_limit_hits where bucket = $1 and client_ip = $2 and hit_at <= $3', [bucket, ip, since]);
  const { rows } = await tx.query<{ count: number; oldest: Date | string | null }>(
    'select count(*)::int as count, min(hit_at) as oldest from rate_limit_hits where bucket = $1 and client_ip = $2',
    [bucket, ip],
  );
  const row = rows[0];
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function insertHit(tx: Queryable, bucket: string, ip: string, at: Date): Promise<void> {
  await tx.query('insert into rate_limit_hits (bucket, client_ip, hit_at) values ($1, $2, $3)', [bucket, ip, at]);
}

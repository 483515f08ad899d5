import type { Queryable } from '../db/client.ts';

export async function insertChallenge(db: Queryable, sid: string, answerHash: string, expiresAt: Date): Promise<void> {
  await db.query('insert into captcha_challenges (sid, answer_hash, expires_at) values ($1, $2, $3)', [
    sid,
    answerHash,
    expiresAt.toISOString(),
  ]);
}

/** The answer hash of a live (unused, unexpired) challenge. */
export async function findLiveChallenge(db: Queryable, sid: string, now: Date): Promise<string | undefined> {
  const { rows } = await db.query<{ answer_hash: string }>(
    'select answer_hash from captcha_challenges where sid = $1 and used_at is null and expires_at > $2',
    [sid, now.toISOString()],
  );
  return rows[0]?.answer_hash;
}

/** Uses a live challenge up if its answer matches; true when it did. Atomic: one use only. */
export async function useChallenge(db: Queryable, sid: string, answerHash: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `update captcha_challenges set used_at = $3
      where sid = $1 and answer_hash = $2 and used_at is null and expires_at > $3`,
    [sid, answerHash, now.toISOString()],
  );
  return rowCount === 1;
}

/** Uses a challenge up whatever its answer (after a wrong guess). */
export async function burnChallenge(db: Queryable, sid: string, now: Date): Promise<void> {
  await db.query('update captcha_challenges set used_at = $2 where sid = $1 and used_at is null', [sid, now.toISOString()]);
}

/** Forgets challenges that expired more than an hour ago. */
export async function deleteOldChallenges(db: Queryable, now: Date): Promise<void> {
  await db.query('delete from captcha_challenges where expires_at < $1', [new Date(now.getTime() - 3600_000).toISOString()]);
}

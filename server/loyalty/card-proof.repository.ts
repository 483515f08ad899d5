import type { Queryable } from '../db/client.ts';

export type CardProofRow = { code_hash: string; expires_at: Date; attempts: number; sent_at: Date };

/** Stores a fresh code for the order and card (a new one replaces the last, its tries start again). */
export async function upsertCardProof(
  tx: Queryable,
  p: { orderId: number; cardId: number; codeHash: string; at: Date; expiresAt: Date },
): Promise<void> {
  await tx.query(
    `insert into loyalty_card_proofs (order_id, card_id, code_hash, sent_at, expires_at, attempts) values ($1, $2, $3, $4, $5, 0)
     on conflict (order_id, card_id) do update set code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts = 0`,
    [p.orderId, p.cardId, p.codeHash, p.at, p.expiresAt],
  );
}

export async function findCardProof(tx: Queryable, orderId: number, cardId: number): Promise<CardProofRow | undefined> {
  const { rows } = await tx.query<CardProofRow>(
    'select code_hash, expires_at, attempts, sent_at from loyalty_card_proofs where order_id = $1 and card_id = $2 for update',
    [orderId, cardId],
  );
  return rows[0];
}

export async function countCardProofAttempt(tx: Queryable, orderId: number, cardId: number): Promise<void> {
  await tx.query('update loyalty_card_proofs set attempts = attempts + 1 where order_id = $1 and card_id = $2', [orderId, cardId]);
}

/** A proven code is used up. */
export async function deleteCardProof(tx: Queryable, orderId: number, cardId: number): Promise<void> {
  await tx.query('delete from loyalty_card_proofs where order_id = $1 and card_id = $2', [orderId, cardId]);
}

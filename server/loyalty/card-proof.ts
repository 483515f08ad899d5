import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Lang } from '../../contract/common.ts';
import { LOYALTY_PROOF } from '../../contract/order-rules.ts';
import type { Queryable } from '../db/client.ts';
import { serverText } from '../locales/texts.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { countCardProofAttempt, deleteCardProof, findCardProof, upsertCardProof } from './card-proof.repository.ts';

const hashOf = (orderId: number, cardId: number, code: string) =>
  createHash('sha256').update(`loyalty-proof:${orderId}:${cardId}:${code}`).digest('hex');

/** The card's number as a mail shows it: its last four digits only. */
const masked = (code: string) => `•••• ${code.slice(-4)}`;

/**
 * Sends a new one-time code for the order and card to the e-mail registered with the card (through
 * the mail outbox, inside the caller's transaction), replacing any code sent before.
 */
export async function sendCardProof(
  tx: Queryable,
  p: { orderId: number; orderNumber: number; card: { id: number; code: string; email: string }; lang: Lang; at: Date },
): Promise<void> {
  const code = randomCode();
  await upsertCardProof(tx, {
    orderId: p.orderId,
    cardId: p.card.id,
    codeHash: hashOf(p.orderId, p.card.id, code),
    at: p.at,
    expiresAt: new Date(p.at.getTime() + LOYALTY_PROOF.lifetimeMinutes * 60_000),
  });
  const text = serverText('cardProofMail', 'text', p.lang, {
    card: masked(p.card.code),
    number: p.orderNumber,
    code,
    count: LOYALTY_PROOF.lifetimeMinutes,
  });
  await enqueueMail(tx, { to: p.card.email, subject: serverText('cardProofMail', 'subject', p.lang), text }, p.at);
}

function randomCode(): string {
  return String(randomInt(0, 10 ** LOYALTY_PROOF.digits)).padStart(LOYALTY_PROOF.digits, '0');
}

/**
 * Checks a code typed for the order and card: right, unexpired and within its tries. A wrong try
 * is counted (the caller commits it even though it refuses the call); a right one is used up.
 */
export async function checkCardProof(tx: Queryable, p: { orderId: number; cardId: number; code: string; at: Date }): Promise<boolean> {
  const proof = await findCardProof(tx, p.orderId, p.cardId);
  if (!proof || proof.expires_at.getTime() <= p.at.getTime() || proof.attempts >= LOYALTY_PROOF.attempts) return false;
  const typed = Buffer.from(hashOf(p.orderId, p.cardId, p.code.trim()));
  const stored = Buffer.from(proof.code_hash);
  if (typed.length === stored.length && timingSafeEqual(typed, stored)) {
    await deleteCardProof(tx, p.orderId, p.cardId);
    return true;
  }
  await countCardProofAttempt(tx, p.orderId, p.cardId);
  return false;
}

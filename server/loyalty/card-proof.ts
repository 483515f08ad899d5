import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Lang } from '../../contract/common.ts';
import { LOYALTY_PROOF } from '../../contract/order-rules.ts';
import type { Queryable } from '../db/client.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { countCardProofAttempt, deleteCardProof, findCardProof, upsertCardProof } from './card-proof.repository.ts';

const hashOf = (orderId: number, cardId: number, code: string) => createHash('sha256').update(`loyalty-proof:${orderId}:${cardId}:${code}`).digest('hex');

/** The card's number as a mail shows it: its last four digits only. */
const masked = (code: string) => `•••• ${code.slice(-4)}`;

const mail: Record<Lang, { subject: string; text: (card: string, order: number, code: string) => string }> = {
  ru: {
    subject: 'Код подтверждения карты лояльности',
    text: (card, order, code) =>
      `Код для списания бонусов карты ${card} в заказе № ${order}: ${code}\n\nКод действует ${LOYALTY_PROOF.lifetimeMinutes} минут. Если вы не оформляли этот заказ, никому не сообщайте код и просто удалите письмо.`,
  },
  en: {
    subject: 'Loyalty card confirmation code',
    text: (card, order, code) =>
      `Your code to use the bonuses of card ${card} in order No. ${order}: ${code}\n\nThe code is valid for ${LOYALTY_PROOF.lifetimeMinutes} minutes. If you did not place this order, do not share the code and simply delete this e-mail.`,
  },
  kz: {
    subject: 'Адалдық картасын растау коды',
    text: (card, order, code) =>
      `№ ${order} тапсырыста ${card} картасының бонустарын пайдалану коды: ${code}\n\nКод ${LOYALTY_PROOF.lifetimeMinutes} минут жарамды. Егер сіз бұл тапсырысты рәсімдемесеңіз, кодты ешкімге айтпаңыз және хатты жойыңыз.`,
  },
  ch: {
    subject: '会员卡验证码',
    text: (card, order, code) =>
      `在订单 ${order} 中使用会员卡 ${card} 积分的验证码：${code}\n\n验证码 ${LOYALTY_PROOF.lifetimeMinutes} 分钟内有效。如果您没有下此订单，请勿透露验证码并删除此邮件。`,
  },
};

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
  const m = mail[p.lang];
  await enqueueMail(tx, { to: p.card.email, subject: m.subject, text: m.text(masked(p.card.code), p.orderNumber, code) }, p.at);
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

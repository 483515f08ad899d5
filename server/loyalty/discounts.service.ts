import type { Lang } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { canApplyPromo } from '../../contract/order-rules.ts';
import type { Db, Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { lockChangeableOrder, recomputeOrderTotals } from '../order-view/order-state.ts';
import { checkCardProof, sendCardProof } from './card-proof.ts';
import { countCardProofAttempt } from './card-proof.repository.ts';
import {
  type CardRow,
  type DiscountViewRow,
  accrueCardBalance,
  attachCard,
  clearOrderDiscounts,
  countCodeFailuresSince,
  countPromoUses,
  ensureDiscountRow,
  findBonusRoom,
  findLoyaltySettlement,
  findOrderPromoCode,
  insertCodeFailure,
  insertLoyaltyTransaction,
  isCardAttached,
  lockActivePromoCode,
  lockAttachedCard,
  lockCardByCode,
  rollbackToCodesSavepoint,
  setCodesSavepoint,
  setOrderBonuses,
  setOrderPromoCode,
  spendCardBalance,
  sumBonusesHeldElsewhere,
} from './discounts.repository.ts';
import { textOf } from '../locales/texts.ts';
import { addressKey } from '../security/client-address.ts';

/**
 * A promo code, card number or card code that proves nothing: a try that counts against the
 * order's and the client address's limits. `afterRollback` runs once the call's other work is
 * undone, for what must stay (a code sent, a wrong try of a code counted).
 */
class WrongCode extends BusinessError {
  afterRollback: ((tx: Queryable) => Promise<void>) | undefined;
}

/** A card attached only with the code sent to its holder: the answer is 200 with cardProof 'required'. */
class CardProofRequired extends WrongCode {}

const invalidPromo = () =>
  new WrongCode(ErrorCode.validation, { status: 400, text: textOf('discounts', 'invalidPromo'), details: { promoCode: '' } });
const wrongCardProof = () =>
  new WrongCode(ErrorCode.validation, { status: 400, text: textOf('discounts', 'wrongCardProof'), details: { cardProof: '' } });

/** Wrong codes an order may try per window; the next try answers 429 until the oldest ages out. */
export const CODE_FAILURE_LIMIT = 10;
/** Wrong codes one client address may try per window over all its orders (a new order per guess gains nothing). */
export const CODE_FAILURE_LIMIT_PER_ADDRESS = 30;
export const CODE_FAILURE_WINDOW_MS = 3_600_000;

/** Wrong codes within the window, of an order or of a client address, and when the oldest of them ages out of it. */
async function recentCodeFailures(
  tx: Queryable,
  column: 'order_id' | 'client_ip',
  value: number | string,
  at: Date,
): Promise<{ count: number; freeAt: Date }> {
  const { count, oldest } = await countCodeFailuresSince(tx, column, value, new Date(at.getTime() - CODE_FAILURE_WINDOW_MS));
  return { count, freeAt: new Date((oldest ?? at).getTime() + CODE_FAILURE_WINDOW_MS) };
}

async function recordCodeFailure(tx: Queryable, orderId: number, clientIp: string | undefined, at: Date): Promise<void> {
  await insertCodeFailure(tx, {
    orderId,
    clientIp: clientIp === undefined ? null : addressKey(clientIp),
    at,
    forgetBefore: new Date(at.getTime() - CODE_FAILURE_WINDOW_MS),
  });
}

/** A card's balance minus the bonuses other unpaid orders hold, so no bonus is spent twice. */
async function freeBalance(tx: Queryable, card: Pick<CardRow, 'id' | 'balance'>, exceptOrderId: number): Promise<number> {
  return Math.max(0, card.balance - (await sumBonusesHeldElsewhere(tx, card.id, exceptOrderId)));
}

/** The bonuses an order may use now: the card's free balance, at most whole roubles left to pay. */
export async function availableBonuses(
  tx: Queryable,
  orderId: number,
  card: Pick<CardRow, 'id' | 'is_blocked' | 'balance'>,
): Promise<number> {
  if (card.is_blocked) return 0;
  return Math.min(await freeBalance(tx, card, orderId), Math.floor((await findBonusRoom(tx, orderId)) / 100));
}

type DiscountInput = {
  hash: string;
  at: Date;
  lang: Lang;
  promoCode?: string | undefined;
  cardCode?: string | undefined;
  /** The code sent to the card's e-mail. */
  cardProof?: string | undefined;
  bonuses?: number | undefined;
  /** The identified CRM client (docs/crm-client.md): its own cards need no code. */
  crmClientId?: number | undefined;
  clientIp?: string | undefined;
};

/**
 * Applies what the visitor sent: a promo code (percent or amount, validity window, usage
 * limit, event), a loyalty card, and bonuses to spend (whole, above 0, within what is
 * available). All in one transaction: a refused part changes nothing, except that a wrong
 * code is counted: after CODE_FAILURE_LIMIT wrong codes within CODE_FAILURE_WINDOW_MS, an
 * order's tries with a code answer 429 (-1029), so codes cannot be guessed one after another.
 */
async function applyDiscount(db: Db, input: DiscountInput): Promise<{ promoCode: string; cardProof?: 'required' }> {
  const outcome = await db.transaction(async (tx) => {
    // The order's row lock serialises its tries, so each counts the ones before it, on any instance.
    const order = await lockChangeableOrder(tx, input.hash, input.at);
    const triesCode = input.promoCode !== undefined || Boolean(input.cardCode);
    if (triesCode) {
      const byOrder = await recentCodeFailures(tx, 'order_id', order.id, input.at);
      const byAddress = input.clientIp ? await recentCodeFailures(tx, 'client_ip', addressKey(input.clientIp), input.at) : undefined;
      const full = [
        byOrder.count >= CODE_FAILURE_LIMIT ? byOrder : undefined,
        byAddress && byAddress.count >= CODE_FAILURE_LIMIT_PER_ADDRESS ? byAddress : undefined,
      ].filter((x) => x !== undefined);
      if (full.length > 0) {
        // Retry-After: when the oldest wrong code no longer counts, so the next try is taken.
        const freeAt = Math.max(...full.map((x) => x.freeAt.getTime()));
        const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - input.at.getTime()) / 1000));
        return { refused: new BusinessError(ErrorCode.tooManyRequests, { status: 429, retryAfterSeconds }) };
      }
    }
    await ensureDiscountRow(tx, order.id);
    // A wrong code undoes the call's work back to here and keeps only its count.
    await setCodesSavepoint(tx);
    try {
      return { applied: await applyDiscountParts(tx, order, input) };
    } catch (error) {
      if (!(error instanceof WrongCode)) throw error;
      await rollbackToCodesSavepoint(tx);
      await error.afterRollback?.(tx);
      await recordCodeFailure(tx, order.id, input.clientIp, input.at);
      if (error instanceof CardProofRequired)
        return { applied: { promoCode: await findOrderPromoCode(tx, order.id), cardProof: 'required' as const } };
      return { refused: error };
    }
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.applied;
}

/**
 * The card the visitor named, once it is theirs: the identified CRM client's own card, or one
 * proven by the code sent to its e-mail. Without a code, a code is sent when the card can have one
 * (known, not blocked, with an e-mail) and the answer asks for it, the same answer whatever the
 * card; a wrong code (or any code for a card that is not there) is refused alike.
 */
async function provenCard(
  tx: Queryable,
  order: { id: number; number: number },
  input: DiscountInput & { cardCode: string },
): Promise<CardRow> {
  const card = await lockCardByCode(tx, input.cardCode.trim());
  if (card && card.crm_client_id !== null && card.crm_client_id === input.crmClientId) return card;
  // Proven on this order before: naming it again (with bonuses to spend, say) needs no new code.
  if (card && (await isCardAttached(tx, order.id, card.id))) return card;
  if (input.cardProof === undefined) {
    const required = new CardProofRequired(ErrorCode.ok, { status: 200 });
    if (card && !card.is_blocked && card.email) {
      required.afterRollback = (t) =>
        sendCardProof(t, { orderId: order.id, orderNumber: order.number, card, lang: input.lang, at: input.at });
    }
    throw required;
  }
  const refused = wrongCardProof();
  if (!card || card.is_blocked) throw refused;
  // Checked after the rollback, so a wrong try stays counted; a right code is checked here.
  const proof = input.cardProof;
  const ok = await checkCardProof(tx, { orderId: order.id, cardId: card.id, code: proof, at: input.at });
  if (!ok) {
    // checkCardProof counted the try; the savepoint's rollback would undo it: count it again after.
    refused.afterRollback = (t) => countCardProofAttempt(t, order.id, card.id);
    throw refused;
  }
  return card;
}

async function applyDiscountParts(
  tx: Queryable,
  order: { id: number; event_id: number; number: number; pushkin_card: boolean },
  input: DiscountInput,
): Promise<{ promoCode: string }> {
  let promoCode = '';

  // A promo code sent is checked, even one that is blank once trimmed (the page never sends one).
  if (input.promoCode !== undefined) {
    if (!canApplyPromo(input.promoCode)) throw invalidPromo();
    const code = input.promoCode.trim().toUpperCase();
    const promo = await lockActivePromoCode(tx, code);
    const at = input.at.getTime();
    if (!promo) throw invalidPromo();
    if ((promo.valid_from && promo.valid_from.getTime() > at) || (promo.valid_until && promo.valid_until.getTime() <= at))
      throw invalidPromo();
    if (promo.event_id !== null && promo.event_id !== order.event_id) throw invalidPromo();
    if (promo.usage_limit !== null && (await countPromoUses(tx, promo.id, order.id)) >= promo.usage_limit) throw invalidPromo();
    await setOrderPromoCode(tx, order.id, promo.id);
    promoCode = code;
    await recomputeOrderTotals(tx, order.id);
  }

  let card: CardRow | undefined;
  if (input.cardCode) {
    card = await provenCard(tx, order, { ...input, cardCode: input.cardCode });
    await attachCard(tx, order.id, card.id);
  }

  if (input.bonuses !== undefined) {
    // The Pushkin card pays the whole price (the programme's rule, and the registry is told what
    // the card paid): bonuses cannot pay part of a Pushkin-card order. A promo code lowers the
    // price the card pays, and is reported so.
    if (order.pushkin_card && input.bonuses > 0)
      throw new BusinessError(ErrorCode.validation, { status: 409, text: textOf('discounts', 'pushkinCard') });
    card ??= await lockAttachedCard(tx, order.id);
    if (!card) throw new BusinessError(ErrorCode.validation, { status: 400, text: textOf('discounts', 'noCard') });
    if (card.is_blocked) throw new BusinessError(ErrorCode.validation, { status: 409, text: textOf('discounts', 'cardBlocked') });
    if (!Number.isInteger(input.bonuses) || input.bonuses > (await availableBonuses(tx, order.id, card))) {
      throw new BusinessError(ErrorCode.validation, { status: 400, text: textOf('discounts', 'badBonuses') });
    }
    await setOrderBonuses(tx, order.id, input.bonuses);
  }
  await recomputeOrderTotals(tx, order.id);
  if (!promoCode) promoCode = await findOrderPromoCode(tx, order.id);
  return { promoCode };
}

/** Cancels the promo code, the bonuses, or both (the card stays linked). */
async function cancelDiscount(db: Db, input: { hash: string; at: Date; what: 'promo' | 'bonuses' | 'all' }): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockChangeableOrder(tx, input.hash, input.at);
    await clearOrderDiscounts(tx, order.id, { promo: input.what !== 'bonuses', bonuses: input.what !== 'promo' });
    await recomputeOrderTotals(tx, order.id);
  });
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;

/** The visitor's discounts on an unpaid order: a promo code, a loyalty card, bonuses to spend. */
export function createDiscountsService(deps: { db: Db }) {
  return {
    apply: (input: DiscountInput) => applyDiscount(deps.db, input),
    cancel: (input: { hash: string; at: Date; what: 'promo' | 'bonuses' | 'all' }) => cancelDiscount(deps.db, input),
  };
}

/**
 * On payment: spends the order's bonuses and accrues new ones (the card's percent of the amount
 * paid, whole bonuses). Once per order: loyalty_transactions has one spend and one accrual.
 */
export async function settleLoyalty(tx: Queryable, orderId: number, at: Date): Promise<void> {
  const row = await findLoyaltySettlement(tx, orderId);
  if (!row || row.card_id === null) return;
  if (row.bonuses > 0) {
    const spent = await insertLoyaltyTransaction(tx, { cardId: row.card_id, orderId, kind: 'spend', bonuses: row.bonuses, at });
    if (spent) await spendCardBalance(tx, row.card_id, row.bonuses);
  }
  if (row.is_blocked) return;
  const charged = Math.floor((row.total * row.accrual_percent) / 100 / 100);
  if (await insertLoyaltyTransaction(tx, { cardId: row.card_id, orderId, kind: 'accrue', bonuses: charged, at })) {
    await accrueCardBalance(tx, orderId, row.card_id, charged);
  }
}

/** discountData of the order view from its discount row (undefined: none); reads more only for a loyalty card. */
export async function discountDataFrom(db: Queryable, orderId: number, d: DiscountViewRow | undefined) {
  const card =
    d && d.card_id !== null
      ? {
          id: d.card_id,
          code: d.code ?? '',
          is_blocked: Boolean(d.is_blocked),
          balance: d.balance ?? 0,
          accrual_percent: d.accrual_percent ?? 0,
        }
      : undefined;
  return {
    cardCode: card?.code ?? '',
    isBlocked: (card?.is_blocked ? 1 : 0) as 0 | 1,
    availableBonuses: card ? await availableBonuses(db, orderId, card) : 0,
    useBonuses: d?.bonuses ?? 0,
    totalBalance: card?.balance ?? 0,
    totalDiscount: ((d?.promo_discount ?? 0) + (d?.bonus_discount ?? 0)) / 100,
    chargedBonus: d?.charged_bonus ?? 0,
    promoCode: d?.promo ?? '',
  };
}

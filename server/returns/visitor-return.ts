/** A visitor's return: the request, confirmed by an e-mail link valid 24 hours. */
import { randomBytes } from 'node:crypto';
import { type Lang } from '../../contract/common.ts';
import type { Queryable } from '../db/client.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { RETURN_LINK_HOURS, ReturnStatus } from '../../contract/returns.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import { BusinessError } from '../http.ts';
import { textOf } from '../locales/texts.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { fullLocalized } from '../order-view/dates.ts';
import { orderNotFound } from '../payments/payment-context.ts';
import { returnLinkMail } from './return-mail.ts';
import { returnedShare } from './return-services.ts';
import { consentRequired } from '../personal-data/consent-ticks.ts';
import { insertConsents } from '../personal-data/personal-data.repository.ts';
import {
  type ReturnsDeps,
  assertOrderReturnable,
  bonusMoves,
  carryOutRequest,
  finishRefund,
  holdForRequest,
  linkInvalid,
  notAllowed,
  notReturnable,
  servicesGoingWith,
  ticketAllowed,
  ticketTerms,
  ticketUsed,
  tokenHash,
} from './return-core.ts';
import {
  type ReturnTicketRow,
  findRequestByToken,
  findRequestTickets,
  findReturnOrder,
  findReturnTickets,
  insertReturnRequest,
  lapseExpiredRequests,
  lockTickets,
  reasonExists,
} from './returns.repository.ts';

/**
 * The return form's consent switch (scope `return`) is required at both steps, as the form's
 * submit is (the request and its confirmation): without it nothing is written (-1050).
 */
function requireReturnConsent(consent: boolean | undefined): void {
  if (consent !== true) throw consentRequired('consent', textOf('returns', 'consentRequired'));
}

/** A ledger row for the switch, in the same transaction as the step it was given with. */
const recordReturnConsent = (tx: Queryable, orderId: number, lang: Lang, at: Date, address: string | undefined) =>
  insertConsents(tx, orderId, lang, at, [{ id: null, consent: { scope: 'return', address: address ?? null } }]);

/**
 * POST /api/order/return-create: the chosen tickets go to 60 and an e-mail with the
 * confirmation link (valid 24 hours) goes through the outbox, in one transaction.
 */
export async function createReturn(
  deps: ReturnsDeps,
  input: { hash: string; lang: Lang; reasonId: number; ids: readonly number[]; consent?: boolean | undefined },
  address?: string,
) {
  requireReturnConsent(input.consent);
  const { db, now } = deps;
  const at = new Date(now());
  const setup = await deps.setup.get();
  return db.transaction(async (tx) => {
    const order = await findReturnOrder(tx, input.hash, true);
    if (order) await lapseExpiredRequests(tx, order.id, at);
    const tickets = order ? await findReturnTickets(tx, order.id) : [];
    assertOrderReturnable(order, tickets, setup, at);
    if (setup.app.return_form_url) throw new BusinessError(ErrorCode.returnNotAllowed, { text: textOf('returns', 'externalForm') });
    if (!order.email) throw new BusinessError(ErrorCode.returnNotAllowed, { text: textOf('returns', 'noEmail') });
    if (!(await reasonExists(tx, input.reasonId))) {
      throw new BusinessError(ErrorCode.validation, { status: 400, details: { fields: [{ path: 'reason', code: 'reason' }] } });
    }
    const ids = [...new Set(input.ids)];
    const chosen = ids.map((id) => tickets.find((t) => t.id === id));
    if (ids.length !== input.ids.length || chosen.some((t) => !t || t.status !== ReturnStatus.returnable || !ticketAllowed(t, setup, at))) {
      throw notReturnable();
    }
    if (chosen.some((t) => t?.checked_in_at)) throw ticketUsed();
    const priced = (chosen as ReturnTicketRow[]).map((t) => ({ ticket: t, terms: ticketTerms(t, order, setup, at) }));
    if (priced.some((p) => p.terms.left <= 0)) throw new BusinessError(ErrorCode.returnExpired);

    const going = await servicesGoingWith(tx, order, tickets, ids);
    const amount = priced.reduce((sum, p) => sum + p.terms.refund, 0) + going.reduce((sum, x) => sum + x.refund, 0);
    const share = returnedShare(
      priced.map((p) => ({ unitPrice: p.ticket.unit_price, percent: p.terms.percent })),
      going,
    );
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(at.getTime() + RETURN_LINK_HOURS * 3600_000);
    const requestId = await insertReturnRequest(tx, {
      orderId: order.id,
      reasonId: input.reasonId,
      tokenSha256: tokenHash(token),
      lang: input.lang,
      amount,
      share,
      at,
      expiresAt,
      tickets: priced.map((p) => ({ id: p.ticket.id, amount: p.terms.refund, fee: p.terms.fee })),
    });
    await holdForRequest(tx, requestId, ids, going);
    await recordReturnConsent(tx, order.id, input.lang, at, address);
    const bonuses = await bonusMoves(tx, order, { share, amount });
    const query = new URLSearchParams({ hash_conf: token });
    if (input.lang !== 'ru') query.set('lang', input.lang);
    const link = `${deps.baseUrl}/order/return/${order.hash}?${query.toString()}`;
    await enqueueMail(
      tx,
      returnLinkMail({
        to: order.email,
        lang: input.lang,
        orderNumber: order.number,
        count: ids.length,
        amount,
        currency: setup.app.currency,
        link,
        requestId,
        orderId: order.id,
        services: going.map((x) => ({ name: fullLocalized(x.name)[input.lang], amount: x.refund })),
        bonusesRestored: bonuses.restore,
        bonusesRevoked: bonuses.revoke,
      }),
      at,
    );
    return { amount, expiresAt };
  });
}

/**
 * POST /api/order/return-confirm: with a valid link the request's tickets go back on sale,
 * the refund is requested on the order's payment (key return:{request}, so it is made once)
 * and carried out at once through the provider; tickets end at 70 (refunded) or 80 (refund
 * still with the acquirer, retried by the refunds job). A wrong, used or expired link changes
 * nothing.
 */
export async function confirmReturn(
  deps: ReturnsDeps,
  input: { hash: string; lang: Lang; hashConf: string; consent?: boolean | undefined },
  address?: string,
) {
  requireReturnConsent(input.consent);
  const { db, now } = deps;
  const at = new Date(now());
  const done = await db.transaction(async (tx) => {
    const order = await findReturnOrder(tx, input.hash, true);
    if (!order) throw orderNotFound();
    if (order.status !== OrderStatus.paid) throw notAllowed();
    const request = await findRequestByToken(tx, order.id, tokenHash(input.hashConf), true);
    if (!request || request.confirmed_at || request.lapsed_at || request.expires_at.getTime() <= at.getTime()) throw linkInvalid();
    const own = await findRequestTickets(tx, request.id);
    const ids = own.map((t) => t.ticket_id);
    // A requested ticket still admits until the return is confirmed, so the door may have let
    // the visitor in meanwhile; the lock makes that answer final for this transaction.
    await lockTickets(tx, ids);
    const tickets = (await findReturnTickets(tx, order.id)).filter((t) => ids.includes(t.id));
    if (tickets.length !== ids.length || tickets.some((t) => t.status !== ReturnStatus.requested)) throw linkInvalid();
    if (tickets.some((t) => t.checked_in_at)) throw ticketUsed();
    if (tickets.some((t) => t.starts_at.getTime() <= at.getTime())) {
      throw new BusinessError(ErrorCode.returnExpired, { text: textOf('returns', 'sessionStarted') });
    }

    await recordReturnConsent(tx, order.id, input.lang, at, address);
    return carryOutRequest(deps, tx, order, request, ids, at);
  });

  return finishRefund(deps, done);
}

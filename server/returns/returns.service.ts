import { enqueueRefundReports } from '../registry/registry.repository.ts';
import { createHash, randomBytes } from 'node:crypto';
import { type Lang, type Localized, normalizeLang } from '../../contract/common.ts';
import { ErrorCode } from '../../contract/errors.ts';
import {
  type OrderReturnPayload,
  RETURN_LINK_HOURS,
  type ReturnGroup,
  type ReturnRow,
  type ReturnService,
  ReturnStatus,
  isConfirmationHash,
} from '../../contract/returns.ts';
import type { StoredSetup } from '../../contract/setup.ts';
import type { Db, Queryable } from '../db/client.ts';
import { BusinessError } from '../http.ts';
import { serverText, textInAll, textOf } from '../locales/texts.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { fullLocalized, sessionDayTime } from '../order-view/dates.ts';
import { OrderStatus, returnLinePlaces } from '../orders/orders.service.ts';
import { toRoubles } from '../orders/pricing.ts';
import { type PaymentsService, orderNotFound } from '../payments/payments.service.ts';
import { giveOfferStock } from '../offers/offers.repository.ts';
import { findRefundStatus } from '../payments/payments.repository.ts';
import { refundPercent, returnDeadline, secondsLeft, ticketRefundParts } from './refund-policy.ts';
import { returnDoneMail, returnLinkMail } from './return-mail.ts';
import { bonusesToRestore, bonusesToRevoke, serviceRefund, serviceTicketIds, servicesGoingBack } from './return-services.ts';
import {
  type ReturnOrderRow,
  type ReturnRequestRow,
  type ReturnServiceRow,
  type ReturnTicketRow,
  findConfirmedReturns,
  findConsentText,
  findLoyaltyMovements,
  findPaidPayment,
  findRequestByToken,
  findRequestServices,
  findRequestTickets,
  findRequestById,
  findReturnOrder,
  findReturnOrderById,
  markRequestConfirmed,
  findReturnReasons,
  findReturnServices,
  findReturnTickets,
  insertRequestServices,
  lockTickets,
  insertReturnRequest,
  lapseExpiredRequests,
  moveRequestServices,
  moveReturnBonuses,
  moveTickets,
  reasonExists,
  settleDoneRefunds,
} from './returns.repository.ts';

const DEFAULT_CONSENT: Localized = textInAll('returns', 'consent');

const notAllowed = () => new BusinessError(ErrorCode.returnNotAllowed);
const linkInvalid = () => new BusinessError(ErrorCode.returnLinkInvalid);
const notReturnable = () => new BusinessError(ErrorCode.ticketsNotReturnable);
/**
 * A ticket the door admitted is used, as at any box office: the visitor cannot return it (the
 * event was attended); staff still can, and every staff refund records its reason.
 */
const ticketUsed = () => new BusinessError(ErrorCode.ticketUsed);

/** The refund reason the Pushkin-card registry is told of a visitor's return. */
const REGISTRY_REFUND_REASON = 'Возврат билета по заявлению посетителя';

/** The token of the e-mail link is random; only its hash is stored. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** dd.mm.yyyy HH:MM at +03:00, the return screen's zone. */
export function atReturnZone(at: Date): { date: string; dateTime: string } {
  const iso = new Date(at.getTime() + 3 * 3600_000).toISOString();
  const date = `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
  return { date, dateTime: `${date} ${iso.slice(11, 16)}` };
}

function holderName(holder: Record<string, unknown> | null): string {
  if (!holder) return '';
  return [holder.surname, holder.name, holder.middleName ?? holder.middle_name]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
}

function placeOf(t: ReturnTicketRow): Localized {
  const sector = fullLocalized(t.sector_name);
  const standing = fullLocalized(t.standing_name);
  const each = (fn: (lang: Lang) => string): Localized => ({ ru: fn('ru'), en: fn('en'), kz: fn('kz'), ch: fn('ch') });
  const { row_label: row, seat_label: seat } = t;
  if (seat) {
    return each((l) => [sector[l], row ? serverText('places', 'row', l, { row }) : '', serverText('places', 'seat', l, { seat })].filter(Boolean).join(', '));
  }
  return t.standing_name ? standing : each(() => '');
}

/** Whether the order may be returned at all: paid, and usereturn or setup app.order_return. */
function ticketAllowed(t: ReturnTicketRow, setup: StoredSetup): boolean {
  return setup.app.order_return === 1 || t.allow_return;
}

function assertOrderReturnable(order: ReturnOrderRow | undefined, tickets: readonly ReturnTicketRow[], setup: StoredSetup): asserts order is ReturnOrderRow {
  if (!order) throw orderNotFound();
  if (order.status !== OrderStatus.paid || !tickets.some((t) => ticketAllowed(t, setup))) throw notAllowed();
}

/** A ticket's deadline, the seconds left to it, and what returning it at `at` refunds. */
function ticketTerms(t: ReturnTicketRow, order: ReturnOrderRow, setup: StoredSetup, at: Date) {
  const settings = { policy: t.refund_policy, returnHoursBefore: t.return_hours_before, refundServiceFee: t.refund_service_fee };
  const deadline = returnDeadline(t.starts_at, settings);
  const left = ticketAllowed(t, setup) ? secondsLeft(deadline, at) : 0;
  const parts = ticketRefundParts(
    { unitPrice: t.unit_price, unitFee: t.unit_fee },
    refundPercent(t.refund_policy, t.starts_at, at),
    t.refund_service_fee,
    orderDiscount(order),
  );
  return { deadline, left, refund: parts.price + parts.fee, fee: parts.fee };
}

const orderDiscount = (order: ReturnOrderRow) => ({ discountable: order.subtotal + order.services_total, discount: order.discount });

const asServices = (services: readonly ReturnServiceRow[]) =>
  services.map((s) => ({ id: s.id, lineId: s.parent_line_id, offerId: s.offer_id, seatTied: s.seat_tied, amount: s.amount, status: s.status }));
const asTickets = (tickets: readonly ReturnTicketRow[]) => tickets.map((t) => ({ id: t.id, lineId: t.line_id, status: t.status }));

/** The order's attached services that go back with these tickets, each with its refund. */
async function servicesGoingWith(tx: Queryable, order: ReturnOrderRow, tickets: readonly ReturnTicketRow[], ids: readonly number[]) {
  const serviceRows = await findReturnServices(tx, order.id);
  return servicesGoingBack(asServices(serviceRows), asTickets(tickets), ids).map((x) => ({
    id: x.id,
    name: serviceRows.find((row) => row.id === x.id)?.name ?? {},
    refund: serviceRefund(x.amount, orderDiscount(order)),
    price: x.amount,
  }));
}

/**
 * Ties the tickets and services to the request and marks them requested; a ticket or service that
 * another request took meanwhile refuses the whole request.
 */
async function holdForRequest(tx: Queryable, requestId: number, ticketIds: readonly number[], services: readonly { id: number; refund: number }[]) {
  await insertRequestServices(tx, requestId, services.map((x) => ({ id: x.id, amount: x.refund })));
  if ((await moveTickets(tx, ticketIds, ReturnStatus.returnable, ReturnStatus.requested)) !== ticketIds.length) throw notReturnable();
  if ((await moveRequestServices(tx, [requestId], ReturnStatus.returnable, ReturnStatus.requested)) !== services.length) throw notReturnable();
}

/**
 * The loyalty bonuses a return moves once confirmed: those paid with, given back in proportion
 * to the part of the order's price returned, and those accrued, taken back in proportion to the
 * money refunded; cumulative over the order's confirmed returns (docs/returns.md).
 */
async function bonusMoves(tx: Queryable, order: ReturnOrderRow, request: { share: number; amount: number }) {
  const movements = await findLoyaltyMovements(tx, order.id);
  const confirmed = await findConfirmedReturns(tx, order.id);
  const restore = bonusesToRestore({
    spent: movements.spent,
    discountable: order.subtotal + order.services_total,
    returnedShare: confirmed.share + request.share,
    alreadyRestored: movements.restored,
  });
  const revoke = bonusesToRevoke({
    accrued: movements.accrued,
    total: order.total,
    refunded: confirmed.refunded + request.amount,
    alreadyRevoked: movements.revoked,
  });
  return { cardId: movements.cardId, restore, revoke, movements };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;

/**
 * Returns of paid orders: the return screen's data, the request
 * confirmed by an e-mail link valid 24 hours, and the confirmation that gives the places back
 * and refunds through the payment provider. Every change holds the order's row lock, so two
 * requests or confirmations of one order never interleave.
 */
export function createReturnsService(deps: {
  db: Db;
  now: () => number;
  setup: { get(): Promise<StoredSetup> };
  payments: PaymentsService;
  baseUrl: string;
  timeZone: string;
}) {
  const { db, now } = deps;

  /** POST /api/order/return/{hash}: the screen's rows, groups, reasons and consent. */
  async function viewReturn(input: { hash: string; lang: Lang; hashConf?: string | null | undefined }): Promise<OrderReturnPayload> {
    const at = new Date(now());
    const setup = await deps.setup.get();
    return db.transaction(async (tx) => {
      const order = await findReturnOrder(tx, input.hash, true);
      if (order) {
        await lapseExpiredRequests(tx, order.id, at);
        await settleDoneRefunds(tx, order.id);
      }
      const tickets = order ? await findReturnTickets(tx, order.id) : [];
      assertOrderReturnable(order, tickets, setup);
      const serviceRows = await findReturnServices(tx, order.id);

      let errorCode = 0;
      let errorText = '';
      let confirm: OrderReturnPayload['confirm'] = null;
      if (isConfirmationHash(input.hashConf)) {
        const request = await findRequestByToken(tx, order.id, tokenHash(input.hashConf));
        if (!request || request.confirmed_at || request.lapsed_at || request.expires_at.getTime() <= at.getTime()) {
          const error = linkInvalid();
          errorCode = Number(error.code);
          errorText = error.toBody(input.lang).errorText;
        } else {
          const own = await findRequestTickets(tx, request.id);
          const ownServices = await findRequestServices(tx, request.id);
          confirm = {
            ids: own.map((t) => t.ticket_id),
            service_ids: ownServices.map((x) => x.service_id),
            summa: toRoubles(request.amount),
            reason_id: request.reason_id,
          };
        }
      }

      const created = atReturnZone(order.created_at);
      const groupKeys = new Map<number, number>();
      const groups: ReturnGroup[] = [];
      const rows: ReturnRow[] = tickets.map((t) => {
        const terms = ticketTerms(t, order, setup, at);
        let sortnum = groupKeys.get(t.session_id);
        if (sortnum === undefined) {
          sortnum = groupKeys.size + 1;
          groupKeys.set(t.session_id, sortnum);
          groups.push({ sortnum, returndatime: terms.left, deadline: atReturnZone(terms.deadline).dateTime });
        }
        const { day, time } = sessionDayTime(t.starts_at, t.has_time, deps.timeZone);
        const fixed = t.status !== ReturnStatus.returnable && t.request_amount !== null;
        return {
          id: t.id,
          status_id: t.status,
          ord_num: order.number,
          datime: created.dateTime,
          owner_name: order.buyer_name,
          email: order.email,
          phone: order.phone,
          returndatime: terms.left,
          returnreason_id: t.reason_id,
          quant: t.group_passes > 0 ? t.group_passes : 1,
          summa: toRoubles(t.unit_price),
          refund: toRoubles(fixed ? (t.request_amount ?? 0) : terms.refund),
          sortnum,
          action: fullLocalized(t.event_name),
          day,
          time,
          zonelevel: fullLocalized(t.level_name && Object.keys(t.level_name).length > 0 ? t.level_name : t.zone_name),
          category: fullLocalized(t.category_name),
          place: placeOf(t),
          name: holderName(t.holder),
          used: t.checked_in_at ? 1 : 0,
        };
      });
      const depends = serviceTicketIds(asServices(serviceRows), asTickets(tickets));
      const services: ReturnService[] = serviceRows.map((x) => ({
        id: x.id,
        ids: depends.get(x.id) ?? [],
        seat_tied: x.seat_tied ? 1 : 0,
        action: fullLocalized(x.name),
        cost: toRoubles(x.amount),
        refund: toRoubles(x.status !== ReturnStatus.returnable && x.request_amount !== null ? x.request_amount : serviceRefund(x.amount, orderDiscount(order))),
        status_id: x.status,
      }));
      const movements = await findLoyaltyMovements(tx, order.id);
      const reasons = await findReturnReasons(tx);
      const consent = await findConsentText(tx, order.event_id);
      return {
        error_code: errorCode,
        error_text: errorText,
        hash: order.hash,
        rows,
        services,
        bonuses: { spent: movements.spent, accrued: movements.accrued, restored: movements.restored, revoked: movements.revoked },
        groups,
        reasons: reasons.map((r) => ({ id: r.id, name: fullLocalized(r.name), descript: fullLocalized(r.description) })),
        text: consent ? fullLocalized(consent) : DEFAULT_CONSENT,
        date: atReturnZone(at).date,
        policy: tickets.some((t) => t.refund_policy === 'culture-law') ? 'culture-law' : 'full',
        refund: { service_fee: tickets.some((t) => t.refund_service_fee), discounted: order.discount > 0 },
        confirm,
      };
    });
  }

  /**
   * POST /api/order/return-create: the chosen tickets go to 60 and an e-mail with the
   * confirmation link (valid 24 hours) goes through the outbox, in one transaction.
   */
  async function createReturn(input: { hash: string; lang: Lang; reasonId: number; ids: readonly number[] }) {
    const at = new Date(now());
    const setup = await deps.setup.get();
    return db.transaction(async (tx) => {
      const order = await findReturnOrder(tx, input.hash, true);
      if (order) await lapseExpiredRequests(tx, order.id, at);
      const tickets = order ? await findReturnTickets(tx, order.id) : [];
      assertOrderReturnable(order, tickets, setup);
      if (setup.app.return_form_url) throw new BusinessError(ErrorCode.returnNotAllowed, { text: textOf('returns', 'externalForm') });
      if (!order.email) throw new BusinessError(ErrorCode.returnNotAllowed, { text: textOf('returns', 'noEmail') });
      if (!(await reasonExists(tx, input.reasonId))) {
        throw new BusinessError(ErrorCode.validation, { status: 400, details: { fields: [{ path: 'reason', code: 'reason' }] } });
      }
      const ids = [...new Set(input.ids)];
      const chosen = ids.map((id) => tickets.find((t) => t.id === id));
      if (ids.length !== input.ids.length || chosen.some((t) => !t || t.status !== ReturnStatus.returnable || !ticketAllowed(t, setup))) {
        throw notReturnable();
      }
      if (chosen.some((t) => t?.checked_in_at)) throw ticketUsed();
      const priced = (chosen as ReturnTicketRow[]).map((t) => ({ ticket: t, terms: ticketTerms(t, order, setup, at) }));
      if (priced.some((p) => p.terms.left <= 0)) throw new BusinessError(ErrorCode.returnExpired);

      const going = await servicesGoingWith(tx, order, tickets, ids);
      const amount = priced.reduce((sum, p) => sum + p.terms.refund, 0) + going.reduce((sum, x) => sum + x.refund, 0);
      // The part of the order's list price given back: the base for giving back bonuses paid with.
      const share =
        priced.reduce((sum, p) => sum + Math.floor((p.ticket.unit_price * refundPercent(p.ticket.refund_policy, p.ticket.starts_at, at)) / 100), 0) +
        going.reduce((sum, x) => sum + x.price, 0);
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
  async function confirmReturn(input: { hash: string; lang: Lang; hashConf: string }) {
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

      return carryOutRequest(tx, order, request, ids, at);
    });

    return finishRefund(done);
  }

  /**
   * The core of every return once it is decided (the visitor's confirmed link, or staff): the
   * places go back on sale, the refund of the request's fixed amount is requested on the order's
   * payment (key return:{request}, so it is made once), the tickets and services move from 60 to
   * 70 or 80, the services' stock comes back and the bonuses move. Runs in the caller's
   * transaction, which holds the order's row lock.
   */
  async function carryOutRequest(tx: Queryable, order: ReturnOrderRow, request: ReturnRequestRow, ids: readonly number[], at: Date) {
    await lockTickets(tx, ids);
    const tickets = (await findReturnTickets(tx, order.id)).filter((t) => ids.includes(t.id));
    const perLine = new Map<number, number>();
    for (const t of tickets) perLine.set(t.line_id, (perLine.get(t.line_id) ?? 0) + 1);
    for (const [lineId, count] of [...perLine].sort((a, b) => a[0] - b[0])) {
      if (!(await returnLinePlaces(tx, lineId, count))) throw new Error(`order line ${lineId} has fewer places left than its returned tickets`);
    }

    let refundId: number | null = null;
    if (request.amount > 0) {
      const payment = await findPaidPayment(tx, order.id);
      if (!payment) throw new Error(`paid order ${order.id} has no payment to refund`);
      refundId = await deps.payments.requestRefund(tx, {
        paymentId: payment.id,
        amount: request.amount,
        reason: `return of tickets of order ${order.number}`,
        key: `return:${request.id}`,
        at,
      });
    }
    const status = refundId === null ? ReturnStatus.refunded : ReturnStatus.refunding;
    if ((await moveTickets(tx, ids, ReturnStatus.requested, status)) !== ids.length) throw linkInvalid();
    // The registry learns of the refund of each Pushkin-card ticket with the return itself.
    await enqueueRefundReports(tx, ids, REGISTRY_REFUND_REASON, at);
    const services = await findRequestServices(tx, request.id);
    if ((await moveRequestServices(tx, [request.id], ReturnStatus.requested, status)) !== services.length) throw linkInvalid();
    // A returned service is free to sell again, like the returned place.
    const perOffer = new Map<number, number>();
    for (const x of services) perOffer.set(x.offer_id, (perOffer.get(x.offer_id) ?? 0) + 1);
    for (const [offerId, n] of [...perOffer].sort((a, b) => a[0] - b[0])) await giveOfferStock(tx, offerId, n);

    const bonuses = await bonusMoves(tx, order, request);
    let restored = 0;
    let revoked = 0;
    if (bonuses.cardId !== null) {
      const card = { cardId: bonuses.cardId, orderId: order.id, requestId: request.id, at };
      restored = await moveReturnBonuses(tx, { ...card, kind: 'restore', bonuses: bonuses.restore });
      revoked = await moveReturnBonuses(tx, { ...card, kind: 'revoke', bonuses: bonuses.revoke });
    }
    await markRequestConfirmed(tx, { id: request.id, at, refundId, bonusesRestored: restored, bonusesRevoked: revoked });
    return { orderId: order.id, requestId: request.id, refundId, amount: request.amount, status, bonusesRestored: restored, bonusesRevoked: revoked };
  }

  /** After the commit: carries out the refund at once (a courtesy; the refunds job retries it) and settles the tickets. */
  async function finishRefund(done: Awaited<ReturnType<typeof carryOutRequest>>) {
    const bonuses = { bonusesRestored: done.bonusesRestored, bonusesRevoked: done.bonusesRevoked };
    if (done.refundId === null) return { amount: done.amount, status: done.status, ...bonuses };
    await deps.payments.processRefunds({ ids: [done.refundId] });
    await db.transaction((tx) => settleDoneRefunds(tx, done.orderId));
    const refundStatus = await findRefundStatus(db, done.refundId);
    return { amount: done.amount, status: refundStatus === 'done' ? ReturnStatus.refunded : ReturnStatus.refunding, ...bonuses };
  }

  /**
   * A refund made by staff: the chosen tickets (with the services that go with them) are returned
   * and refunded through the same core as a visitor's confirmed return, at once, with no e-mail
   * link to confirm. The amount follows the event's refund policy at this moment unless staff set
   * the share by hand (percent, with a reason, recorded on the request). Staff are not bound by
   * the visitor's deadline or the event's return switch: the box office decides (a cancelled
   * concert is refunded in full after its date). The visitor gets an e-mail saying what was
   * refunded. `audit` runs inside the transaction, after the change.
   */
  /**
   * What a staff refund of these tickets (all the returnable ones, or those named) at this share
   * (null: the event's refund policy) would give back, ticket by ticket and for the services
   * that go with them; refused as the refund itself would be.
   */
  async function priceStaffRefund(tx: Queryable, order: ReturnOrderRow, input: { ticketIds: readonly number[] | 'all'; percent: number | null }, at: Date) {
    const tickets = await findReturnTickets(tx, order.id);
    const ids = input.ticketIds === 'all' ? tickets.filter((t) => t.status === ReturnStatus.returnable).map((t) => t.id) : [...new Set(input.ticketIds)];
    const chosen = ids.map((id) => tickets.find((t) => t.id === id));
    if (ids.length === 0 || (input.ticketIds !== 'all' && ids.length !== input.ticketIds.length) || chosen.some((t) => !t || t.status !== ReturnStatus.returnable)) {
      throw notReturnable();
    }
    const percentOf = (t: ReturnTicketRow) => input.percent ?? refundPercent(t.refund_policy, t.starts_at, at);
    const priced = (chosen as ReturnTicketRow[]).map((t) => {
      const parts = ticketRefundParts({ unitPrice: t.unit_price, unitFee: t.unit_fee }, percentOf(t), t.refund_service_fee, orderDiscount(order));
      return { ticket: t, percent: percentOf(t), refund: parts.price + parts.fee, fee: parts.fee };
    });
    const going = await servicesGoingWith(tx, order, tickets, ids);
    const amount = priced.reduce((sum, p) => sum + p.refund, 0) + going.reduce((sum, x) => sum + x.refund, 0);
    const share = priced.reduce((sum, p) => sum + Math.floor((p.ticket.unit_price * p.percent) / 100), 0) + going.reduce((sum, x) => sum + x.price, 0);
    return { ids, priced, going, amount, share };
  }

  /** The staff refund's figures before it is made, for the confirmation: nothing changes. */
  async function quoteStaffRefund(input: { orderId: number; ticketIds: readonly number[] | 'all'; percent: number | null }) {
    const at = new Date(now());
    const order = await findReturnOrderById(db, input.orderId, false);
    if (!order) throw orderNotFound();
    if (order.status !== OrderStatus.paid) throw notAllowed();
    const { priced, going, amount } = await priceStaffRefund(db, order, input, at);
    return {
      amount,
      tickets: priced.map((p) => ({ id: p.ticket.id, percent: p.percent, amount: p.refund })),
      services: going.map((x) => ({ name: fullLocalized(x.name), amount: x.refund })),
    };
  }

  async function staffRefund(input: {
    orderId: number;
    ticketIds: readonly number[] | 'all';
    percent: number | null;
    reason: string;
    reasonId: number;
    staffId: number;
    audit?: (tx: Queryable, change: { before: unknown; after: unknown }) => Promise<void>;
  }) {
    const at = new Date(now());
    const setup = await deps.setup.get();
    const done = await db.transaction(async (tx) => {
      const order = await findReturnOrderById(tx, input.orderId, true);
      if (!order) throw orderNotFound();
      if (order.status !== OrderStatus.paid) throw notAllowed();
      await lapseExpiredRequests(tx, order.id, at);
      if (!(await reasonExists(tx, input.reasonId))) {
        throw new BusinessError(ErrorCode.validation, { status: 400, details: { fields: [{ path: 'reasonId', code: 'reason' }] } });
      }
      const { ids, priced, going, amount, share } = await priceStaffRefund(tx, order, input, at);
      const requestId = await insertReturnRequest(tx, {
        orderId: order.id,
        reasonId: input.reasonId,
        tokenSha256: null,
        lang: order.lang,
        amount,
        share,
        at,
        expiresAt: at,
        tickets: priced.map((p) => ({ id: p.ticket.id, amount: p.refund, fee: p.fee })),
        staff: { id: input.staffId, percent: input.percent, reason: input.reason },
      });
      await holdForRequest(tx, requestId, ids, going);
      const request = await findRequestById(tx, requestId);
      if (!request) throw new Error(`return request ${requestId} vanished`);
      const result = await carryOutRequest(tx, order, request, ids, at);
      if (order.email) {
        const lang = normalizeLang(order.lang);
        await enqueueMail(
          tx,
          returnDoneMail({
            to: order.email,
            lang,
            orderId: order.id,
            orderNumber: order.number,
            count: ids.length,
            amount,
            currency: setup.app.currency,
            requestId,
            services: going.map((x) => ({ name: fullLocalized(x.name)[lang], amount: x.refund })),
            bonusesRestored: result.bonusesRestored,
            bonusesRevoked: result.bonusesRevoked,
          }),
          at,
        );
      }
      await input.audit?.(tx, {
        before: { tickets: priced.map((p) => ({ id: p.ticket.id, status: ReturnStatus.returnable })) },
        after: {
          requestId,
          ticketIds: ids,
          // Tickets the door had admitted: refunded only by staff, and the audit shows it.
          usedTicketIds: priced.filter((p) => p.ticket.checked_in_at).map((p) => p.ticket.id),
          serviceIds: going.map((x) => x.id),
          amount,
          percent: input.percent,
          reason: input.reason,
          status: result.status,
        },
      });
      return result;
    });
    const finished = await finishRefund(done);
    return { requestId: done.requestId, ...finished };
  }

  return { viewReturn, createReturn, confirmReturn, staffRefund, quoteStaffRefund };
}

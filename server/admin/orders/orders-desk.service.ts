import { maskEmail } from '../../personal-data/redact.ts';
import { DESK_LIMITS, orderState, searchKeys, ticketState } from '../../../contract/admin/orders-rules.ts';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { StoredSetup } from '../../../contract/setup.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { BusinessError } from '../../http.ts';
import type { AuditWriter } from '../audit/audit.service.ts';
import { enqueueMail } from '../../mail/outbox.repository.ts';
import { releaseOrderServices } from '../../offers/offers.service.ts';
import { releaseOrder } from '../../orders/orders.service.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import { cancelOpenPayments } from '../../payments/payments.repository.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import type { ReturnsService } from '../../returns/returns.service.ts';
import { paidOrderMail } from '../../tickets/order-paid.ts';
import {
  type DeskOrderRow,
  findDeskLines,
  findDeskMails,
  findDeskNotes,
  findDeskOrder,
  recordStaffCancelReason,
  updateOrderEmail,
  findDeskPayments,
  findDeskRefunds,
  findDeskTickets,
  insertNote,
  searchOrders,
} from './orders-desk.repository.ts';

/** Who acts, from where: what the audit log records of every staff action. */
export type StaffActor = { id: number; name: string; ip: string; userAgent: string | null };

const notFound = () => new BusinessError(ErrorCode.notFound, { status: 404 });

/** The keyset cursor of the search: the last hit's (created_at, id), opaque to the client. */
export function encodeCursor(hit: { created_at: Date; id: number }): string {
  return Buffer.from(`${hit.created_at.toISOString()}|${hit.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | null | undefined): { createdAt: Date; id: number } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  const n = Number(id);
  if (Number.isNaN(createdAt.getTime()) || !Number.isInteger(n) || n <= 0) {
    throw new BusinessError(ErrorCode.validation, { status: 400, details: { fields: [{ path: 'cursor', code: 'invalid' }] } });
  }
  return { createdAt, id: n };
}

export type OrdersDesk = ReturnType<typeof createOrdersDesk>;

/**
 * The back office's orders desk: search, an order's whole story, and what staff do to it
 * (resend the tickets, correct the buyer's e-mail, cancel an unpaid order, refund, notes). Every change and its audit entry
 * are one transaction, holding the order's row lock like the storefront's own changes.
 */
export function createOrdersDesk(deps: {
  db: Db;
  now: () => number;
  payments: PaymentsService;
  returns: ReturnsService;
  setup: { get(): Promise<StoredSetup> };
  publicUrl: string;
  audit: AuditWriter;
}) {
  const { db, now } = deps;

  /** Orders matching a number, e-mail, phone, buyer or holder name or ticket code, newest first, a page at a time. */
  async function search(input: { q: string; limit?: number; cursor?: string | null }) {
    const limit = Math.min(input.limit ?? DESK_LIMITS.pageSize, DESK_LIMITS.pageSizeMax);
    const q = input.q.trim();
    const rows = await searchOrders(db, q === '' ? null : searchKeys(q), { limit: limit + 1, after: decodeCursor(input.cursor) });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      orders: page.map((o) => ({
        id: o.id,
        number: o.number,
        state: orderState(o.status),
        createdAt: o.created_at.toISOString(),
        paidAt: o.paid_at?.toISOString() ?? null,
        buyerName: o.buyer_name,
        email: o.email,
        phone: o.phone,
        total: o.total,
        eventName: o.event_name,
        tickets: o.tickets,
      })),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  /** An order as staff see it: lines, tickets and their states, payments, refunds, e-mails and notes. */
  /**
   * An order's page. Staff reading a buyer's personal data is recorded in the audit log (who,
   * which order, when): the route always names the reader; only the services' tests leave it out.
   */
  async function view(orderId: number, actor?: StaffActor) {
    const order = await findDeskOrder(db, orderId);
    if (!order) throw notFound();
    if (actor)
      await db.transaction((tx) =>
        deps.audit(tx, {
          staffId: actor.id,
          action: 'order.view',
          subjectType: 'order',
          subjectId: String(order.id),
          ip: actor.ip,
          userAgent: actor.userAgent,
        }),
      );
    const [lines, tickets, payments, refunds, mails, notes] = await Promise.all([
      findDeskLines(db, orderId),
      findDeskTickets(db, orderId),
      findDeskPayments(db, orderId),
      findDeskRefunds(db, orderId),
      findDeskMails(db, orderId),
      findDeskNotes(db, orderId),
    ]);
    return {
      order: {
        id: order.id,
        hash: order.hash,
        number: order.number,
        state: orderState(order.status),
        lang: order.lang,
        createdAt: order.created_at.toISOString(),
        reservedUntil: order.reserved_until.toISOString(),
        paidAt: order.paid_at?.toISOString() ?? null,
        canceledAt: order.canceled_at?.toISOString() ?? null,
        cancelReason: order.cancel_reason,
        staffCancelReason: order.staff_cancel_reason,
        buyerName: order.buyer_name,
        phone: order.phone,
        email: order.email,
        pushkinCard: order.pushkin_card,
        subtotal: order.subtotal,
        serviceFee: order.service_fee,
        servicesTotal: order.services_total,
        discount: order.discount,
        total: order.total,
        eventName: order.event_name,
      },
      lines: lines.map((l) => ({
        id: l.id,
        sessionId: l.session_id,
        startsAt: l.starts_at.toISOString(),
        category: l.category_name,
        quantity: l.quantity,
        returned: l.returned_quantity,
        unitPrice: l.unit_price,
        unitFee: l.unit_fee,
        amount: l.amount + l.fee_amount,
        seat: l.seat,
        standing: l.standing_name,
      })),
      tickets: tickets.map((t) => ({
        id: t.id,
        lineId: t.line_id,
        code: t.code,
        state: ticketState(order.status, t.status),
        holder: holderName(t.holder),
      })),
      payments: payments.map((p) => ({
        id: p.id,
        method: p.method_name,
        kind: p.kind,
        status: p.status,
        amount: p.amount,
        refunded: p.refunded_amount,
        declineReason: p.decline_reason,
        createdAt: p.created_at.toISOString(),
        finishedAt: p.finished_at?.toISOString() ?? null,
      })),
      refunds: refunds.map((r) => ({
        id: r.id,
        amount: r.amount,
        status: r.status,
        createdAt: r.created_at.toISOString(),
        doneAt: r.done_at?.toISOString() ?? null,
        lastError: r.status === 'done' ? null : r.last_error,
        ticketIds: r.ticket_ids ?? [],
        byStaff: r.staff_id !== null,
        staffId: r.staff_id,
        percent: r.staff_percent,
        staffReason: r.staff_reason,
        reason: r.reason_name,
      })),
      mails: mails.map((m) => ({
        id: m.id,
        to: m.to_address,
        subject: m.subject,
        createdAt: m.created_at.toISOString(),
        sentAt: m.sent_at?.toISOString() ?? null,
        attempts: m.attempts,
        lastError: m.last_error,
      })),
      notes: notes.map((n) => ({
        id: n.id,
        staffId: n.staff_id,
        staffName: n.staff_name,
        body: n.body,
        createdAt: n.created_at.toISOString(),
      })),
    };
  }

  async function lockOrder(tx: Queryable, orderId: number): Promise<DeskOrderRow> {
    const order = await findDeskOrder(tx, orderId, true);
    if (!order) throw notFound();
    return order;
  }

  /** Sends the tickets e-mail of a paid order again, to its own address or one staff give, through the outbox. */
  async function resendTickets(input: { orderId: number; to: string | null; actor: StaffActor }) {
    const at = new Date(now());
    const setup = await deps.setup.get();
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId);
      if (order.status !== OrderStatus.paid) throw new BusinessError(AdminErrorCode.orderNotPaid);
      const mail = await paidOrderMail(tx, order.id, deps.publicUrl, {
        integration: setup.is_integration === 1,
        currency: setup.app.currency,
        timeZone: setup.app.timezone,
      });
      const to = input.to ?? mail?.to;
      if (!mail || !to)
        throw new BusinessError(AdminErrorCode.noEmail, { status: 400, details: { fields: [{ path: 'to', code: 'required' }] } });
      const mailId = await enqueueMail(tx, { ...mail, to }, at);
      await deps.audit(tx, {
        staffId: input.actor.id,
        action: 'order.resend-tickets',
        subjectType: 'order',
        subjectId: String(order.id),
        after: { to: maskEmail(to), mailId },
        ip: input.actor.ip,
        userAgent: input.actor.userAgent,
      });
      return { mailId: mailId ?? null, to };
    });
  }

  /**
   * Corrects the buyer's e-mail of an order, audited with the address before and after and the
   * reason; the order's later mails (a resend, a return's letters) go to the new address. The
   * same address again is refused: nothing would change.
   */
  async function changeEmail(input: { orderId: number; email: string; reason: string; actor: StaffActor }) {
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId);
      if (order.email === input.email) {
        throw new BusinessError(ErrorCode.validation, { status: 400, details: { fields: [{ path: 'email', code: 'same-email' }] } });
      }
      await updateOrderEmail(tx, order.id, input.email);
      await deps.audit(tx, {
        staffId: input.actor.id,
        action: 'order.email',
        subjectType: 'order',
        subjectId: String(order.id),
        before: { email: maskEmail(order.email) },
        after: { email: maskEmail(input.email), reason: input.reason },
        ip: input.actor.ip,
        userAgent: input.actor.userAgent,
      });
      return { email: input.email };
    });
  }

  /**
   * Cancels an unpaid order: its places and services go back on sale through the same release
   * as expiry (once only: a second cancel, or expiry at the same moment, finds it released), and
   * its payments still in progress are cancelled, at the acquirer after the commit.
   */
  async function cancelUnpaid(input: { orderId: number; reason: string; actor: StaffActor }) {
    const at = new Date(now());
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId);
      if (order.status !== OrderStatus.reserved && order.status !== OrderStatus.confirmed)
        throw new BusinessError(AdminErrorCode.orderNotCancelable);
      if (!(await releaseOrder(tx, order.id, at, 'staff'))) throw new BusinessError(AdminErrorCode.orderNotCancelable);
      await recordStaffCancelReason(tx, order.id, input.reason);
      await releaseOrderServices(tx, order.id);
      await cancelOpenPayments(tx, order.id);
      await deps.audit(tx, {
        staffId: input.actor.id,
        action: 'order.cancel',
        subjectType: 'order',
        subjectId: String(order.id),
        before: { state: orderState(order.status) },
        after: { state: 'canceled', reason: input.reason },
        ip: input.actor.ip,
        userAgent: input.actor.userAgent,
      });
    });
    await deps.payments.cancelAtAcquirer({ orderId: input.orderId });
    return { state: 'canceled' as const };
  }

  /**
   * Refunds a whole paid order or chosen tickets through the returns core (the same rules,
   * refund and e-mail as a visitor's return), optionally at a share set by hand with a reason.
   */
  async function refund(input: {
    orderId: number;
    ticketIds: readonly number[] | 'all';
    percent: number | null;
    reason: string;
    reasonId: number;
    actor: StaffActor;
  }) {
    const exists = await findDeskOrder(db, input.orderId);
    if (!exists) throw notFound();
    if (exists.status !== OrderStatus.paid) throw new BusinessError(AdminErrorCode.orderNotPaid);
    return deps.returns.staffRefund({
      orderId: input.orderId,
      ticketIds: input.ticketIds,
      percent: input.percent,
      reason: input.reason,
      reasonId: input.reasonId,
      staffId: input.actor.id,
      audit: (tx, change) =>
        deps.audit(tx, {
          staffId: input.actor.id,
          action: 'order.refund',
          subjectType: 'order',
          subjectId: String(input.orderId),
          before: change.before,
          after: change.after,
          ip: input.actor.ip,
          userAgent: input.actor.userAgent,
        }),
    });
  }

  /** The figures of a refund before it is made; nothing changes. */
  async function quoteRefund(input: { orderId: number; ticketIds: readonly number[] | 'all'; percent: number | null }) {
    const exists = await findDeskOrder(db, input.orderId);
    if (!exists) throw notFound();
    if (exists.status !== OrderStatus.paid) throw new BusinessError(AdminErrorCode.orderNotPaid);
    return deps.returns.quoteStaffRefund(input);
  }

  /** Adds a staff note to an order; notes are never edited. */
  async function addNote(input: { orderId: number; body: string; actor: StaffActor }) {
    const at = new Date(now());
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId);
      const id = await insertNote(tx, { orderId: order.id, staffId: input.actor.id, staffName: input.actor.name, body: input.body, at });
      await deps.audit(tx, {
        staffId: input.actor.id,
        action: 'order.note',
        subjectType: 'order',
        subjectId: String(order.id),
        after: { noteId: id, body: input.body },
        ip: input.actor.ip,
        userAgent: input.actor.userAgent,
      });
      return { id };
    });
  }

  return { search, view, resendTickets, changeEmail, cancelUnpaid, refund, quoteRefund, addNote };
}

function holderName(holder: Record<string, unknown> | null): string {
  if (!holder) return '';
  return [holder.surname, holder.name, holder.middleName ?? holder.middle_name]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
}

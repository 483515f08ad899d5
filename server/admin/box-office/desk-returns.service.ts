import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { ReturnStatus } from '../../../contract/order-status.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../http.ts';
import { deskReturnReceipt, ticketPlaceNames } from '../../payments/receipt.ts';
import type { ReturnsService } from '../../returns/returns.service.ts';
import type { AuditWriter } from '../audit/audit.service.ts';
import { handoutQueryKind } from '../../../contract/admin/desk-tickets-rules.ts';
import { findDeskDue, settleDeskDue } from '../../returns/session-cancel-return.ts';
import {
  findDeskPaymentParts,
  findOrderForReturn,
  findTask,
  findTicketByCode,
  findTicketByOrderNumber,
  insertDeskRefund,
} from './desk-register.repository.ts';
import { type Cashier, type DeskRegister, toWireTask } from './desk-register.service.ts';

type Part = { method: 'cash' | 'card' | 'pushkin'; amount: number };

/**
 * How a refund due at the desk is paid out: the way the sale was paid, part by part (cash in
 * cash, the card terminal's part to the card, the Pushkin-card terminal's to the Pushkin card), in
 * proportion when less than the whole sale is due; the kopecks rounded off go to the largest part.
 */
export function duePayout(amount: number, paid: readonly Part[]): Part[] {
  const total = paid.reduce((sum, p) => sum + p.amount, 0);
  if (total <= 0) return [{ method: 'cash', amount }];
  const parts = paid.map((p) => ({ method: p.method, amount: Math.floor((amount * p.amount) / total) }));
  const largest = parts.reduce((best, p, i) => (p.amount > (parts[best]?.amount ?? -1) ? i : best), 0);
  const left = amount - parts.reduce((sum, p) => sum + p.amount, 0);
  const top = parts[largest];
  if (top) top.amount += left;
  return parts.filter((p) => p.amount > 0);
}

const refuse = (code: (typeof AdminErrorCode)[keyof typeof AdminErrorCode], status = 409) => new BusinessError(code, { status });

/**
 * Returns at the box office: a ticket found by its code (sold on the web or at the desk), refunded
 * by the same core and rules as any staff refund (server/returns: the event's refund policy, or a
 * share set by hand with a reason), its place back on sale at once. Money taken at the desk goes
 * back at the desk, in cash or to the card on the terminal, with the refund receipt as the
 * register's sellReturn task in the same transaction; a web order refunds through its acquirer.
 */
export function createDeskReturns(deps: {
  db: Db;
  register: DeskRegister;
  returns: ReturnsService;
  audit: AuditWriter;
  now: () => number;
}) {
  const { db, register } = deps;

  async function lookup(code: string) {
    // An order's number finds it too: a cancelled session's e-mail tells the buyer to bring it.
    const hit =
      handoutQueryKind(code) === 'number' ? await findTicketByOrderNumber(db, Number(code.trim())) : await findTicketByCode(db, code);
    if (!hit) throw refuse(AdminErrorCode.deskTicketNotFound, 404);
    const order = await findOrderForReturn(db, hit.order_id);
    if (!order) throw refuse(AdminErrorCode.deskTicketNotFound, 404);
    const { rows } = await db.query<{ id: number; code: string | null; status: number; checked_in_at: Date | null }>(
      'select t.id, t.code, t.status, ci.checked_in_at from tickets t left join checkins ci on ci.ticket_id = t.id where t.order_id = $1 order by t.id',
      [order.id],
    );
    const names = await ticketPlaceNames(db, order.id, register.receipt);
    let quote: { amount: number; percent: number } | null = null;
    try {
      const q = await deps.returns.quoteStaffRefund({ orderId: order.id, ticketIds: [hit.ticket_id], percent: null });
      const ticket = q.tickets[0];
      quote = ticket ? { amount: q.amount, percent: ticket.percent } : null;
    } catch (error) {
      // Not returnable now (returned already, or the order is not paid): the screen says so.
      if (!(error instanceof BusinessError)) throw error;
    }
    const due = order.channel === 'desk' ? await findDeskDue(db, order.id) : undefined;
    return {
      order: { id: order.id, number: order.number, channel: order.channel, total: order.total, paidWith: order.paidWith },
      due: due ? { amount: due.amount, parts: duePayout(due.amount, await findDeskPaymentParts(db, order.id)) } : null,
      tickets: rows.map((t) => ({
        id: t.id,
        code: t.code ?? '',
        place: names.get(t.id) ?? '',
        status: t.status,
        returnable: t.status === ReturnStatus.returnable,
        usedAt: t.checked_in_at ? t.checked_in_at.toISOString() : null,
      })),
      ticketId: hit.ticket_id,
      quote,
    };
  }

  async function giveBack(
    input: {
      register: string;
      orderId: number;
      ticketIds: number[];
      percent: number | null;
      reason: string;
      reasonId: number;
      method: 'cash' | 'card';
    },
    cashier: Cashier,
  ) {
    const order = await findOrderForReturn(db, input.orderId);
    if (!order) throw refuse(AdminErrorCode.deskTicketNotFound, 404);
    if (input.percent !== null && input.reason === '') throw refuse(AdminErrorCode.deskOverrideReason, 400);
    const atDesk = order.channel === 'desk' && order.paidWith.length > 0;
    // A Pushkin-card sale goes back to the Pushkin card; otherwise as the cashier chose.
    const method = order.paidWith.length === 1 && order.paidWith[0] === 'pushkin' ? 'pushkin' : input.method;
    let taskId: number | null = null;
    const result = await deps.returns.staffRefund({
      orderId: order.id,
      ticketIds: input.ticketIds,
      percent: input.percent,
      reason: input.reason,
      reasonId: input.reasonId,
      staffId: cashier.id,
      ...(atDesk
        ? {
            refundHere: async (tx, refund) => {
              const at = new Date(deps.now());
              const shift = await register.shiftFor(tx, input.register, cashier, at);
              if (method === 'cash' && (await register.shiftFigures(tx, shift.id)).cashExpected < refund.amount)
                throw refuse(AdminErrorCode.deskCashShort);
              await insertDeskRefund(tx, {
                orderId: order.id,
                requestId: refund.requestId,
                method,
                amount: refund.amount,
                register: input.register,
                shiftId: shift.id,
                staffId: cashier.id,
                reason: input.reason,
                at,
              });
              const receipt = await deskReturnReceipt(
                tx,
                { orderId: order.id, paid: order.total, requestId: refund.requestId, amount: refund.amount },
                register.receipt,
              );
              taskId = await register.enqueue(tx, {
                register: input.register,
                shiftId: shift.id,
                orderId: order.id,
                document: { kind: 'sellReturn', receipt, payments: [{ method, amount: refund.amount }], operator: { name: cashier.name } },
                total: refund.amount,
                at,
              });
            },
          }
        : {}),
      audit: (tx, change) =>
        deps.audit(tx, {
          staffId: cashier.id,
          action: 'desk.return',
          subjectType: 'order',
          subjectId: String(order.id),
          before: change.before,
          after: {
            ...(change.after as Record<string, unknown>),
            register: input.register,
            via: atDesk ? 'desk' : 'acquirer',
            method: atDesk ? method : null,
          },
          ip: cashier.ip,
          userAgent: cashier.userAgent,
        }),
    });
    const task = taskId === null ? null : await findTask(db, taskId);
    return {
      amount: result.amount,
      status: result.status,
      via: atDesk ? ('desk' as const) : ('acquirer' as const),
      task: task ? toWireTask(task) : null,
    };
  }

  /**
   * Pays out a refund due at the desk (a cancelled session's desk sale): the way it was paid
   * (duePayout), cash refused beyond what the drawer holds, recorded in the register's shift with
   * its refund receipt as a sellReturn task, the tickets then refunded; all in one transaction
   * that holds the return's row, so it is paid out once whoever presses first.
   */
  async function payDue(input: { register: string; orderId: number }, cashier: Cashier) {
    const order = await findOrderForReturn(db, input.orderId);
    if (!order) throw refuse(AdminErrorCode.deskTicketNotFound, 404);
    const done = await db.transaction(async (tx) => {
      const due = order.channel === 'desk' ? await findDeskDue(tx, order.id, true) : undefined;
      if (!due) throw refuse(AdminErrorCode.deskRefundNotDue);
      const at = new Date(deps.now());
      const parts = duePayout(due.amount, await findDeskPaymentParts(tx, order.id));
      const shift = await register.shiftFor(tx, input.register, cashier, at);
      const cash = parts.find((p) => p.method === 'cash')?.amount ?? 0;
      if (cash > 0 && (await register.shiftFigures(tx, shift.id)).cashExpected < cash) throw refuse(AdminErrorCode.deskCashShort);
      for (const part of parts) {
        await insertDeskRefund(tx, {
          orderId: order.id,
          requestId: due.requestId,
          method: part.method,
          amount: part.amount,
          register: input.register,
          shiftId: shift.id,
          staffId: cashier.id,
          reason: '',
          at,
        });
      }
      const receipt = await deskReturnReceipt(
        tx,
        { orderId: order.id, paid: order.total, requestId: due.requestId, amount: due.amount },
        register.receipt,
      );
      const taskId = await register.enqueue(tx, {
        register: input.register,
        shiftId: shift.id,
        orderId: order.id,
        document: { kind: 'sellReturn', receipt, payments: parts, operator: { name: cashier.name } },
        total: due.amount,
        at,
      });
      await settleDeskDue(tx, due.requestId);
      await deps.audit(tx, {
        staffId: cashier.id,
        action: 'desk.return',
        subjectType: 'order',
        subjectId: String(order.id),
        before: { due: due.amount },
        after: { requestId: due.requestId, amount: due.amount, register: input.register, via: 'desk', parts, paidOutDue: true },
        ip: cashier.ip,
        userAgent: cashier.userAgent,
      });
      return { amount: due.amount, taskId };
    });
    const task = await findTask(db, done.taskId);
    return { amount: done.amount, status: ReturnStatus.refunded, via: 'desk' as const, task: task ? toWireTask(task) : null };
  }

  return { lookup, giveBack, payDue };
}
export type DeskReturns = ReturnType<typeof createDeskReturns>;

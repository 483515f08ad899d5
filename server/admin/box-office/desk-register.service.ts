import { randomUUID } from 'node:crypto';
import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import { DESK_DONE_SHOWN } from '../../../contract/admin/desk-register-rules.ts';
import type { DeskShiftReport, DeskTask, DeskTaskResult } from '../../../contract/admin/desk-register.ts';
import type { Lang } from '../../../contract/common.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { BusinessError } from '../../http.ts';
import { serverText } from '../../locales/texts.ts';
import type { ReceiptSettings } from '../../payments/receipt-model.ts';
import type { AuditWriter } from '../audit/audit.service.ts';
import { toCsv } from '../reports/csv.ts';
import {
  type DeskShiftRow,
  type DeskTaskRow,
  closeShift,
  findOpenShift,
  findRegisterTasks,
  findShift,
  findShiftFigures,
  findTask,
  insertCashMove,
  insertShift,
  insertTask,
  markCorrected,
  moveTask,
} from './desk-register.repository.ts';
import { atolDriver } from './register/atol-driver.ts';
import type { DeskDocument, ReceiptCorrection, RegisterDriver } from './register/register-driver.ts';
import { correctionIssues } from '../../../contract/admin/desk-register-rules.ts';
import { venueDateParts } from '../../order-view/dates.ts';

export type Cashier = { id: number; name: string; ip: string; userAgent: string | null };

const refuse = (code: (typeof AdminErrorCode)[keyof typeof AdminErrorCode], status = 409) => new BusinessError(code, { status });

export function toWireShift(row: DeskShiftRow) {
  return {
    id: row.id,
    register: row.register,
    openedAt: row.opened_at.toISOString(),
    openedByName: row.opened_by_name,
    closedAt: row.closed_at ? row.closed_at.toISOString() : null,
  };
}

export function toWireTask(row: DeskTaskRow): DeskTask {
  return {
    id: row.id,
    register: row.register,
    kind: row.kind as DeskTask['kind'],
    orderNumber: row.order_number,
    driver: row.driver,
    uuid: row.uuid,
    request: row.request,
    total: row.total,
    state: row.state,
    attempts: row.attempts,
    error: row.error,
    fiscalSign: row.fiscal_sign,
    fiscalNumber: row.fiscal_number,
    printedElsewhere: row.printed_elsewhere,
    corrects: row.corrects,
    correctedBy: row.corrected_by,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The desk's register on the server: shifts, cash in and out, and every fiscal document as a
 * durable task (desk_receipt_tasks) written in the same transaction as the sale, return or shift
 * action it belongs to. The cashier's page relays pending tasks to the register's local driver
 * and reports each result here; nothing is ever sent from the server, so an offline or jammed
 * register loses nothing: its tasks wait, are shown, and go out when it is back, each once (the
 * driver keeps tasks by uuid).
 */
export function createDeskRegister(deps: {
  db: Db;
  now: () => number;
  receipt: ReceiptSettings;
  audit: AuditWriter;
  driver?: RegisterDriver;
  demoDriver?: string | null;
}) {
  const { db } = deps;
  const driver = deps.driver ?? atolDriver;

  /** Stores a document as the register's task, in the caller's transaction. */
  async function enqueue(
    tx: Queryable,
    p: { register: string; shiftId: number | null; orderId: number | null; document: DeskDocument; total: number; at: Date },
  ): Promise<number> {
    return insertTask(tx, {
      register: p.register,
      shiftId: p.shiftId,
      kind: p.document.kind,
      orderId: p.orderId,
      driver: driver.id,
      uuid: randomUUID(),
      request: driver.request(p.document),
      total: p.total,
      at: p.at,
    });
  }

  /**
   * The register's open shift, opened here when there is none (with its openShift task before
   * the caller's document): a sale needs an open shift, and the register would open one itself.
   */
  async function shiftFor(tx: Queryable, register: string, cashier: { id: number; name: string }, at: Date): Promise<DeskShiftRow> {
    const open = await findOpenShift(tx, register, true);
    if (open) return open;
    const opened = await insertShift(tx, { register, staff: cashier, at });
    if (!opened) throw refuse(AdminErrorCode.deskShiftOpen);
    await enqueue(tx, {
      register,
      shiftId: opened.id,
      orderId: null,
      document: { kind: 'openShift', operator: { name: cashier.name } },
      total: 0,
      at,
    });
    return opened;
  }

  async function state(register: string) {
    const [shift, tasks] = await Promise.all([findOpenShift(db, register), findRegisterTasks(db, register, DESK_DONE_SHOWN)]);
    return {
      shift: shift ? toWireShift(shift) : null,
      tasks: tasks.map(toWireTask),
      demoDriver: deps.demoDriver ? `${deps.demoDriver}/${encodeURIComponent(register)}` : null,
    };
  }

  async function audited(
    tx: Queryable,
    cashier: Cashier,
    action: 'desk.shift.open' | 'desk.shift.close' | 'desk.shift.x-report' | 'desk.cash' | 'desk.receipt',
    subject: string,
    after: unknown,
    at: Date,
  ) {
    await deps.audit(tx, {
      staffId: cashier.id,
      action,
      subjectType: 'desk',
      subjectId: subject,
      after,
      ip: cashier.ip,
      userAgent: cashier.userAgent,
      at,
    });
  }

  async function taskAnswer(tx: Queryable, id: number) {
    const task = await findTask(tx, id);
    if (!task) throw new Error(`task ${id} vanished`);
    return toWireTask(task);
  }

  async function openShift(register: string, cashier: Cashier) {
    const at = new Date(deps.now());
    return db.transaction(async (tx) => {
      const shift = await insertShift(tx, { register, staff: cashier, at });
      if (!shift) throw refuse(AdminErrorCode.deskShiftOpen);
      const id = await enqueue(tx, {
        register,
        shiftId: shift.id,
        orderId: null,
        document: { kind: 'openShift', operator: { name: cashier.name } },
        total: 0,
        at,
      });
      await audited(tx, cashier, 'desk.shift.open', register, { shiftId: shift.id }, at);
      return { shift: toWireShift(shift), task: await taskAnswer(tx, id) };
    });
  }

  /** Closes the register's shift: the Z report is its task. */
  async function closeOpenShift(register: string, cashier: Cashier) {
    const at = new Date(deps.now());
    return db.transaction(async (tx) => {
      const open = await findOpenShift(tx, register, true);
      if (!open) throw refuse(AdminErrorCode.deskShiftNotOpen);
      const id = await enqueue(tx, {
        register,
        shiftId: open.id,
        orderId: null,
        document: { kind: 'closeShift', operator: { name: cashier.name } },
        total: 0,
        at,
      });
      const closed = await closeShift(tx, { id: open.id, staff: cashier, at });
      if (!closed) throw refuse(AdminErrorCode.deskShiftNotOpen);
      await audited(tx, cashier, 'desk.shift.close', register, { shiftId: open.id }, at);
      return { shift: toWireShift(closed), task: await taskAnswer(tx, id) };
    });
  }

  async function reportX(register: string, cashier: Cashier) {
    const at = new Date(deps.now());
    return db.transaction(async (tx) => {
      const open = await findOpenShift(tx, register, true);
      if (!open) throw refuse(AdminErrorCode.deskShiftNotOpen);
      const id = await enqueue(tx, {
        register,
        shiftId: open.id,
        orderId: null,
        document: { kind: 'reportX', operator: { name: cashier.name } },
        total: 0,
        at,
      });
      await audited(tx, cashier, 'desk.shift.x-report', register, { shiftId: open.id }, at);
      return { shift: toWireShift(open), task: await taskAnswer(tx, id) };
    });
  }

  async function cashMove(input: { register: string; kind: 'in' | 'out'; amount: number }, cashier: Cashier) {
    const at = new Date(deps.now());
    return db.transaction(async (tx) => {
      const open = await findOpenShift(tx, input.register, true);
      if (!open) throw refuse(AdminErrorCode.deskShiftNotOpen);
      if (input.kind === 'out' && (await shiftFigures(tx, open.id)).cashExpected < input.amount) throw refuse(AdminErrorCode.deskCashShort);
      await insertCashMove(tx, { shiftId: open.id, kind: input.kind, amount: input.amount, staffId: cashier.id, at });
      const kind = input.kind === 'in' ? 'cashIn' : 'cashOut';
      const id = await enqueue(tx, {
        register: input.register,
        shiftId: open.id,
        orderId: null,
        document: { kind, amount: input.amount, operator: { name: cashier.name } },
        total: input.amount,
        at,
      });
      await audited(tx, cashier, 'desk.cash', input.register, { shiftId: open.id, kind: input.kind, amount: input.amount }, at);
      return { shift: toWireShift(open), task: await taskAnswer(tx, id) };
    });
  }

  async function ownTask(tx: Queryable, id: number, register: string | null) {
    const task = await findTask(tx, id, true);
    if (!task || (register !== null && task.register !== register)) throw refuse(AdminErrorCode.deskTaskNotFound, 404);
    return task;
  }

  /** The page hands the task to the driver now: sent, one more attempt. A sent task may be sent again (the driver answers its uuid with its state). */
  async function markSent(id: number) {
    const at = new Date(deps.now());
    return db.transaction(async (tx) => {
      await ownTask(tx, id, null);
      if (!(await moveTask(tx, { id, from: ['pending', 'sent'], to: 'sent', at, attempt: true })))
        throw refuse(AdminErrorCode.deskTaskState);
      return taskAnswer(tx, id);
    });
  }

  /** What the driver said: printed, refused (failed, to be retried or confirmed printed elsewhere), or not reached (pending again). */
  async function report(id: number, result: DeskTaskResult, cashier: Cashier) {
    const at = new Date(deps.now());
    return db.transaction(async (tx) => {
      await ownTask(tx, id, null);
      const moved =
        result.outcome === 'done'
          ? await moveTask(tx, {
              id,
              from: ['pending', 'sent'],
              to: 'done',
              at,
              error: null,
              fiscalSign: result.fiscalSign || null,
              fiscalNumber: result.fiscalNumber || null,
            })
          : result.outcome === 'failed'
            ? await moveTask(tx, { id, from: ['pending', 'sent'], to: 'failed', at, error: result.error })
            : await moveTask(tx, { id, from: ['pending', 'sent'], to: 'pending', at, error: result.error || null });
      if (!moved) throw refuse(AdminErrorCode.deskTaskState);
      if (result.outcome !== 'unreachable')
        await audited(
          tx,
          cashier,
          'desk.receipt',
          String(id),
          { outcome: result.outcome, ...(result.outcome === 'failed' ? { error: result.error } : {}) },
          at,
        );
      return taskAnswer(tx, id);
    });
  }

  /** A failed task goes out again under a new uuid (the failed one printed nothing; its uuid would only repeat the error). */
  async function retry(id: number, cashier: Cashier) {
    const at = new Date(deps.now());
    return db.transaction(async (tx) => {
      await ownTask(tx, id, null);
      if (!(await moveTask(tx, { id, from: ['failed'], to: 'pending', at, uuid: randomUUID() })))
        throw refuse(AdminErrorCode.deskTaskState);
      await audited(tx, cashier, 'desk.receipt', String(id), { outcome: 'retry' }, at);
      return taskAnswer(tx, id);
    });
  }

  /** The cashier confirms the document was made on a register not connected here. Never for a task the driver may be printing (sent). */
  async function printedElsewhere(id: number, cashier: Cashier) {
    const at = new Date(deps.now());
    return db.transaction(async (tx) => {
      await ownTask(tx, id, null);
      if (!(await moveTask(tx, { id, from: ['pending', 'failed'], to: 'done', at, elsewhere: true })))
        throw refuse(AdminErrorCode.deskTaskState);
      await audited(tx, cashier, 'desk.receipt', String(id), { outcome: 'elsewhere' }, at);
      return taskAnswer(tx, id);
    });
  }

  /**
   * A correction receipt («чек коррекции») for a sale or refund receipt the register refused and
   * that cannot be retried: a new task of the register (sellCorrection or sellReturnCorrection)
   * with the refused one's items, payments and total, in the register's open shift (opened with
   * it when there is none); the refused task is then done, naming its correction, which goes out,
   * is retried and shown like any other task. Only a refused (failed) sale or refund receipt, once.
   */
  async function correct(
    id: number,
    input: { type: 'self' | 'instruction'; baseDate?: string | undefined; baseNumber: string },
    cashier: Cashier,
  ) {
    const at = new Date(deps.now());
    const today = venueDateParts(at, deps.receipt.timeZone).iso;
    return db.transaction(async (tx) => {
      const refused = await ownTask(tx, id, null);
      if (refused.state !== 'failed' || refused.corrected_by !== null || (refused.kind !== 'sell' && refused.kind !== 'sellReturn'))
        throw refuse(AdminErrorCode.deskTaskState);
      const correction: ReceiptCorrection = {
        type: input.type,
        // By default the day of the settlement corrected: the refused receipt's, in the venue's zone.
        baseDate: input.baseDate ?? venueDateParts(refused.created_at, deps.receipt.timeZone).iso,
        baseNumber: input.baseNumber.trim(),
      };
      const issues = correctionIssues(correction, deps.receipt.ffd, today);
      if (issues.length > 0) throw new BusinessError(AdminErrorCode.deskCorrectionInvalid, { status: 400, details: { fields: issues } });
      const shift = await shiftFor(tx, refused.register, cashier, at);
      const correctionId = await insertTask(tx, {
        register: refused.register,
        shiftId: shift.id,
        kind: refused.kind === 'sell' ? 'sellCorrection' : 'sellReturnCorrection',
        orderId: refused.order_id,
        driver: driver.id,
        uuid: randomUUID(),
        request: driver.correction({ kind: refused.kind, request: refused.request }, correction, { name: cashier.name }, deps.receipt.ffd),
        total: refused.total,
        at,
        corrects: refused.id,
      });
      if (!(await markCorrected(tx, { id: refused.id, correction: correctionId, at }))) throw refuse(AdminErrorCode.deskTaskState);
      await audited(tx, cashier, 'desk.receipt', String(id), { outcome: 'correct', correction: correctionId, ...correction }, at);
      return { task: await taskAnswer(tx, id), correction: await taskAnswer(tx, correctionId) };
    });
  }

  async function shiftFigures(tx: Queryable, shiftId: number) {
    const f = await findShiftFigures(tx, shiftId);
    const sum = (rows: { amount: number }[], pick: (r: { amount: number; method?: string; kind?: string }) => boolean) =>
      rows.filter(pick).reduce((s, r) => s + r.amount, 0);
    const by = (rows: { method: string; amount: number }[], method: string) => sum(rows, (r) => r.method === method);
    const cashSales = by(f.sales, 'cash');
    const cashReturns = by(f.refunds, 'cash');
    const cashIn = sum(f.moves, (r) => r.kind === 'in');
    const cashOut = sum(f.moves, (r) => r.kind === 'out');
    return {
      cashSales,
      cardSales: by(f.sales, 'card'),
      pushkinSales: by(f.sales, 'pushkin'),
      sales: sum(f.sales, () => true),
      cashReturns,
      cardReturns: by(f.refunds, 'card'),
      pushkinReturns: by(f.refunds, 'pushkin'),
      returns: sum(f.refunds, () => true),
      cashIn,
      cashOut,
      cashExpected: cashIn + cashSales - cashReturns - cashOut,
      receiptsPending: f.pending,
    };
  }

  /** A shift's money reconciled: cash, the card terminal, the Pushkin terminal and returns. */
  async function shiftReport(shiftId: number): Promise<DeskShiftReport> {
    const shift = await findShift(db, shiftId);
    if (!shift) throw refuse(AdminErrorCode.deskShiftNotOpen, 404);
    return { shift: toWireShift(shift), ...(await shiftFigures(db, shiftId)) };
  }

  const REPORT_ROWS = [
    'cashSales',
    'cardSales',
    'pushkinSales',
    'cashReturns',
    'cardReturns',
    'pushkinReturns',
    'cashIn',
    'cashOut',
    'cashExpected',
  ] as const;

  /** The shift report as a CSV file (the back office's CSV: BOM, CRLF, semicolons and decimal commas for Excel by default). */
  async function shiftReportCsv(shiftId: number, lang: Lang, dialect: 'rfc4180' | 'excel-semicolon') {
    const report = await shiftReport(shiftId);
    const rows: (string | number | { money: number })[][] = REPORT_ROWS.map((key) => [
      serverText('deskShiftReport', key, lang),
      { money: report[key] },
    ]);
    rows.push([serverText('deskShiftReport', 'receiptsPending', lang), report.receiptsPending]);
    return {
      csv: toCsv([serverText('deskShiftReport', 'figure', lang), serverText('deskShiftReport', 'amount', lang)], rows, dialect),
      shift: report.shift,
    };
  }

  return {
    enqueue,
    shiftFor,
    state,
    openShift,
    closeOpenShift,
    reportX,
    cashMove,
    markSent,
    report,
    retry,
    printedElsewhere,
    correct,
    shiftReport,
    shiftReportCsv,
    shiftFigures,
    receipt: deps.receipt,
  };
}
export type DeskRegister = ReturnType<typeof createDeskRegister>;

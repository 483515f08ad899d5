import { AdminErrorCode, type AdminErrorCodeValue } from '../../contract/admin/errors.ts';
import type { BankDetails, GroupCreateRequest, GroupView, StatementPaymentView } from '../../contract/admin/groups.ts';
import { GROUP_LIMITS, type GroupState, invoiceNumber, invoiceNumbersIn, receiptNeeded } from '../../contract/admin/groups-rules.ts';
import { type Lang, pickLocalized } from '../../contract/lang.ts';
import { OrderStatus } from '../../contract/order-status.ts';
import type { Db, Queryable } from '../db/client.ts';
import { BusinessError, adminErrorText } from '../http.ts';
import { venueDateParts } from '../order-view/dates.ts';
import { markOrderSoldAtDesk } from '../orders/orders.repository.ts';
import { placeOrder } from '../orders/orders.service.ts';
import { orderTotals } from '../orders/pricing.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { deskSaleReceipt } from '../payments/receipt.ts';
import type { ReceiptTax } from '../payments/receipt-model.ts';
import type { AuditWriter } from '../admin/audit/audit.service.ts';
import { findDeskSession } from '../admin/box-office/box-office.repository.ts';
import { staffOrderLines } from '../admin/box-office/box-office.service.ts';
import type { DeskRegister } from '../admin/box-office/desk-register.service.ts';
import { StatementUnreadable, isIncoming, parseStatement } from './bank-statement.ts';
import { type GroupDocumentData, renderActPdf, renderInvoicePdf, renderOfferPdf } from './group-documents.ts';
import { withFreeCompanions } from './group-lines.ts';
import {
  type GroupRow,
  type StatementPaymentRow,
  addGroupPayment,
  findBankDetails,
  findGroup,
  findGroupDocumentLines,
  findGroupIdsByInvoice,
  findGroups,
  findOpenGroupIdsByInn,
  findStatementPayments,
  insertGroup,
  insertStatementImport,
  insertStatementPayment,
  lockGroup,
  markGroupPaid,
  paymentSeen,
  saveBankDetails,
  takeInvoiceSequence,
} from './groups.repository.ts';

type Staff = { id: number; name: string; ip: string; userAgent: string | null };
type CreateRequest = Omit<GroupCreateRequest, 'lines' | 'seats' | 'companionPriceId' | 'companionRule' | 'lang' | 'organisation'> & {
  lines: { priceId: number; quantity: number }[];
  seats: { seatId: number; priceId: number }[];
  organisation: { name: string; inn: string; kpp: string; address: string };
  companionPriceId: number | null;
  companionRule: { perChildren: number; free: number };
  lang: Lang;
};

const DAY_MS = 86_400_000;

const refuse = (code: AdminErrorCodeValue, status = 409, detail?: string) =>
  new BusinessError(code, { status, ...(detail ? { text: (lang: Lang) => adminErrorText(code, lang, detail) } : {}) });

/** A group's state: paid, released (the deadline passed unpaid), partly paid, or reserved. */
export function groupState(row: Pick<GroupRow, 'order_status' | 'released_at' | 'paid_amount'>): GroupState {
  if (row.order_status === OrderStatus.paid) return 'paid';
  if (row.released_at !== null) return 'released';
  return row.paid_amount > 0 ? 'partial' : 'reserved';
}

function paymentView(row: StatementPaymentRow): StatementPaymentView {
  return {
    id: row.id,
    number: row.doc_number,
    date: row.doc_date,
    amount: row.amount,
    payerName: row.payer_name,
    payerInn: row.payer_inn,
    purpose: row.purpose,
    outcome: row.outcome,
    reason: row.reason,
    groupId: row.group_id,
    invoiceNumber:
      row.invoice_year !== null && row.invoice_sequence !== null ? invoiceNumber(row.invoice_year, row.invoice_sequence) : null,
  };
}

function listView(row: GroupRow, lang: Lang): Omit<GroupView, 'payments'> {
  return {
    id: row.id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    orderHash: row.order_hash,
    state: groupState(row),
    eventName: pickLocalized(row.event_name, lang),
    sessionStartsAt: row.session_starts_at.toISOString(),
    organisation: { name: row.org_name, inn: row.org_inn, kpp: row.org_kpp, address: row.org_address },
    leader: { name: row.leader_name, phone: row.leader_phone, email: row.leader_email },
    payer: row.payer,
    ticketMode: row.ticket_mode,
    places: row.places,
    children: row.children,
    freeCompanions: row.free_companions,
    total: row.total,
    paidAmount: row.paid_amount,
    payUntil: row.pay_until.toISOString(),
    paidAt: row.paid_at ? row.paid_at.toISOString() : null,
    invoiceNumber: invoiceNumber(row.invoice_year, row.invoice_sequence),
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Group bookings (docs/groups.md): places reserved for an organisation through the storefront's
 * order engine (placeOrder: the same guarded stock takes and seat index as the web and the desk,
 * so no place is sold twice), held until the payment deadline (the order's reserve time: the
 * reservation-expiry job releases it after), an invoice numbered per year, and payments matched
 * from the bank's statements. Paid in full, the order is paid by the payment core's markPaid, so
 * ticket codes and the tickets e-mail to the leader follow as for any order.
 */
export function createGroups(deps: {
  db: Db;
  now: () => number;
  timeZone: string;
  payments: Pick<PaymentsService, 'markPaid'>;
  audit: AuditWriter;
  register?: DeskRegister | undefined;
  /** The venue's VAT rate of tickets, its receipts' (`RECEIPT_TAX`): printed on the invoice, offer and act. */
  tax: ReceiptTax;
}) {
  const { db, timeZone } = deps;
  const venueDay = (at: Date) => venueDateParts(at, timeZone);

  async function view(id: number, lang: Lang, q: Queryable = db): Promise<GroupView> {
    const row = await findGroup(q, id);
    if (!row) throw refuse(AdminErrorCode.groupNotFound, 404);
    return { ...listView(row, lang), payments: (await findStatementPayments(q, { groupId: id })).map(paymentView) };
  }

  async function list(lang: Lang) {
    return (await findGroups(db, 500)).map((row) => listView(row, lang));
  }

  /** Reserves a group's places until its payment deadline; see createGroups. */
  async function create(request: CreateRequest, staff: Staff): Promise<GroupView> {
    const at = new Date(deps.now());
    const session = await findDeskSession(db, timeZone, request.sessionId);
    if (!session || session.is_cancelled || session.starts_at.getTime() <= at.getTime()) throw refuse(AdminErrorCode.groupNotOnSale);
    if (session.named_tickets) throw refuse(AdminErrorCode.groupNamedTickets);
    const payUntil = new Date(request.payUntil);
    if (
      payUntil.getTime() <= at.getTime() ||
      payUntil.getTime() > at.getTime() + GROUP_LIMITS.payDaysMax * DAY_MS ||
      payUntil.getTime() > session.starts_at.getTime()
    ) {
      throw refuse(AdminErrorCode.groupDeadline, 400);
    }
    const priced = await staffOrderLines(db, session, request, false, () => refuse(AdminErrorCode.groupBadPlace, 400));
    if (request.companionPriceId !== null && !priced.some((l) => l.priceId === request.companionPriceId))
      throw refuse(AdminErrorCode.groupBadPlace, 400);
    const { lines, children, free } = withFreeCompanions(priced, request.companionPriceId, request.companionRule);
    const places = lines.reduce((sum, l) => sum + l.quantity, 0);
    if (places > GROUP_LIMITS.placesMax) throw refuse(AdminErrorCode.groupBadPlace, 400);
    const { total } = orderTotals(lines);
    const id = await db.transaction(async (tx) => {
      const placed = await placeOrder(tx, {
        eventId: session.event_id,
        status: OrderStatus.confirmed,
        lang: request.lang,
        createdAt: at,
        // The hold lasts until the payment deadline; the reservation-expiry job releases it after.
        reservedUntil: payUntil,
        buyer: {
          name: request.leader.name,
          surname: '',
          firstName: '',
          patronymic: '',
          phone: request.leader.phone,
          email: request.leader.email,
        },
        pushkinCard: false,
        isSubscription: false,
        crmClientId: null,
        checkboxes: [],
        lines,
      });
      await markOrderSoldAtDesk(tx, placed.id, staff);
      const year = Number(venueDay(at).iso.slice(0, 4));
      const sequence = await takeInvoiceSequence(tx, year);
      const groupId = await insertGroup(tx, {
        orderId: placed.id,
        org: request.organisation,
        leader: request.leader,
        payer: request.payer,
        ticketMode: request.ticketMode,
        children,
        freeCompanions: free,
        payUntil,
        invoiceYear: year,
        invoiceSequence: sequence,
        total,
        createdBy: staff.id,
        at,
      });
      await deps.audit(tx, {
        staffId: staff.id,
        action: 'group.create',
        subjectType: 'group',
        subjectId: String(groupId),
        after: {
          name: request.organisation.name,
          inn: request.organisation.inn,
          number: invoiceNumber(year, sequence),
          sessionId: session.id,
          places,
          freeCompanions: free,
          total,
          payUntil: payUntil.toISOString(),
          orderId: placed.id,
        },
        ip: staff.ip,
        userAgent: staff.userAgent,
        at,
      });
      return groupId;
    });
    return view(id, request.lang);
  }

  /**
   * Pays a locked, payable group's order in full: ticket codes and the leader's tickets e-mail
   * follow (the payment core's paid hooks); a private person's payment gets its 54-FZ receipt as
   * a task of the desk's register (the one receipt model), an organisation's transfer none.
   */
  async function payGroup(tx: Queryable, row: GroupRow, at: Date, staff: Staff, register: string | undefined): Promise<number | null> {
    if (!(await deps.payments.markPaid(tx, row.order_id, at))) throw refuse(AdminErrorCode.groupNotPayable);
    await markGroupPaid(tx, row.id, at);
    if (!receiptNeeded(row.payer) || row.total === 0) return null;
    if (!register || !deps.register) throw refuse(AdminErrorCode.groupReceiptRegister, 400);
    const shift = await deps.register.shiftFor(tx, register, staff, at);
    const receipt = await deskSaleReceipt(tx, row.order_id, row.total, deps.register.receipt);
    return deps.register.enqueue(tx, {
      register: shift.register,
      shiftId: shift.id,
      orderId: row.order_id,
      // A bank transfer is money by electronic means: the receipt's cashless part.
      document: { kind: 'sell', receipt, payments: [{ method: 'card', amount: row.total }], operator: { name: staff.name } },
      total: row.total,
      at,
    });
  }

  /** Marks a group paid by hand (money seen in the bank, or a private person's payment at the desk). */
  async function markPaid(id: number, options: { register?: string | undefined; lang: Lang }, staff: Staff): Promise<GroupView> {
    const at = new Date(deps.now());
    await db.transaction(async (tx) => {
      const row = await lockGroup(tx, id);
      if (!row) throw refuse(AdminErrorCode.groupNotFound, 404);
      if (groupState(row) === 'paid' || groupState(row) === 'released') throw refuse(AdminErrorCode.groupNotPayable);
      const receiptTask = await payGroup(tx, row, at, staff, options.register);
      await deps.audit(tx, {
        staffId: staff.id,
        action: 'group.paid',
        subjectType: 'group',
        subjectId: String(id),
        after: {
          name: row.org_name,
          number: invoiceNumber(row.invoice_year, row.invoice_sequence),
          total: row.total,
          by: 'staff',
          receiptTask,
        },
        ip: staff.ip,
        userAgent: staff.userAgent,
        at,
      });
    });
    return view(id, options.lang);
  }

  /** The group a payment is for: by the invoice number in its purpose (the payer's ИНН agreeing), else the payer's one open group. */
  async function matchPayment(tx: Queryable, purpose: string, payerInn: string): Promise<{ row: GroupRow | null; reason: string }> {
    const numbers = invoiceNumbersIn(purpose);
    if (numbers.length > 0) {
      for (const number of numbers) {
        const [year, sequence] = number.split('-').map(Number);
        const [id] = await findGroupIdsByInvoice(tx, year ?? 0, sequence ?? 0);
        const row = id === undefined ? undefined : await findGroup(tx, id);
        if (row && row.org_inn === payerInn) return { row, reason: '' };
        if (row) return { row: null, reason: 'inn-differs' };
      }
      return { row: null, reason: 'no-invoice' };
    }
    const open = await findOpenGroupIdsByInn(tx, payerInn);
    if (open.length > 1) return { row: null, reason: 'several-open' };
    const row = open[0] === undefined ? undefined : await findGroup(tx, open[0]);
    return row ? { row, reason: '' } : { row: null, reason: 'no-invoice' };
  }

  /**
   * Imports a bank statement: each incoming payment matched to a group (matchPayment). A payment
   * that completes the invoice pays the group; less is partial; a payment of an earlier file is
   * a duplicate and counts once; no match, or a group released or paid already, is unmatched and
   * listed for staff. All in one transaction: a file is taken whole or not at all.
   */
  async function importStatement(request: { fileName: string; content: string; register?: string | undefined; lang: Lang }, staff: Staff) {
    const at = new Date(deps.now());
    const bytes = Buffer.from(request.content, 'base64');
    if (bytes.length > GROUP_LIMITS.statementBytesMax)
      throw refuse(AdminErrorCode.statementUnreadable, 400, `> ${GROUP_LIMITS.statementBytesMax} B`);
    const venue = await findBankDetails(db);
    if (!venue) throw refuse(AdminErrorCode.groupBankDetailsMissing);
    let statement;
    try {
      statement = parseStatement(bytes);
    } catch (error) {
      if (error instanceof StatementUnreadable) throw refuse(AdminErrorCode.statementUnreadable, 400, error.message);
      throw error;
    }
    if (statement.accounts.length > 0 && !statement.accounts.includes(venue.account))
      throw refuse(AdminErrorCode.statementWrongAccount, 400);
    return db.transaction(async (tx) => {
      const importId = await insertStatementImport(tx, request.fileName, staff.id, at);
      let skipped = 0;
      const counts = { paid: 0, partial: 0, unmatched: 0, duplicate: 0 };
      for (const doc of statement.documents) {
        if (!isIncoming(doc, venue)) {
          skipped += 1;
          continue;
        }
        const base = {
          importId,
          number: doc.number,
          date: doc.date,
          amount: doc.amount,
          payerName: doc.payerName,
          payerInn: doc.payerInn,
          purpose: doc.purpose,
        };
        if (await paymentSeen(tx, { number: doc.number, date: doc.date, payerInn: doc.payerInn, amount: doc.amount })) {
          await insertStatementPayment(tx, { ...base, groupId: null, outcome: 'duplicate', reason: '' });
          counts.duplicate += 1;
          continue;
        }
        const match = await matchPayment(tx, doc.purpose, doc.payerInn);
        const row = match.row ? await lockGroup(tx, match.row.id) : undefined;
        const state = row ? groupState(row) : null;
        if (!row || state === 'paid' || state === 'released') {
          const reason = !row ? match.reason : state === 'paid' ? 'already-paid' : 'released';
          await insertStatementPayment(tx, { ...base, groupId: row?.id ?? null, outcome: 'unmatched', reason });
          counts.unmatched += 1;
          continue;
        }
        const paidAmount = await addGroupPayment(tx, row.id, doc.amount);
        if (paidAmount >= row.total) {
          await payGroup(tx, row, at, staff, request.register);
          await insertStatementPayment(tx, { ...base, groupId: row.id, outcome: 'paid', reason: paidAmount > row.total ? 'overpaid' : '' });
          counts.paid += 1;
        } else {
          await insertStatementPayment(tx, { ...base, groupId: row.id, outcome: 'partial', reason: '' });
          counts.partial += 1;
        }
      }
      await deps.audit(tx, {
        staffId: staff.id,
        action: 'group.statement-import',
        subjectType: 'statement',
        subjectId: String(importId),
        after: { name: request.fileName, ...counts, skipped },
        ip: staff.ip,
        userAgent: staff.userAgent,
        at,
      });
      const payments = (await findStatementPayments(tx, { importId })).reverse().map(paymentView);
      return { importId, payments, skipped };
    });
  }

  async function unmatched() {
    return (await findStatementPayments(db, { unmatched: true })).map(paymentView);
  }

  async function bankDetails() {
    return findBankDetails(db);
  }

  async function saveBank(details: BankDetails, staff: Staff) {
    const at = new Date(deps.now());
    await db.transaction(async (tx) => {
      const before = await findBankDetails(tx);
      await saveBankDetails(tx, details, staff.id, at);
      await deps.audit(tx, {
        staffId: staff.id,
        action: 'group.bank-details',
        subjectType: 'setup',
        subjectId: null,
        before,
        after: { ...details, name: details.legalName },
        ip: staff.ip,
        userAgent: staff.userAgent,
        at,
      });
    });
    return details;
  }

  /** A group's invoice, contract offer or act as a PDF; the act only once the paid group's session has begun. */
  async function documentPdf(id: number, kind: 'invoice' | 'offer' | 'act'): Promise<{ pdf: Buffer; fileName: string }> {
    const row = await findGroup(db, id);
    if (!row) throw refuse(AdminErrorCode.groupNotFound, 404);
    const supplier = await findBankDetails(db);
    if (!supplier) throw refuse(AdminErrorCode.groupBankDetailsMissing);
    const at = new Date(deps.now());
    if (kind === 'act' && (groupState(row) !== 'paid' || row.session_starts_at.getTime() > at.getTime()))
      throw refuse(AdminErrorCode.groupActTooEarly);
    const event = pickLocalized(row.event_name, 'ru');
    const starts = venueDay(row.session_starts_at);
    const session = `${starts.day} ${starts.time}`;
    const deadline = venueDay(row.pay_until);
    const number = invoiceNumber(row.invoice_year, row.invoice_sequence);
    const lines = (await findGroupDocumentLines(db, row.order_id)).map((l) => ({
      name: `Билет: «${event}», ${session}, ${pickLocalized(l.category, 'ru')}${l.unit_price === 0 ? ' (бесплатно, сопровождающий)' : ''}`,
      quantity: l.quantity,
      unitPrice: l.unit_price,
    }));
    const data: GroupDocumentData = {
      number,
      date: venueDay(kind === 'act' ? at : row.created_at).day,
      supplier,
      buyer: { name: row.org_name, inn: row.org_inn, kpp: row.org_kpp, address: row.org_address },
      leader: { name: row.leader_name, phone: row.leader_phone, email: row.leader_email },
      event,
      session,
      lines,
      total: row.total,
      tax: deps.tax,
      payUntil: `${deadline.day} ${deadline.time}`,
    };
    const render = { invoice: renderInvoicePdf, offer: renderOfferPdf, act: renderActPdf }[kind];
    const prefix = { invoice: 'schet', offer: 'oferta', act: 'akt' }[kind];
    return { pdf: await render(data), fileName: `${prefix}-${number}.pdf` };
  }

  return { list, view, create, markPaid, importStatement, unmatched, bankDetails, saveBank, documentPdf };
}
export type Groups = ReturnType<typeof createGroups>;

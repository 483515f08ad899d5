import { AdminErrorCode } from '../../../contract/admin/errors.ts';
import type { DeskOrderResponse, DeskOrderSummary, DeskOrdersResponse, DeskPrintResponse } from '../../../contract/admin/desk-tickets.ts';
import { type DuplicatePolicy, handoutQueryKind } from '../../../contract/admin/desk-tickets-rules.ts';
import { normalizeScannedCode } from '../../../contract/checkin-rules.ts';
import { normalizeEmail } from '../../../contract/buyer-format.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../http.ts';
import { fullLocalized } from '../../order-view/dates.ts';
import { newTicketCode } from '../../tickets/ticket-codes.ts';
import { type TicketVenue, orderTicketDocuments } from '../../tickets/ticket-document.ts';
import { ticketImages } from '../../tickets/ticket-images.ts';
import type { AuditWriter } from '../audit/audit.service.ts';
import {
  type HandoutOrderRow,
  findDuplicatePolicy,
  findHandoutOrder,
  findHandoutOrders,
  findPrintStates,
  insertTicketPrint,
  lockPrintableTickets,
  replaceTicketCode,
  updateDuplicatePolicy,
} from './desk-tickets.repository.ts';

type Staff = { id: number; name: string; ip: string; userAgent: string | null };

/** Orders a hand-out search lists at most (an e-mail may have bought often). */
const HANDOUT_MAX = 20;

const summaryOf = (row: HandoutOrderRow): DeskOrderSummary => ({
  id: row.id,
  number: row.number,
  email: row.email ?? '',
  buyerName: row.buyer_name ?? '',
  channel: row.channel,
  total: row.total,
  paidAt: row.paid_at?.toISOString() ?? null,
  events: row.events.map((name) => fullLocalized(name)),
  tickets: row.tickets,
});

const notFound = () => new BusinessError(AdminErrorCode.deskOrderNotFound, { status: 404 });

export type DeskTickets = ReturnType<typeof createDeskTickets>;

/**
 * Printed tickets and the hand-out of web orders at the desk: find a paid order by its number,
 * a ticket's code or the buyer's e-mail, show its tickets through the one ticket template, and
 * print them. Each print is recorded; a reprint is a duplicate, and under the venue's 'reissue'
 * choice it carries a new code, so the first print no longer admits.
 */
export function createDeskTickets(deps: { db: Db; now: () => number; venue: () => Promise<TicketVenue>; audit: AuditWriter }) {
  const { db } = deps;

  /** The order's tickets that admit, each with its document, its code's picture and its prints so far. */
  async function ticketsOf(orderId: number) {
    const [tickets, states] = await Promise.all([orderTicketDocuments(db, orderId, await deps.venue()), findPrintStates(db, orderId)]);
    return Promise.all(
      tickets.map(async ({ ticketId, document }) => {
        const images = await ticketImages(document.code, document.codeKind === 'qr' ? 1 : document.codeKind === 'barcode' ? 0 : 2);
        const state = states.get(ticketId);
        return {
          ticketId,
          document,
          image: images._qrcode || images._barcode,
          prints: state?.prints ?? 0,
          lastPrintedAt: state?.last_printed_at?.toISOString() ?? null,
          admitted: state?.admitted ?? false,
        };
      }),
    );
  }

  return {
    /** Paid orders matching what the cashier typed or scanned. */
    async search(q: string): Promise<Omit<DeskOrdersResponse, 'errorCode' | 'errorText'>> {
      const kind = handoutQueryKind(q);
      if (!kind) throw new BusinessError(ErrorCode.validation, { status: 400, details: { fields: [{ path: 'q', code: 'query' }] } });
      const value = kind === 'email' ? normalizeEmail(q) : kind === 'code' ? normalizeScannedCode(q) : q.trim();
      const rows = await findHandoutOrders(db, kind, value, HANDOUT_MAX);
      if (rows.length === 0) throw notFound();
      return { matchedBy: kind, orders: rows.map(summaryOf) };
    },

    async order(orderId: number): Promise<Omit<DeskOrderResponse, 'errorCode' | 'errorText'>> {
      const row = await findHandoutOrder(db, orderId);
      if (!row) throw notFound();
      return { order: summaryOf(row), duplicatePolicy: await findDuplicatePolicy(db), tickets: await ticketsOf(orderId) };
    },

    /**
     * Records a print of these tickets and answers what to print: a ticket printed before is a
     * duplicate; under 'reissue' its code is replaced first, in the same transaction, so the
     * paper that comes out carries the only code that admits.
     */
    async print(orderId: number, ticketIds: readonly number[], staff: Staff): Promise<Omit<DeskPrintResponse, 'errorCode' | 'errorText'>> {
      const wanted = [...new Set(ticketIds)];
      const { policy, duplicates } = await db.transaction(async (tx) => {
        const order = await findHandoutOrder(tx, orderId);
        if (!order) throw notFound();
        const policy = await findDuplicatePolicy(tx);
        const printable = await lockPrintableTickets(tx, orderId, wanted);
        if (printable.length !== wanted.length) throw new BusinessError(AdminErrorCode.deskTicketNotPrintable, { status: 409 });
        const at = new Date(deps.now());
        const duplicates = new Set<number>();
        for (const ticket of printable) {
          const duplicate = ticket.prints > 0;
          let codeReplaced = false;
          if (duplicate) {
            duplicates.add(ticket.id);
            if (policy === 'reissue') {
              // A fresh code that no ticket has and none had: retried on the rare collision.
              for (let attempt = 0; attempt < 5 && !codeReplaced; attempt += 1)
                codeReplaced = await replaceTicketCode(tx, ticket.id, ticket.code, newTicketCode(), at);
            }
          }
          await insertTicketPrint(tx, { ticketId: ticket.id, at, staffId: staff.id, staffName: staff.name, duplicate, codeReplaced });
        }
        await deps.audit(tx, {
          staffId: staff.id,
          action: 'desk.print',
          subjectType: 'order',
          subjectId: String(orderId),
          after: { ticketIds: wanted, duplicates: duplicates.size, policy },
          ip: staff.ip,
          userAgent: staff.userAgent,
          at,
        });
        return { policy, duplicates };
      });
      const tickets = (await ticketsOf(orderId))
        .filter((t) => wanted.includes(t.ticketId))
        .map((t) => ({ ...t, duplicate: duplicates.has(t.ticketId) }));
      return { duplicatePolicy: policy, tickets };
    },

    duplicatePolicy: () => findDuplicatePolicy(db),

    async setDuplicatePolicy(policy: DuplicatePolicy, staff: Staff): Promise<DuplicatePolicy> {
      await db.transaction(async (tx) => {
        const before = await updateDuplicatePolicy(tx, policy);
        await deps.audit(tx, {
          staffId: staff.id,
          action: 'desk.print-settings',
          subjectType: 'settings',
          subjectId: null,
          before: { duplicatePolicy: before },
          after: { duplicatePolicy: policy },
          ip: staff.ip,
          userAgent: staff.userAgent,
        });
      });
      return policy;
    },
  };
}

import { AUDIT_PAGE_SIZE } from '../../../contract/admin/staff-rules.ts';
import type { Db, Queryable } from '../../db/client.ts';
import type { CurrencyCode } from '../../../contract/setup.ts';
import {
  type AuditEntry,
  type AuditFilter,
  findAuditActions,
  findAuditEntries,
  findTicketCodes,
  insertAuditEntry,
} from './audit.repository.ts';

/** Writes one audit entry in the caller's transaction. */
export type AuditWriter = (tx: Queryable, entry: AuditEntry) => Promise<void>;

export type AuditService = ReturnType<typeof createAuditService>;

/**
 * The one way an entry gets into the audit log: on the transaction of the change it records (so a
 * change that rolls back leaves no entry), at the injected clock's time unless the entry names its
 * own. Services that build no audit service (staff sign-in and accounts, the staff CLI) make theirs here.
 */
export function auditWriter(now: () => number): AuditWriter {
  return (tx, entry) => insertAuditEntry(tx, { ...entry, at: entry.at ?? new Date(now()) });
}

/** The audit log: staff changes recorded with the change they record, and the owner's browser over them. */
export function createAuditService(deps: { db: Db; now: () => number; timeZone: string; currency: () => Promise<CurrencyCode> }) {
  const record = auditWriter(deps.now);

  /**
   * One page of entries matching the filter, newest first, with the total, every action the log
   * holds, the venue's currency and the codes of the tickets the page's entries name by id, so the
   * back office can write each entry as a sentence staff read.
   */
  async function browse(filter: Omit<AuditFilter, 'timeZone'>, page: number) {
    const [found, actions, currency] = await Promise.all([
      findAuditEntries(deps.db, { ...filter, timeZone: deps.timeZone }, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
      findAuditActions(deps.db),
      deps.currency(),
    ]);
    const ids = new Set<number>();
    for (const row of found.rows) for (const id of ticketIdsOf(row.after)) ids.add(id);
    const codes = await findTicketCodes(deps.db, [...ids]);
    return { entries: found.rows, total: found.total, actions, currency, ticketCodes: Object.fromEntries(codes) as Record<string, string> };
  }

  return { record, browse };
}

/** Ticket ids an entry's after side names (a refund's `ticketIds` and `usedTicketIds`). */
function ticketIdsOf(after: unknown): number[] {
  if (after === null || typeof after !== 'object') return [];
  const out: number[] = [];
  for (const key of ['ticketIds', 'usedTicketIds']) {
    const list = (after as Record<string, unknown>)[key];
    if (Array.isArray(list)) for (const id of list) if (Number.isInteger(id) && id > 0 && id <= 2 ** 31 - 1) out.push(id);
  }
  return out;
}

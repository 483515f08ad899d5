import { AUDIT_PAGE_SIZE } from '../../../contract/admin/staff-rules.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { type AuditEntry, type AuditFilter, findAuditActions, findAuditEntries, insertAuditEntry } from './audit.repository.ts';

/** Writes one audit entry in the caller's transaction. */
export type AuditWriter = (tx: Queryable, entry: AuditEntry) => Promise<void>;

export type AuditService = ReturnType<typeof createAuditService>;

/** The audit log: staff changes recorded with the change they record, and the owner's browser over them. */
export function createAuditService(deps: { db: Db; now: () => number; timeZone: string }) {
  /**
   * Records an entry on the transaction of the change it records (so a change that rolls back
   * leaves no entry), at the injected clock's time unless the entry names its own.
   */
  const record: AuditWriter = (tx, entry) => insertAuditEntry(tx, { ...entry, at: entry.at ?? new Date(deps.now()) });

  /** One page of entries matching the filter, newest first, with the total and every action the log holds. */
  async function browse(filter: Omit<AuditFilter, 'timeZone'>, page: number) {
    const [found, actions] = await Promise.all([
      findAuditEntries(deps.db, { ...filter, timeZone: deps.timeZone }, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
      findAuditActions(deps.db),
    ]);
    return { entries: found.rows, total: found.total, actions };
  }

  return { record, browse };
}

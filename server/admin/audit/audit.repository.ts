import type { Queryable } from '../../db/client.ts';

export type AuditEntry = {
  staffId: number | null;
  /** A dotted name: 'staff.sign-in', 'order.refund', ... */
  action: string;
  subjectType: string;
  subjectId: string | null;
  before?: unknown;
  after?: unknown;
  ip: string;
  userAgent?: string | null;
  /** When it happened; the database's clock when left out. Services pass their injected clock. */
  at?: Date;
};

/**
 * Records one entry of the audit log. Call it on the transaction of the change it records, so a
 * change that rolls back leaves no entry and no change goes unrecorded. The table refuses UPDATE
 * and DELETE, so an entry once written stays as written.
 */
export async function insertAuditEntry(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.query(
    `insert into audit_log (at, staff_id, action, subject_type, subject_id, before, after, ip, user_agent)
     values (coalesce($1, now()), $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.at ?? null,
      entry.staffId,
      entry.action,
      entry.subjectType,
      entry.subjectId,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.ip,
      entry.userAgent ?? null,
    ],
  );
}

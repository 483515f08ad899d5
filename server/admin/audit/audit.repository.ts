import type { AuditAction } from '../../../contract/admin/audit-actions.ts';
import type { Queryable } from '../../db/client.ts';

export type AuditEntry = {
  staffId: number | null;
  /** A dotted name: 'staff.sign-in', 'order.refund', ...; a new one is added to AUDIT_ACTIONS and named in the back office's catalogs. */
  action: AuditAction;
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

export type AuditFilter = {
  staffId?: number | undefined;
  action?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  /** Days (YYYY-MM-DD) in `timeZone`, both included. */
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
};

export type AuditRow = {
  id: string;
  at: Date;
  staff: { id: number; name: string; email: string } | null;
  action: string;
  subjectType: string;
  subjectId: string | null;
  before: unknown;
  after: unknown;
  ip: string;
  userAgent: string | null;
  /** The order's number (what staff and buyers quote) when the entry's subject is an order that exists. */
  orderNumber: number | null;
  /** The staff member's name when the entry's subject is a staff member that exists. */
  subjectName: string | null;
};

/** One page of the log, newest first, with how many entries match in all. */
export async function findAuditEntries(
  q: Queryable,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replaceAll('$?', `$${params.length}`));
  };
  if (filter.staffId !== undefined) add('a.staff_id = $?', filter.staffId);
  if (filter.action) add('a.action = $?', filter.action);
  if (filter.subjectType) add('a.subject_type = $?', filter.subjectType);
  if (filter.subjectId) add('a.subject_id = $?', filter.subjectId);
  if (filter.from || filter.to) params.push(filter.timeZone);
  const tz = `$${params.length}`;
  if (filter.from) add(`a.at >= ($?::date)::timestamp at time zone ${tz}`, filter.from);
  if (filter.to) add(`a.at < ($?::date + 1)::timestamp at time zone ${tz}`, filter.to);
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  const total = await q.query<{ n: number }>(`select count(*)::int as n from audit_log a ${whereSql}`, params);
  const { rows } = await q.query<{
    id: string;
    at: Date;
    staff_id: number | null;
    staff_name: string | null;
    staff_email: string | null;
    action: string;
    subject_type: string;
    subject_id: string | null;
    before: unknown;
    after: unknown;
    ip: string;
    user_agent: string | null;
    order_number: number | null;
    subject_name: string | null;
  }>(
    `select a.id::text as id, a.at, a.staff_id, s.name as staff_name, s.email as staff_email, a.action, a.subject_type, a.subject_id,
            a.before, a.after, a.ip, a.user_agent, o.number as order_number, m.name as subject_name
     from audit_log a left join staff s on s.id = a.staff_id
     left join orders o on a.subject_type = 'order' and o.id = (case when a.subject_id ~ '^[0-9]{1,9}$' then a.subject_id::int end)
     left join staff m on a.subject_type = 'staff' and m.id = (case when a.subject_id ~ '^[0-9]{1,9}$' then a.subject_id::int end)
     ${whereSql}
     order by a.at desc, a.id desc
     limit ${Number(page.limit)} offset ${Number(page.offset)}`,
    params,
  );
  return {
    total: total.rows[0]?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      at: new Date(r.at),
      staff: r.staff_id === null ? null : { id: r.staff_id, name: r.staff_name ?? '', email: r.staff_email ?? '' },
      action: r.action,
      subjectType: r.subject_type,
      subjectId: r.subject_id,
      before: r.before,
      after: r.after,
      ip: r.ip,
      userAgent: r.user_agent,
      orderNumber: r.order_number,
      subjectName: r.subject_name,
    })),
  };
}

/** The scanned codes of tickets by id (tickets not yet issued a code, or gone, are left out). */
export async function findTicketCodes(q: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await q.query<{ id: number; code: string }>(
    'select id, code from tickets where id = any($1::int[]) and code is not null',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** Every action the log holds, for the browser's filter. */
export async function findAuditActions(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ action: string }>('select distinct action from audit_log order by action');
  return rows.map((r) => r.action);
}

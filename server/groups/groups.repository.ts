import type { BankDetails } from '../../contract/admin/groups.ts';
import type { GroupPayer, GroupTicketMode } from '../../contract/admin/groups-rules.ts';
import type { Queryable } from '../db/client.ts';
import { ReturnStatus } from '../../contract/order-status.ts';

type Text = Record<string, string>;
const RETURNED_STATUSES = `${ReturnStatus.refunded}, ${ReturnStatus.refunding}`;

/** SQL of group bookings, the venue's bank details and imported bank statements. */

type BankRow = {
  legal_name: string;
  inn: string;
  kpp: string;
  address: string;
  bik: string;
  bank_name: string;
  correspondent_account: string;
  account: string;
};

export async function findBankDetails(db: Queryable): Promise<BankDetails | null> {
  const { rows } = await db.query<BankRow>('select * from venue_bank_details where id');
  const r = rows[0];
  if (!r) return null;
  return {
    legalName: r.legal_name,
    inn: r.inn,
    kpp: r.kpp,
    address: r.address,
    bik: r.bik,
    bankName: r.bank_name,
    correspondentAccount: r.correspondent_account,
    account: r.account,
  };
}

export async function saveBankDetails(tx: Queryable, d: BankDetails, staffId: number, at: Date): Promise<void> {
  await tx.query(
    `insert into venue_bank_details (id, legal_name, inn, kpp, address, bik, bank_name, correspondent_account, account, updated_at, updated_by)
     values (true, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (id) do update set legal_name = $1, inn = $2, kpp = $3, address = $4, bik = $5, bank_name = $6,
       correspondent_account = $7, account = $8, updated_at = $9, updated_by = $10`,
    [d.legalName, d.inn, d.kpp, d.address, d.bik, d.bankName, d.correspondentAccount, d.account, at, staffId],
  );
}

/** The next invoice sequence of the year: the counter row is locked until the caller's transaction ends. */
export async function takeInvoiceSequence(tx: Queryable, year: number): Promise<number> {
  const { rows } = await tx.query<{ last: number }>(
    `insert into group_invoice_counters (year, last) values ($1, 1)
     on conflict (year) do update set last = group_invoice_counters.last + 1 returning last`,
    [year],
  );
  const last = rows[0]?.last;
  if (last === undefined) throw new Error('the invoice counter returned no row');
  return last;
}

export type NewGroup = {
  orderId: number;
  org: { name: string; inn: string; kpp: string; address: string };
  leader: { name: string; phone: string; email: string };
  payer: GroupPayer;
  ticketMode: GroupTicketMode;
  children: number;
  freeCompanions: number;
  payUntil: Date;
  invoiceYear: number;
  invoiceSequence: number;
  total: number;
  createdBy: number;
  at: Date;
};

export async function insertGroup(tx: Queryable, g: NewGroup): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into group_bookings (order_id, org_name, org_inn, org_kpp, org_address, leader_name, leader_phone, leader_email, payer,
       ticket_mode, children, free_companions, pay_until, invoice_year, invoice_sequence, total, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning id`,
    [
      g.orderId,
      g.org.name,
      g.org.inn,
      g.org.kpp,
      g.org.address,
      g.leader.name,
      g.leader.phone,
      g.leader.email,
      g.payer,
      g.ticketMode,
      g.children,
      g.freeCompanions,
      g.payUntil,
      g.invoiceYear,
      g.invoiceSequence,
      g.total,
      g.createdBy,
      g.at,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the group insert returned no id');
  return id;
}

export type GroupRow = {
  id: number;
  order_id: number;
  order_number: number;
  order_hash: string;
  order_status: number;
  released_at: Date | null;
  event_name: Text;
  session_starts_at: Date;
  org_name: string;
  org_inn: string;
  org_kpp: string;
  org_address: string;
  leader_name: string;
  leader_phone: string;
  leader_email: string;
  payer: GroupPayer;
  ticket_mode: GroupTicketMode;
  children: number;
  free_companions: number;
  places: number;
  pay_until: Date;
  invoice_year: number;
  invoice_sequence: number;
  total: number;
  paid_amount: number;
  paid_at: Date | null;
  created_at: Date;
};

const GROUP_SELECT = `select g.id, g.order_id, o.number as order_number, o.hash as order_hash, o.status as order_status, o.released_at,
    e.name as event_name, s.starts_at as session_starts_at, g.org_name, g.org_inn, g.org_kpp, g.org_address, g.leader_name,
    g.leader_phone, g.leader_email, g.payer, g.ticket_mode, g.children, g.free_companions,
    (select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = o.id) as places,
    g.pay_until, g.invoice_year, g.invoice_sequence, g.total, g.paid_amount, g.paid_at, g.created_at
  from group_bookings g
  join orders o on o.id = g.order_id
  join events e on e.id = o.event_id
  join lateral (select l.session_id from order_lines l where l.order_id = o.id order by l.id limit 1) first_line on true
  join sessions s on s.id = first_line.session_id`;

export async function findGroups(db: Queryable, limit: number): Promise<GroupRow[]> {
  const { rows } = await db.query<GroupRow>(`${GROUP_SELECT} order by g.created_at desc, g.id desc limit $1`, [limit]);
  return rows;
}

export async function findGroup(db: Queryable, id: number): Promise<GroupRow | undefined> {
  const { rows } = await db.query<GroupRow>(`${GROUP_SELECT} where g.id = $1`, [id]);
  return rows[0];
}

/** Locks a group's order row, then its own (the order first, as every order change takes them). */
export async function lockGroup(tx: Queryable, id: number): Promise<GroupRow | undefined> {
  const { rows } = await tx.query<{ order_id: number }>('select order_id from group_bookings where id = $1', [id]);
  const orderId = rows[0]?.order_id;
  if (orderId === undefined) return undefined;
  await tx.query('select id from orders where id = $1 for update', [orderId]);
  await tx.query('select id from group_bookings where id = $1 for update', [id]);
  return findGroup(tx, id);
}

/** Groups whose invoice has this year and sequence (one at most: the pair is unique). */
export async function findGroupIdsByInvoice(db: Queryable, year: number, sequence: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('select id from group_bookings where invoice_year = $1 and invoice_sequence = $2', [
    year,
    sequence,
  ]);
  return rows.map((r) => r.id);
}

/** Groups of an organisation still waiting for money: not paid, their places still held. */
export async function findOpenGroupIdsByInn(db: Queryable, inn: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select g.id from group_bookings g join orders o on o.id = g.order_id
      where g.org_inn = $1 and g.paid_at is null and o.released_at is null order by g.id`,
    [inn],
  );
  return rows.map((r) => r.id);
}

export async function addGroupPayment(tx: Queryable, id: number, amount: number): Promise<number> {
  const { rows } = await tx.query<{ paid_amount: number }>(
    'update group_bookings set paid_amount = paid_amount + $2 where id = $1 returning paid_amount',
    [id, amount],
  );
  return rows[0]?.paid_amount ?? 0;
}

export async function markGroupPaid(tx: Queryable, id: number, at: Date): Promise<void> {
  await tx.query('update group_bookings set paid_at = $2 where id = $1', [id, at]);
}

export async function insertStatementImport(tx: Queryable, fileName: string, staffId: number, at: Date): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'insert into bank_statement_imports (file_name, staff_id, created_at) values ($1, $2, $3) returning id',
    [fileName, staffId, at],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the statement import insert returned no id');
  return id;
}

export type StatementPaymentRow = {
  id: number;
  doc_number: string;
  doc_date: string;
  amount: number;
  payer_name: string;
  payer_inn: string;
  purpose: string;
  group_id: number | null;
  outcome: 'paid' | 'partial' | 'unmatched' | 'duplicate';
  reason: string;
  invoice_year: number | null;
  invoice_sequence: number | null;
};

/** Whether this payment was taken from an earlier statement (statements of overlapping days repeat payments). */
export async function paymentSeen(tx: Queryable, p: { number: string; date: string; payerInn: string; amount: number }): Promise<boolean> {
  const { rows } = await tx.query(
    `select 1 from bank_statement_payments where doc_number = $1 and doc_date = $2 and payer_inn = $3 and amount = $4
       and outcome <> 'duplicate' limit 1`,
    [p.number, p.date, p.payerInn, p.amount],
  );
  return rows.length > 0;
}

export async function insertStatementPayment(
  tx: Queryable,
  p: {
    importId: number;
    number: string;
    date: string;
    amount: number;
    payerName: string;
    payerInn: string;
    purpose: string;
    groupId: number | null;
    outcome: StatementPaymentRow['outcome'];
    reason: string;
  },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into bank_statement_payments (import_id, doc_number, doc_date, amount, payer_name, payer_inn, purpose, group_id, outcome, reason)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [p.importId, p.number, p.date, p.amount, p.payerName, p.payerInn, p.purpose, p.groupId, p.outcome, p.reason],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the statement payment insert returned no id');
  return id;
}

const PAYMENT_SELECT = `select p.id, p.doc_number, p.doc_date, p.amount, p.payer_name, p.payer_inn, p.purpose, p.group_id, p.outcome, p.reason,
    g.invoice_year, g.invoice_sequence
  from bank_statement_payments p left join group_bookings g on g.id = p.group_id`;

export async function findStatementPayments(db: Queryable, where: { importId?: number; groupId?: number; unmatched?: boolean }) {
  const clauses: string[] = [];
  const values: unknown[] = [];
  if (where.importId !== undefined) clauses.push(`p.import_id = $${values.push(where.importId)}`);
  if (where.groupId !== undefined) clauses.push(`p.group_id = $${values.push(where.groupId)}`);
  if (where.unmatched) clauses.push(`p.outcome = 'unmatched'`);
  const { rows } = await db.query<StatementPaymentRow>(
    `${PAYMENT_SELECT} ${clauses.length ? `where ${clauses.join(' and ')}` : ''} order by p.id desc limit 500`,
    values,
  );
  return rows;
}

/** What the group's documents list: its places grouped by category and price, in the order's order. */
export async function findGroupDocumentLines(
  db: Queryable,
  orderId: number,
): Promise<{ category: Text; unit_price: number; quantity: number }[]> {
  const { rows } = await db.query<{ category: Text; unit_price: number; quantity: number }>(
    `select c.name as category, l.unit_price, sum(l.quantity)::int as quantity
       from order_lines l join categories c on c.id = l.category_id
      where l.order_id = $1
      group by c.name, c.id, l.unit_price order by min(l.id)`,
    [orderId],
  );
  return rows;
}

/**
 * The other tickets a group ticket admits with it: when the scanned ticket's order is a group
 * admitted on one code, its order's other tickets that are not returned; none otherwise.
 */
export async function findGroupTicketsAdmittedWith(q: Queryable, ticketId: number): Promise<{ id: number; session_id: number }[]> {
  const { rows } = await q.query<{ id: number; session_id: number }>(
    `select other.id, l.session_id
       from tickets t
       join group_bookings g on g.order_id = t.order_id and g.ticket_mode = 'group'
       join tickets other on other.order_id = t.order_id and other.id <> t.id
       join order_lines l on l.id = other.order_line_id
      where t.id = $1 and other.status not in (${RETURNED_STATUSES})
      order by other.id`,
    [ticketId],
  );
  return rows;
}

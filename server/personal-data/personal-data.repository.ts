import type { Queryable } from '../db/client.ts';
import type { ConsentGiven } from './consent-ticks.ts';

export type ConsentDocumentRow = {
  id: number;
  scope: string;
  version: number;
  title: Record<string, string>;
  body: Record<string, string>;
  sha256: Record<string, string>;
  created_at: Date;
  staff_id: number | null;
};

const DOCUMENT_COLUMNS = 'id, scope, version, title, body, sha256, created_at, staff_id';

/** The current (latest) version of each scope's consent text. */
export async function findCurrentConsentDocuments(db: Queryable): Promise<ConsentDocumentRow[]> {
  const { rows } = await db.query<ConsentDocumentRow>(
    `select distinct on (scope) ${DOCUMENT_COLUMNS} from consent_documents order by scope, version desc`,
  );
  return rows;
}

/** The current (latest) version of one scope's consent text. */
export async function findCurrentConsentDocument(db: Queryable, scope: string): Promise<ConsentDocumentRow | undefined> {
  const { rows } = await db.query<ConsentDocumentRow>(
    `select ${DOCUMENT_COLUMNS} from consent_documents where scope = $1 order by version desc limit 1`,
    [scope],
  );
  return rows[0];
}

/** Every version of every scope, newest first within a scope. */
export async function findConsentDocuments(db: Queryable): Promise<ConsentDocumentRow[]> {
  const { rows } = await db.query<ConsentDocumentRow>(`select ${DOCUMENT_COLUMNS} from consent_documents order by scope, version desc`);
  return rows;
}

/**
 * Writes the next version of a scope's text, its SHA-256 per language computed by the database
 * from the very bytes stored. Two editors at once: the unique (scope, version) refuses the second,
 * which the advisory lock turns into a wait instead. With `over` (the version the editor started
 * from), nothing is written and undefined answered when that is no longer the current version.
 */
export async function insertConsentVersion(
  tx: Queryable,
  doc: { scope: string; title: Record<string, string>; body: Record<string, string>; at: Date; staffId: number; over?: number | undefined },
): Promise<ConsentDocumentRow | undefined> {
  await tx.query("select pg_advisory_xact_lock(hashtext('consent_documents:' || $1))", [doc.scope]);
  if (doc.over !== undefined) {
    // Under the lock, so the version read is the one the new text follows.
    const { rows } = await tx.query<{ v: number }>('select coalesce(max(version), 0)::int as v from consent_documents where scope = $1', [
      doc.scope,
    ]);
    if (rows[0]?.v !== doc.over) return undefined;
  }
  const { rows } = await tx.query<ConsentDocumentRow>(
    `insert into consent_documents (scope, version, title, body, sha256, created_at, staff_id)
     select $1, coalesce((select max(version) from consent_documents where scope = $1), 0) + 1, $2::jsonb, $3::jsonb,
       (select jsonb_object_agg(key, encode(sha256(convert_to(value, 'UTF8')), 'hex')) from jsonb_each_text($3::jsonb)), $4, $5
     returning ${DOCUMENT_COLUMNS}`,
    [doc.scope, JSON.stringify(doc.title), JSON.stringify(doc.body), doc.at, doc.staffId],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into consent_documents returned no row');
  return row;
}

/** Ledger rows for consents given after the order was placed (the named-ticket page, a return), at the scope's current text. */
export async function insertConsents(
  tx: Queryable,
  orderId: number,
  lang: string,
  at: Date,
  ticks: readonly ConsentGiven[],
): Promise<void> {
  if (ticks.length === 0) return;
  await tx.query(
    `insert into consents (order_id, scope, checkbox_id, document_id, version, lang, text_sha256, given_at, client_address)
     select $1, d.scope, t.id, d.id, d.version, case when d.sha256 ? $2 then $2 else 'ru' end,
       coalesce(d.sha256->>$2, d.sha256->>'ru'), $3, t.address
       from jsonb_to_recordset($4::jsonb) as t(id integer, scope text, address text)
       join lateral (select * from consent_documents c where c.scope = t.scope order by c.version desc limit 1) d on true`,
    [orderId, lang, at, JSON.stringify(ticks.map((tick) => ({ id: tick.id, scope: tick.consent.scope, address: tick.consent.address })))],
  );
}

export type ConsentRow = {
  id: number;
  order_id: number;
  scope: string;
  checkbox_id: number | null;
  document_id: number;
  version: number;
  lang: string;
  text_sha256: string;
  given_at: Date;
  client_address: string | null;
};

export async function findConsentsOfOrders(db: Queryable, orderIds: readonly number[]): Promise<ConsentRow[]> {
  const { rows } = await db.query<ConsentRow>(
    `select id::int, order_id, scope, checkbox_id, document_id, version, lang, text_sha256, given_at, client_address
       from consents where order_id = any($1::int[]) order by order_id, id`,
    [orderIds],
  );
  return rows;
}

/**
 * Orders of one visitor: by e-mail (case-folded as the desk's search folds it) or by phone (its
 * last ten digits, written with 7, 8 or nothing before them), whatever the spelling stored.
 */
export async function findOrderIdsOfVisitor(db: Queryable, who: { email: string } | { phone: string }): Promise<number[]> {
  if ('email' in who) {
    const { rows } = await db.query<{ id: number }>('select id from orders where desk_fold(email) = desk_fold($1) order by id', [
      who.email,
    ]);
    return rows.map((r) => r.id);
  }
  const last10 = who.phone.replace(/\D/g, '').slice(-10);
  const { rows } = await db.query<{ id: number }>(
    `select id from orders where regexp_replace(phone, '\\D', '', 'g') = any($1::text[]) order by id`,
    [[last10, `7${last10}`, `8${last10}`]],
  );
  return rows.map((r) => r.id);
}

export type HeldOrderRow = {
  id: number;
  number: number;
  status: number;
  lang: string;
  created_at: Date;
  paid_at: Date | null;
  buyer_name: string;
  buyer_surname: string;
  buyer_first_name: string;
  buyer_patronymic: string;
  phone: string;
  email: string;
  total: number;
  anonymised_at: Date | null;
  event_name: Record<string, string>;
  last_session_at: Date | null;
};

/** What an order holds about its buyer, with its event and its latest session. */
export async function findHeldOrders(db: Queryable, orderIds: readonly number[]): Promise<HeldOrderRow[]> {
  const { rows } = await db.query<HeldOrderRow>(
    `select o.id, o.number, o.status, o.lang, o.created_at, o.paid_at, o.buyer_name, o.buyer_surname, o.buyer_first_name,
            o.buyer_patronymic, o.phone, o.email, o.total, o.anonymised_at, e.name as event_name,
            (select max(s.starts_at) from order_lines l join sessions s on s.id = l.session_id where l.order_id = o.id) as last_session_at
       from orders o join events e on e.id = o.event_id
      where o.id = any($1::int[]) order by o.id`,
    [orderIds],
  );
  return rows;
}

export type HeldTicketRow = { id: number; order_id: number; status: number; holder: Record<string, unknown> | null };

export async function findHeldTickets(db: Queryable, orderIds: readonly number[]): Promise<HeldTicketRow[]> {
  const { rows } = await db.query<HeldTicketRow>(
    'select id, order_id, status, holder from tickets where order_id = any($1::int[]) order by order_id, id',
    [orderIds],
  );
  return rows;
}

export type HeldMailRow = { id: number; order_id: number; to_address: string; subject: string; created_at: Date; sent_at: Date | null };

export async function findHeldMail(db: Queryable, orderIds: readonly number[]): Promise<HeldMailRow[]> {
  const { rows } = await db.query<HeldMailRow>(
    'select id, order_id, to_address, subject, created_at, sent_at from mail_outbox where order_id = any($1::int[]) order by order_id, id',
    [orderIds],
  );
  return rows;
}

/**
 * Orders whose latest session began before `cut` and that still hold personal data, locked so
 * that another instance's run skips them (and picks the next ones) instead of waiting.
 */
export async function lockOrdersPastRetention(tx: Queryable, cut: Date, limit: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `select o.id from orders o
      where o.anonymised_at is null
        and exists (select 1 from order_lines l where l.order_id = o.id)
        and not exists (select 1 from order_lines l join sessions s on s.id = l.session_id
                         where l.order_id = o.id and s.starts_at >= $1)
      order by o.id limit $2
      for update of o skip locked`,
    [cut, limit],
  );
  return rows.map((r) => r.id);
}

/** Locks the given orders that still hold personal data (erasure on a visitor's request). */
export async function lockOrdersHoldingData(tx: Queryable, orderIds: readonly number[]): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    'select id from orders where id = any($1::int[]) and anonymised_at is null order by id for update',
    [orderIds],
  );
  return rows.map((r) => r.id);
}

/**
 * Removes the personal data of locked orders and keeps everything the books and the statistics
 * need (amounts, lines, tickets and their codes, payments, refunds, receipts, dates, statuses):
 * the buyer's name, phone and e-mail, the ticket holders, the order's e-mails (address and
 * texts; one not sent yet is dropped), the staff's free-text notes, the consents' client
 * addresses (the ledger row stays, proof of what was accepted), and the bank form fields kept to
 * resume a payment (a receipt's e-mail among them).
 */
export async function anonymiseOrders(tx: Queryable, orderIds: readonly number[], at: Date): Promise<number> {
  if (orderIds.length === 0) return 0;
  const ids = [orderIds];
  const { rowCount } = await tx.query(
    `update orders set buyer_name = '', buyer_surname = '', buyer_first_name = '', buyer_patronymic = '', phone = '', email = '',
            anonymised_at = $2
      where id = any($1::int[]) and anonymised_at is null`,
    [orderIds, at],
  );
  await tx.query('update tickets set holder = null where order_id = any($1::int[]) and holder is not null', ids);
  await tx.query('delete from mail_outbox where order_id = any($1::int[]) and sent_at is null', ids);
  await tx.query(
    `update mail_outbox set to_address = '', text_body = '', html_body = null, last_error = null
      where order_id = any($1::int[]) and (to_address <> '' or text_body <> '' or html_body is not null or last_error is not null)`,
    ids,
  );
  await tx.query("update order_notes set body = '—' where order_id = any($1::int[]) and body <> '—'", ids);
  await tx.query('update consents set client_address = null where order_id = any($1::int[]) and client_address is not null', ids);
  await tx.query(
    'update payments set form_fields = null, redirect_url = null where order_id = any($1::int[]) and (form_fields is not null or redirect_url is not null)',
    ids,
  );
  await tx.query('delete from hold_claims where order_hash in (select hash from orders where id = any($1::int[]))', ids);
  return rowCount ?? 0;
}

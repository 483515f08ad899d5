import type { CatalogConcession } from '../../contract/catalog-file.ts';
import type { Holder } from '../../contract/nominal.ts';
import type { Queryable } from '../db/client.ts';
import { OrderStatus } from '../../contract/order-status.ts';

export type NominalOrderRow = {
  id: number;
  hash: string;
  number: number;
  event_id: number;
  status: number;
  reserved_until: Date;
  released_at: Date | null;
  total: number;
  event_name: Record<string, string>;
  nominal_text: Record<string, string>;
  need_age: number;
  need_middle_name: boolean;
  need_document: boolean;
  need_country: boolean;
  need_region: boolean;
  allow_return: boolean;
  use_pushkin_card: boolean;
  use_ordinary_card: boolean;
};

const ORDER_COLUMNS = `o.id, o.hash, o.number, o.event_id, o.status, o.reserved_until, o.released_at, o.total,
  e.name as event_name, e.nominal_text, e.need_age, e.need_middle_name, e.need_document, e.need_country,
  e.need_region, e.allow_return, e.use_pushkin_card, e.use_ordinary_card`;

export async function findNominalOrder(db: Queryable, hash: string): Promise<NominalOrderRow | undefined> {
  const { rows } = await db.query<NominalOrderRow>(
    `select ${ORDER_COLUMNS} from orders o join events e on e.id = o.event_id where o.hash = $1`,
    [hash],
  );
  return rows[0];
}

/** The same, with the order row locked until the transaction ends (confirmation vs expiry). */
export async function lockNominalOrder(tx: Queryable, hash: string): Promise<NominalOrderRow | undefined> {
  const { rows } = await tx.query<NominalOrderRow>(
    `select ${ORDER_COLUMNS} from orders o join events e on e.id = o.event_id where o.hash = $1 for update of o`,
    [hash],
  );
  return rows[0];
}

export type NominalTicketRow = {
  id: number;
  hash: string;
  holder: Holder | null;
  starts_at: Date;
  has_time: boolean;
  category_name: Record<string, string>;
  category_id: number;
  category_concession: CatalogConcession | null;
  unit_price: number;
  unit_fee: number;
};

/**
 * The order's tickets in a stable order: `held` only those that still hold a place (the ones a
 * confirm names), `all` every one, released or not (what order-data shows, so that an order the
 * expiry job canceled still answers its status).
 */
export async function findNominalTickets(db: Queryable, orderId: number, which: 'held' | 'all'): Promise<NominalTicketRow[]> {
  const { rows } = await db.query<NominalTicketRow>(
    `select t.id, t.hash, t.holder, s.starts_at, s.has_time, c.name as category_name, c.id as category_id,
            c.concession as category_concession, l.unit_price, l.unit_fee
     from tickets t
     join order_lines l on l.id = t.order_line_id
     join sessions s on s.id = l.session_id
     join categories c on c.id = l.category_id
     where t.order_id = $1 and ($2 or not l.released)
     order by s.starts_at, l.id, t.id`,
    [orderId, which === 'all'],
  );
  return rows;
}

export type NamedRow = { id: number; name: Record<string, string> };
export type DocTypeRow = NamedRow & { country_id: number | null; note: Record<string, string> };
export type CountryRow = NamedRow & { code: string; sortnum: number };
export type RegionRow = NamedRow & { country_id: number };

export async function findDocTypes(db: Queryable): Promise<DocTypeRow[]> {
  return (await db.query<DocTypeRow>('select id, country_id, name, note from document_types order by sortnum, id')).rows;
}

export async function findCountries(db: Queryable): Promise<CountryRow[]> {
  return (await db.query<CountryRow>('select id, code, sortnum, name from countries order by sortnum, id')).rows;
}

export async function findRegions(db: Queryable): Promise<RegionRow[]> {
  return (await db.query<RegionRow>('select id, country_id, name from regions order by country_id, sortnum, id')).rows;
}

/** Moves a reserved order to confirmed; answers false when it was not reserved and unexpired. */
export async function markOrderConfirmed(tx: Queryable, orderId: number, at: Date, consents: unknown): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update orders set status = ${OrderStatus.confirmed}, confirmed_at = $2, nominal_consents = $3::jsonb
     where id = $1 and status = ${OrderStatus.reserved} and released_at is null and reserved_until > $2`,
    [orderId, at, JSON.stringify(consents)],
  );
  return rowCount === 1;
}

export async function saveHolders(tx: Queryable, orderId: number, holders: readonly { ticketId: number; holder: Holder }[]) {
  await tx.query(
    `update tickets t set holder = x.holder
     from jsonb_to_recordset($2::jsonb) as x(ticket_id int, holder jsonb)
     where t.id = x.ticket_id and t.order_id = $1`,
    [orderId, JSON.stringify(holders.map((h) => ({ ticket_id: h.ticketId, holder: h.holder })))],
  );
}

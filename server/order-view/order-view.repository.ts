import { type Db, type PlannedStatement, type Queryable, queryPlanned } from '../db/client.ts';
import { type DiscountViewRow, discountViewSql } from '../loyalty/discounts.repository.ts';
import type { OfferRow, OrderServiceRow } from '../offers/offers.repository.ts';
import type { OrderRow } from '../orders/orders.repository.ts';
import { AUTOMATIC_REFUND_KEY_PREFIXES, type PaymentMethodRow, type PaymentRow, type RefundRow } from '../payments/payments.repository.ts';
import type { CatalogConcession } from '../../contract/catalog-file.ts';
import type { OrderStatus } from '../../contract/order-status.ts';
import { UNPAID } from '../orders/order-status-sql.ts';

export type ViewLineRow = {
  id: number;
  session_id: number;
  event_id: number;
  seat_id: number | null;
  quantity: number;
  unit_price: number;
  unit_fee: number;
  amount: number;
  released: boolean;
  starts_at: Date;
  has_time: boolean;
  event_name: Record<string, string>;
  location: Record<string, string>;
  ticket_type: number;
  allow_return: boolean;
  venue_name: Record<string, string>;
  address: Record<string, string>;
  category_name: Record<string, string>;
  /** The category's concession, for the document the visitor shows at the door. */
  category_concession: CatalogConcession | null;
  zone_name: Record<string, string> | null;
  level_name: Record<string, string> | null;
  row_label: string | null;
  seat_label: string | null;
  sector_name: Record<string, string> | null;
  standing_name: Record<string, string> | null;
};

export type ViewTicketRow = { id: number; order_line_id: number; hash: string; code: string | null; status: number };

// The order's lines with what the order view shows of their event, session, venue and place;
// `orderId` is a parameter or, inside the one view query, the order's column.
const viewLinesSql = (orderId: string) =>
  `select l.id, l.session_id, s.event_id, l.seat_id, l.quantity, l.unit_price, l.unit_fee, l.amount, l.released,
       s.starts_at, s.has_time, e.name as event_name, e.location, e.ticket_type, e.allow_return,
       v.name as venue_name, v.address, c.name as category_name, c.concession as category_concession,
       z.name as zone_name, z.level_name,
       hs.row_label, hs.seat_label, sec.name as sector_name, sa.name as standing_name
     from order_lines l
     join sessions s on s.id = l.session_id
     join events e on e.id = coalesce(l.subscription_event_id, s.event_id)
     join venues v on v.id = e.venue_id
     join categories c on c.id = l.category_id
     left join zones z on z.id = l.zone_id
     left join hall_seats hs on hs.id = l.seat_id
     left join hall_sectors sec on sec.id = hs.sector_id
     left join standing_areas sa on sa.id = l.standing_area_id
     where l.order_id = ${orderId}`;

const viewTicketsSql = (orderId: string) => `select id, order_line_id, hash, code, status from tickets where order_id = ${orderId}`;

/** The order's lines with what the order view shows of their event, session, venue and place. */
export async function findViewLines(db: Queryable, orderId: number): Promise<ViewLineRow[]> {
  const { rows } = await db.query<ViewLineRow>(`${viewLinesSql('$1')} order by s.starts_at, l.id`, [orderId]);
  return rows;
}

export async function findViewTickets(db: Queryable, orderId: number): Promise<ViewTicketRow[]> {
  const { rows } = await db.query<ViewTicketRow>(`${viewTicketsSql('$1')} order by id`, [orderId]);
  return rows;
}

export type ViewPaymentRow = Pick<PaymentRow, 'id' | 'method_id' | 'kind' | 'amount' | 'status' | 'redirect_url'> & {
  /** What the acquirer told the visitor to do: an SBP payment confirmed on the acquirer's page has no QR of ours. */
  action_type?: string | null;
  /** The same, on a payment row read after reconciling (payments.repository's PaymentRow). */
  action?: { type: string } | null;
};
/** An automatic refund of one of the order's payments, with that payment's number among them. */
export type ViewRefundRow = Pick<RefundRow, 'id' | 'amount' | 'status'> & { payment_num: number; decline_reason: string | null };
export type ViewMethodRow = Pick<PaymentMethodRow, 'id' | 'provider' | 'kind' | 'protocol_type' | 'protocol_kind' | 'name' | 'description'>;

/** Everything the order page shows, read in one statement (one round trip, one parse and plan). */
export type OrderViewData = {
  order: OrderRow;
  payments: ViewPaymentRow[];
  refunds: ViewRefundRow[];
  lines: ViewLineRow[];
  tickets: ViewTicketRow[];
  services: OrderServiceRow[];
  discount: DiscountViewRow | undefined;
  methods: ViewMethodRow[];
  offers: OfferRow[];
  orderLines: { id: number; released: boolean; quantity: number }[];
};

type ViewQueryRow = OrderRow & {
  view_payments: ViewPaymentRow[];
  view_refunds: ViewRefundRow[];
  view_lines: (Omit<ViewLineRow, 'starts_at'> & { starts_at: string })[];
  view_tickets: ViewTicketRow[];
  view_services: OrderServiceRow[];
  view_discount: DiscountViewRow | null;
  view_methods: ViewMethodRow[];
  view_offers: OfferRow[];
  view_order_lines: { id: number; released: boolean; quantity: number }[];
};

// The keys an automatic refund of payment `publicId` may have (payments.repository.ts); looked up
// through the refunds' unique key index, so the view reads no refund of another order.
const AUTOMATIC_REFUND_KEYS_OF = (publicId: string) =>
  AUTOMATIC_REFUND_KEY_PREFIXES.map((prefix) => `'${prefix}' || ${publicId}`).join(', ');

// Each part is the statement its own repository function runs (the same columns and order), as a
// json array of the order's rows; the order's own columns come back as an ordinary row.
const ORDER_VIEW_SQL = `select o.*,
  (select coalesce(json_agg(p order by p.id), '[]'::json)
     from (select id, method_id, kind, amount, status, redirect_url, action->>'type' as action_type from payments where order_id = o.id) p) as view_payments,
  (select coalesce(json_agg(rf order by rf.id), '[]'::json)
     from (select r.id, r.amount, r.status, p.payment_num, p.decline_reason
             from (select id, public_id, decline_reason, (row_number() over (order by id))::int as payment_num
                     from payments where order_id = o.id) p
             join refunds r on r.idempotency_key in (${AUTOMATIC_REFUND_KEYS_OF('p.public_id')})) rf) as view_refunds,
  (select coalesce(json_agg(x order by x.starts_at, x.id), '[]'::json) from (${viewLinesSql('o.id')}) x) as view_lines,
  (select coalesce(json_agg(t order by t.id), '[]'::json) from (${viewTicketsSql('o.id')}) t) as view_tickets,
  (select coalesce(json_agg(sv order by sv.id), '[]'::json)
     from (select s.id, s.order_id, s.parent_line_id, s.offer_id, s.package_id, s.amount, s.can_delete, so.name, s.status
             from order_services s join special_offers so on so.id = s.offer_id where s.order_id = o.id) sv) as view_services,
  (select row_to_json(dd) from (${discountViewSql('o.id')}) dd) as view_discount,
  (select coalesce(json_agg(m order by m.sortnum, m.id), '[]'::json)
     from (select id, provider, kind, protocol_type, protocol_kind, name, description, sortnum from payment_methods
            where is_active and (kind = 'pushkin') = o.pushkin_card) m) as view_methods,
  (select coalesce(json_agg(f order by f.sortnum, f.id), '[]'::json)
     from (select id, package_id, event_id, name, description, amount, per_order_limit, seat_tied, stock, sortnum
             from special_offers where is_active and (event_id is null or event_id = o.event_id)) f) as view_offers,
  (select coalesce(json_agg(ol order by ol.id), '[]'::json)
     from (select id, released, quantity from order_lines where order_id = o.id) ol) as view_order_lines
from orders o where o.hash = $1`;

// The whole answer as one json value: a driver decodes one column and one JSON text (natively)
// instead of some forty columns one by one, which on PGlite was most of the view's cost.
const ORDER_VIEW: PlannedStatement = {
  name: 'storefront_order_view',
  sql: `select row_to_json(v) as view from (${ORDER_VIEW_SQL}) v`,
  types: ['text'],
};

type Stamp = string | null;
/** The order's timestamps arrive as json text; the row type has them as dates. */
const ORDER_STAMPS = ['created_at', 'reserved_until', 'paid_at', 'canceled_at', 'released_at'] as const;

/** The order with a given hash and everything its view shows, or undefined. */
export async function findOrderView(db: Db, hash: string): Promise<OrderViewData | undefined> {
  const { rows } = await queryPlanned<{ view: ViewQueryRow }>(db, ORDER_VIEW, [hash]);
  const row = rows[0]?.view;
  if (!row) return undefined;
  const {
    view_payments,
    view_refunds,
    view_lines,
    view_tickets,
    view_services,
    view_discount,
    view_methods,
    view_offers,
    view_order_lines,
    ...order
  } = row;
  const stamps = order as unknown as Record<(typeof ORDER_STAMPS)[number], Stamp | Date>;
  for (const key of ORDER_STAMPS) {
    const value = stamps[key];
    if (typeof value === 'string') stamps[key] = new Date(value);
  }
  return {
    order,
    payments: view_payments,
    refunds: view_refunds,
    // json carries the timestamp as text; the view formats it as a date.
    lines: view_lines.map((l) => ({ ...l, starts_at: new Date(l.starts_at) })),
    tickets: view_tickets,
    services: view_services,
    discount: view_discount ?? undefined,
    methods: view_methods,
    offers: view_offers,
    orderLines: view_order_lines,
  };
}

export type HeldOrderRow = { hash: string; number: number; status: (typeof OrderStatus)['reserved' | 'confirmed']; reserved_until: Date };

/**
 * Of the given orders, those of the event (by its hash) still held unpaid at `at`: awaiting
 * payment or named-ticket data, not released, reserve time running (order-state.ts
 * isReserveRunning, in SQL). The latest hold first.
 */
export async function findHeldOrders(db: Queryable, eventHash: string, orderHashes: readonly string[], at: Date): Promise<HeldOrderRow[]> {
  const { rows } = await db.query<HeldOrderRow>(
    `select o.hash, o.number, o.status, o.reserved_until
       from orders o join events e on e.id = o.event_id
      where o.hash = any($1::text[]) and e.hash = $2
        and o.status in (${UNPAID}) and o.released_at is null and o.reserved_until > $3::timestamptz
      order by o.reserved_until desc, o.id desc`,
    [orderHashes, eventHash, at.toISOString()],
  );
  return rows;
}

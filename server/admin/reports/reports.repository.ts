import type { ReportGroup } from '../../../contract/admin/reports-rules.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import type { Queryable } from '../../db/client.ts';
import { TICKET_VALID, UNPAID } from '../../orders/order-status-sql.ts';

const { paid: PAID } = OrderStatus;

type Texts = Record<string, string>;

/** The period of a report: calendar days from and to (both counted) in the venue's time zone. */
export type ReportPeriod = { from: string; to: string; timeZone: string; eventId: number | null };

export type SalesRow = {
  key: string;
  name: Texts | null;
  event_name: Texts | null;
  starts_at: Date | null;
  orders: number;
  tickets: number;
  amount: number;
  returned_tickets: number;
  refunds: number;
};

// $1 from, $2 to (dates), $3 the venue's time zone, $4 an event or null. Sales count at the
// moment of payment, returns at the moment they were confirmed (staff refunds at once), so a
// return of last month's order nets against this month, as the venue's books do.
//
// `span` is the range of ids of the period's paid orders. Lines and payments are read by that
// range of their order index instead of by every row: ids grow with time and an order is paid
// within its reserve, so a month's orders are a narrow range of ids. The range is exact whatever
// the ids are (the least and greatest of the period's own orders); only its width depends on it.
const PERIOD = `
  period as (select ($1::date)::timestamp at time zone $3 as since, ($2::date + 1)::timestamp at time zone $3 as till),
  paid as (
    select o.id, o.total, o.discount, o.subtotal + o.services_total as discountable, o.paid_at, o.channel
    from orders o, period
    where o.status = ${PAID} and o.paid_at >= period.since and o.paid_at < period.till and ($4::int is null or o.event_id = $4::int)
  ),
  span as (select min(id) as lo, max(id) as hi from paid),
  confirmed as (
    select q.id, q.order_id, q.amount, q.confirmed_at
    from return_requests q join orders o on o.id = q.order_id, period
    where q.confirmed_at >= period.since and q.confirmed_at < period.till and ($4::int is null or o.event_id = $4::int)
  )`;

/** Sales and returns of the period by day, payment method or channel (web, desk): whole orders, what was paid and refunded. */
async function salesByOrder(db: Queryable, period: ReportPeriod, group: 'day' | 'payment' | 'channel'): Promise<SalesRow[]> {
  const byPayment = group === 'payment';
  const saleKey = byPayment ? 'pm.method_id::text' : group === 'channel' ? 'p.channel' : `to_char(p.paid_at at time zone $3, 'YYYY-MM-DD')`;
  // A return counts in its order's channel, wherever it was made.
  const returnKey = byPayment
    ? 'pm.method_id::text'
    : group === 'channel'
      ? '(select channel from orders x where x.id = q.order_id)'
      : `to_char(q.confirmed_at at time zone $3, 'YYYY-MM-DD')`;
  // The payment that paid an order (one succeeds per order; the latest, should there be two).
  const method = (order: string) =>
    byPayment
      ? `left join lateral (select method_id from payments x where x.order_id = ${order} and x.status = 'succeeded' order by x.id desc limit 1) pm on true`
      : '';
  const { rows } = await db.query<SalesRow>(
    `with ${PERIOD},
     tickets as (
       select l.order_id, sum(l.quantity) as tickets from span, order_lines l where l.order_id between span.lo and span.hi group by 1
     ),
     ${
       byPayment
         ? `paid_by as (
       select distinct on (x.order_id) x.order_id, x.method_id
       from span, payments x where x.status = 'succeeded' and x.order_id between span.lo and span.hi
       order by x.order_id, x.id desc
     ),`
         : ''
     }
     sales as (
       select ${saleKey} as key, count(*)::int as orders, sum(p.total)::bigint as amount, coalesce(sum(tk.tickets), 0)::int as tickets
       from paid p
       left join tickets tk on tk.order_id = p.id
       ${byPayment ? 'left join paid_by pm on pm.order_id = p.id' : ''}
       group by 1
     ),
     returns as (
       select ${returnKey} as key, sum(q.amount)::bigint as refunds,
         coalesce(sum((select count(*) from return_request_tickets rt where rt.request_id = q.id)), 0)::int as returned_tickets
       from confirmed q
       ${method('q.order_id')}
       group by 1
     )
     select coalesce(s.key, r.key, '') as key, ${byPayment ? 'm.name' : 'null::jsonb'} as name, null::jsonb as event_name, null::timestamptz as starts_at,
       coalesce(s.orders, 0) as orders, coalesce(s.tickets, 0) as tickets, coalesce(s.amount, 0) as amount,
       coalesce(r.returned_tickets, 0) as returned_tickets, coalesce(r.refunds, 0) as refunds
     from sales s full join returns r on r.key = s.key
     ${byPayment ? 'left join payment_methods m on m.id::text = coalesce(s.key, r.key)' : ''}
     order by 1`,
    [period.from, period.to, period.timeZone, period.eventId],
  );
  return rows;
}

const LINE_KEYS = {
  event: {
    key: 's.event_id',
    name: 'e.name',
    event: 'null::jsonb',
    startsAt: 'null::timestamptz',
    join: 'join events e on e.id = k.key::int',
  },
  session: {
    key: 'l.session_id',
    name: 'null::jsonb',
    event: 'e.name',
    startsAt: 'ss.starts_at',
    join: 'join sessions ss on ss.id = k.key::int join events e on e.id = ss.event_id',
  },
  category: {
    key: 'l.category_id',
    name: 'c.name',
    event: 'e.name',
    startsAt: 'null::timestamptz',
    join: 'join categories c on c.id = k.key::int join events e on e.id = c.event_id',
  },
} as const;

/**
 * Sales and returns of the period by event, session or price category: each line's tickets,
 * fee and services less its share of the order's discount (rounded down to a kopeck, so the
 * rows may add up to a few kopecks under the orders' totals), and each returned ticket's and
 * service's refund against the line it came from.
 */
async function salesByLine(db: Queryable, period: ReportPeriod, group: 'event' | 'session' | 'category'): Promise<SalesRow[]> {
  const k = LINE_KEYS[group];
  const { rows } = await db.query<SalesRow>(
    `with ${PERIOD},
     -- The services of the period's orders, by the line each is tied to: read once by the orders'
     -- range (order_services is indexed by its order), not looked up line by line.
     services as (
       select x.parent_line_id as line_id, sum(x.amount)::int as amount
       from span, order_services x where x.order_id between span.lo and span.hi group by 1
     ),
     lines as (
       select ${k.key} as key, l.order_id, l.quantity,
         -- Whole kopecks in int arithmetic; numeric only for an order with a discount to share.
         l.amount + l.fee_amount + coalesce(sv.amount, 0)
           - case when p.discount > 0 and p.discountable > 0 then floor(p.discount::numeric * (l.amount + coalesce(sv.amount, 0)) / p.discountable)::int else 0 end as amount
       from span, order_lines l
       join paid p on p.id = l.order_id
       join sessions s on s.id = l.session_id
       left join services sv on sv.line_id = l.id
       where l.order_id between span.lo and span.hi
     ),
     -- By key and order first, so both steps are hash aggregates (a count of distinct orders
     -- would sort every line of the period).
     per_order as (select key, order_id, sum(quantity) as tickets, sum(amount) as amount from lines group by 1, 2),
     sales as (select key, count(*)::int as orders, sum(tickets)::int as tickets, sum(amount)::bigint as amount from per_order group by 1),
     returned as (
       select l.id as line_id, 1 as tickets, rt.amount from confirmed q
         join return_request_tickets rt on rt.request_id = q.id join tickets t on t.id = rt.ticket_id join order_lines l on l.id = t.order_line_id
       union all
       select x.parent_line_id, 0, rs.amount from confirmed q
         join return_request_services rs on rs.request_id = q.id join order_services x on x.id = rs.service_id
     ),
     returns as (
       select ${k.key} as key, sum(r.tickets)::int as returned_tickets, sum(r.amount)::bigint as refunds
       from returned r join order_lines l on l.id = r.line_id join sessions s on s.id = l.session_id group by 1
     ),
     keyed as (
       select coalesce(sa.key, re.key) as key, coalesce(sa.orders, 0) as orders, coalesce(sa.tickets, 0) as tickets, coalesce(sa.amount, 0) as amount,
         coalesce(re.returned_tickets, 0) as returned_tickets, coalesce(re.refunds, 0) as refunds
       from sales sa full join returns re on re.key = sa.key
     )
     select k.key::text as key, ${k.name} as name, ${k.event} as event_name, ${k.startsAt} as starts_at,
       k.orders, k.tickets, k.amount, k.returned_tickets, k.refunds
     from keyed k ${k.join}
     order by ${group === 'session' ? 'ss.starts_at, k.key' : 'k.key'}`,
    [period.from, period.to, period.timeZone, period.eventId],
  );
  return rows;
}

/**
 * The orders paid in the period: the sales report's total, since an order with lines in two
 * events, sessions or categories is a row's order in each of them but one order of the period.
 */
export async function countPaidOrders(db: Queryable, period: ReportPeriod): Promise<number> {
  const { rows } = await db.query<{ orders: number }>(`with ${PERIOD} select count(*)::int as orders from paid`, [
    period.from,
    period.to,
    period.timeZone,
    period.eventId,
  ]);
  return rows[0]?.orders ?? 0;
}

export function findSales(db: Queryable, period: ReportPeriod, group: ReportGroup): Promise<SalesRow[]> {
  return group === 'day' || group === 'payment' || group === 'channel' ? salesByOrder(db, period, group) : salesByLine(db, period, group);
}

export type OccupancyRow = {
  session_id: number;
  starts_at: Date;
  event_name: Texts;
  capacity: number;
  sold: number;
  held: number;
  /** Seats staff blocked for the session (each takes a place from what is free). */
  blocked: number;
  sold_outside: number;
  free: number;
  /** Valid tickets (paid, not returned) the door admitted: the count the check-in page shows. */
  checked_in: number;
};

/**
 * Every session starting in the period: its places sold (paid, not returned), held by unpaid
 * orders, blocked by staff, sold outside, free, and checked in at the door.
 *
 * Sold is the places of the session's live lines less those held: a line is released in the
 * transaction that cancels its order, so a live line's order is either unpaid or paid. Unpaid
 * orders are few (a reserve lasts minutes) and indexed as such, while looking up the order of
 * every sold line was most of the report's time on a large venue.
 */
export async function findOccupancy(db: Queryable, period: ReportPeriod): Promise<OccupancyRow[]> {
  const { rows } = await db.query<OccupancyRow>(
    `with period as (select ($1::date)::timestamp at time zone $3 as since, ($2::date + 1)::timestamp at time zone $3 as till),
     chosen as (
       select s.id from sessions s, period
       where s.starts_at >= period.since and s.starts_at < period.till and ($4::int is null or s.event_id = $4::int)
     ),
     live as (
       select l.session_id, sum(l.quantity - l.returned_quantity) as places
       from chosen c join order_lines l on l.session_id = c.id and not l.released
       group by 1
     ),
     held as (
       select l.session_id, sum(l.quantity - l.returned_quantity) as places
       from orders o join order_lines l on l.order_id = o.id and not l.released
       where o.status in (${UNPAID}) and o.released_at is null and l.session_id in (select id from chosen)
       group by 1
     ),
     blocked as (
       select b.session_id, count(*) as places from seat_blocks b where b.session_id in (select id from chosen) group by 1
     )
     select s.id as session_id, s.starts_at, e.name as event_name, s.capacity, s.sold_outside, s.remaining as free,
       (coalesce(lv.places, 0) - coalesce(h.places, 0))::int as sold, coalesce(h.places, 0)::int as held,
       coalesce(b.places, 0)::int as blocked,
       coalesce(ci.admitted, 0)::int as checked_in
     from chosen c join sessions s on s.id = c.id join events e on e.id = s.event_id
     left join live lv on lv.session_id = s.id
     left join held h on h.session_id = s.id
     left join blocked b on b.session_id = s.id
     -- Counted from the admissions (few, indexed by session), with the door's rule: a ticket
     -- returned after it was admitted no longer counts, as it no longer counts as sold.
     left join lateral (
       select count(*) as admitted
       from checkins c join tickets t on t.id = c.ticket_id join orders o on o.id = t.order_id
       where c.session_id = s.id and o.status = ${PAID} and t.status in (${TICKET_VALID})
     ) ci on true
     order by s.starts_at, s.id`,
    [period.from, period.to, period.timeZone, period.eventId],
  );
  return rows;
}

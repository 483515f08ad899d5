import type { Queryable } from '../server/db/client.ts';

/**
 * The storefront's books must agree with themselves whatever happened to the processes that wrote
 * them (a crash, several instances at once). Each check is one query that answers the rows that
 * break it; `brokenInvariants` runs them all and answers a line per broken row, so a test expects
 * `[]` and a failure says which order, session or payment is wrong and how.
 */
const CHECKS: { name: string; sql: string }[] = [
  {
    // Places a session has given out are exactly the places its order lines still hold: none lost
    // (a hold that vanished while the stock stayed taken) and none held twice.
    name: 'session stock equals the places its order lines hold',
    sql: `select s.id as session, s.capacity - s.sold_outside - s.remaining as taken, coalesce(l.held, 0) as held
            from sessions s
            left join (select session_id, sum(quantity - returned_quantity)::int as held
                         from order_lines where not released and not is_group group by session_id) l on l.session_id = s.id
           where s.capacity - s.sold_outside - s.remaining <> coalesce(l.held, 0)`,
  },
  {
    name: 'no seat held by two order lines',
    sql: `select session_id as session, seat_id as seat, count(*)::int as lines
            from order_lines where seat_id is not null and not released
           group by session_id, seat_id having count(*) > 1`,
  },
  {
    // An order is written whole or not at all: its totals are the sums of its lines.
    name: 'order totals equal the sums of its lines',
    sql: `select o.id as order, o.subtotal, o.service_fee, o.discount, o.total, l.amount, l.fees, l.priced
            from orders o
            join (select order_id, sum(amount)::int as amount, sum(fee_amount)::int as fees,
                         bool_and(amount = quantity * unit_price) as priced
                    from order_lines group by order_id) l on l.order_id = o.id
           where o.subtotal <> l.amount or o.service_fee <> l.fees or o.total <> o.subtotal + o.service_fee - o.discount or not l.priced`,
  },
  {
    name: 'every order has lines',
    sql: `select o.id as order from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`,
  },
  {
    name: 'one ticket per place of every line',
    sql: `select l.id as line, l.quantity, count(t.id)::int as tickets
            from order_lines l left join tickets t on t.order_line_id = l.id
           group by l.id having count(t.id) <> l.quantity`,
  },
  {
    // Canceled (90) and released go together, and a released order holds nothing.
    name: 'a canceled order is released with every line, an open one holds every line',
    sql: `select o.id as order, o.status, o.released_at is not null as released,
                 bool_and(l.released or l.returned_quantity = l.quantity) as lines_released, bool_or(l.released) as some_released
            from orders o join order_lines l on l.order_id = o.id
           group by o.id
          having (o.status = 90) <> (o.released_at is not null)
              or (o.status = 90 and not bool_and(l.released))
              or (o.status <> 90 and bool_or(l.released and l.returned_quantity < l.quantity))`,
  },
  {
    // Paid exactly once: a paid order has one succeeded payment of its total and every ticket a
    // code; any other order has no ticket code (a payment that came after its order was canceled
    // is refunded whole, checked below).
    name: 'a paid order has one succeeded payment of its total and codes; an unpaid one neither',
    sql: `select o.id as order, o.status, o.total, p.succeeded, p.amounts, t.coded, t.tickets
            from orders o
            left join (select order_id, count(*)::int as succeeded, array_agg(amount) as amounts
                         from payments where status = 'succeeded' group by order_id) p on p.order_id = o.id
            join (select order_id, count(code)::int as coded, count(*)::int as tickets from tickets group by order_id) t on t.order_id = o.id
           where (o.status = 30 and (coalesce(p.succeeded, 0) <> 1 or p.amounts[1] <> o.total or t.coded <> t.tickets or o.paid_at is null))
              or (o.status in (10, 20) and (coalesce(p.succeeded, 0) <> 0 or t.coded <> 0))`,
  },
  {
    name: 'a payment succeeded on a canceled order is refunded whole',
    sql: `select p.id as payment, p.order_id as order, p.amount, coalesce(sum(r.amount), 0)::int as refunds
            from payments p join orders o on o.id = p.order_id
            left join refunds r on r.payment_id = p.id
           where p.status = 'succeeded' and o.status = 90
           group by p.id having coalesce(sum(r.amount), 0) <> p.amount`,
  },
  {
    name: 'a payment has refunded what its done refunds sum to, never more than it took',
    sql: `select p.id as payment, p.amount, p.refunded_amount, coalesce(sum(r.amount) filter (where r.status = 'done'), 0)::int as done,
                 coalesce(sum(r.amount), 0)::int as asked
            from payments p left join refunds r on r.payment_id = p.id
           group by p.id
          having p.refunded_amount <> coalesce(sum(r.amount) filter (where r.status = 'done'), 0) or coalesce(sum(r.amount), 0) > p.amount`,
  },
  {
    // The acquirer's books and ours agree: the sandbox bank took what we recorded, paid what we
    // call succeeded, and refunded each of our done refunds once.
    name: 'the sandbox bank agrees with the payments and refunds',
    sql: `select p.id as payment, p.status, b.status as bank, p.refunded_amount, b.refunded as bank_refunded
            from payments p join sandbox_acquirer_payments b on b.merchant_ref = p.public_id
           where (p.status = 'succeeded') <> (b.status = 'paid') or p.refunded_amount <> b.refunded
              or b.refunded <> (select coalesce(sum(amount), 0) from sandbox_acquirer_refunds where payment_id = b.id)
              or exists (select 1 from sandbox_acquirer_refunds sr where sr.payment_id = b.id
                           and not exists (select 1 from refunds r where r.idempotency_key = sr.id and r.status = 'done'))`,
  },
  {
    // A returned ticket (70, 80) gave its place back once: the line's returned places are its
    // returned tickets, and each was returned by one confirmed request.
    name: 'returned places equal returned tickets, each of one confirmed request',
    sql: `select l.id as line, l.returned_quantity, count(t.id) filter (where t.status in (70, 80))::int as returned,
                 count(t.id) filter (where t.status in (70, 80) and (select count(*) from return_request_tickets rt
                   join return_requests rr on rr.id = rt.request_id where rt.ticket_id = t.id and rr.confirmed_at is not null) <> 1)::int as odd
            from order_lines l left join tickets t on t.order_line_id = l.id
           where l.seat_id is null
           group by l.id
          having l.returned_quantity <> count(t.id) filter (where t.status in (70, 80))
              or count(t.id) filter (where t.status in (70, 80) and (select count(*) from return_request_tickets rt
                   join return_requests rr on rr.id = rt.request_id where rt.ticket_id = t.id and rr.confirmed_at is not null) <> 1) > 0`,
  },
  {
    name: 'a confirmed return has its refund, of the amount it promised',
    sql: `select rr.id as request, rr.amount, r.amount as refund
            from return_requests rr left join refunds r on r.id = rr.refund_id
           where rr.confirmed_at is not null and rr.amount > 0 and (r.id is null or r.amount <> rr.amount)`,
  },
  {
    name: 'only tickets of paid orders were admitted, each at its own session',
    sql: `select c.ticket_id as ticket, o.status, c.session_id, l.session_id as line_session
            from checkins c join tickets t on t.id = c.ticket_id join orders o on o.id = t.order_id
            join order_lines l on l.id = t.order_line_id
           where o.status <> 30 or c.session_id <> l.session_id`,
  },
  {
    name: 'a paid order has its ticket e-mail queued once',
    sql: `select o.id as order, count(m.id)::int as mails from orders o left join mail_outbox m on m.dedupe_key = 'order-paid:' || o.id
           where o.status = 30 group by o.id having count(m.id) <> 1`,
  },
];

/** Every broken invariant of the database, a line each naming the rows; [] when all hold. */
export async function brokenInvariants(db: Queryable): Promise<string[]> {
  const broken: string[] = [];
  for (const check of CHECKS) {
    const { rows } = await db.query<Record<string, unknown>>(check.sql);
    for (const row of rows.slice(0, 5)) broken.push(`${check.name}: ${JSON.stringify(row)}`);
    if (rows.length > 5) broken.push(`${check.name}: and ${rows.length - 5} more`);
  }
  return broken;
}

import { openPostgres } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createReportsService } from '../../server/admin/reports/reports.service.ts';
import { REPORT_GROUPS } from '../../contract/admin/reports-rules.ts';
import type { Part, PartOutput } from '../lib/part.ts';
import { freshDatabase } from '../lib/pg.ts';
import type { TargetCheck } from '../lib/report.ts';

const ORDERS = Number(process.env.BENCH_REPORTS_ORDERS ?? 1_000_000);
const TARGET_MS = 500;
const RUNS = 5;
const TIME_ZONE = 'Europe/Moscow';
// A year of sales ending on this day; the report covers one month in the middle of it.
const YEAR_END = '2026-10-31';
const MONTH = { from: '2026-05-01', to: '2026-05-31' };

const l = (ru: string) => `'${JSON.stringify({ ru, en: ru, kz: ru, ch: ru })}'::jsonb`;

/**
 * A venue's year in SQL (generate_series, no row sent from Node): 40 events with 25 sessions and
 * 3 price categories each; ORDERS orders spread over the year, 90 % paid and 10 % cancelled
 * (their reserve ran out, their places went back), but for the last hundred, awaiting payment;
 * one or two lines of 1-4 tickets, a payment per paid order, 3 % of paid orders with one ticket
 * returned and refunded (those orders get their ticket rows). The sessions' free places agree
 * with the lines, as the storefront keeps them.
 */
const GENERATE = `
insert into kinds (id, name) values (1, ${l('Концерты')});
insert into venues (id, name, address) values (1, ${l('Зал')}, ${l('Адрес')});
insert into events (id, hash, kind_id, venue_id, name)
  select e, 'bench-event-' || e, 1, 1, jsonb_build_object('ru', 'Событие ' || e, 'en', 'Event ' || e) from generate_series(1, 40) e;
insert into sessions (id, event_id, starts_at, capacity, remaining)
  select (e - 1) * 25 + s, e, '${YEAR_END}'::timestamptz - interval '365 days' + (s * 15 + e % 7) * interval '1 day', 100000, 100000
  from generate_series(1, 40) e, generate_series(1, 25) s;
insert into categories (id, event_id, name)
  select (e - 1) * 3 + c, e, jsonb_build_object('ru', 'Категория ' || c) from generate_series(1, 40) e, generate_series(1, 3) c;
insert into prices (id, event_id, category_id, amount, service_fee)
  select (e - 1) * 3 + c, e, (e - 1) * 3 + c, 50000 * c, 3000 from generate_series(1, 40) e, generate_series(1, 3) c;

-- Each order's lines follow from its id (two lines for every third order, 1-4 tickets each), so
-- the orders' totals are computed as they are inserted, not by a second pass over a million rows.
insert into orders (id, hash, number, event_id, status, created_at, reserved_until, paid_at, released_at, canceled_at, buyer_name, email, phone, subtotal, service_fee, total)
  select g, md5('order' || g), 1000000 + g, 1 + g % 40,
    case when g % 20 > 1 then 30 when g <= 100 then 20 else 90 end,
    at, at + interval '15 minutes', case when g % 20 in (0, 1) then null else at + interval '3 minutes' end,
    case when g % 20 in (0, 1) and g > 100 then at + interval '15 minutes' end, case when g % 20 in (0, 1) and g > 100 then at + interval '15 minutes' end,
    'Покупатель ' || g, 'buyer' || g || '@example.test', '+7999' || lpad((g % 10000000)::text, 7, '0'),
    t.amount, t.fee, t.amount + t.fee
  from (select g, '${YEAR_END}'::timestamptz - (g::float8 / ${ORDERS} * 365) * interval '1 day' as at from generate_series(1, ${ORDERS}) g) o,
  lateral (
    select sum((1 + (g + n) % 4) * 50000 * (1 + n % 3)) as amount, sum((1 + (g + n) % 4) * 3000) as fee
    from generate_series(0, case when g % 3 = 0 then 1 else 0 end) n
  ) t;

insert into order_lines (order_id, session_id, price_id, category_id, quantity, unit_price, unit_fee, amount, fee_amount, released)
  select o.id, (o.event_id - 1) * 25 + 1 + (o.id / 7) % 25, (o.event_id - 1) * 3 + 1 + n % 3, (o.event_id - 1) * 3 + 1 + n % 3,
    q, 50000 * (1 + n % 3), 3000, q * 50000 * (1 + n % 3), q * 3000, o.status = 90
  from orders o, generate_series(0, case when o.id % 3 = 0 then 1 else 0 end) n, lateral (select 1 + (o.id + n) % 4 as q) qq;
-- Statistics now: without them the planner takes the fresh tables for empty and joins the
-- returns below by scanning every line per order, which never ends at a million orders.
analyze orders;
analyze order_lines;

-- Ticket rows only for the orders with a return: no report reads the others, and three million
-- rows with their unique hashes would take most of the generation time on a small machine.
insert into tickets (order_id, order_line_id, hash)
  select l.order_id, l.id, md5('ticket' || l.id || '-' || k)
  from order_lines l join orders o on o.id = l.order_id, generate_series(1, l.quantity) k
  where o.status = 30 and o.id % 33 = 2;
analyze tickets;

insert into payments (public_id, order_id, method_id, provider, kind, amount, status, created_at, finished_at)
  select 'bench-' || o.id, o.id, 1 + o.id % 3, 'sandbox', 'card', o.total, 'succeeded', o.paid_at, o.paid_at from orders o where o.status = 30;

insert into return_requests (order_id, reason_id, token_sha256, amount, created_at, expires_at, confirmed_at)
  select o.id, 1, md5('return' || o.id), t.unit_price, o.paid_at + interval '2 days', o.paid_at + interval '3 days', o.paid_at + interval '2 days 1 hour'
  from orders o join lateral (
    select l.unit_price from order_lines l where l.order_id = o.id order by l.id limit 1
  ) t on true
  where o.status = 30 and o.id % 33 = 2;
analyze return_requests;
insert into return_request_tickets (request_id, ticket_id, amount)
  select q.id, (select min(t.id) from tickets t where t.order_id = q.order_id), q.amount from return_requests q;
update tickets t set status = 70 from return_request_tickets rt where rt.ticket_id = t.id;
update order_lines l set returned_quantity = l.returned_quantity + 1
  from return_request_tickets rt join tickets t on t.id = rt.ticket_id where t.order_line_id = l.id;
update sessions s set remaining = s.capacity - x.places
  from (select session_id, sum(quantity - returned_quantity) as places from order_lines where not released group by 1) x
  where x.session_id = s.id;
insert into refunds (payment_id, amount, reason, idempotency_key, status, next_attempt_at, created_at, done_at)
  select p.id, q.amount, 'bench', 'return:' || q.id, 'done', q.confirmed_at, q.confirmed_at, q.confirmed_at
  from return_requests q join payments p on p.order_id = q.order_id;
update return_requests q set refund_id = r.id from refunds r where r.idempotency_key = 'return:' || q.id;
select setval(pg_get_serial_sequence('orders', 'id'), ${ORDERS});
analyze;
`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

export const reports: Part = {
  name: 'reports',
  title: `Back office reports over ${ORDERS.toLocaleString('en-US')} orders on PostgreSQL`,
  async run(ctx): Promise<PartOutput> {
    const database = await freshDatabase();
    const db = await openPostgres(database.url, 2);
    try {
      await migrate(db);
      ctx.log(`reports: generating ${ORDERS.toLocaleString('en-US')} orders in SQL`);
      const generated = performance.now();
      await db.exec(GENERATE);
      const generateSeconds = Math.round((performance.now() - generated) / 1000);
      const counts = (
        await db.query<{ orders: number; tickets: number; month: number }>(
          `select (select count(*) from orders)::int as orders, (select count(*) from tickets)::int as tickets,
           (select count(*) from orders where status = 30 and paid_at >= '${MONTH.from}' and paid_at < '${MONTH.to}'::date + 1)::int as month`,
        )
      ).rows[0];
      ctx.log(`reports: ${counts?.orders} orders, ${counts?.tickets} tickets in ${generateSeconds} s; ${counts?.month} paid in the month`);

      const service = createReportsService({ db, timeZone: TIME_ZONE });
      const reportsToTime = [
        ...REPORT_GROUPS.map((group) => ({ name: `sales by ${group}`, run: () => service.sales({ ...MONTH, group }) })),
        { name: 'occupancy', run: () => service.occupancy(MONTH) },
        { name: 'sales by day, CSV', run: () => service.salesCsv({ ...MONTH, group: 'day', lang: 'ru', dialect: 'rfc4180' }) },
      ];
      const rows: (string | number)[][] = [];
      for (const report of reportsToTime) {
        await report.run(); // warm the cache: the figure is a report asked for on a running server
        const times: number[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const started = performance.now();
          await report.run();
          times.push(performance.now() - started);
        }
        rows.push([report.name, Math.round(median(times)), Math.round(Math.max(...times))]);
        ctx.log(`reports: ${report.name}: median ${Math.round(median(times))} ms`);
      }
      const slowest = Math.max(...rows.map((r) => Number(r[1])));
      const targets: TargetCheck[] = [
        {
          target: `one-month report over ${ORDERS.toLocaleString('en-US')} orders (every grouping, occupancy, CSV) under ${TARGET_MS} ms`,
          measured: `slowest median ${slowest} ms`,
          met: slowest < TARGET_MS,
        },
      ];
      return {
        tables: [
          {
            title: `One-month reports (${MONTH.from} to ${MONTH.to}, ${counts?.month ?? '?'} paid orders of ${ORDERS.toLocaleString('en-US')}), ${RUNS} runs each`,
            columns: ['report', 'median ms', 'max ms'],
            rows,
          },
        ],
        targets,
        notes: [
          `Data generated in SQL in ${generateSeconds} s on a fresh database of the throw-away cluster; 3 % of paid orders with a returned ticket (${counts?.tickets ?? '?'} ticket rows, for those orders only: no report reads tickets otherwise).`,
        ],
        data: { orders: ORDERS, generateSeconds, rows },
      };
    } finally {
      await db.close();
      await database.drop();
    }
  },
};

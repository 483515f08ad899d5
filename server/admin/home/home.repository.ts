import type { Queryable } from '../../db/client.ts';
import { OrderStatus } from '../../../contract/order-status.ts';
import { TICKET_VALID } from '../../orders/order-status-sql.ts';

// The venue's day as a period of instants: its date at midnight in its zone, to the next midnight.
const DAY = `(select ($1::date)::timestamp at time zone $2 as since, ($1::date + 1)::timestamp at time zone $2 as till)`;

export type TodaySessionRow = {
  id: number;
  event_id: number;
  event_name: Record<string, string>;
  starts_at: Date;
  has_time: boolean;
  capacity: number;
  sold: number;
  is_cancelled: boolean;
};

/** The sessions of the venue's day (its published and unpublished events alike: staff prepare both), by time. */
export async function findDaySessions(q: Queryable, day: string, timeZone: string): Promise<TodaySessionRow[]> {
  const { rows } = await q.query<TodaySessionRow>(
    `with day as ${DAY}
     select s.id, s.event_id, e.name as event_name, s.starts_at, s.has_time, s.capacity, s.is_cancelled,
            (select count(*)::int from tickets t join order_lines l on l.id = t.order_line_id join orders o on o.id = t.order_id
              where l.session_id = s.id and o.status = ${OrderStatus.paid} and t.status in (${TICKET_VALID})) as sold
     from sessions s join events e on e.id = s.event_id, day
     where s.starts_at >= day.since and s.starts_at < day.till
     order by s.starts_at, s.id
     limit 200`,
    [day, timeZone],
  );
  return rows;
}

/** Orders paid within the venue's day: how many, their tickets and their total (kopecks). */
export async function findDaySales(
  q: Queryable,
  day: string,
  timeZone: string,
): Promise<{ orders: number; tickets: number; total: number }> {
  const { rows } = await q.query<{ orders: number; tickets: number; total: string }>(
    `with day as ${DAY}
     select count(*)::int as orders, coalesce(sum(o.total), 0)::bigint as total,
            coalesce(sum((select count(*) from tickets t where t.order_id = o.id)), 0)::int as tickets
     from orders o, day
     where o.status = ${OrderStatus.paid} and o.paid_at >= day.since and o.paid_at < day.till`,
    [day, timeZone],
  );
  const row = rows[0];
  return { orders: row?.orders ?? 0, tickets: row?.tickets ?? 0, total: Number(row?.total ?? 0) };
}

export type LatestOrderRow = {
  id: number;
  number: number;
  status: number;
  event_name: Record<string, string>;
  created_at: Date;
  total: number;
};

/** The newest orders, whatever their state. */
export async function findLatestOrders(q: Queryable, limit: number): Promise<LatestOrderRow[]> {
  const { rows } = await q.query<LatestOrderRow>(
    `select o.id, o.number, o.status, e.name as event_name, o.created_at, o.total
     from orders o join events e on e.id = o.event_id
     order by o.created_at desc, o.id desc
     limit $1`,
    [limit],
  );
  return rows;
}

/** What the owner's first steps are computed from. */
export async function findFirstStepFacts(q: Queryable, at: Date): Promise<{ otherStaff: boolean; sellingEvent: boolean }> {
  const { rows } = await q.query<{ other_staff: boolean; selling_event: boolean }>(
    `select exists (select 1 from staff where role <> 'owner' and not disabled) as other_staff,
            exists (select 1 from events e join sessions s on s.event_id = e.id
                    where e.is_published and not s.is_cancelled and s.starts_at > $1) as selling_event`,
    [at],
  );
  return { otherStaff: rows[0]?.other_staff ?? false, sellingEvent: rows[0]?.selling_event ?? false };
}

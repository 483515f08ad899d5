import { OrderStatus } from '../../contract/order-status.ts';
import type { Queryable } from '../db/client.ts';
import { TICKET_VALID } from '../orders/order-status-sql.ts';

export type VisitsRow = {
  event_id: number;
  category_id: number;
  category_name: Record<string, string>;
  event_name: Record<string, string>;
  concession: boolean;
  /** Full years on the session's day: from the named ticket's birth date, or the age typed; null where none. */
  age: number | null;
  /** Admitted on a group-excursion ticket (its passes counted). */
  group_ticket: boolean;
  visits: number;
};

/**
 * The admissions of a period (venue-local days of the admission, both included), per category
 * and age: each admitted ticket of a paid order that was not returned counts the people it
 * admits (a group ticket its passes). Only real scans: the checkins table is the door's record.
 */
export async function findVisits(
  q: Queryable,
  period: { from: string; to: string; timeZone: string; eventId: number | null },
): Promise<VisitsRow[]> {
  const { rows } = await q.query<VisitsRow>(
    `select e.id as event_id, c.id as category_id, c.name as category_name, e.name as event_name, c.concession is not null as concession, v.age,
            p.group_passes > 0 as group_ticket,
            sum(case when p.group_passes > 0 then p.group_passes else 1 end)::int as visits
     from checkins ci
     join tickets t on t.id = ci.ticket_id
     join orders o on o.id = t.order_id
     join order_lines l on l.id = t.order_line_id
     join prices p on p.id = l.price_id
     join categories c on c.id = l.category_id
     join sessions s on s.id = l.session_id
     join events e on e.id = s.event_id
     cross join lateral (
       select case
         when t.holder->>'birthDate' is not null
           then date_part('year', age((s.starts_at at time zone $3)::date, (t.holder->>'birthDate')::date))::int
         when jsonb_typeof(t.holder->'age') = 'number' then (t.holder->>'age')::int
       end as age
     ) v
     where (ci.checked_in_at at time zone $3)::date between $1::date and $2::date
       and o.status = ${OrderStatus.paid} and t.status in (${TICKET_VALID})
       and ($4::int is null or e.id = $4)
     group by e.id, c.id, c.name, e.name, c.concession is not null, v.age, p.group_passes > 0
     order by e.name->>'ru', c.id, v.age nulls last`,
    [period.from, period.to, period.timeZone, period.eventId],
  );
  return rows;
}

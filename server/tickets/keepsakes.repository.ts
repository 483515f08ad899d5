import type { Queryable } from '../db/client.ts';
import { TICKET_VALID } from '../orders/order-status-sql.ts';

export type KeptSessionRow = {
  session_id: number;
  starts_at: Date;
  has_time: boolean;
  event_name: Record<string, string>;
  location: Record<string, string>;
  venue_name: Record<string, string>;
  address: Record<string, string>;
};

/** The sessions a paid order still has tickets for (a returned ticket no longer takes its holder there), by time. */
export async function findOrderKeptSessions(db: Queryable, orderId: number): Promise<KeptSessionRow[]> {
  const { rows } = await db.query<KeptSessionRow>(
    `select s.id as session_id, s.starts_at, s.has_time, e.name as event_name, e.location, v.name as venue_name, v.address
     from sessions s join events e on e.id = s.event_id join venues v on v.id = e.venue_id
     where s.id in (select l.session_id from order_lines l join tickets t on t.order_line_id = l.id
                    where l.order_id = $1 and t.status in (${TICKET_VALID}))
     order by s.starts_at, s.id`,
    [orderId],
  );
  return rows;
}

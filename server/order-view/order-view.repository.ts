import type { Queryable } from '../db/client.ts';

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
  zone_name: Record<string, string> | null;
  level_name: Record<string, string> | null;
  row_label: string | null;
  seat_label: string | null;
  sector_name: Record<string, string> | null;
  standing_name: Record<string, string> | null;
};

export type ViewTicketRow = { id: number; order_line_id: number; hash: string; code: string | null; status: number };

/** The order's lines with what the order view shows of their event, session, venue and place. */
export async function findViewLines(db: Queryable, orderId: number): Promise<ViewLineRow[]> {
  const { rows } = await db.query<ViewLineRow>(
    `select l.id, l.session_id, s.event_id, l.seat_id, l.quantity, l.unit_price, l.unit_fee, l.amount, l.released,
       s.starts_at, s.has_time, e.name as event_name, e.location, e.ticket_type, e.allow_return,
       v.name as venue_name, v.address, c.name as category_name, z.name as zone_name, z.level_name,
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
     where l.order_id = $1
     order by s.starts_at, l.id`,
    [orderId],
  );
  return rows;
}

export async function findViewTickets(db: Queryable, orderId: number): Promise<ViewTicketRow[]> {
  const { rows } = await db.query<ViewTicketRow>('select id, order_line_id, hash, code, status from tickets where order_id = $1 order by id', [orderId]);
  return rows;
}

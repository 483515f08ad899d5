import type { Queryable } from '../db/client.ts';
import { type CheckboxRow, EVENT_COLUMNS, type EventRow, ON_SALE, type PriceRow, SESSION_COLUMNS, type SessionRow } from '../event/event.repository.ts';

/** What a quantity order is checked and priced against, read in one round trip. */
export type OrderContext = {
  event: EventRow | undefined;
  /** The event's on-sale session at that day and time. */
  session: SessionRow | undefined;
  checkboxes: CheckboxRow[];
  prices: PriceRow[];
};

type Raw = {
  event: (Omit<EventRow, 'sale_starts_at'> & { sale_starts_at: string | null }) | null;
  session: SessionRow | null;
  checkboxes: CheckboxRow[];
  prices: PriceRow[];
};

/**
 * The published event of `hash`, its on-sale session at a local day (dd.mm.yyyy) and time
 * (HH:MM, '00:00' = none), the order form's checkboxes and the event's prices: the reads of
 * findEventByHash, findSessionOnSaleAt, findOrderCheckboxes and findPrices (server/event) in one
 * statement, each part as JSON, in the same order. One round trip instead of four in an on-sale rush.
 */
export async function findOrderContext(db: Queryable, hash: string, day: string, time: string, now: Date, tz: string): Promise<OrderContext> {
  const { rows } = await db.query<Raw>(
    `with e as (
       select ${EVENT_COLUMNS} from events e join venues v on v.id = e.venue_id where e.hash = $3 and e.is_published
     )
     select
       (select to_jsonb(e) from e) as event,
       (select to_jsonb(x) from (
          select ${SESSION_COLUMNS} from sessions s
           where s.event_id = (select id from e) and ${ON_SALE}
             and to_char(s.starts_at at time zone $2, 'DD.MM.YYYY') = $4
             and (case when s.has_time then to_char(s.starts_at at time zone $2, 'HH24:MI') else '00:00' end) = $5
           order by s.id limit 1) x) as session,
       (select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'url', c.url, 'required', c.required)
                                  order by c.sortnum, c.id), '[]'::jsonb)
          from checkboxes c
         where c.scope = 'order' and (c.event_id = (select id from e) or c.event_id is null) and exists (select 1 from e)) as checkboxes,
       (select coalesce(jsonb_agg(to_jsonb(x) - 'category_sortnum' - 'price_sortnum'
                                  order by x.category_sortnum, x.price_sortnum, x.id), '[]'::jsonb)
          from (select p.id, p.session_id, p.category_id, p.zone_id, p.amount, p.service_fee, p.service_fee_kind,
                       p.min_quantity, p.group_passes, p.pushkin, p.for_subscription, p.quantity_limit,
                       c.name as category_name, c.description as category_description,
                       z.color as zone_color, z.name as zone_name, z.level_name as zone_level_name, z.description as zone_description,
                       c.sortnum as category_sortnum, p.sortnum as price_sortnum
                  from prices p
                  join categories c on c.id = p.category_id
                  left join zones z on z.id = p.zone_id
                 where p.event_id = (select id from e)) x) as prices`,
    [now.toISOString(), tz, hash, day, time],
  );
  const raw = rows[0];
  if (!raw?.event) return { event: undefined, session: undefined, checkboxes: [], prices: [] };
  const { sale_starts_at: saleStartsAt, ...event } = raw.event;
  return {
    event: { ...event, sale_starts_at: saleStartsAt === null ? null : new Date(saleStartsAt) },
    session: raw.session ?? undefined,
    checkboxes: raw.checkboxes,
    prices: raw.prices,
  };
}

-- A seat staff block for a session is a place the session no longer has free: sessions.remaining
-- (what the afisha, the calendars and the event page count as places left) must drop with the
-- block and come back with the unblock, or a visitor is told of places the map never offers.
--
-- Kept by triggers on seat_blocks rather than by each caller, because blocks also vanish without
-- the back office asking: a catalog import that removes a seat deletes its blocks by the foreign
-- key's cascade, and the place must come back then too. Statement triggers with transition tables,
-- so a block of 5 000 seats moves each session's row once.
--
-- A block takes its places with a guarded UPDATE, as an order does: when the session has fewer
-- places left than seats asked for (places sold outside the map, or a capacity below the hall's
-- seats), it raises SF001 'blocked' (the places left in its detail, for the refusal's text) and
-- the whole block is undone. The block's caller has taken the seats' claim locks before inserting
-- (migration 0950), and a buyer takes them before the session's row too (place_order inserts its
-- seat lines before it takes the stock), so both lock in the same order. The caller also holds the
-- catalog import's lock in shared mode (server/admin/halls/seat-blocks.service.ts): an import
-- updates session rows and then deletes seats, whose blocks a block or unblock may be holding.
-- No stock per zone or per price is touched: price_stock limits a price's tickets whatever seat
-- they are for, and a blocked seat is of no price.
--
-- A session's own delete takes its blocks by cascade after its row is gone: the UPDATE then finds
-- no row and does nothing, as it should.

-- Blocks made before this migration did not take their places yet. Where a session has fewer
-- places left than blocks (its places went to the box office or a lower capacity), the newest
-- blocks beyond what is left stand for no place and are removed, so that every remaining block
-- holds exactly one place and an unblock never gives back a place nobody took.
delete from seat_blocks b
using (
  select b.session_id, b.seat_id,
         row_number() over (partition by b.session_id order by b.blocked_at, b.seat_id) as n,
         s.remaining
    from seat_blocks b join sessions s on s.id = b.session_id
) ranked
where ranked.session_id = b.session_id and ranked.seat_id = b.seat_id and ranked.n > ranked.remaining;

update sessions s set remaining = s.remaining - b.n
  from (select session_id, count(*)::integer as n from seat_blocks group by session_id) b
 where b.session_id = s.id;

create function seat_blocks_take_places() returns trigger language plpgsql as $$
declare
  v_need record;
  v_left integer;
begin
  for v_need in
    select session_id, count(*)::integer as n from added group by session_id order by session_id
  loop
    update sessions set remaining = remaining - v_need.n
     where id = v_need.session_id and remaining >= v_need.n;
    if not found then
      select remaining into v_left from sessions where id = v_need.session_id;
      raise exception using errcode = 'SF001', message = 'blocked', detail = coalesce(v_left, 0)::text;
    end if;
  end loop;
  return null;
end
$$;

create function seat_blocks_give_places() returns trigger language plpgsql as $$
begin
  update sessions s set remaining = s.remaining + g.n
    from (select session_id, count(*)::integer as n from removed group by session_id) g
   where g.session_id = s.id;
  return null;
end
$$;

create trigger seat_blocks_take_places
  after insert on seat_blocks referencing new table as added
  for each statement execute function seat_blocks_take_places();

create trigger seat_blocks_give_places
  after delete on seat_blocks referencing old table as removed
  for each statement execute function seat_blocks_give_places();

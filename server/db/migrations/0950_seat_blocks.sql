-- Seats that staff take off sale for one session (guests, technical seats), and the revision of a
-- hall that the back office's editor checks before it saves.
create table seat_blocks (
  session_id integer not null references sessions (id) on delete cascade,
  -- A seat the catalog removes takes its blocks with it (an unsold seat may be removed).
  seat_id integer not null references hall_seats (id) on delete cascade,
  reason text not null check (reason in ('guest', 'technical')),
  note text not null default '',
  blocked_by integer references staff (id) on delete set null,
  blocked_at timestamptz not null,
  primary key (session_id, seat_id)
);

-- A blocked seat cannot be held, and a held or sold seat cannot be blocked: exactly one of the
-- two wins a race. Both sides first take the transaction-scoped advisory lock of the pair
-- (session, seat), in the two-key lock space that only seat claims use, and only then look at the
-- other side's rows: the loser waits for the winner's commit and its next statement sees the
-- winner's row. A seat order inserts its lines in seat order (place_order), and a block takes its
-- locks in seat order too, so neither can deadlock the other.
-- The refusal is a unique violation: to the buyer a blocked seat is a seat already taken, and the
-- order path answers that (23505 on a seat line) with 'Место недоступно'.
create function order_lines_seat_not_blocked() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(new.session_id, new.seat_id);
  if exists (select 1 from seat_blocks where session_id = new.session_id and seat_id = new.seat_id) then
    raise exception using
      errcode = 'unique_violation',
      message = format('seat %s of session %s is blocked', new.seat_id, new.session_id);
  end if;
  return new;
end
$$;

create trigger order_lines_seat_not_blocked before insert on order_lines
  for each row when (new.seat_id is not null) execute function order_lines_seat_not_blocked();

alter table halls
  add column revision integer not null default 1,
  add column updated_at timestamptz,
  add column updated_by integer references staff (id) on delete set null;

-- order_lines.session_id is kept honest by a guard on sessions instead of a foreign key.
--
-- Why: the foreign key's check ran once per inserted line and took a KEY SHARE lock on the
-- session's row, the one row every buyer of an on-sale session updates (the stock take of
-- place_order). Under a rush, each of those locks on a row that is being updated all the time made
-- a new MultiXact (lock + WAL record), and every take then had to carry the lockers into the new
-- row version: about a third of PostgreSQL's CPU per order with 10 buyers at once (docs/benchmarks.md, "What an
-- order costs").
--
-- Nothing is lost:
--  * a line cannot name a missing session: place_order takes every line's places from its session
--    row (`update sessions ... where id = line's session`, a line has quantity > 0) and raises
--    SF001 when there is no such row, which undoes the whole order; that UPDATE also locks the row
--    until commit, so a delete of the session waits for the order to commit;
--  * a session that order lines name cannot be deleted (nor its id changed): the triggers below
--    raise foreign_key_violation (23503), as the foreign key did. Fired after the row is locked and
--    with a fresh snapshot (read committed), they see the lines of an order that committed while
--    the delete waited.
alter table order_lines drop constraint order_lines_session_id_fkey;

create function sessions_keep_ordered() returns trigger language plpgsql as $$
begin
  if exists (select 1 from order_lines where session_id = old.id) then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('update or delete on table "sessions" violates foreign key constraint "order_lines_session_id_fkey" on table "order_lines"'),
      detail = format('Key (id)=(%s) is still referenced from table "order_lines".', old.id);
  end if;
  return old;
end
$$;

create trigger sessions_keep_ordered_delete before delete on sessions
  for each row execute function sessions_keep_ordered();

create trigger sessions_keep_ordered_id before update of id on sessions
  for each row when (old.id is distinct from new.id) execute function sessions_keep_ordered();

-- No index on order_lines (session_id), as before: it would cost every order an index entry, and
-- the guard runs only when the catalog deletes a session (the foreign key's own check scanned too).

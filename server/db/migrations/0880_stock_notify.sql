-- Every statement that changes the places left of sessions or of their prices (an order, a
-- release, a return, an import) is announced on the channel 'stock' when it commits, but only
-- where a session asked for it with `set storefront.stock_notify = on`. The embedded database
-- (PGlite: one session, nothing else writes it) asks, and keeps the places left the event page
-- shows in memory until the next announcement (server/event/event-stock.ts). A PostgreSQL server
-- does not: every NOTIFY takes a database-wide lock while its transaction commits, which would
-- queue concurrent orders behind each other, and there the places left are read on every call.
-- Statement triggers, so one order is one announcement however many rows it moves.
create function notify_stock() returns trigger language plpgsql as $$
begin
  if current_setting('storefront.stock_notify', true) = 'on' then
    perform pg_notify('stock', '');
  end if;
  return null;
end
$$;

create trigger sessions_stock_notify
  after insert or update or delete or truncate on sessions
  for each statement execute function notify_stock();

create trigger price_stock_notify
  after insert or update or delete or truncate on price_stock
  for each statement execute function notify_stock();

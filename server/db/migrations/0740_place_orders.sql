-- Several orders placed in one statement (server/orders/order-batcher.ts): under an on-sale rush
-- the server gathers the quantity orders that arrive while earlier ones are being placed and
-- sends them together. An order then costs the database one share of a statement, one share of a
-- commit and one share of the take on the session's row (the row every buyer of the session
-- updates) instead of each of its own; and the server one share of a round trip.
--
-- All or nothing, like place_order: the orders, their lines and tickets are written first, the
-- stock is taken last (take_order_stock below, in the global lock order of migration 0700), and a
-- shortage in any pool raises SF001 and undoes every order of the call. The server then places
-- each order alone with place_order, which decides them one by one, so a shortage never refuses
-- an order that fits. Before writing anything, a read of the sessions' rows (no lock) refuses a
-- call whose orders together need more than is left, so a call that would fail costs no writes.
--
-- Seat lines are not accepted here (no seat_id column): two orders of one call could hold the
-- same seat, and a unique violation would undo all of them. Seat orders go through place_order.
--
-- p_orders: the orders columns as a JSON array (as place_order's p_order), each with its hash;
-- p_lines: the lines as a JSON array, each naming its order's hash (order_hash) and carrying one
-- random hash per place (tickets). Answers each order's hash, id and number.
--
-- Both check the catalog version an order was priced at, and refuse before any write when its
-- sessions have too few places left.
--
-- The server keeps each event's catalog part (event, sessions, prices, checkboxes) per catalog
-- version and checks and prices a quantity order against it without reading the database
-- (server/event/event.service.ts createEventCatalog, `assumed`). An order row may carry the
-- version it was priced at (catalog_version); place_order and place_orders raise SQLSTATE SF002
-- when the catalog has moved since (an import), before writing anything, and the server then
-- reads the catalog afresh and prices the order again. Without catalog_version (seat orders, whose
-- hall map is read per call) nothing is checked, as before.
--
-- The unlocked read of the sessions' places the server made before placing an order (it refused
-- a sold-out session without writing) is now the first step of both functions: a sold-out
-- session costs a refused order no writes. The guarded takes at the end still decide.

-- The stock take of place_order, shared by both functions: each pool once per call, summed over
-- the lines, in one global order (sessions by id, the session pool before the group pool, then
-- price_stock, then standing_stock, each by key); each take a guarded UPDATE.
create or replace function take_order_stock(p_lines jsonb)
returns void
language plpgsql as $$
declare
  v_need record;
begin
  for v_need in
    select x.session_id,
           coalesce(sum(x.quantity) filter (where not x.is_group), 0)::integer as places,
           coalesce(sum(x.quantity) filter (where x.is_group), 0)::integer as group_places
      from jsonb_to_recordset(p_lines) as x(session_id integer, is_group boolean, quantity integer)
     group by x.session_id
     order by x.session_id
  loop
    if v_need.places > 0 then
      update sessions set remaining = remaining - v_need.places
       where id = v_need.session_id and not is_cancelled and remaining >= v_need.places;
      if not found then
        raise exception using errcode = 'SF001', message = 'session';
      end if;
    end if;
    if v_need.group_places > 0 then
      update sessions set group_remaining = group_remaining - v_need.group_places
       where id = v_need.session_id and not is_cancelled and group_remaining >= v_need.group_places;
      if not found then
        raise exception using errcode = 'SF001', message = 'group';
      end if;
    end if;
  end loop;

  for v_need in
    select x.session_id, x.price_id, sum(x.quantity)::integer as places
      from jsonb_to_recordset(p_lines) as x(session_id integer, price_id integer, quantity integer)
      join prices p on p.id = x.price_id and p.quantity_limit is not null
     group by x.session_id, x.price_id
     order by x.session_id, x.price_id
  loop
    update price_stock set remaining = remaining - v_need.places
     where session_id = v_need.session_id and price_id = v_need.price_id and remaining >= v_need.places;
    if not found and exists (select 1 from price_stock where session_id = v_need.session_id and price_id = v_need.price_id) then
      raise exception using errcode = 'SF001', message = 'price';
    end if;
  end loop;

  for v_need in
    select x.session_id, x.standing_area_id, sum(x.quantity)::integer as places
      from jsonb_to_recordset(p_lines) as x(session_id integer, standing_area_id integer, quantity integer)
     where x.standing_area_id is not null
     group by x.session_id, x.standing_area_id
     order by x.session_id, x.standing_area_id
  loop
    update standing_stock set remaining = remaining - v_need.places
     where session_id = v_need.session_id and standing_area_id = v_need.standing_area_id and remaining >= v_need.places;
    if not found then
      raise exception using errcode = 'SF001', message = 'standing';
    end if;
  end loop;
end;
$$;

-- SF002 when an order of p_orders (a JSON array of order rows) was priced at another catalog version.
create or replace function check_order_catalog(p_orders jsonb)
returns void
language plpgsql as $$
begin
  if exists (
    select 1
      from jsonb_array_elements(p_orders) as o(row)
     where o.row ? 'catalog_version'
       and (o.row->>'catalog_version')::bigint is distinct from (select version from catalog_version where id = 1)
  ) then
    raise exception using errcode = 'SF002', message = 'catalog';
  end if;
end;
$$;

-- SF001 'session' (or 'group') when the lines together need more places of a session than it has
-- left, read without a lock: a refusal before any write. Not a guarantee: the takes decide.
create or replace function check_order_stock(p_lines jsonb)
returns void
language plpgsql as $$
declare
  v_short text;
begin
  select case when s.id is null or s.is_cancelled or s.remaining < n.places then 'session' else 'group' end
    into v_short
    from (select x.session_id,
                 coalesce(sum(x.quantity) filter (where not x.is_group), 0) as places,
                 coalesce(sum(x.quantity) filter (where x.is_group), 0) as group_places
            from jsonb_to_recordset(p_lines) as x(session_id integer, is_group boolean, quantity integer)
           group by x.session_id) n
    left join sessions s on s.id = n.session_id
   where s.id is null or s.is_cancelled or s.remaining < n.places or s.group_remaining < n.group_places
   limit 1;
  if v_short is not null then
    raise exception using errcode = 'SF001', message = v_short;
  end if;
end;
$$;

create or replace function place_order(p_order jsonb, p_lines jsonb, p_ticket_hashes text[])
returns table (order_id integer, order_number integer)
language plpgsql as $$
declare
  v_id integer;
  v_number integer;
begin
  perform check_order_catalog(jsonb_build_array(p_order));
  perform check_order_stock(p_lines);

  insert into orders (hash, event_id, status, lang, created_at, reserved_until, buyer_name, buyer_surname,
      buyer_first_name, buyer_patronymic, phone, email, pushkin_card, is_subscription, crm_client_id,
      subtotal, service_fee, discount, total, checkboxes)
    select o.hash, o.event_id, o.status, o.lang, o.created_at, o.reserved_until, o.buyer_name, o.buyer_surname,
      o.buyer_first_name, o.buyer_patronymic, o.phone, o.email, o.pushkin_card, o.is_subscription, o.crm_client_id,
      o.subtotal, o.service_fee, o.discount, o.total, coalesce(o.checkboxes, '[]'::jsonb)
    from jsonb_to_record(p_order) as o(hash text, event_id integer, status integer, lang text, created_at timestamptz,
      reserved_until timestamptz, buyer_name text, buyer_surname text, buyer_first_name text, buyer_patronymic text,
      phone text, email text, pushkin_card boolean, is_subscription boolean, crm_client_id integer,
      subtotal integer, service_fee integer, discount integer, total integer, checkboxes jsonb)
    returning id, number into v_id, v_number;

  with lines as (
    insert into order_lines (order_id, session_id, price_id, category_id, zone_id, seat_id, standing_area_id,
        subscription_event_id, is_group, quantity, unit_price, unit_fee, amount, fee_amount)
      select v_id, x.session_id, x.price_id, x.category_id, x.zone_id, x.seat_id, x.standing_area_id,
        x.subscription_event_id, x.is_group, x.quantity, x.unit_price, x.unit_fee,
        x.quantity * x.unit_price, x.quantity * x.unit_fee
      from jsonb_to_recordset(p_lines) as x(session_id integer, price_id integer, category_id integer, zone_id integer,
        seat_id integer, standing_area_id integer, subscription_event_id integer, is_group boolean, quantity integer,
        unit_price integer, unit_fee integer)
      order by x.seat_id nulls first
      returning id, quantity
  )
  insert into tickets (order_id, order_line_id, hash)
    select v_id, l.id, p_ticket_hashes[row_number() over (order by l.id, g.n)]
    from lines l cross join lateral generate_series(1, l.quantity) as g(n);

  perform take_order_stock(p_lines);

  return query select v_id, v_number;
end;
$$;

create or replace function place_orders(p_orders jsonb, p_lines jsonb)
returns table (order_hash text, order_id integer, order_number integer)
language plpgsql as $$
declare
  v_line_ids regclass := pg_get_serial_sequence('order_lines', 'id')::regclass;
begin
  perform check_order_catalog(p_orders);
  perform check_order_stock(p_lines);

  return query
  with o as (
    select * from jsonb_to_recordset(p_orders) as o(hash text, event_id integer, status integer, lang text,
      created_at timestamptz, reserved_until timestamptz, buyer_name text, buyer_surname text, buyer_first_name text,
      buyer_patronymic text, phone text, email text, pushkin_card boolean, is_subscription boolean,
      crm_client_id integer, subtotal integer, service_fee integer, discount integer, total integer, checkboxes jsonb)
  ), placed as (
    insert into orders (hash, event_id, status, lang, created_at, reserved_until, buyer_name, buyer_surname,
        buyer_first_name, buyer_patronymic, phone, email, pushkin_card, is_subscription, crm_client_id,
        subtotal, service_fee, discount, total, checkboxes)
      select o.hash, o.event_id, o.status, o.lang, o.created_at, o.reserved_until, o.buyer_name, o.buyer_surname,
        o.buyer_first_name, o.buyer_patronymic, o.phone, o.email, o.pushkin_card, o.is_subscription, o.crm_client_id,
        o.subtotal, o.service_fee, o.discount, o.total, coalesce(o.checkboxes, '[]'::jsonb)
      from o
      returning id, number, hash
  ), l as materialized (
    -- Each line's id drawn here, so its tickets can name it in the same statement.
    select nextval(v_line_ids) as id, p.id as order_id, x.*
      from jsonb_to_recordset(p_lines) as x(order_hash text, session_id integer, price_id integer,
        category_id integer, zone_id integer, standing_area_id integer, subscription_event_id integer,
        is_group boolean, quantity integer, unit_price integer, unit_fee integer, tickets jsonb)
      join placed p on p.hash = x.order_hash
  ), lines as (
    insert into order_lines (id, order_id, session_id, price_id, category_id, zone_id, standing_area_id,
        subscription_event_id, is_group, quantity, unit_price, unit_fee, amount, fee_amount)
      select l.id, l.order_id, l.session_id, l.price_id, l.category_id, l.zone_id, l.standing_area_id,
        l.subscription_event_id, l.is_group, l.quantity, l.unit_price, l.unit_fee,
        l.quantity * l.unit_price, l.quantity * l.unit_fee
      from l
  ), tickets as (
    insert into tickets (order_id, order_line_id, hash)
      select l.order_id, l.id, t.hash
        from l cross join lateral jsonb_array_elements_text(l.tickets) with ordinality as t(hash, n)
       order by l.id, t.n
  )
  select p.hash, p.id, p.number from placed p;

  perform take_order_stock(p_lines);
end;
$$;

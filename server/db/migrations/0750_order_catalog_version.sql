-- Orders checked against the catalog version they were priced at, and refused before any write
-- when their sessions have too few places left.
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

-- place_orders of migration 0740, with the two checks first.
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

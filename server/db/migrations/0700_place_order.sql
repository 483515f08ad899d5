-- Places an order in one statement (one round trip): the order row, its lines, one ticket per
-- place, then the stock (server/orders/orders.service.ts placeOrder). The same rules as the
-- statements it replaces:
--  * the writes come first and the stock is taken last, so the lock on a session's row (every
--    buyer of the session updates it) is held only for the take and the commit;
--  * seat lines are inserted in seat order, so two buyers of overlapping seats cannot deadlock on
--    the unique seat index (order_lines_seat_once); a seat held twice fails with 23505;
--  * stock rows are locked in one global order (the sessions' rows by id, the session pool
--    before the group pool; then price_stock, then standing_stock, each by key), as mergeNeeds
--    and the releases do, so buyers and releases never deadlock each other;
--  * each take is a guarded UPDATE (remaining >= n); a shortage raises SQLSTATE SF001 with the
--    pool's name as the message ('session', 'group', 'price', 'standing'), which undoes the
--    whole statement (and the caller's transaction, if there is one): nothing is reserved.
-- A limited price (prices.quantity_limit set) draws from its price_stock row when it has one.
-- p_order: the orders columns as JSON; p_lines: the lines as a JSON array; p_ticket_hashes: one
-- random hash per place (sum of the lines' quantities).
create or replace function place_order(p_order jsonb, p_lines jsonb, p_ticket_hashes text[])
returns table (order_id integer, order_number integer)
language plpgsql as $$
declare
  v_id integer;
  v_number integer;
  v_need record;
begin
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

  return query select v_id, v_number;
end;
$$;

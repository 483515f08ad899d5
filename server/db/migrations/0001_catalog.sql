-- The catalog: setup, kinds, menus, venues, tags, events, sessions, prices,
-- subscriptions, checkboxes, rules, halls. Localized texts are jsonb objects keyed ru/en/kz/ch.
-- Money is integer minor units (kopecks). Clean names here; the wire names are mapped at the edge.

create table app_secret (
  id integer primary key default 1 check (id = 1),
  secret text not null
);

-- The venue's storefront setup as one validated document.
create table setup (
  id integer primary key default 1 check (id = 1),
  data jsonb not null,
  updated_at timestamptz not null default now()
);

-- Bumped by every catalog change, so cached answers (afisha) know when to rebuild.
create table catalog_version (
  id integer primary key default 1 check (id = 1),
  version bigint not null default 1
);
insert into catalog_version (id, version) values (1, 1);

-- Kinds of the top menu (menukind): museum tickets, concerts, subscriptions...
create table kinds (
  id integer primary key,
  type_id integer not null default 1,            -- tickets 1, subscribers 2, concerts 3
  sortnum integer not null default 0,
  name jsonb not null,
  column_count integer not null default 3 check (column_count between 1 and 4),
  row_count integer not null default 100 check (row_count > 0),
  show_filter_calendar boolean not null default true,
  show_attribute boolean not null default true
);

create table main_menus (
  id integer primary key,
  kind_id integer not null references kinds (id),
  sortnum integer not null default 0,
  name jsonb not null,
  show_image boolean not null default false,
  image_url text
);

create table sub_menus (
  id integer primary key,
  main_menu_id integer not null references main_menus (id),
  sortnum integer not null default 0,
  name jsonb not null,
  image_url text
);

-- Venues and sites (seatroot in the spec).
create table venues (
  id integer primary key,
  name jsonb not null,
  address jsonb not null,
  map_url text not null default ''
);

create table tags (
  id integer primary key,
  name jsonb not null
);

-- A hall with a seat map; sectors, rows, seats and standing areas below.
create table halls (
  id integer primary key,
  venue_id integer not null references venues (id),
  name jsonb not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  stage jsonb                                   -- {x, y, width, height, label} drawn on the map
);

-- Price zones of a hall: colour, level name and description (zonelevel in the spec).
create table zones (
  id integer primary key,
  hall_id integer references halls (id),
  name jsonb not null,
  level_name jsonb not null default '{}'::jsonb,
  description jsonb not null default '{}'::jsonb,
  color text not null default '#7a5af8'
);

create table hall_sectors (
  id integer primary key,
  hall_id integer not null references halls (id),
  name jsonb not null,
  sortnum integer not null default 0
);

create table hall_seats (
  id integer primary key,
  hall_id integer not null references halls (id),
  sector_id integer not null references hall_sectors (id),
  zone_id integer not null references zones (id),
  row_label text not null,
  seat_label text not null,
  x real not null,
  y real not null
);
create index hall_seats_hall on hall_seats (hall_id);

-- Standing areas: places without a seat, limited in number per session.
create table standing_areas (
  id integer primary key,
  hall_id integer not null references halls (id),
  zone_id integer not null references zones (id),
  name jsonb not null,
  capacity integer not null check (capacity >= 0),
  x real not null default 0,
  y real not null default 0,
  width real not null default 0,
  height real not null default 0
);

-- Events (actions), with the flags the event and action answers carry.
create table events (
  id integer primary key,
  hash text not null unique,
  kind_id integer not null references kinds (id),
  main_menu_id integer references main_menus (id),
  sub_menu_id integer references sub_menus (id),
  venue_id integer not null references venues (id),
  hall_id integer references halls (id),
  sortnum integer not null default 0,
  name jsonb not null,
  description jsonb not null default '{}'::jsonb,   -- the venue's HTML, sanitized when shown
  description_url jsonb not null default '{}'::jsonb,
  note jsonb not null default '{}'::jsonb,
  notice jsonb not null default '{}'::jsonb,
  location jsonb not null default '{}'::jsonb,
  image_url jsonb not null default '{}'::jsonb,
  age_from integer not null default 0 check (age_from between 0 and 21),
  sale_starts_at timestamptz,                         -- null: on sale now
  is_free boolean not null default false,             -- maybefree
  is_subscription boolean not null default false,
  show_ticket_count boolean not null default true,
  show_quant boolean not null default true,
  price_rows integer not null default 0,              -- rowcount: categories shown first
  order_limit integer not null default 10 check (order_limit > 0),   -- demquantlimit
  group_limit integer not null default 0 check (group_limit >= 0),   -- group excursions per order
  named_tickets boolean not null default false,       -- writeticketname
  need_age integer not null default 0 check (need_age in (0, 1, 2)),  -- 1 age, 2 birth date
  need_middle_name boolean not null default false,
  need_document boolean not null default false,
  need_country boolean not null default false,
  need_region boolean not null default false,
  use_pushkin_card boolean not null default false,    -- usepushkarta
  use_ordinary_card boolean not null default true,    -- usenopushkarta
  use_seat_map boolean not null default false,        -- useseatsvg
  ticket_type integer not null default 1 check (ticket_type in (0, 1, 2)),
  allow_return boolean not null default true,         -- usereturn
  refund_policy text not null default 'full' check (refund_policy in ('full', 'culture-law')),
  refund_service_fee boolean not null default false,
  return_hours_before integer not null default 0 check (return_hours_before >= 0),
  reserve_minutes integer not null default 15 check (reserve_minutes > 0),
  is_published boolean not null default true
);
create index events_kind on events (kind_id);

create table event_tags (
  event_id integer not null references events (id) on delete cascade,
  tag_id integer not null references tags (id),
  primary key (event_id, tag_id)
);

-- Sessions (calendar): a date and time of an event with its stock. remaining is the number of
-- places still free (holds already taken off); it is changed only by a guarded UPDATE
-- (remaining >= n), which is what makes oversell impossible for quantity sales.
create table sessions (
  id integer primary key generated by default as identity,
  event_id integer not null references events (id) on delete cascade,
  starts_at timestamptz not null,
  has_time boolean not null default true,           -- false: '00:00', a whole-day ticket
  capacity integer not null check (capacity >= 0),
  remaining integer not null check (remaining >= 0),
  group_capacity integer not null default 0 check (group_capacity >= 0),
  group_remaining integer not null default 0 check (group_remaining >= 0),
  is_cancelled boolean not null default false,
  check (remaining <= capacity),
  check (group_remaining <= group_capacity)
);
create index sessions_event on sessions (event_id, starts_at);

-- Visitor categories (clientcategory): adult, child, student, group...
create table categories (
  id integer primary key,
  event_id integer not null references events (id) on delete cascade,
  sortnum integer not null default 0,
  name jsonb not null,
  description jsonb not null default '{}'::jsonb
);

-- Prices per category and zone; session_id null means every session of the event.
create table prices (
  id integer primary key,
  event_id integer not null references events (id) on delete cascade,
  session_id integer references sessions (id) on delete cascade,
  category_id integer not null references categories (id),
  zone_id integer references zones (id),
  amount integer not null check (amount >= 0),
  service_fee integer not null default 0 check (service_fee >= 0),
  service_fee_kind integer not null default 1 check (service_fee_kind in (1, 2)), -- 1 amount, 2 percent (basis points in service_fee)
  min_quantity integer not null default 0 check (min_quantity >= 0),   -- needprice
  group_passes integer not null default 0 check (group_passes >= 0),   -- passagequant; >0 marks a group excursion ticket
  pushkin integer not null default 0 check (pushkin in (0, 1, 2)),     -- useproculture
  for_subscription boolean not null default false,
  quantity_limit integer check (quantity_limit >= 0),                  -- per session, null: no own limit
  sortnum integer not null default 0
);
create index prices_event on prices (event_id);

-- Per-session stock of price categories that have their own limit (quantity_limit).
create table price_stock (
  session_id integer not null references sessions (id) on delete cascade,
  price_id integer not null references prices (id) on delete cascade,
  remaining integer not null check (remaining >= 0),
  primary key (session_id, price_id)
);

-- A subscription's composition: the events it gives entry to.
create table subscription_items (
  subscription_event_id integer not null references events (id) on delete cascade,
  event_id integer not null references events (id),
  sortnum integer not null default 0,
  starts_at timestamptz,
  primary key (subscription_event_id, event_id)
);

-- Extra checkboxes of the order form and the named-ticket page (checkboxList).
create table checkboxes (
  id integer primary key,
  scope text not null check (scope in ('order', 'nominal', 'return')),
  event_id integer references events (id) on delete cascade,   -- null: every event
  sortnum integer not null default 0,
  name jsonb not null,
  url jsonb not null default '{}'::jsonb,
  required boolean not null default false                   -- filling = 1
);

-- Rules documents.
create table rules_documents (
  id integer primary key,
  slug text not null unique,                 -- 'purchase-terms', 'privacy-policy', ...
  sortnum integer not null default 0,
  name jsonb not null,                       -- infname
  url jsonb not null default '{}'::jsonb,    -- a file link instead of a body
  body jsonb not null default '{}'::jsonb    -- filebody: sanitized HTML
);

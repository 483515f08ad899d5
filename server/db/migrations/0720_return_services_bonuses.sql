-- Returns give back the services attached to the returned tickets and adjust loyalty bonuses
-- (docs/returns.md, 'Services and bonuses').

-- A service's return status, the same values as tickets.status: 0 not returned, 60 requested,
-- 70 returned and refunded, 80 returned, refund still with the acquirer.
alter table order_services add column status integer not null default 0 check (status in (0, 60, 70, 80));

-- The services a return request gives back with its tickets, with each one's refund fixed when
-- the request was made (like return_request_tickets.amount).
create table return_request_services (
  request_id integer not null references return_requests (id) on delete cascade,
  service_id integer not null references order_services (id) on delete cascade,
  amount integer not null check (amount >= 0),
  primary key (request_id, service_id)
);
create index return_request_services_service on return_request_services (service_id);

-- The part of the order's discountable price (tickets and services at the refund percent) a
-- request gives back: the base for giving back the bonuses paid with. Bonuses given back and
-- accrued bonuses taken back are written on confirmation.
alter table return_requests
  add column share integer not null default 0 check (share >= 0),
  add column bonuses_restored integer not null default 0 check (bonuses_restored >= 0),
  add column bonuses_revoked integer not null default 0 check (bonuses_revoked >= 0);

-- Bonus movements of returns: 'restore' gives back bonuses paid with, 'revoke' takes back
-- bonuses accrued for the returned part; one of each per confirmed request. `shortfall` is what
-- could not be taken back because the visitor had already spent it (the balance never goes
-- below zero).
alter table loyalty_transactions
  add column return_request_id integer references return_requests (id) on delete cascade,
  add column shortfall integer not null default 0 check (shortfall >= 0),
  drop constraint loyalty_transactions_kind_check,
  add constraint loyalty_transactions_kind_check check (kind in ('spend', 'accrue', 'restore', 'revoke')),
  drop constraint loyalty_transactions_order_id_kind_key;
create unique index loyalty_transactions_order_kind on loyalty_transactions (order_id, kind) where return_request_id is null;
create unique index loyalty_transactions_request_kind on loyalty_transactions (return_request_id, kind) where return_request_id is not null;

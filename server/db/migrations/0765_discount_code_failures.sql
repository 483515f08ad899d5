-- Wrong promo codes and loyalty card numbers tried on an order (server/loyalty/discounts.service.ts):
-- more than 10 within an hour and the order's discount call answers 429 until the oldest ages out,
-- so codes cannot be guessed by trying them one after another. In the database, not in memory,
-- so every instance counts the same tries.
create table discount_code_failures (
  order_id integer not null references orders (id) on delete cascade,
  failed_at timestamptz not null
);
create index discount_code_failures_order on discount_code_failures (order_id, failed_at);

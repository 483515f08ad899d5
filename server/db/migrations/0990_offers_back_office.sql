-- Editing special offers and promo codes in the back office: each row carries a revision moved by
-- every save, so a save made on an older revision is refused rather than silently overwriting a
-- colleague's change; updated_by and updated_at name who saved last and when, for that refusal.
alter table special_offers add column revision integer not null default 1,
  add column updated_at timestamptz, add column updated_by integer references staff (id) on delete set null;
alter table promo_codes add column revision integer not null default 1,
  add column updated_at timestamptz, add column updated_by integer references staff (id) on delete set null,
  -- A generated batch: its codes share the batch id, so the batch can be downloaded again.
  add column batch_id integer,
  add column created_at timestamptz;
create index promo_codes_batch on promo_codes (batch_id) where batch_id is not null;

-- The back office searches codes by their beginning, and counts the orders holding each offer.
create index order_services_offer on order_services (offer_id);
create index promo_codes_code_search on promo_codes (code text_pattern_ops);
create sequence promo_code_batches;

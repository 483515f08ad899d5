-- The storefront setup edited in the back office: a revision moved by every save (the back office's
-- and a catalog import's), so a save made on an older one is refused, naming who saved last and when.
alter table setup add column revision integer not null default 1,
  add column updated_by integer references staff (id) on delete set null;

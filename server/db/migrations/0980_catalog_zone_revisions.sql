-- Zones without a hall (price levels of events sold without a seat map) are edited one at a time
-- in the back office like kinds and venues: the same revision, so a save made on an older one is
-- refused rather than undoing a colleague's change, and who saved last and when for the refusal.
-- A hall's zones carry them too (every import moves them) but are edited with their hall.
alter table zones add column revision integer not null default 1,
  add column updated_at timestamptz, add column updated_by integer references staff (id) on delete set null;

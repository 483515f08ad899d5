-- Back office editing of the catalog: every top-level entry a manager edits carries a revision,
-- moved by every save and every import, so a save made on an older revision is refused rather
-- than silently overwriting a colleague's change. updated_by is the member of staff who saved
-- last (null: the import command); updated_at when, to name both in the refusal.
alter table events add column revision integer not null default 1,
  add column updated_at timestamptz, add column updated_by integer references staff (id) on delete set null;
alter table kinds add column revision integer not null default 1,
  add column updated_at timestamptz, add column updated_by integer references staff (id) on delete set null;
alter table main_menus add column revision integer not null default 1,
  add column updated_at timestamptz, add column updated_by integer references staff (id) on delete set null;
alter table sub_menus add column revision integer not null default 1,
  add column updated_at timestamptz, add column updated_by integer references staff (id) on delete set null;
alter table venues add column revision integer not null default 1,
  add column updated_at timestamptz, add column updated_by integer references staff (id) on delete set null;
alter table tags add column revision integer not null default 1,
  add column updated_at timestamptz, add column updated_by integer references staff (id) on delete set null;
alter table checkboxes add column revision integer not null default 1,
  add column updated_at timestamptz, add column updated_by integer references staff (id) on delete set null;
alter table rules_documents add column revision integer not null default 1,
  add column updated_at timestamptz, add column updated_by integer references staff (id) on delete set null;

-- Places of a session sold outside the storefront (the venue's box office), as a catalog file
-- states them. The import needs the previous value to move `remaining` by the right delta when a
-- venue re-imports its file, so it is stored rather than folded into `remaining`.
alter table sessions
  add column sold_outside integer not null default 0 check (sold_outside >= 0),
  add constraint sessions_sold_outside_fits check (remaining + sold_outside <= capacity);

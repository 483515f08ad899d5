-- The waiting room's line (docs/operations.md, "The waiting room"). Tickets are numbered in the
-- order they are taken (a sequence: no row, no lock per ticket); one cursor says up to which
-- number tickets are admitted. It lives here so every instance of the app admits the same line.
create sequence queue_ticket_seq;

-- serving: tickets numbered at or below it are admitted; it advances at the line's pace from
-- advanced_at, never past the last ticket taken (so time nobody waited is not saved up).
create table queue_cursor (
  id smallint primary key check (id = 1),
  serving double precision not null,
  advanced_at timestamptz
);
insert into queue_cursor (id, serving, advanced_at) values (1, 0, null);

-- A one-time code is good once: the time step of the last code accepted is kept, and a code of
-- that step or an earlier one is refused, so a code seen over a shoulder cannot be replayed.
alter table staff add column totp_last_step bigint;

-- The back office's settings the owner decides: one row, created here so reads need no default.
create table staff_settings (
  id boolean primary key default true check (id),
  totp_required boolean not null default false,
  updated_at timestamptz not null default now()
);
insert into staff_settings (id) values (true);
